// battleship simulate: play many games of one strategy against one defense
// and report the distribution of game lengths (text or JSON), optionally as
// an SVG histogram. Reproducible from --seed whatever --threads is. With
// --search-climbs it searches for the layouts the strategy finds hardest
// instead (search_hard_layouts).

#include <atomic>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <battleship/analysis/hard_layouts.hpp>
#include <battleship/analysis/histogram.hpp>
#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/defense/park_figure8.hpp>
#include <battleship/defense/sequential_defense.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/monte_carlo_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/parity_hunt_target.hpp>
#include <battleship/strategy/park_hunt_target.hpp>
#include <battleship/strategy/random_fire.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::simulate_command {
namespace {

using rules_t = dynamic_rules;

struct simulate_options {
  rule_options rules;
  std::string strategy;
  long long games = 10'000;
  std::uint64_t seed = 1;
  int threads = 1;
  std::string defense = "uniform";
  std::int64_t hit_weight = per_ship_density_options{}.hit_weight;
  int samples = 1000;
  int book_depth = 24;  // exact-greedy: positions with at most this many shots are cached; -1 disables
  std::string book;     // exact-greedy: the book file read before the run and written after it
  // On the command line: a strategy's own option is refused with another
  // strategy, even at its default value, rather than silently ignored.
  bool hit_weight_given = false, samples_given = false, book_given = false, search_options_given = false,
       search_climbs_given = false;
  bool json = false;
  bool progress = false;
  bool quiet = false;  // no progress display, even on a terminal
  deadline time_limit;
  std::string histogram;
  // The uniform defense's constraints (constrained_defense).
  std::string region = "all";
  bool apart = false;
  bool clustered = false;
  // The exact tables' limit: exact-greedy's counter, monte-carlo-greedy's
  // sampler, and the uniform defense's tables (constrained, or a crowded
  // fleet's).
  std::size_t memory_limit = exact_counter<dynamic_rules>::default_memory_limit;
  // The search for hard layouts (search_hard_layouts), when climbs > 0.
  int search_climbs = 0;
  int search_steps = 200;
  int move_ships = hard_layout_options{}.ships_per_move;
  int games_per_layout = 1;
  int fresh_games = 0;
  double search_temperature = 0;
};

// Every --defense behind one type, so that simulate() is compiled once per
// strategy instead of once per strategy and defense (59 -> 51 s of CPU for
// this file at -O3); one indirect call per game costs nothing measurable.
class any_defense {
 public:
  // Not for any_defense itself: checking Defense<any_defense> would ask
  // whether any_defense is copyable, which asks this constructor again.
  template <class D>
  requires(!std::same_as<D, any_defense> && Defense<D>) explicit any_defense(D d)
      : place_([d = std::move(d)](splitmix_rng& rng) { return d.place(rng); }) {}
  [[nodiscard]] layout place(splitmix_rng& rng) const { return place_(rng); }

 private:
  std::function<layout(splitmix_rng&)> place_;
};

// A progress bar on stderr, redrawn in place.
void draw_progress(long long done, long long total, std::chrono::steady_clock::time_point start,
                   const char* unit = "games") {
  constexpr int width = 40;
  const double share = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int filled = static_cast<int>(share * width);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(width, '.');
  std::fprintf(stderr, "\r[%s] %5.1f%%  %lld/%lld %s  %.0f %s/s ", bar.c_str(), 100.0 * share, done, total, unit,
               elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0, unit);
  if (done >= total) std::fprintf(stderr, "\n");
  std::fflush(stderr);
}

template <class Make>
simulation_result run_with(const simulate_options& opts, const rules_t& rules, Make make, const any_defense& defense) {
  simulation_options so;
  so.games = opts.games;
  so.seed = opts.seed;
  so.threads = opts.threads;
  // The bar appears once a run has lasted half a second (always with
  // --progress); --time-limit is checked by the same callback, which stops
  // the games and keeps those finished (see simulation_options::stop).
  const bool shown = shows_progress(opts.progress, opts.quiet);
  bool drawn = opts.progress;
  std::stop_source stopper;
  if (shown || opts.time_limit.set()) {
    const auto start = std::chrono::steady_clock::now();
    so.progress_interval =
        std::chrono::milliseconds(static_cast<long long>(opts.time_limit.check_interval(0.2) * 1000));
    so.stop = stopper.get_token();
    so.progress = [start, &drawn, bar = shown, &stopper, &limit = opts.time_limit](long long done, long long total) {
      if (done < total && limit.passed()) stopper.request_stop();
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!bar || (!drawn && (elapsed < 0.5 || done >= total))) return;
      drawn = true;
      draw_progress(done, total, start);
    };
  }
  // A limit passed while the games were being set up leaves none to play.
  if (opts.time_limit.passed()) stopper.request_stop();
  simulation_result r = simulate(rules, make, defense, so);
  if (r.stopped && drawn) std::fputc('\n', stderr);  // the bar stopped short of its end
  // Only the limit stops the run, and it has passed, so check() throws.
  if (r.stopped && r.stats.games == 0)
    opts.time_limit.check([&] { return "no game finished (of " + std::to_string(opts.games) + ")"; });
  return r;
}

// exact-greedy's shared cache of decisions (see strategy/memoized.hpp), when on.
using book_t = book_cache;  // (null: no book)

// Calls run(make) with the factory of the strategy --strategy names, and
// returns what it returns (a simulation or a search).
template <class Run>
auto with_strategy(const simulate_options& opts, const rules_t& rules, const std::shared_ptr<book_t>& book, Run run) {
  const std::string& s = opts.strategy;
  if (s == "random") return run([&] { return random_fire<rules_t>(rules); });
  if (s == "hunt-target") return run([&] { return hunt_target<rules_t>(rules); });
  if (s == "parity") return run([&] { return parity_hunt_target<rules_t>(rules); });
  if (s == "park-hunt-target") return run([&] { return park_hunt_target<rules_t>(rules); });
  if (s == "row-scan") return run([&] { return row_scan<rules_t>(rules); });
  if (s == "sweep") return run([&] { return sweep<rules_t>(rules, sweep_clearing::four_directions); });
  if (s == "sweep-horizontal-first")
    return run([&] { return sweep<rules_t>(rules, sweep_clearing::horizontal_first); });
  if (s == "per-ship-density") {
    const per_ship_density_options po{opts.hit_weight};
    return run([&] { return density_greedy(rules, per_ship_density<rules_t>(rules, po)); });
  }
  if (s == "exact-greedy") {
    const auto exact = [&] {
      exact_density<rules_t> model(rules);
      model.set_memory_limit(opts.memory_limit);
      return model;
    };
    // Deterministic (ties to the lowest cell), so the shared cache replays its own choices.
    if (book) return run([&] { return memoized(density_greedy(rules, exact()), book); });
    return run([&] { return density_greedy(rules, exact()); });
  }
  if (s == "monte-carlo-greedy") {
    if (opts.samples < 1) throw usage_error("--samples must be at least 1");
    return run([&] {
      monte_carlo_density<rules_t> model(rules, 0, opts.samples);
      model.set_memory_limit(opts.memory_limit);
      return density_greedy(rules, std::move(model));
    });
  }
  throw usage_error("unknown strategy '" + s + "'");
}

// "uniform", or "uniform (edges, apart)" with constraints.
std::string defense_label(const simulate_options& opts) {
  std::string parts;
  auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
  if (opts.region != "all") add(opts.region);
  if (opts.apart) add("apart");
  if (opts.clustered) add("clustered");
  return parts.empty() ? opts.defense : opts.defense + " (" + parts + ")";
}

// What every JSON answer starts with: the game, as every subcommand names it,
// then the players; `rules` is rules_label(), as `evaluate` and `short-games`
// write it, which the text output prints too.
nlohmann::ordered_json json_head(const simulate_options& opts, const rules_t& rules) {
  nlohmann::ordered_json out = rules_json(rules);
  out["strategy"] = opts.strategy;
  out["defense"] = defense_label(opts);
  out["rules"] = rules_label(rules);
  return out;
}

// The uniform defense with --region, --apart and --clustered.
constrained_defense<rules_t> make_constrained_defense(const simulate_options& opts, const rules_t& rules) {
  if (opts.apart && opts.clustered)
    throw usage_error(
        "--apart (no two ships share an edge) and --clustered (every ship shares an edge "
        "with another) exclude each other");
  // Cases where no layout can be clustered, refused here rather than after
  // every draw of every game has failed ("no layout met the condition").
  if (opts.clustered && rules.contact() != adjacency::touching)
    throw usage_error("--clustered (every ship shares an edge with another) is impossible under the " +
                      std::string(to_string(rules.contact())) + " rule, where no two ships share an edge");
  if (opts.clustered && rules.ship_count() < 2)
    throw usage_error("--clustered (every ship shares an edge with another) needs at least two ships");
  defense_constraints<rules_t::board_type> c;
  const auto g = rules.geometry();
  if (opts.region == "edges") c.region = cells_by_inset(g, 0, 0);
  if (opts.region == "middle") c.region = cells_by_inset(g, 2, g.width() + g.height());
  // The grid alone decides this, so it is the command line's mistake.
  if (opts.region == "middle" && c.region->none())
    throw usage_error("--region middle: a " + std::to_string(g.width()) + "x" + std::to_string(g.height()) +
                      " grid has no middle (no cell two or more from every edge)");
  if (opts.apart && rules.contact() == adjacency::touching) c.contact = adjacency::no_edge;
  if (opts.clustered) {
    c.condition = [rules](const layout& l) { return every_ship_touches_another(rules, l); };
    c.condition_name = "--clustered (every ship shares an edge with another)";
  }
  c.memory_limit = opts.memory_limit;
  return constrained_defense<rules_t>(rules, std::move(c));
}

// --search-climbs: the layouts the strategy finds hardest.
void search(const simulate_options& opts, const rules_t& rules, const std::shared_ptr<book_t>& book) {
  if (opts.search_steps < 0) throw usage_error("--search-steps must not be negative");
  if (opts.move_ships < 1) throw usage_error("--move-ships must be at least 1");
  if (opts.games_per_layout < 1) throw usage_error("--games-per-layout must be at least 1");
  if (opts.fresh_games < 0) throw usage_error("--fresh-games must not be negative");
  if (!(opts.search_temperature >= 0) || !std::isfinite(opts.search_temperature))
    throw usage_error("--search-temperature must be finite and not negative");
  const constrained_defense<rules_t> defense = make_constrained_defense(opts, rules);
  hard_layout_options o;
  o.climbs = opts.search_climbs;
  o.steps = opts.search_steps;
  o.ships_per_move = opts.move_ships;
  o.games_per_layout = opts.games_per_layout;
  o.fresh_games = opts.fresh_games;
  o.temperature = opts.search_temperature;
  o.threads = opts.threads;
  o.seed = opts.seed;
  const bool bar = shows_progress(opts.progress, opts.quiet);
  const long long total = static_cast<long long>(o.climbs) * o.steps;
  std::atomic<long long> searched{0};  // steps, for the time limit's message
  // Games begun: without steps the search is the climbs' starting layouts,
  // climbs * games_per_layout games, and the fresh games come after them.
  std::atomic<long long> games_begun{0};
  const long long starting_games = static_cast<long long>(o.climbs) * o.games_per_layout;
  auto how_far = [&]() -> std::string {
    const long long done = searched.load();
    if (total == 0 && games_begun.load() <= starting_games) return "the climbs' starting layouts not all played";
    return done == total && o.fresh_games > 0
               ? "the search done, its fresh games not"
               : std::to_string(done) + " of " + std::to_string(total) + " steps searched";
  };
  if (bar || opts.time_limit.set()) {
    const auto start = std::chrono::steady_clock::now();
    o.progress = [start, total, bar, &searched, &how_far, &limit = opts.time_limit](const hard_layout_progress& p) {
      searched = p.steps;
      limit.check(how_far);
      if (bar) draw_progress(p.steps, total, start, "steps");
    };
  }
  // Between games too: a step of many --games-per-layout, the climbs'
  // starting layouts and --fresh-games are games no progress call sees.
  if (opts.time_limit.set())
    o.interruption_check = [&how_far, &games_begun, &limit = opts.time_limit] {
      ++games_begun;
      limit.check(how_far);
    };
  const hard_layout_result r =
      with_strategy(opts, rules, book, [&](auto make) { return search_hard_layouts(defense, make(), o); });
  const std::string pic = picture(rules, r.hardest);
  if (opts.json) {
    nlohmann::ordered_json out = json_head(opts, rules);
    out["seed"] = opts.seed;
    out["climbs"] = o.climbs;
    out["steps"] = o.steps;
    out["move_ships"] = o.ships_per_move;
    out["games_per_layout"] = o.games_per_layout;
    out["temperature"] = o.temperature;
    out["threads"] = r.threads;
    out["shots"] = r.shots;
    out["starts"] = r.starts;
    out["climb_bests"] = r.climbs;
    if (o.fresh_games > 0) out["fresh"] = {{"games", o.fresh_games}, {"mean", r.fresh_shots}};
    const auto g = rules.geometry();
    nlohmann::ordered_json ships = nlohmann::ordered_json::array();
    for (int i = 0; i < r.hardest.size(); ++i)
      ships.push_back({{"ship", std::string(rules.fleet.name(i))},
                       {"length", rules.ship_length(i)},
                       {"start", g.cell_name(g.cell(r.hardest[i].row, r.hardest[i].col))},
                       {"direction", r.hardest[i].dir == orientation::horizontal ? "horizontal" : "vertical"}});
    out["layout"] = ships;
    out["picture"] = pic;
    out["evaluations"] = r.evaluations;
    out["moves_kept"] = r.moves_kept;
    out["seconds"] = r.seconds;
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("search   %s vs %s defense, %s\n", opts.strategy.c_str(), defense_label(opts).c_str(),
              rules_label(rules).c_str());
  std::printf("climbs   %d of %d steps (seed %llu), %d game%s per layout", o.climbs, o.steps,
              static_cast<unsigned long long>(opts.seed), o.games_per_layout, o.games_per_layout == 1 ? "" : "s");
  if (o.temperature > 0) std::printf(", annealed from %g shots", o.temperature);
  std::printf(", %d thread%s\n", r.threads, r.threads == 1 ? "" : "s");
  std::printf("hardest  %g shots\n", r.shots);
  if (o.fresh_games > 0) std::printf("fresh    %g shots over %d games with new seeds\n", r.fresh_shots, o.fresh_games);
  for (std::size_t c = 0; c < r.climbs.size(); ++c)
    std::printf("climb %zu  %g -> %g shots\n", c + 1, r.starts[c], r.climbs[c]);
  std::printf("layout (ships lettered A, B, ... in fleet order)\n%s", pic.c_str());
  std::printf("layouts  %lld played, %lld moves kept, %.1f s\n", r.evaluations, r.moves_kept, r.seconds);
}

void run(const simulate_options& opts) {
  if (opts.games < 1) throw usage_error("--games must be at least 1");
  if (opts.threads < 0) throw usage_error("--threads cannot be negative");
  refuse_same_file({"--histogram", opts.histogram}, {{"--book", opts.book}});
  // A strategy's own option given to another strategy would be ignored; that
  // is said before its value is judged.
  check_hit_weight(opts.hit_weight, opts.hit_weight_given, opts.strategy == "per-ship-density",
                   "--hit-weight applies to per-ship-density only");
  if (opts.strategy != "monte-carlo-greedy" && opts.samples_given)
    throw usage_error("--samples applies to monte-carlo-greedy only");
  if (opts.strategy != "exact-greedy" && opts.book_given)
    throw usage_error("--book-depth and --book apply to exact-greedy only");
  if (opts.search_climbs < 0) throw usage_error("--search-climbs cannot be negative");
  if (opts.search_climbs == 0 && opts.search_options_given)
    throw usage_error("the search's options need --search-climbs of at least 1");
  if (opts.search_climbs == 0 && opts.search_climbs_given)
    throw usage_error("--search-climbs must be at least 1 (without it, the games are simulated)");
  const bool constrained = opts.region != "all" || opts.apart || opts.clustered;
  if ((constrained || opts.search_climbs > 0) && opts.defense != "uniform")
    throw usage_error("--region, --apart, --clustered and --search-climbs take the uniform defense, not --defense " +
                      opts.defense);
  if (opts.search_climbs > 0 && !opts.histogram.empty())
    throw usage_error("--histogram is for simulations, not --search-climbs");
  check_writable(opts.histogram, "--histogram");  // before the games, not after
  const rules_t rules = opts.rules.make_rules();
  const kept_book kept = opts.strategy == "exact-greedy" ? open_book(rules, opts.book_depth, opts.book) : kept_book{};
  const auto& book = kept.cache;
  if (opts.search_climbs > 0) {
    search(opts, rules, book);
    return kept.save();
  }
  bool from_tables = false;               // a crowded fleet's uniform layouts come from the counter's tables
  bool rejection_past_the_limit = false;  // ... unless those pass --memory-limit
  const any_defense defense = [&] {
    if (opts.defense == "park-figure8")  // Park's grid and fleet only: the command line's to get right
      return any_defense(as_usage([&] { return park_figure8_defense(rules); }));
    if (opts.defense == "sequential") {
      sequential_defense<rules_t> sequential(rules);
      // A fleet that fits in no way the constructor's bounded search could
      // prove would be tried a million times and then called stuck. The
      // defense itself is asked first (crowded fleets that rejection draws
      // never place are what it is for, and it places them in microseconds);
      // only when a short run of it is stuck does the counter say whether a
      // layout exists, and a counter past --memory-limit leaves the question
      // to the defense, as before.
      const auto stuck = [&] {
        try {
          splitmix_rng probe(0x5eed);
          (void)sequential.place(probe, 10'000);
          return false;
        } catch (const std::runtime_error&) {
          return true;
        }
      };
      const auto no_layout = [&] {
        try {
          return count_layouts(rules, observation<rules_t::board_type>(rules), false, "exact", 1, opts.memory_limit)
                     .labelled == 0;
        } catch (const std::length_error&) {
          return false;  // cannot tell within the limit
        }
      };
      if (stuck() && no_layout())
        throw std::invalid_argument("the fleet cannot be placed on the grid under these rules");
      return any_defense(std::move(sequential));
    }
    if (constrained) return any_defense(make_constrained_defense(opts, rules));
    uniform_defense<rules_t> uniform(rules);
    const double acceptance = uniform.acceptance_estimate();
    if (acceptance < crowded_acceptance) {
      // The constrained defense is the tables' means, not what was asked
      // for: its errors are given in the words of the uniform defense.
      try {
        any_defense tables(make_constrained_defense(opts, rules));
        from_tables = true;
        return tables;
      } catch (const std::invalid_argument&) {  // no legal layout, the tables say
        throw std::invalid_argument("the fleet cannot be placed on the grid under these rules");
      } catch (const std::length_error& e) {
        // Tables past the memory limit (16x16, ten 6-ships, no contact, by
        // the default 8 GiB): rejection draws the same layouts, slowly,
        // when a pilot draw was legal; with none, the refusal stands.
        if (!(acceptance > 0)) {
          std::string why = e.what();
          const std::string_view ours = "constrained defense: the sampling tables";
          if (why.starts_with(ours))
            why.replace(0, ours.size(), "the uniform defense draws this crowded fleet from tables, and they");
          throw std::length_error(why);
        }
        rejection_past_the_limit = true;
      }
    }
    return any_defense(std::move(uniform));
  }();
  const simulation_result r =
      with_strategy(opts, rules, book, [&](auto make) { return run_with(opts, rules, make, defense); });
  const shot_statistics& st = r.stats;
  const double half = (st.ci95_high - st.ci95_low) / 2;
  if (!opts.histogram.empty()) {
    histogram_svg_options ho;
    ho.title = opts.strategy + " vs " + defense_label(opts) + " defense (" + rules_label(rules) + ")";
    write_whole(opts.histogram, "--histogram", [&](std::ostream& out) {
      out << histogram_svg({{opts.strategy, st}}, ho);
    });
  }
  if (opts.json) {
    nlohmann::ordered_json out = json_head(opts, rules);
    if (opts.defense == "uniform") out["defense_draws"] = from_tables || constrained ? "tables" : "rejection";
    out["games"] = st.games;
    // Games 0..games-1 when --time-limit stopped the run: what --games <games> gives.
    out["stopped_by_time_limit"] = r.stopped;
    out["seed"] = opts.seed;
    out["threads"] = r.threads;
    out["mean"] = st.mean;
    // One game measures no spread: null, not an interval of width 0.
    out["ci95"] = st.games > 1 ? nlohmann::ordered_json{st.ci95_low, st.ci95_high} : nlohmann::ordered_json(nullptr);
    out["stddev"] = st.stddev;
    out["median"] = st.median;
    out["min"] = st.min;
    out["max"] = st.max;
    nlohmann::ordered_json pct;
    for (int p : {1, 5, 10, 25, 50, 75, 90, 95, 99}) pct[std::to_string(p)] = st.percentile(p);
    out["percentiles"] = pct;
    out["perfect_shots"] = st.perfect_shots;
    out["perfect_games"] = st.perfect_games;
    out["perfect_rate"] = st.perfect_rate;
    out["histogram"] = st.histogram;
    out["seconds"] = r.seconds;
    out["cpu_seconds"] = r.cpu_seconds;
    out["games_per_second"] = r.seconds > 0 ? static_cast<double>(r.games_played) / r.seconds : 0.0;
    if (book) out["book"] = kept.json();
    // A --book path need not be UTF-8 (book.file): replaced, not thrown on.
    std::cout << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << std::endl;
    return kept.save();
  }
  std::printf("strategy %s vs %s defense, %s\n", opts.strategy.c_str(), defense_label(opts).c_str(),
              rules_label(rules).c_str());
  if (from_tables)
    std::printf("draws    from the exact counter's tables (a crowded fleet: most rejection draws would fail)\n");
  else if (rejection_past_the_limit)
    std::printf("draws    by rejection, slowly (a crowded fleet whose tables pass the memory limit)\n");
  else if (constrained)  // as JSON's defense_draws says; only --clustered redraws
    std::printf("draws    from the exact counter's tables (the constrained defense)%s\n",
                opts.clustered ? ", redrawn until every ship shares an edge with another" : "");
  std::printf("games    %lld (seed %llu, %d thread%s)\n", st.games, static_cast<unsigned long long>(opts.seed),
              r.threads, r.threads == 1 ? "" : "s");
  if (r.stopped)
    std::printf("stopped  by %s after %lld of %lld games: the first %lld, as --games %lld plays them\n",
                opts.time_limit.name().c_str(), st.games, opts.games, st.games, st.games);
  if (st.games > 1)
    std::printf("mean     %.4f  (95%% CI %.4f .. %.4f, +-%.4f)\n", st.mean, st.ci95_low, st.ci95_high, half);
  else
    std::printf("mean     %.4f  (one game: no confidence interval)\n", st.mean);
  std::printf("stddev   %.4f\n", st.stddev);
  std::printf("median   %g\n", st.median);
  std::printf("min      %d\nmax      %d\n", st.min, st.max);
  std::printf("pctiles  p1 %d  p5 %d  p25 %d  p75 %d  p95 %d  p99 %d\n", st.percentile(1), st.percentile(5),
              st.percentile(25), st.percentile(75), st.percentile(95), st.percentile(99));
  std::printf("perfect  %lld games in %d shots (rate %s)\n", st.perfect_games, st.perfect_shots,
              written_share(static_cast<count_type>(st.perfect_games), static_cast<count_type>(st.games), 3).c_str());
  std::printf("time     %.3f s (%.1f games/s), %.3f s of CPU (%.1f games per CPU second)\n", r.seconds,
              r.seconds > 0 ? static_cast<double>(r.games_played) / r.seconds : 0.0, r.cpu_seconds,
              r.cpu_seconds > 0 ? static_cast<double>(r.games_played) / r.cpu_seconds : 0.0);
  if (book)
    std::printf("book     %zu positions cached (up to %d shots), %llu shots answered from it\n", book->size(),
                book->max_shots(), static_cast<unsigned long long>(book->hits()));
  if (book) kept.print_file_line(9);
  std::fflush(stdout);
  kept.save();
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("simulate", "play many games of a strategy and report the shots they take");
  auto opts = std::make_shared<simulate_options>();
  sub->add_option("--strategy", opts->strategy, "attack strategy")
      ->required()
      ->check(CLI::IsMember({"random", "hunt-target", "parity", "park-hunt-target", "row-scan", "sweep",
                             "sweep-horizontal-first", "per-ship-density", "exact-greedy", "monte-carlo-greedy"}));
  auto* games = sub->add_option("--games", opts->games, "number of games")
                    ->transform(whole_number(opts->games))
                    ->capture_default_str();
  sub->add_option("--seed", opts->seed, "master seed (game g uses a seed derived from it and g)")
      ->transform(whole_number_u64())
      ->capture_default_str();
  sub->add_option("--threads", opts->threads, "worker threads (0: one per hardware thread)")
      ->transform(whole_number(opts->threads))
      ->capture_default_str();
  sub->add_option("--defense", opts->defense,
                  "uniform (every legal layout equally likely), sequential (ship by ship, each redrawn until it "
                  "fits, as most games place them) or park-figure8 (always the Figure 8-style layout of Park's "
                  "paper; his 10x10 game only)")
      ->check(CLI::IsMember({"uniform", "sequential", "park-figure8"}))
      ->capture_default_str();
  auto* hit_weight =
      add_hit_weight_option(sub, opts->hit_weight, "per-ship-density: weight factor per hit a placement covers")
          ->capture_default_str();
  auto* samples = sub->add_option("--samples", opts->samples, "monte-carlo-greedy: layouts sampled per shot")
                      ->transform(whole_number(opts->samples))
                      ->capture_default_str();
  const book_options book = add_book_options(sub, opts->book_depth, opts->book, "all games and threads", "");
  sub->add_option("--region", opts->region,
                  "uniform defense: every ship inside the region, the grid's edges (its border ring) or its middle "
                  "(without the two outer rings)")
      ->check(CLI::IsMember({"all", "edges", "middle"}))
      ->capture_default_str();
  sub->add_flag("--apart", opts->apart, "uniform defense: no two ships share an edge, though the rules allow it");
  sub->add_flag("--clustered", opts->clustered, "uniform defense: every ship shares an edge with another");
  add_memory_limit_option(sub, opts->memory_limit,
                          "the most the exact tables may take: exact-greedy's counter, monte-carlo-greedy's sampler, "
                          "and the uniform defense's tables (--region, --apart, --clustered, --search-climbs, or a "
                          "crowded fleet's, which past it draws by rejection)");
  // The search plays its own games: --games would be ignored there, and the
  // search's options without a search.
  auto* climbs = sub->add_option("--search-climbs", opts->search_climbs,
                                 "instead of simulating, search for the layouts the strategy finds hardest: this many "
                                 "hill climbs from layouts the (uniform, maybe constrained) defense draws")
                     ->transform(whole_number(opts->search_climbs))
                     ->excludes(games);
  // Each needs --search-climbs, and all of them count as the search's options.
  std::vector<const CLI::Option*> search_options;
  auto search_option = [&](const char* name, auto& value, const char* help, const CLI::Validator& number) {
    search_options.push_back(
        sub->add_option(name, value, help)->transform(number)->capture_default_str()->needs(climbs));
  };
  search_option("--search-steps", opts->search_steps, "moves tried per climb", whole_number(opts->search_steps));
  search_option("--move-ships", opts->move_ships, "a move of the search relocates 1 to this many ships",
                whole_number(opts->move_ships));
  search_option("--games-per-layout", opts->games_per_layout,
                "games averaged per layout in the search (1 is exact for a deterministic strategy)",
                whole_number(opts->games_per_layout));
  search_option("--fresh-games", opts->fresh_games,
                "after the search, games against the hardest layout with seeds the climbs never used (an unbiased "
                "mean for a randomised strategy)",
                whole_number(opts->fresh_games));
  search_option("--search-temperature", opts->search_temperature,
                "simulated annealing: a move losing d shots is kept with probability exp(-d/T), T falling linearly "
                "from this towards 0 over a climb (0: keep only moves that lose nothing)",
                decimal_number());
  sub->add_flag("--json", opts->json, "print a JSON object");
  auto* progress =
      sub->add_flag("--progress", opts->progress, "show progress on stderr even when it is not a terminal");
  sub->add_flag("--quiet", opts->quiet, "no progress display")->excludes(progress);
  // Not add_time_limit_option: the games stop and report, where the other commands give up.
  sub->add_option("--time-limit", opts->time_limit.seconds,
                  "after this many seconds, stop the games and report those finished (the first K, as --games K "
                  "plays them), or give up the search with an error")
      ->transform(positive_seconds());
  sub->add_option("--histogram", opts->histogram, "write an SVG histogram of game lengths to this file")
      ->check(non_empty("a file name"));
  opts->rules.add_to(sub, true, false);
  sub->callback([opts, hit_weight, samples, book, search_options, climbs] {
    opts->search_climbs_given = climbs->count() > 0;
    opts->hit_weight_given = hit_weight->count() > 0;
    opts->samples_given = samples->count() > 0;
    opts->book_given = book.given();
    opts->search_options_given = any_given(search_options);
    run(*opts);
  });
}};

}  // namespace
}  // namespace battleship::cli::simulate_command
