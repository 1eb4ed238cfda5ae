// memoized<S> and decision_cache: the cached policy plays exactly the games
// of the policy it wraps (sequentially and from several threads sharing one
// cache), the key tells apart what a pure policy could tell apart, and
// policies with state between shots are rejected.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/simulation.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/rng.hpp>

#include "lowest_unshot.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_memoized {

using namespace battleship;

namespace {
using dyn = dynamic_rules;
using dboard = dyn::board_type;

static_assert(MemoizablePolicy<density_greedy<dyn, exact_density<dyn>>>);
static_assert(Strategy<memoized<density_greedy<dyn, exact_density<dyn>>>>);
static_assert(!MemoizablePolicy<hunt_target<dyn>>);  // keeps a target stack
// memoized compares a stamped cache with the rules a policy reports, and
// leaves alone a policy whose rules() is something else.
static_assert(detail::reports_rules<density_greedy<dyn, exact_density<dyn>>>);
struct policy_with_other_rules {
  using board_type = dboard;
  int rules() const { return 0; }
  int next_shot(const observation<board_type>&) { return 0; }
};
static_assert(!detail::reports_rules<policy_with_other_rules>);

// Returns a fresh cell number on every call: shows when the cache answered.
struct counting_policy {
  using board_type = dboard;
  int calls = 0;
  int next_shot(const observation<board_type>&) { return calls++; }
};
}  // namespace

TEST_CASE("memoized exact greedy plays the same games as exact greedy", "[memoized]") {
  for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (bool sunk : {false, true}) {
      const auto rules = make_dynamic_rules(5, 5, {3, 2, 2}, rule, sunk);
      auto cache = std::make_shared<decision_cache<dboard>>(8);
      memoized cached(density_greedy(rules, exact_density<dyn>(rules)), cache);
      auto plain = density_greedy(rules, exact_density<dyn>(rules));
      const uniform_layout_sampler<dyn> sampler(rules);
      splitmix_rng rng(static_cast<std::uint64_t>(rule) * 2 + sunk);
      for (int g = 0; g < 40; ++g) {
        const layout hidden = sampler(rng);
        CHECK(play_game(rules, cached, hidden) == play_game(rules, plain, hidden));
      }
      // The opening is shared by every game; nothing deeper than 8 shots is kept.
      CHECK(cache->hits() >= 39);
      CHECK(cache->size() > 0);
      CHECK(cache->size() <= cache->misses());
      CHECK(cache->size() <= 40 * 9);
    }
}

TEST_CASE("memoized: threads sharing one cache give the unshared statistics", "[memoized][simulation]") {
  const auto rules = make_dynamic_rules(6, 6, {3, 3, 2}, adjacency::no_edge, true);
  const uniform_defense<dyn> defense(rules);
  simulation_options o;
  o.games = 300;
  o.seed = 99;
  o.threads = 1;
  const auto plain = simulate(
                         rules, [&] { return density_greedy(rules, exact_density<dyn>(rules)); }, defense, o)
                         .stats;
  auto cache = std::make_shared<decision_cache<dboard>>();
  o.threads = 2;
  const auto shared =
      simulate(
          rules, [&] { return memoized(density_greedy(rules, exact_density<dyn>(rules)), cache); }, defense, o)
          .stats;
  CHECK(shared.histogram == plain.histogram);
  CHECK(cache->hits() > 300);
}

TEST_CASE("decision_cache: keyed by hits, misses and sunk announcements", "[memoized]") {
  const auto rules = make_dynamic_rules(5, 5, {2, 2}, adjacency::touching, true);
  auto cache = std::make_shared<decision_cache<dboard>>(3);
  memoized m(counting_policy{}, cache);
  observation<dboard> a(rules);
  CHECK(m.next_shot(a) == 0);
  CHECK(m.next_shot(a) == 0);  // answered from the cache
  CHECK(m.policy().calls == 1);

  // The same cells shot in another order is the same position for a pure policy...
  observation<dboard> b1(rules), b2(rules);
  b1.record_miss(3);
  b1.record_hit(7);
  b2.record_hit(7);
  b2.record_miss(3);
  const int first = m.next_shot(b1);
  CHECK(m.next_shot(b2) == first);
  // ...but a hit is not a miss, and which ship sank matters, and so do the
  // hits known when it sank.
  observation<dboard> c(rules);
  c.record_hit(3);
  c.record_hit(7);
  CHECK(m.next_shot(c) != first);
  observation<dboard> s0(rules), s1(rules);
  s0.record_hit(0);
  s0.record_sunk(1, 0);
  s1.record_hit(0);
  s1.record_sunk(1, 1);
  CHECK(m.next_shot(s0) != m.next_shot(s1));
  observation<dboard> t1(rules), t2(rules);
  t1.record_hit(0);
  t1.record_sunk(1, 0);
  t1.record_hit(2);
  t2.record_hit(2);
  t2.record_hit(0);
  t2.record_sunk(1, 0);  // same cells and ship, but cell 2 was already hit when it sank
  CHECK(m.next_shot(t1) != m.next_shot(t2));

  // Positions deeper than max_shots are never cached.
  observation<dboard> deep(rules);
  for (int cell : {10, 11, 12, 13}) deep.record_miss(cell);
  const int before = m.policy().calls;
  (void)m.next_shot(deep);
  (void)m.next_shot(deep);
  CHECK(m.policy().calls == before + 2);

  cache->clear();
  CHECK(cache->size() == 0);
  CHECK_THROWS_AS(decision_cache<dboard>(-1), std::invalid_argument);
  CHECK_THROWS_AS(memoized(counting_policy{}, nullptr), std::invalid_argument);
}

TEST_CASE("exact_density::best_cell is the greedy argmax with ties to the lowest cell", "[memoized][density]") {
  const auto rules = make_dynamic_rules(6, 5, {3, 2, 2}, adjacency::no_contact, false);
  exact_density<dyn> model(rules);
  const uniform_layout_sampler<dyn> sampler(rules);
  splitmix_rng rng(5);
  for (int k = 0; k < 30; ++k) {
    game<dyn> g(rules, sampler(rng));
    for (int s = 0; s < k % 12 && !g.over(); ++s) {
      int c;
      do c = static_cast<int>(rng() % 30);
      while (g.seen().shots().test(static_cast<std::size_t>(c)));
      g.shoot(c);
    }
    if (g.over()) continue;
    const density_map w = model.weights(g.seen());
    int best = -1;
    for (int c = 0; c < 30; ++c)
      if (!g.seen().shots().test(static_cast<std::size_t>(c)) &&
          (best < 0 || w[static_cast<std::size_t>(c)] > w[static_cast<std::size_t>(best)]))
        best = c;
    CHECK(model.best_cell(g.seen()) == best);
  }
}

TEST_CASE("decision_cache: a saved book loads back and replays the same games", "[memoized]") {
  const auto rules = make_dynamic_rules(6, 5, {3, 2, 2}, adjacency::touching, true);
  const uniform_layout_sampler<dyn> sampler(rules);
  auto filled = std::make_shared<decision_cache<dboard>>(10);
  memoized first(density_greedy(rules, exact_density<dyn>(rules)), filled);
  splitmix_rng rng(3);
  std::vector<layout> layouts;
  for (int g = 0; g < 30; ++g) layouts.push_back(sampler(rng));
  std::vector<int> lengths;
  for (const auto& l : layouts) lengths.push_back(play_game(rules, first, l));
  REQUIRE(filled->size() > 30);
  std::stringstream text;
  filled->save(text);

  // A new cache read from the text: every position of these games up to 10
  // shots is known, so the same games never miss in it.
  auto loaded = std::make_shared<decision_cache<dboard>>(10);
  loaded->load(text);
  CHECK(loaded->size() == filled->size());
  memoized second(density_greedy(rules, exact_density<dyn>(rules)), loaded);
  for (std::size_t g = 0; g < layouts.size(); ++g) CHECK(play_game(rules, second, layouts[g]) == lengths[g]);
  CHECK(loaded->misses() == 0);
  CHECK(loaded->hits() > 0);
  // Saving the loaded cache gives the same lines (in some order).
  std::stringstream again;
  loaded->save(again);
  auto lines = [](std::stringstream& s) {
    std::vector<std::string> v;
    s.clear();
    s.seekg(0);
    for (std::string line; std::getline(s, line);) v.push_back(line);
    std::sort(v.begin(), v.end());
    return v;
  };
  CHECK(lines(again) == lines(text));

  for (const char* bad :
       {"", "not a cache\n", "battleship-decision-cache 1\n3,4 - - -> \n",
        "battleship-decision-cache 1\n3,x - - -> 5\n", "battleship-decision-cache 1\n- - - => 5\n",
        "battleship-decision-cache 1\n- - 1:2 -> 5\n", "battleship-decision-cache 1\n999 - - -> 5\n"}) {
    INFO(bad);
    std::istringstream in(bad);
    decision_cache<dboard> c;
    CHECK_THROWS_AS(c.load(in), std::invalid_argument);
  }
}

TEST_CASE("decision_cache: a book cut short in its last answer, or with words after an answer, is refused",
          "[memoized]") {
  // "- - - -> 12\n" cut after its "1" reads as the answer 1, another cell: a
  // book copied or written only in part must not answer wrongly.
  for (const char* bad : {"battleship-decision-cache 1\n- - - -> 1", "battleship-decision-cache 1\n- - - -> 12 7\n",
                          "battleship-decision-cache 1\n- - - -> 12x\n"}) {
    INFO(bad);
    std::istringstream in(bad);
    decision_cache<dboard> c;
    CHECK_THROWS_AS(c.load(in), std::invalid_argument);
    CHECK(c.size() == 0);
  }
  // A whole book, with LF or CRLF line ends, still loads.
  for (const char* good :
       {"battleship-decision-cache 1\n- - - -> 12\n", "battleship-decision-cache 1\r\n- - - -> 12\r\n"}) {
    INFO(good);
    std::istringstream in(good);
    decision_cache<dboard> c;
    c.load(in);
    CHECK(c.size() == 1);
  }
}

TEST_CASE("decision_cache: a hand-written book's announcements match in any order, and impossible positions refused",
          "[memoized]") {
  // Ship 1 sank at cell 4 (hits 3,4), then ship 0 at cell 8 (hits 3,4,7,8):
  // the observation lists them in that order, the key by ship.
  observation<dboard> seen(30, 3, true);
  seen.record_hit(3);
  seen.record_sunk(4, 1);
  seen.record_miss(5);
  seen.record_hit(7);
  seen.record_sunk(8, 0);
  for (const char* book : {"battleship-decision-cache 1\n3,4,7,8 5 1:4:3,4;0:8:3,4,7,8 -> 12\n",
                           "battleship-decision-cache 1\n3,4,7,8 5 0:8:3,4,7,8;1:4:3,4 -> 12\n"}) {
    INFO(book);
    std::istringstream in(book);
    decision_cache<dboard> c;
    c.load(in);
    CHECK(c.find(seen) == 12);
    // save() writes the announcements by ship, whatever order they were read in.
    std::ostringstream out;
    c.save(out);
    CHECK(out.str() == "battleship-decision-cache 1\n3,4,7,8 5 0:8:3,4,7,8;1:4:3,4 -> 12\n");
  }
  for (const char* bad : {
           "battleship-decision-cache 1\n3,4 4 - -> 5\n",                // cell 4 both hit and missed
           "battleship-decision-cache 1\n3,4 - 0:4:3,4;0:4:3,4 -> 5\n",  // ship 0 sunk twice
           "battleship-decision-cache 1\n3,4 - 0:9:3,4 -> 5\n",          // sinking cell not hit
           "battleship-decision-cache 1\n3,4 - 0:4:3,4,9 -> 5\n",        // hits then not among the hits
           "battleship-decision-cache 1\n3,4 - 0:999:3,4 -> 5\n",        // sinking cell beyond the board type
           "battleship-decision-cache 1\n3,4 - 16:4:3,4 -> 5\n",         // ship 17: no fleet has it
           "battleship-decision-cache 1\n3,4 - 8888885:4:3,4 -> 5\n",    // found by fuzzing: once overflowed the hash
           "battleship-decision-cache 1\n3,4 7 - -> 7\n",                // the answer was missed already
           "battleship-decision-cache 1\n3,4 7 - -> 4\n",                // the answer was hit already
       }) {
    INFO(bad);
    std::istringstream in(bad);
    decision_cache<dboard> c;
    CHECK_THROWS_AS(c.load(in), std::invalid_argument);
    CHECK(c.size() == 0);
  }
}

TEST_CASE("a cache shared by policies of two games throws rather than answer off the grid", "[memoized]") {
  const auto big = make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
  const auto small = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  auto book = std::make_shared<decision_cache<dynamic_rules::board_type>>(24);
  auto on_big = memoized(density_greedy(big, per_ship_density<dynamic_rules>(big)), book);
  auto on_small = memoized(density_greedy(small, per_ship_density<dynamic_rules>(small)), book);
  const int first = on_big.next_shot(observation<dynamic_rules::board_type>(big));
  REQUIRE(first >= 36);  // the 10x10 book's first shot lies off the 6x6 grid
  CHECK_THROWS_AS(on_small.next_shot(observation<dynamic_rules::board_type>(small)), std::logic_error);
}

TEST_CASE("decision_cache: a stamped book carries its game and policy, and another's is refused", "[memoized]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, false);
  const auto other_fleet = make_dynamic_rules(5, 5, {3, 3}, adjacency::touching, false);
  auto filled = std::make_shared<decision_cache<dboard>>(rules, "exact-greedy", 8);
  CHECK(filled->stamp() == book_stamp{"5x5 3,2 touching hit-miss", "exact-greedy"});
  CHECK(filled->serves(rules));
  CHECK_FALSE(filled->serves(other_fleet));
  memoized player(density_greedy(rules, exact_density<dyn>(rules)), filled);
  const uniform_layout_sampler<dyn> sampler(rules);
  splitmix_rng rng(5);
  for (int g = 0; g < 10; ++g) (void)play_game(rules, player, sampler(rng));
  REQUIRE(filled->size() > 10);
  std::ostringstream saved;
  filled->save(saved);
  const std::string book = saved.str();
  CHECK(book.starts_with("battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\npolicy exact-greedy\n"));

  auto load = [&](decision_cache<dboard>& c, const std::string& text) {
    std::istringstream in(text);
    c.load(in);
  };
  SECTION("the same stamp loads every position") {
    decision_cache<dboard> same(rules, "exact-greedy", 8);
    load(same, book);
    CHECK(same.size() == filled->size());
  }
  SECTION("another game, another policy or no stamp is refused before any position is read") {
    decision_cache<dboard> other_game(other_fleet, "exact-greedy", 8);
    decision_cache<dboard> other_policy(rules, "per-ship-density", 8);
    CHECK_THROWS_WITH(load(other_game, book),
                      Catch::Contains("5x5 3,2 touching") && Catch::Contains("5x5 3,3 touching"));
    CHECK_THROWS_WITH(load(other_policy, book), Catch::Contains("policy per-ship-density"));
    CHECK(other_game.size() == 0);
    CHECK(other_policy.size() == 0);
    decision_cache<dboard> stamped(rules, "exact-greedy", 8);
    CHECK_THROWS_WITH(load(stamped, "battleship-decision-cache 1\n3 - - -> 4\n"), Catch::Contains("unstamped cache"));
    CHECK(stamped.size() == 0);
  }
  SECTION("an empty unstamped cache takes the book's stamp; one holding positions refuses it") {
    decision_cache<dboard> open;
    load(open, book);
    CHECK(open.stamp() == filled->stamp());
    CHECK(open.size() == filled->size());
    std::ostringstream again;
    open.save(again);
    CHECK(again.str().starts_with("battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\n"));
    decision_cache<dboard> holding;
    load(holding, "battleship-decision-cache 1\n3 - - -> 4\n");
    CHECK_THROWS_AS(load(holding, book), std::invalid_argument);
    CHECK(holding.size() == 1);
    CHECK(holding.stamp().empty());
  }
  SECTION("a memoized policy for another game is refused by a stamped cache, not by an unstamped one") {
    CHECK_THROWS_WITH(memoized(density_greedy(other_fleet, exact_density<dyn>(other_fleet)), filled),
                      Catch::Contains("5x5 3,3 touching"));
    CHECK_NOTHROW(memoized(density_greedy(other_fleet, exact_density<dyn>(other_fleet)),
                           std::make_shared<decision_cache<dboard>>(8)));
    CHECK_NOTHROW(memoized(policy_with_other_rules{}, filled));  // its rules() names no game
  }
  for (const char* bad :
       {"battleship-decision-cache 2\n", "battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\n",
        "battleship-decision-cache 2\npolicy p\ngame 5x5 3,2 touching hit-miss\n",
        "battleship-decision-cache 2\ngame \npolicy p\n",
        "battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\npolicy  p\n",
        "battleship-decision-cache 3\ngame g\npolicy p\n"}) {
    INFO(bad);
    decision_cache<dboard> c;
    CHECK_THROWS_AS(load(c, bad), std::invalid_argument);
    CHECK(c.stamp().empty());
  }
  SECTION("a stamped book refused at a bad line leaves the unstamped cache that took its stamp as it was") {
    decision_cache<dboard> open;
    CHECK_THROWS_WITH(load(open,
                           "battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\npolicy p\n3 - - -> 4\n"
                           "3 - - => 4\n"),
                      Catch::Contains("malformed line 5"));
    CHECK(open.size() == 0);
    CHECK(open.stamp().empty());
    load(open, "battleship-decision-cache 1\n3 - - -> 4\n");  // so it still takes an unstamped book
    CHECK(open.size() == 1);
  }
  SECTION("a stamped book's lines are checked against its game: grid, fleet and feedback") {
    const std::string head = "battleship-decision-cache 2\ngame 5x5 3,2 touching hit-miss\npolicy exact-greedy\n";
    const std::string sunk_head = "battleship-decision-cache 2\ngame 5x5 3,2 touching sunk\npolicy exact-greedy\n";
    const auto sunk_rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, true);
    for (const bool unstamped : {false, true}) {
      auto fresh = [&](bool sunk) {
        return unstamped ? decision_cache<dboard>(8)
                         : decision_cache<dboard>(sunk ? sunk_rules : rules, "exact-greedy", 8);
      };
      // The book, the refusal, and the lines kept before it: none in an
      // unstamped cache, which gives back the stamp it took.
      const std::tuple<std::string, std::string, std::size_t> bad[] = {
          {head + "- - - -> 25\n", "line 4 is not a position of the book's game: a cell off the 5x5 grid", 0},
          {head + "- 3 - -> 12\n30 - - -> 12\n", "line 5 is not a position of the book's game: a cell off the 5x5 grid",
           1},
          {head + "- 24,29 - -> 12\n", "a cell off the 5x5 grid", 0},
          {sunk_head + "3,4 - 2:4:3,4 -> 5\n", "line 4 is not a position of the book's game: ship 2 past its fleet", 0},
          {head + "3,4 - 1:4:3,4 -> 5\n", "a sinking under hit/miss feedback", 0},
      };
      for (const auto& [text, message, kept] : bad) {
        INFO(text);
        auto c = fresh(text.starts_with(sunk_head));
        CHECK_THROWS_WITH(load(c, text), Catch::Contains(message));
        CHECK(c.size() == (unstamped ? 0 : kept));
      }
      // The last cell of the grid, a sinking of its last ship under sunk feedback.
      auto edge = fresh(false);
      load(edge, head + "- 0 - -> 24\n");
      CHECK(edge.size() == 1);
      auto sunk = fresh(true);
      load(sunk, sunk_head + "3,4 - 1:4:3,4 -> 5\n");
      CHECK(sunk.size() == 1);
    }
    // A stamp that does not name its game as rules_label() does (a hand-made
    // book: other words, leading zeros, two blanks, a word more) leaves the
    // board type's capacity as the bound.
    for (const char* game :
         {"my own game", "05x05 3,2 touching hit-miss", "5x5  3,2 touching hit-miss", "5x5 3,2 touching hit-miss x",
          "5x5 3,,2 touching hit-miss", "5x5 3,2 nonsense hit-miss", "5X5 3,2 touching hit-miss"}) {
      INFO(game);
      decision_cache<dboard> open;
      load(open, std::string("battleship-decision-cache 2\ngame ") + game + "\npolicy p\n4 - 0:4:4 -> 40\n");
      CHECK(open.size() == 1);
    }
    // One named that way that no ruleset on this board type can be is
    // refused before any line, and the unstamped cache gives its stamp back.
    for (const char* game : {"17x16 3,2 touching hit-miss", "0x5 3,2 touching hit-miss", "2x30 3,2 touching hit-miss",
                             "5x5 3,27 touching sunk", "5x5 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 touching sunk"}) {
      INFO(game);
      decision_cache<dboard> open;
      CHECK_THROWS_WITH(load(open, std::string("battleship-decision-cache 2\ngame ") + game + "\npolicy p\n"),
                        Catch::Contains("cannot be played on this board type, which holds 256 cells"));
      CHECK(open.stamp().empty());
    }
  }
  SECTION("a book with CRLF line ends") {
    decision_cache<dboard> same(rules, "exact-greedy", 8);
    std::string crlf;
    for (const char c : book) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    load(same, crlf);
    CHECK(same.size() == filled->size());
  }
  for (const char* name : {"", " exact", "exact ", "two\nlines", "tab\there"}) {
    INFO(name);
    CHECK_THROWS_AS(decision_cache<dboard>(rules, name), std::invalid_argument);
  }
}

TEST_CASE("density_greedy refuses a density model made for another game", "[memoized][density]") {
  const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  const auto other_fleet = make_dynamic_rules(6, 6, {3, 3}, adjacency::touching, false);
  const auto other_rule = make_dynamic_rules(6, 6, {3, 2}, adjacency::no_contact, false);
  CHECK_THROWS_WITH(density_greedy(rules, exact_density<dyn>(other_fleet)), Catch::Contains("6x6 3,3"));
  CHECK_THROWS_AS(density_greedy(rules, per_ship_density<dyn>(other_rule)), std::invalid_argument);
  CHECK_NOTHROW(density_greedy(rules, per_ship_density<dyn>(rules)));
  CHECK(same_game(density_greedy(rules, exact_density<dyn>(rules)).rules(), rules));
}

TEST_CASE("density_greedy refuses a density model of another ruleset type on a board of the same size",
          "[memoized][density]") {
  using six = ruleset<grid<6, 6>, fleet<3, 2>, touching_allowed, hit_miss>;
  using wide = ruleset<grid<9, 4>, fleet<3, 2>, touching_allowed, hit_miss>;  // bitboard<36> too
  using apart = ruleset<grid<6, 6>, fleet<3, 2>, no_contact, hit_miss>;
  CHECK_THROWS_WITH(density_greedy(six{}, exact_density<wide>(wide{})), Catch::Contains("9x4 3,2"));
  CHECK_THROWS_AS(density_greedy(six{}, per_ship_density<apart>(apart{})), std::invalid_argument);
  CHECK_NOTHROW(density_greedy(six{}, exact_density<six>(six{})));
}

TEST_CASE("memoized over a policy that does not say its game: the cache's stamp decides", "[memoized]") {
  const auto two = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  const auto three = make_dynamic_rules(3, 3, {3}, adjacency::touching, false);  // the same grid
  using lowest_unshot = test_support::lowest_unshot<dboard>;
  static_assert(!detail::says_what_it_was_built_for<lowest_unshot, dyn>);
  const layout corner{placement{2, 0, orientation::horizontal}};  // the last row, from its first cell
  memoized stamped(lowest_unshot{}, std::make_shared<decision_cache<dboard>>(two, "lowest-unshot", 9));
  CHECK(stamped.built_for(two));
  CHECK_FALSE(stamped.built_for(three));
  CHECK(play_game(two, stamped, corner) == 8);  // row by row: the 2-ship's last cell is the 8th
  CHECK_THROWS_AS(play_game(three, stamped, corner), std::invalid_argument);
  memoized unstamped(lowest_unshot{}, std::make_shared<decision_cache<dboard>>(9));
  CHECK(unstamped.built_for(two));
  CHECK(unstamped.built_for(three));  // taken on trust
  CHECK(play_game(three, unstamped, corner) == 9);
}

TEST_CASE("memoized checks its policy again when its empty cache takes another game's book", "[memoized]") {
  const auto big = make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
  const auto small = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  std::stringstream book;
  decision_cache<dboard>(big, "density-greedy", 24).save(book);
  const observation<dboard> start(small);

  // Made over an empty unstamped cache, which then takes the 10x10 book's
  // stamp: the 6x6 policy no longer belongs, and the next shot says so.
  auto taken = std::make_shared<decision_cache<dboard>>(24);
  auto on_small = memoized(density_greedy(small, per_ship_density<dyn>(small)), taken);
  CHECK(taken->stamp_changes() == 0);
  std::istringstream in(book.str());
  taken->load(in);
  CHECK(taken->stamp_changes() == 1);
  CHECK_THROWS_AS(on_small.next_shot(start), std::invalid_argument);
  CHECK_THROWS_WITH(on_small.next_shot(start), Catch::Matchers::Contains("memoized: the cache is for game"));

  // A book refused after its stamp was taken gives the stamp back: the
  // cache is unstamped again and serves the policy.
  auto returned = std::make_shared<decision_cache<dboard>>(24);
  auto again = memoized(density_greedy(small, per_ship_density<dyn>(small)), returned);
  std::istringstream broken(book.str() + "not a position\n");
  CHECK_THROWS_AS(returned->load(broken), std::invalid_argument);
  CHECK(returned->stamp_changes() == 2);
  CHECK(returned->stamp().empty());
  CHECK(again.next_shot(start) == density_greedy(small, per_ship_density<dyn>(small)).next_shot(start));
}

// Another thread may load a stamped book into an empty unstamped cache while
// a game works out its shot; that choice is not filed under the new stamp,
// where it would be saved as the other game's. The policy here loads the
// book itself, mid-choice, to make that order certain.
TEST_CASE("memoized: a choice made while the cache took another book's stamp is not filed under it", "[memoized]") {
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  std::stringstream book;
  decision_cache<dboard>(rules, "another-policy", 9).save(book);  // stamped, and empty
  auto cache = std::make_shared<decision_cache<dboard>>(9);
  struct loads_a_book_midway {
    using board_type = dboard;
    std::shared_ptr<decision_cache<dboard>> cache;
    std::string book;
    int next_shot(const observation<dboard>& seen) const {
      std::istringstream in(book);
      cache->load(in);
      return test_support::lowest_unshot<dboard>{}.next_shot(seen);
    }
  };
  memoized m(loads_a_book_midway{cache, book.str()}, cache);
  const observation<dboard> start(rules);
  CHECK(m.next_shot(start) == 0);
  CHECK(cache->stamp_changes() == 1);
  CHECK(cache->size() == 0);  // the old headers filed the 3x3 opening under the book's stamp

  // With the stamp unchanged since it was read, the choice is filed.
  CHECK(cache->insert(start, 0, cache->stamp_changes()));
  CHECK_FALSE(cache->insert(start, 0, cache->stamp_changes() - 1));
  CHECK(cache->size() == 1);
}

namespace {
// A pure policy that counts the games it is told of.
struct game_counting_policy {
  using board_type = dboard;
  int games = 0;
  void new_game() { ++games; }
  int next_shot(const observation<board_type>& seen) const { return static_cast<int>((~seen.shots()).lowest()); }
};
}  // namespace

TEST_CASE("decision_cache: a position of exactly max_shots shots is cached", "[memoized]") {
  // "Only positions with at most max_shots shots are cached": with max_shots
  // 3, three shots are cached (one policy call for two lookups), four are not.
  const auto rules = make_dynamic_rules(5, 5, {2, 2}, adjacency::touching, false);
  auto cache = std::make_shared<decision_cache<dboard>>(3);
  memoized m(counting_policy{}, cache);
  observation<dboard> three(rules);
  for (int cell : {10, 11, 12}) three.record_miss(cell);
  CHECK(cache->covers(three));
  const int first = m.next_shot(three);
  CHECK(m.next_shot(three) == first);
  CHECK(m.policy().calls == 1);
  CHECK(cache->size() == 1);
  three.record_miss(13);
  CHECK_FALSE(cache->covers(three));
}

TEST_CASE("memoized: a cached answer one past the last cell is refused", "[memoized]") {
  // A 6x6 game has cells 0..35: cell 36, filed for the empty board of a
  // bigger game in an unstamped cache, cannot be shot here.
  const auto small = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  auto cache = std::make_shared<decision_cache<dboard>>(24);
  // (filed through the bigger game's empty board: insert() refuses a cell
  // the position it is given cannot shoot)
  cache->insert(observation<dboard>(make_dynamic_rules(7, 6, {3, 2}, adjacency::touching, false)), 36);
  memoized m(counting_policy{}, cache);
  CHECK_THROWS_AS(m.next_shot(observation<dboard>(small)), std::logic_error);
  // Cell 35, the last one, is an answer it takes.
  auto last = std::make_shared<decision_cache<dboard>>(24);
  last->insert(observation<dboard>(small), 35);
  memoized n(counting_policy{}, last);
  CHECK(n.next_shot(observation<dboard>(small)) == 35);
}

TEST_CASE("memoized: a new game is passed on to the policy", "[memoized]") {
  auto cache = std::make_shared<decision_cache<dboard>>(24);
  memoized m(game_counting_policy{}, cache);
  start_new_game(m);
  start_new_game(m);
  CHECK(m.policy().games == 2);
}

// A policy's cell off the grid is refused by the game loop, but memoized
// had already stored it: a negative cell came back from the cache in the
// next game and was tested on the board at index 2^64 - 1 (a read far out of
// bounds), where it should be refused like the first time.
TEST_CASE("memoized: a policy's negative cell is refused in every game, not read back from the cache", "[memoized]") {
  struct negative_cell {
    using board_type = dynamic_rules::board_type;
    int next_shot(const observation<board_type>&) const { return -1; }
  };
  const auto rules = make_dynamic_rules(4, 3, {2}, adjacency::touching, false);
  std::mt19937_64 rng(1);
  const layout hidden = random_layout(rules, rng);
  auto book = std::make_shared<decision_cache<dynamic_rules::board_type>>(24);
  memoized player(negative_cell{}, book);
  for (int g = 0; g < 2; ++g) CHECK_THROWS_AS(play_game(rules, player, hidden), std::logic_error);
  CHECK(book->size() == 0);  // nothing the game could shoot was learned
}

// insert() took any int, so save() could write a book that load() then
// refused as a whole at that line.
TEST_CASE("decision_cache: insert refuses an answer its position cannot shoot", "[memoized]") {
  const auto rules = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, true);
  decision_cache<dboard> cache(rules, "p", 5);
  observation<dboard> seen(rules);
  seen.record_miss(3);
  for (const int cell : {-7, -1, 3, 20, 255}) {
    INFO(cell);
    CHECK_THROWS_WITH(cache.insert(seen, cell), Catch::Contains("cannot be the answer at this position"));
  }
  CHECK(cache.size() == 0);
  cache.insert(seen, 19);  // the last cell, not shot
  std::stringstream book;
  cache.save(book);
  decision_cache<dboard> again(rules, "p", 5);
  again.load(book);
  CHECK(again.size() == 1);
  CHECK(again.find(seen) == 19);
}

// A stamped cache's book is checked against the stamp's game when it
// loads: insert() must refuse what that check would, or save() writes a book
// that cannot be read back.
TEST_CASE("decision_cache: a stamped cache's insert refuses a position off the stamp's game", "[memoized]") {
  const auto small = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, false);
  decision_cache<dboard> cache(small, "p", 24);
  observation<dboard> big(make_dynamic_rules(10, 10, {3, 2}, adjacency::touching, false));
  big.record_miss(50);
  CHECK_THROWS_WITH(cache.insert(big, 60), Catch::Contains("a cell off its grid"));
  const auto small_sunk = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, true);
  observation<dboard> sinking(small_sunk);
  sinking.record_hit(0);
  sinking.record_sunk(1, 1);  // the 2-ship, on A1-B1
  CHECK_THROWS_WITH(cache.insert(sinking, 7), Catch::Contains("a sinking under hit/miss feedback"));
  decision_cache<dboard> sunk_cache(small_sunk, "p", 24);
  observation<dboard> fourth(make_dynamic_rules(5, 4, {3, 2, 2, 2}, adjacency::touching, true));
  fourth.record_hit(0);
  fourth.record_sunk(1, 3);
  CHECK_THROWS_WITH(sunk_cache.insert(fourth, 7), Catch::Contains("a ship past its fleet"));
  CHECK_NOTHROW(sunk_cache.insert(sinking, 7));  // its own game's position
  CHECK(cache.size() == 0);
  // What a stamped cache holds loads back.
  std::stringstream book;
  sunk_cache.save(book);
  decision_cache<dboard> again(small_sunk, "p", 24);
  again.load(book);
  CHECK(again.find(sinking) == 7);
  // An unstamped cache checks the cell against the position alone.
  decision_cache<dboard> open(24);
  CHECK_NOTHROW(open.insert(big, 60));
}

TEST_CASE("decision_cache: a malformed line's error says what is wrong with it", "[memoized]") {
  const std::string head = "battleship-decision-cache 1\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"3 - - => 4", "malformed line 2: not a position: hits misses sunk -> cell"},
      {"3 - - -> 300", "malformed line 2: the answer 300 is off the board (cells 0 to 255)"},
      {"3 - - -> 4 5", "malformed line 2: text after the answer"},
      {"3 3 - -> 4", "malformed line 2: a cell both hit and missed"},
      {"3 - - -> 3", "malformed line 2: the answer was already shot"},
      {"- 4 - -> 4", "malformed line 2: the answer was already shot"},
      {"3,x - - -> 4", "malformed line 2: \"x\" is not a number"},
      {"3,1234567890123456789012 - - -> 4", "malformed line 2: \"12345678901234567890...\" is not a number"},
      {"3,256 - - -> 4", "malformed line 2: cell 256 is off the board (cells 0 to 255)"},
      {"3 - 0-3 -> 4", "malformed line 2: a sinking that is not ship:cell:hits"},
      {"3 - 16:3:3 -> 4", "malformed line 2: ship 16 past the 16 a fleet can hold"},
      {"3 - 0:3:2,3 -> 4", "malformed line 2: a sinking whose hits are not among the position's hits"},
      {"3,5 - 0:5:3 -> 4", "malformed line 2: a sinking whose cell is not among its hits"},
      {"3,5 - 0:3:3;0:5:5 -> 4", "malformed line 2: ship 0 sunk twice"}};
  for (const auto& [line, message] : cases) {
    INFO(line);
    decision_cache<dboard> cache;
    std::istringstream in(head + line + "\n");
    CHECK_THROWS_WITH(cache.load(in), "decision_cache: " + message);
  }
  decision_cache<dboard> cache;
  std::istringstream stamp("battleship-decision-cache 2\ngame 5x4 3,2 touching sunk\nplicy p\n");
  CHECK_THROWS_WITH(cache.load(stamp), "decision_cache: malformed line 3: expected \"policy \" and a name");
}

// The stamp lines, like a position's, must end with their newline: a book
// cut in its policy line stamped an unstamped cache with the cut name.
TEST_CASE("decision_cache: a book cut short in its stamp is refused, not taken as another policy's", "[memoized]") {
  decision_cache<dboard> open(5);
  std::istringstream cut("battleship-decision-cache 2\ngame 5x4 3,2 touching sunk\npolicy exact-gre");
  CHECK_THROWS_WITH(open.load(cut), Catch::Contains("line 3 has no newline at its end"));
  std::istringstream header_only("battleship-decision-cache 1");
  CHECK_THROWS_WITH(open.load(header_only), Catch::Contains("line 1 has no newline at its end"));
  CHECK(open.stamp().empty());
  CHECK(open.size() == 0);
  const auto rules = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, true);
  decision_cache<dboard> stamped(rules, "exact-greedy", 5);
  std::istringstream cut_again("battleship-decision-cache 2\ngame 5x4 3,2 touching sunk\npolicy exact-gre");
  CHECK_THROWS_WITH(stamped.load(cut_again), Catch::Contains("line 3 has no newline at its end"));
}

namespace {
// A stream buffer that hands out `text` and then fails, as a disk's read
// error does: the istream catches the throw and sets badbit.
struct failing_buffer : std::streambuf {
  explicit failing_buffer(std::string text) : text_(std::move(text)) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }
  int_type underflow() override { throw std::ios_base::failure("read error"); }
  std::string text_;
};
}  // namespace

TEST_CASE("decision_cache: a read error is thrown, not taken for the end of a short book", "[memoized]") {
  const std::string book = "battleship-decision-cache 1\n3 - - -> 4\n5 - - -> 6\n7 - - -> 8\n";
  failing_buffer half(book.substr(0, 40));  // the header and the first line, then the error
  std::istream in(&half);
  decision_cache<dboard> cache;
  CHECK_THROWS_WITH(cache.load(in), Catch::Contains("the book could not be read"));

  // A stream told to throw on failbit reaches its end as any other.
  for (const auto mask :
       {std::ios::failbit | std::ios::badbit, std::ios::failbit | std::ios::badbit | std::ios::eofbit}) {
    std::istringstream whole(book);
    whole.exceptions(mask);
    decision_cache<dboard> full;
    CHECK_NOTHROW(full.load(whole));
    CHECK(full.size() == 3);
  }
}

namespace {
// An endless stream of one byte, as /dev/zero is.
struct endless_buffer : std::streambuf {
  char byte[4096];
  explicit endless_buffer(char c) { std::fill(std::begin(byte), std::end(byte), c); }
  int_type underflow() override {
    setg(byte, byte, byte + sizeof byte);
    return traits_type::to_int_type(byte[0]);
  }
};
}  // namespace

// A line was read whole whatever its length: --book /dev/zero took 2 GB in
// 3 s and went on.
TEST_CASE("decision_cache: a line longer than 1 MiB is refused before it takes the memory", "[memoized]") {
  endless_buffer zeros('\0');
  std::istream endless(&zeros);
  decision_cache<dboard> cache;
  CHECK_THROWS_WITH(cache.load(endless), "decision_cache: line 1 is longer than 1 MiB: not a book");
  // A line of 1 MiB exactly (the trailing blanks are allowed) is read; one
  // byte more is not.
  const std::string answer = "3 - - -> 4";
  std::string line = answer + std::string((std::size_t{1} << 20) - answer.size(), ' ');
  std::istringstream longest("battleship-decision-cache 1\n" + line + "\n");
  cache.load(longest);
  CHECK(cache.size() == 1);
  std::istringstream too_long("battleship-decision-cache 1\n" + line + " \n");
  CHECK_THROWS_WITH(cache.load(too_long), "decision_cache: line 2 is longer than 1 MiB: not a book");
  // Its CRLF form is read too (the CR is no part of the line), and a CRLF
  // line of one byte more is not.
  decision_cache<dboard> crlf;
  std::istringstream longest_crlf("battleship-decision-cache 1\r\n" + line + "\r\n");
  crlf.load(longest_crlf);
  CHECK(crlf.size() == 1);
  std::istringstream too_long_crlf("battleship-decision-cache 1\r\n" + line + " \r\n");
  CHECK_THROWS_WITH(crlf.load(too_long_crlf), "decision_cache: line 2 is longer than 1 MiB: not a book");
}

// save() writes the policy's name as a line, which load() reads at most
// 1 MiB of: a longer name is refused when the cache is made.
TEST_CASE("decision_cache: a policy's name longer than a book's line is refused", "[memoized]") {
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  const std::size_t longest = (std::size_t{1} << 20) - std::string("policy ").size();
  decision_cache<dboard> saved(rules, std::string(longest, 'p'));
  std::stringstream book;
  saved.save(book);
  decision_cache<dboard> loaded(rules, std::string(longest, 'p'));
  CHECK_NOTHROW(loaded.load(book));
  CHECK_THROWS_AS(decision_cache<dboard>(rules, std::string(longest + 1, 'p')), std::invalid_argument);
}

}  // namespace test_memoized
