#pragma once
// Park's bitset-optimised enumeration.
//
// Placements of each ship are numbered; for ship i at placement p and every
// later ship j, a bitset over j's placements says which stay compatible
// (precomputed once). The recursion ANDs these bitsets into the later ships'
// candidate sets and walks the survivors with a destructive bit scan, so an
// incompatible placement is never even looked at. Hits are tracked as a count
// still to be covered (placements never overlap, so the hits they cover add
// up). The last ship is counted with one popcount per hit count instead of a
// loop. Occupancy tallies layouts per placement and spreads them over cells
// at the end; the last ship's tallies are bit-sliced counters (see
// add_last()), since one increment per layout would cost the matrix ten
// times the count.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/detail/popcount.hpp>

namespace battleship {

namespace detail {
template <Ruleset R>
class bitset_enumeration {
 public:
  using Board = typename R::board_type;
  using word = std::uint64_t;

  bitset_enumeration(const R& rules, const observation<Board>& obs, bool with_occupancy)
      : n_(rules.ship_count()), occupancy_(with_occupancy), table_(rules) {
    const auto& g = table_.geometry();
    const int hit_count = obs.hits().count();
    ships_.resize(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) {
      auto& s = ships_[static_cast<std::size_t>(i)];
      for (const auto& p : table_.ship(i))
        if (obs.placement_allowed(i, p.mask)) {
          s.masks.push_back(p.mask);
          s.hits.push_back((p.mask & obs.hits()).count());
        }
      s.size = static_cast<int>(s.masks.size());
      s.words = (s.size + 63) / 64;
      s.length = rules.ship_length(i);
      s.tally.assign(static_cast<std::size_t>(s.size), 0);
      // Placements of this ship covering exactly k hits.
      s.with_hits.assign(static_cast<std::size_t>((hit_count + 1) * s.words), 0);
      for (int p = 0; p < s.size; ++p)
        if (s.hits[static_cast<std::size_t>(p)] <= hit_count)
          s.with_hits[static_cast<std::size_t>(s.hits[static_cast<std::size_t>(p)] * s.words + p / 64)] |= word{1}
                                                                                                           << (p % 64);
    }
    hit_count_ = hit_count;
    if (occupancy_ && n_ > 0)
      last_planes_.assign(static_cast<std::size_t>(ships_[static_cast<std::size_t>(n_ - 1)].words * planes_per_word),
                          0);
    // Offsets of ship j's words inside one state row (all ships' bitsets side by side).
    offset_.resize(static_cast<std::size_t>(n_ + 1));
    for (int j = 0; j < n_; ++j)
      offset_[static_cast<std::size_t>(j + 1)] =
          offset_[static_cast<std::size_t>(j)] + ships_[static_cast<std::size_t>(j)].words;
    row_words_ = offset_[static_cast<std::size_t>(n_)];
    // compat_[i] holds, per placement p of ship i, a full state row: for each
    // later ship j, the placements compatible with i at p.
    compat_.resize(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) {
      const auto& si = ships_[static_cast<std::size_t>(i)];
      auto& rows = compat_[static_cast<std::size_t>(i)];
      rows.assign(static_cast<std::size_t>(si.size * row_words_), 0);
      for (int p = 0; p < si.size; ++p) {
        const Board forbidden = halo(g, rules.contact(), si.masks[static_cast<std::size_t>(p)]);
        word* row = rows.data() + static_cast<std::ptrdiff_t>(p) * row_words_;
        for (int j = i + 1; j < n_; ++j) {
          const auto& sj = ships_[static_cast<std::size_t>(j)];
          for (int q = 0; q < sj.size; ++q)
            if (!sj.masks[static_cast<std::size_t>(q)].intersects(forbidden))
              row[offset_[static_cast<std::size_t>(j)] + q / 64] |= word{1} << (q % 64);
        }
      }
    }
    cells_after_.assign(static_cast<std::size_t>(n_ + 1), 0);
    for (int i = n_; i-- > 0;)
      cells_after_[static_cast<std::size_t>(i)] =
          cells_after_[static_cast<std::size_t>(i + 1)] + ships_[static_cast<std::size_t>(i)].length;
  }

  count_result run(const R& rules, const observation<Board>& obs) {
    std::vector<word> stack(static_cast<std::size_t>((n_ + 1) * row_words_), 0);
    for (int j = 0; j < n_; ++j) {
      const auto& s = ships_[static_cast<std::size_t>(j)];
      for (int q = 0; q < s.size; ++q)
        stack[static_cast<std::size_t>(offset_[static_cast<std::size_t>(j)] + q / 64)] |= word{1} << (q % 64);
    }
    const std::uint64_t total = recurse(0, stack.data(), hit_count_);
    if (occupancy_ && n_ > 0) spill_last();
    count_result result;
    result.labelled = total;
    result.labelled_per_unlabelled = unlabelled_divisor(rules, obs);
    result.unlabelled = total / result.labelled_per_unlabelled;
    if (occupancy_) {
      result.occupancy.assign(static_cast<std::size_t>(table_.geometry().cell_count()), 0);
      for (const auto& s : ships_)
        for (int p = 0; p < s.size; ++p)
          if (s.tally[static_cast<std::size_t>(p)] != 0)
            s.masks[static_cast<std::size_t>(p)].for_each(
                [&](std::size_t c) { result.occupancy[c] += s.tally[static_cast<std::size_t>(p)]; });
    }
    return result;
  }

 private:
  struct ship_data {
    std::vector<Board> masks;
    std::vector<int> hits;
    std::vector<std::uint64_t> tally;
    std::vector<word> with_hits;
    int size = 0, words = 0, length = 0;
  };

  std::uint64_t recurse(int i, word* state, int hits_left) {
    if (hits_left > cells_after_[static_cast<std::size_t>(i)]) return 0;
    auto& s = ships_[static_cast<std::size_t>(i)];
    const word* mine = state + offset_[static_cast<std::size_t>(i)];
    if (i == n_ - 1) {
      if (hits_left > s.length) return 0;
      const word* exact = s.with_hits.data() + static_cast<std::ptrdiff_t>(hits_left) * s.words;
      std::uint64_t c = 0;
      word* leaf = state + row_words_;  // the next row of the stack is free at the last ship
      for (int w = 0; w < s.words; ++w) {
        leaf[w] = mine[w] & exact[w];
        c += static_cast<std::uint64_t>(detail::popcount(leaf[w]));
      }
      if (occupancy_ && c != 0) add_last(leaf, s.words);
      return c;
    }
    word* next = state + row_words_;
    std::uint64_t total = 0;
    for (int w = 0; w < s.words; ++w) {
      word bits = mine[w];
      while (bits != 0) {
        const int p = w * 64 + std::countr_zero(bits);
        bits &= bits - 1;
        const word* row = compat_[static_cast<std::size_t>(i)].data() + static_cast<std::ptrdiff_t>(p) * row_words_;
        bool empty_ship = false;
        for (int j = i + 1; j < n_ && !empty_ship; ++j) {
          word any = 0;
          for (int k = offset_[static_cast<std::size_t>(j)]; k < offset_[static_cast<std::size_t>(j + 1)]; ++k) {
            next[k] = state[k] & row[k];
            any |= next[k];
          }
          empty_ship = any == 0;
        }
        if (empty_ship) continue;
        const std::uint64_t below = recurse(i + 1, next, hits_left - s.hits[static_cast<std::size_t>(p)]);
        if (occupancy_) s.tally[static_cast<std::size_t>(p)] += below;
        total += below;
      }
    }
    return total;
  }

  // The last ship's layouts per placement, bit-sliced: plane k of word w
  // holds bit k of the counters of placements 64w .. 64w + 63. A leaf's
  // placements go into four low planes with a branch-free ripple
  // carry; every 15 leaves (before those can overflow) the low planes are
  // added into 16 high planes, and every 4369 such folds (before the high
  // planes can overflow: 4369 x 15 = 2^16 - 1) the high planes are spilled
  // into the tallies.
  static constexpr int low_planes = 4, high_planes = 16;
  static constexpr int leaves_per_fold = (1 << low_planes) - 1;
  static constexpr int folds_per_spill = ((1 << high_planes) - 1) / leaves_per_fold;
  static constexpr int planes_per_word = low_planes + high_planes;
  void add_last(const word* bits, int words) noexcept {
    for (int w = 0; w < words; ++w) {
      word* low = last_planes_.data() + static_cast<std::ptrdiff_t>(w) * planes_per_word;
      word carry = bits[w];
      for (int k = 0; k < low_planes; ++k) {
        const word next = low[k] & carry;
        low[k] ^= carry;
        carry = next;
      }
    }
    if (++last_leaves_ < leaves_per_fold) return;
    last_leaves_ = 0;
    for (int w = 0; w < words; ++w) {
      word* low = last_planes_.data() + static_cast<std::ptrdiff_t>(w) * planes_per_word;
      word* high = low + low_planes;
      word carry = 0;
      for (int k = 0; k < high_planes; ++k) {
        const word add = k < low_planes ? low[k] : 0;
        const word sum = high[k] ^ add ^ carry;
        carry = (high[k] & add) | (carry & (high[k] ^ add));
        high[k] = sum;
        if (k >= low_planes && carry == 0) break;
      }
      for (int k = 0; k < low_planes; ++k) low[k] = 0;
    }
    if (++last_folds_ == folds_per_spill) spill_last();
  }
  // Moves every plane's counts into the tallies.
  void spill_last() {
    auto& s = ships_[static_cast<std::size_t>(n_ - 1)];
    for (int w = 0; w < s.words; ++w)
      for (int k = 0; k < planes_per_word; ++k) {
        word& bits = last_planes_[static_cast<std::size_t>(w * planes_per_word + k)];
        const std::uint64_t weight = std::uint64_t{1} << (k < low_planes ? k : k - low_planes);
        for (; bits != 0; bits &= bits - 1)
          s.tally[static_cast<std::size_t>(w * 64 + std::countr_zero(bits))] += weight;
      }
    last_leaves_ = 0;
    last_folds_ = 0;
  }

  int n_;
  bool occupancy_;
  placement_table<R> table_;
  std::vector<ship_data> ships_;
  std::vector<int> offset_;
  std::vector<int> cells_after_;
  std::vector<std::vector<word>> compat_;
  int row_words_ = 0;
  int hit_count_ = 0;
  std::vector<word> last_planes_;
  int last_leaves_ = 0, last_folds_ = 0;
};
}  // namespace detail

template <Ruleset R>
[[nodiscard]] count_result enumerate_bitset(const R& rules, const observation<typename R::board_type>& obs,
                                            bool with_occupancy = true) {
  require_observation_of(rules, obs);
  detail::bitset_enumeration<R> e(rules, obs, with_occupancy);
  return e.run(rules, obs);
}

template <Ruleset R>
[[nodiscard]] count_result enumerate_bitset(const R& rules, bool with_occupancy = true) {
  return enumerate_bitset(rules, observation<typename R::board_type>(rules), with_occupancy);
}

}  // namespace battleship
