#pragma once
// The enumeration skeleton of the exhaustive evaluators.
//
// Ships are enumerated longest first ("slots"); slot 0's placement is the unit
// of work (and of sharding). Two walkers share that skeleton:
//   - fast_walker: Park's bitset enumeration (count/bitset_enumerator.hpp)
//     over *unlabelled* layouts (equal-length ships forced into increasing
//     placement order), with a kernel that carries a small incremental state
//     down the recursion and scores the whole last level at once;
//   - play_walker: a plain recursion over labelled layouts that plays a full
//     game per layout (the generic path and the reference).

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/popcount.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship::detail {

// A board of W words, independent of the ruleset's capacity, so a runtime
// 10x10 ruleset (256-bit boards) is scored on two words like a static one.
template <std::size_t W>
struct packed_board {
  std::array<std::uint64_t, W> w{};
  constexpr packed_board& operator|=(const packed_board& o) noexcept {
    for (std::size_t k = 0; k < W; ++k) w[k] |= o.w[k];
    return *this;
  }
  friend constexpr packed_board operator|(packed_board a, const packed_board& b) noexcept { return a |= b; }
  [[nodiscard]] constexpr int count() const noexcept {
    int n = 0;
    for (auto x : w) n += detail::popcount(x);
    return n;
  }
  // |*this \ a|
  [[nodiscard]] constexpr int count_outside(const packed_board& a) const noexcept {
    int n = 0;
    for (std::size_t k = 0; k < W; ++k) n += detail::popcount(w[k] & ~a.w[k]);
    return n;
  }
};

template <std::size_t W, class Board>
[[nodiscard]] constexpr packed_board<W> pack(const Board& b) noexcept {
  packed_board<W> r;
  for (std::size_t k = 0; k < W && k < Board::word_count; ++k) r.w[k] = b.word(k);
  return r;
}

template <class Board>
[[nodiscard]] constexpr int highest_cell(const Board& b) noexcept {
  int last = -1;
  b.for_each([&](std::size_t c) { last = static_cast<int>(c); });
  return last;
}

// Ships longest first (stable): the enumeration order of every walker.
template <Ruleset R>
[[nodiscard]] std::vector<int> ships_longest_first(const R& rules) {
  std::vector<int> ship(static_cast<std::size_t>(rules.ship_count()));
  std::iota(ship.begin(), ship.end(), 0);
  std::stable_sort(ship.begin(), ship.end(), [&](int a, int b) { return rules.ship_length(a) > rules.ship_length(b); });
  return ship;
}

// Labelled layouts per unlabelled one: the product of (ships of each length)!.
template <Ruleset R>
[[nodiscard]] std::uint64_t labels_per_layout(const R& rules) {
  std::uint64_t d = 1;
  for (int i = 0; i < rules.ship_count(); ++i) {
    std::uint64_t k = 0;
    for (int j = 0; j <= i; ++j) k += rules.ship_length(j) == rules.ship_length(i) ? 1U : 0U;
    d *= k;
  }
  return d;
}

// The placements of every slot, sorted by a kernel's key, and the bitset
// compatibility rows of the fast walker.
template <class Board>
struct walk_plan {
  int slots = 0;
  std::vector<int> ship;                    // fleet index of each slot
  std::vector<std::vector<Board>> masks;    // per slot, placements in key order
  std::vector<std::vector<int>> canonical;  // per slot, index in all_placements() order
  std::vector<int> offset;                  // first word of each slot in a state row
  int row_words = 0;
  // compat[i][p * row_words + k]: for slot i at placement p, the placements of
  // every later slot still allowed (halo, and increasing order among ships of
  // equal length so each unlabelled layout is met once).
  std::vector<std::vector<std::uint64_t>> compat;
  [[nodiscard]] int size(int slot) const noexcept {
    return static_cast<int>(masks[static_cast<std::size_t>(slot)].size());
  }
};

template <Ruleset R, class Key>
[[nodiscard]] walk_plan<typename R::board_type> make_walk_plan(const R& rules, Key key) {
  using Board = typename R::board_type;
  using word = std::uint64_t;
  const auto g = rules.geometry();
  walk_plan<Board> plan;
  plan.ship = ships_longest_first(rules);
  plan.slots = rules.ship_count();
  plan.offset.assign(static_cast<std::size_t>(plan.slots + 1), 0);
  for (int i = 0; i < plan.slots; ++i) {
    const auto all = all_placements(g, rules.ship_length(plan.ship[static_cast<std::size_t>(i)]));
    if (all.empty()) throw std::invalid_argument("a ship does not fit on the grid");
    std::vector<int> idx(all.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::vector<int> keys(all.size());
    for (std::size_t p = 0; p < all.size(); ++p) keys[p] = key(all[p].mask);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      return keys[static_cast<std::size_t>(a)] < keys[static_cast<std::size_t>(b)];
    });
    std::vector<Board> m;
    for (int p : idx) m.push_back(all[static_cast<std::size_t>(p)].mask);
    plan.masks.push_back(std::move(m));
    plan.canonical.push_back(std::move(idx));
    plan.offset[static_cast<std::size_t>(i + 1)] = plan.offset[static_cast<std::size_t>(i)] + (plan.size(i) + 63) / 64;
  }
  plan.row_words = plan.offset[static_cast<std::size_t>(plan.slots)];
  plan.compat.resize(static_cast<std::size_t>(plan.slots));
  for (int i = 0; i < plan.slots; ++i) {
    auto& rows = plan.compat[static_cast<std::size_t>(i)];
    rows.assign(static_cast<std::size_t>(plan.size(i) * plan.row_words), 0);
    const int len_i = rules.ship_length(plan.ship[static_cast<std::size_t>(i)]);
    for (int p = 0; p < plan.size(i); ++p) {
      const Board forbidden =
          halo(g, rules.contact(), plan.masks[static_cast<std::size_t>(i)][static_cast<std::size_t>(p)]);
      word* row = rows.data() + static_cast<std::ptrdiff_t>(p) * plan.row_words;
      for (int j = i + 1; j < plan.slots; ++j) {
        const bool twin = rules.ship_length(plan.ship[static_cast<std::size_t>(j)]) == len_i;
        for (int q = twin ? p + 1 : 0; q < plan.size(j); ++q)
          if (!plan.masks[static_cast<std::size_t>(j)][static_cast<std::size_t>(q)].intersects(forbidden))
            row[plan.offset[static_cast<std::size_t>(j)] + q / 64] |= word{1} << (q % 64);
      }
    }
  }
  return plan;
}

// What a walker shares with the run while it walks a part: a flag that
// stops it (the run has failed or been cancelled; the part is then left,
// its histogram partial), and the layouts walked so far, added as the part
// goes so that progress moves within it (one takes minutes when playing
// Park's layouts).
struct part_sink {
  const std::atomic<bool>* stop = nullptr;
  std::atomic<std::uint64_t>* walked = nullptr;

  [[nodiscard]] bool stopped() const noexcept { return stop != nullptr && stop->load(std::memory_order_relaxed); }
  // Adds the layouts walked since the last call (`total` so far in the part).
  void add_walked(std::uint64_t total, std::uint64_t& added) const noexcept {
    if (walked != nullptr) walked->fetch_add(total - added, std::memory_order_relaxed);
    added = total;
  }
};

// Walks the unlabelled layouts with slot 0 at one placement. Kernel:
//   state root() const;
//   state push(const state&, int slot, int placement) const;
//   void leaf(const state&, int slot, const std::uint64_t* candidates, std::uint64_t* histogram) const;
// leaf() scores every candidate placement of the last slot given the others.
template <class Board, class Kernel>
class fast_walker {
 public:
  using word = std::uint64_t;
  fast_walker(const walk_plan<Board>& plan, const Kernel& kernel)
      : plan_(plan), kernel_(kernel), stack_(static_cast<std::size_t>((plan.slots + 1) * plan.row_words), 0) {}

  // Scores the layouts with slot 0 at placement p0 (key order); returns how
  // many (unlabelled), also added to sink.walked as it goes. Checks
  // sink.stop before each placement of slot 1 (on 10x10 with five ships,
  // about a millisecond of layouts apart) and every check_every placements
  // below it; once stopped, the part's histogram is partial.
  std::uint64_t run(int p0, std::uint64_t* histogram, part_sink sink = {}) {
    histogram_ = histogram;
    sink_ = sink;
    layouts_ = 0;
    added_ = 0;
    halted_ = false;
    until_check_ = check_every;
    if (plan_.slots == 1) {
      std::vector<word> only(static_cast<std::size_t>(plan_.row_words), 0);
      only[static_cast<std::size_t>(p0 / 64)] = word{1} << (p0 % 64);
      kernel_.leaf(kernel_.root(), 0, only.data(), histogram_);
      sink_.add_walked(1, added_);
      return 1;
    }
    const word* row = plan_.compat[0].data() + static_cast<std::ptrdiff_t>(p0) * plan_.row_words;
    std::copy(row, row + plan_.row_words, stack_.begin());
    for (int j = 1; j < plan_.slots; ++j)
      if (empty(stack_.data(), j)) return 0;
    recurse<true>(1, stack_.data(), kernel_.push(kernel_.root(), 0, p0));
    sink_.add_walked(layouts_, added_);
    return layouts_;
  }

 private:
  [[nodiscard]] bool empty(const word* state, int j) const noexcept {
    word any = 0;
    for (int k = plan_.offset[static_cast<std::size_t>(j)]; k < plan_.offset[static_cast<std::size_t>(j + 1)]; ++k)
      any |= state[k];
    return any == 0;
  }

  // Top: the call for slot 1, which checks the sink before each of its
  // placements and adds what they walked after; deeper calls look, and
  // add, once every check_every placements (a check in every node cost 2-4 %
  // of the instructions on 7x7, its nodes above the leaves being many), since with
  // many ships one placement of slot 1 can hold more layouts than a run
  // walks in hours (10x10, ships 5,4,3,3,2,2,2,2).
  template <bool Top, class State>
  void recurse(int i, word* state, const State& st) {
    const word* mine = state + plan_.offset[static_cast<std::size_t>(i)];
    const int words = plan_.offset[static_cast<std::size_t>(i + 1)] - plan_.offset[static_cast<std::size_t>(i)];
    if (i == plan_.slots - 1) {
      for (int w = 0; w < words; ++w) layouts_ += static_cast<std::uint64_t>(detail::popcount(mine[w]));
      kernel_.leaf(st, i, mine, histogram_);
      return;
    }
    word* next = state + plan_.row_words;
    const auto& rows = plan_.compat[static_cast<std::size_t>(i)];
    for (int w = 0; w < words; ++w) {
      word bits = mine[w];
      while (bits != 0) {
        if constexpr (Top) {
          if (sink_.stopped()) return;
          sink_.add_walked(layouts_, added_);
        } else if (--until_check_ == 0) {
          // Progress moves within the placement too (with eight ships on
          // 10x10 one holds hours of layouts, and the count stood at 0).
          until_check_ = check_every;
          sink_.add_walked(layouts_, added_);
          if (sink_.stopped()) {
            halted_ = true;
            return;
          }
        }
        const int p = w * 64 + std::countr_zero(bits);
        bits &= bits - 1;
        const word* row = rows.data() + static_cast<std::ptrdiff_t>(p) * plan_.row_words;
        bool dead = false;
        for (int j = i + 1; j < plan_.slots && !dead; ++j) {
          word any = 0;
          for (int k = plan_.offset[static_cast<std::size_t>(j)]; k < plan_.offset[static_cast<std::size_t>(j + 1)];
               ++k) {
            next[k] = state[k] & row[k];
            any |= next[k];
          }
          dead = any == 0;
        }
        if (!dead) {
          recurse<false>(i + 1, next, kernel_.push(st, i, p));
          if (halted_) return;
        }
      }
    }
  }

  const walk_plan<Board>& plan_;
  const Kernel& kernel_;
  std::vector<word> stack_;
  std::uint64_t* histogram_ = nullptr;
  part_sink sink_;
  std::uint64_t layouts_ = 0, added_ = 0;  // walked in this part, and of those added to the sink
  static constexpr std::uint32_t check_every = 4096;
  std::uint32_t until_check_ = check_every;  // placements below slot 1 until the next look at the sink
  bool halted_ = false;                      // a deeper call saw the sink stopped: leave the part
};

// The candidates of a last-level word split at key-order index t: bits below t.
[[nodiscard]] constexpr std::uint64_t bits_below(int t, int w) noexcept {
  if (t >= (w + 1) * 64) return ~std::uint64_t{0};
  if (t <= w * 64) return 0;
  return (std::uint64_t{1} << (t - w * 64)) - 1;
}

// Plays a Strategy against the labelled layouts of one part: those whose
// longest ships' lowest placement (in all_placements() order) is p0. Each
// part is a union of whole unlabelled layouts, every labelling of one in the
// same part, so a shard's histogram is a multiple of labels_per_layout as
// the whole's is, and its unlabelled count is exact.
template <Ruleset R, Strategy S>
class play_walker {
 public:
  using Board = typename R::board_type;
  play_walker(const R& rules, const S& strategy)
      : rules_(rules), g_(rules.geometry()), strategy_(strategy), fresh_(rules), obs_(rules) {
    ship_ = ships_longest_first(rules);
    for (int s : ship_) placements_.push_back(all_placements(g_, rules.ship_length(s)));
    while (longest_ < ship_.size() && rules.ship_length(ship_[longest_]) == rules.ship_length(ship_[0])) ++longest_;
    order_ = ship_;
    owner_.fill(-1);
    for (int i = 0; i < rules.ship_count(); ++i) total_cells_ += rules.ship_length(i);
  }

  // p0 in all_placements() order; returns the labelled layouts played,
  // also added to sink.walked at each placement of slots 1 and 2. Checks
  // sink.stop before each game and each placement of every ship but the first.
  std::uint64_t run(int p0, std::uint64_t* histogram, part_sink sink = {}) {
    histogram_ = histogram;
    sink_ = sink;
    layouts_ = 0;
    added_ = 0;
    lowest_ = static_cast<std::size_t>(p0);
    const auto& first = placements_[0][lowest_];
    // Each longest ship in turn at p0, the others of its length above it.
    for (std::size_t j = 0; j < longest_ && !sink_.stopped(); ++j) {
      order_ = ship_;
      std::swap(order_[0], order_[j]);
      place(0, first.mask, halo(g_, rules_.contact(), first.mask));
    }
    sink_.add_walked(layouts_, added_);
    return layouts_;
  }

 private:
  void place(int slot, const Board& mask, const Board& forbidden) {
    const int ship = order_[static_cast<std::size_t>(slot)];
    mask.for_each([&](std::size_t c) { owner_[c] = static_cast<signed char>(ship); });
    if (slot + 1 == static_cast<int>(ship_.size())) {
      play();
    } else {
      const auto next = static_cast<std::size_t>(slot + 1);
      const auto& candidates = placements_[next];
      for (std::size_t k = next < longest_ ? lowest_ + 1 : 0; k < candidates.size(); ++k) {
        const auto& p = candidates[k];
        if (sink_.stopped()) break;
        if (slot <= 1) sink_.add_walked(layouts_, added_);  // Park's board: every 20,000 games or so
        if (!p.mask.intersects(forbidden)) place(slot + 1, p.mask, forbidden | halo(g_, rules_.contact(), p.mask));
      }
    }
    mask.for_each([&](std::size_t c) { owner_[c] = -1; });
  }

  void play() {
    obs_ = fresh_;  // keeps the log's capacity
    start_new_game(strategy_);
    std::array<int, max_ships> remaining{};
    for (int i = 0; i < rules_.ship_count(); ++i) remaining[static_cast<std::size_t>(i)] = rules_.ship_length(i);
    const bool sunk = rules_.announces_sunk();
    int left = total_cells_, shots = 0;
    while (left > 0) {
      const int c = chosen_cell(strategy_, obs_, "exhaustive evaluation");
      require_unshot(rules_, obs_, c, "exhaustive evaluation");
      shot_result r = shot_result::miss();
      if (const int o = owner_[static_cast<std::size_t>(c)]; o >= 0) {
        --left;
        r = --remaining[static_cast<std::size_t>(o)] == 0 && sunk ? shot_result::sunk(o) : shot_result::hit();
      }
      obs_.record(c, r);
      notify_result(strategy_, c, r, obs_);
      ++shots;
    }
    ++histogram_[shots];
    ++layouts_;
  }

  const R& rules_;
  board_geometry<Board> g_;
  S strategy_;
  observation<Board> fresh_, obs_;
  std::vector<int> ship_;   // longest first
  std::vector<int> order_;  // this walk's: ship_ with one of the longest ships swapped to slot 0
  std::vector<std::vector<placed_ship<Board>>> placements_;
  std::size_t longest_ = 0;  // ships of the longest length: slots 0 .. longest_ - 1
  std::size_t lowest_ = 0;   // this part's p0, below every other longest ship's placement
  std::array<signed char, Board::capacity> owner_{};
  int total_cells_ = 0;
  std::uint64_t* histogram_ = nullptr;
  part_sink sink_;
  std::uint64_t layouts_ = 0, added_ = 0;  // walked in this part, and of those added to the sink
};

}  // namespace battleship::detail
