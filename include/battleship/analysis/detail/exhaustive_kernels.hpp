#pragma once
// Scoring kernels of the fast exhaustive walker (see exhaustive_walk.hpp).
//
// row_scan_kernel: the scan ends on the highest occupied cell, so a layout
// needs 1 + max over ships of the ship's highest cell.
//
// sweep_kernel: under a rule where ships may not share an edge, a sweep finds
// each ship at its first cell in the order (the discovery index d), and the
// clearing from that cell shoots the ship's other cells plus the one water
// cell ending each direction walked. Those cells never belong to another
// ship and the ship's own cells are never shot before its discovery, so the
// clearing of a ship is a fixed set C(p) of its placement p, except that a
// water cell already shot costs nothing (union, below). All ships are
// cleared before the next discovery, so the game ends inside the clearing
// of the last-discovered ship L, right after its last cell is hit. Hence
//   shots = | swept(d(L)) u union_{S != L} C(S) u pre(L) |
// where swept(k) = the first k+1 cells of the order and pre(L) = the
// clearing of L up to its last hit (with L's cells). Walking the slots,
// the kernel keeps union C of all ships placed and of all but the
// latest-discovered one; on the last level, placements sorted by d split into
// those discovered before L (score |A| + |C(q) \ A| with A fixed) and after
// (score |all u swept(d(q)) u pre(q)|).

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include <battleship/analysis/detail/exhaustive_walk.hpp>
#include <battleship/core/adjacency.hpp>
#include <battleship/core/geometry.hpp>
#include <battleship/detail/popcount.hpp>
#include <battleship/strategy/sweep.hpp>

namespace battleship::detail {

// first_at_least[k]: the first index (in a sorted key list) whose key is >= k.
[[nodiscard]] inline std::vector<int> first_at_least(const std::vector<int>& sorted_keys, int max_key) {
  std::vector<int> out(static_cast<std::size_t>(max_key + 2), 0);
  std::size_t i = 0;
  for (int k = 0; k <= max_key + 1; ++k) {
    while (i < sorted_keys.size() && sorted_keys[i] < k) ++i;
    out[static_cast<std::size_t>(k)] = static_cast<int>(i);
  }
  return out;
}

template <std::size_t W>
class row_scan_kernel {
 public:
  struct state {
    int last = -1;  // highest occupied cell so far
  };
  template <class Board>
  row_scan_kernel(const walk_plan<Board>& plan, int cells) {
    for (int i = 0; i < plan.slots; ++i) {
      std::vector<int> keys;
      for (const auto& m : plan.masks[static_cast<std::size_t>(i)]) keys.push_back(highest_cell(m));
      first_above_.push_back(first_at_least(keys, cells));
      last_.push_back(std::move(keys));
    }
  }
  static constexpr int key(const auto& mask) noexcept { return highest_cell(mask); }

  [[nodiscard]] state root() const noexcept { return {}; }
  [[nodiscard]] state push(const state& s, int slot, int p) const noexcept {
    const int l = last_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(p)];
    return {l > s.last ? l : s.last};
  }
  void leaf(const state& s, int slot, const std::uint64_t* cand, std::uint64_t* histogram) const noexcept {
    const auto& last = last_[static_cast<std::size_t>(slot)];
    const int t = first_above_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(s.last + 1)];
    const int words = (static_cast<int>(last.size()) + 63) / 64;
    for (int w = 0; w < words; ++w) {
      const std::uint64_t lo = cand[w] & bits_below(t, w);
      std::uint64_t hi = cand[w] & ~lo;
      histogram[s.last + 1] += static_cast<std::uint64_t>(detail::popcount(lo));
      while (hi != 0) {
        const int q = w * 64 + std::countr_zero(hi);
        hi &= hi - 1;
        ++histogram[last[static_cast<std::size_t>(q)] + 1];
      }
    }
  }

 private:
  std::vector<std::vector<int>> last_;
  std::vector<std::vector<int>> first_above_;
};

// The sweep's discovery index of a placement: its first cell in the order.
class sweep_rank {
 public:
  sweep_rank(const std::vector<int>& order, int cells) : rank_(static_cast<std::size_t>(cells), unswept) {
    for (std::size_t k = 0; k < order.size(); ++k) rank_[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  }
  static constexpr int unswept = std::numeric_limits<int>::max();
  template <class Board>
  [[nodiscard]] int operator()(const Board& mask) const noexcept {
    int d = unswept;
    mask.for_each([&](std::size_t c) { d = rank_[c] < d ? rank_[c] : d; });
    return d;
  }

 private:
  std::vector<int> rank_;
};

// The cells a sweep's clearing from `hit` shoots when the ship `ship` is alone
// on the board, in shooting order (the same walk as sweep::next_shot).
template <class Board>
[[nodiscard]] std::vector<int> clearing_walk(const board_geometry<Board>& g, const Board& ship, int hit,
                                             sweep_clearing mode) {
  std::vector<int> out;
  bool found_horizontal = false;
  for (int dir = 0; dir < 4; ++dir) {
    if (dir == 2 && mode == sweep_clearing::horizontal_first && found_horizontal) break;
    const auto [dr, dc] = sweep_directions[static_cast<std::size_t>(dir)];
    int r = g.row_of(hit), c = g.col_of(hit);
    while (true) {
      r += dr;
      c += dc;
      if (!g.contains(r, c)) break;
      const int cell = g.cell(r, c);
      out.push_back(cell);
      if (!ship.test(static_cast<std::size_t>(cell))) break;
      if (dir < 2) found_horizontal = true;
    }
  }
  return out;
}

template <std::size_t W>
class sweep_kernel {
 public:
  using board = packed_board<W>;
  struct state {
    int last = -1;                    // discovery index of the latest-discovered ship
    const board* last_pre = nullptr;  // its clearing up to its last hit
    board all{}, but_last{};          // union of C over all ships / all but that one
  };

  template <class Board>
  sweep_kernel(const walk_plan<Board>& plan, const board_geometry<Board>& g, const std::vector<int>& order,
               sweep_clearing mode) {
    const sweep_rank rank(order, g.cell_count());
    const int n = static_cast<int>(order.size());
    Board prefix;
    for (int k = 0; k < n; ++k) {
      prefix.set(static_cast<std::size_t>(order[static_cast<std::size_t>(k)]));
      swept_.push_back(pack<W>(prefix));
    }
    slots_.resize(static_cast<std::size_t>(plan.slots));
    for (int i = 0; i < plan.slots; ++i) {
      auto& s = slots_[static_cast<std::size_t>(i)];
      for (const auto& m : plan.masks[static_cast<std::size_t>(i)]) {
        const int d = rank(m);
        if (d == sweep_rank::unswept)
          throw std::domain_error("sweep fast path: a placement misses every cell of the order");
        const int hit = order[static_cast<std::size_t>(d)];
        Board full = m, pre = m;
        const auto walk = clearing_walk(g, m, hit, mode);
        std::size_t last_hit = 0;  // walk cells up to the last ship cell
        for (std::size_t k = 0; k < walk.size(); ++k)
          if (m.test(static_cast<std::size_t>(walk[k]))) last_hit = k + 1;
        for (std::size_t k = 0; k < walk.size(); ++k) {
          full.set(static_cast<std::size_t>(walk[k]));
          if (k < last_hit) pre.set(static_cast<std::size_t>(walk[k]));
        }
        s.d.push_back(d);
        s.full.push_back(pack<W>(full));
        s.pre.push_back(pack<W>(pre));
        s.reach.push_back(swept_[static_cast<std::size_t>(d)] | pack<W>(pre));
      }
      s.first_at_least = first_at_least(s.d, n);
    }
  }

  [[nodiscard]] state root() const noexcept { return {}; }
  [[nodiscard]] state push(const state& s, int slot, int p) const noexcept {
    const auto& sl = slots_[static_cast<std::size_t>(slot)];
    const auto pi = static_cast<std::size_t>(p);
    state r;
    r.all = s.all | sl.full[pi];
    if (sl.d[pi] > s.last) {
      r.last = sl.d[pi];
      r.last_pre = &sl.pre[pi];
      r.but_last = s.all;
    } else {
      r.last = s.last;
      r.last_pre = s.last_pre;
      r.but_last = s.but_last | sl.full[pi];
    }
    return r;
  }
  void leaf(const state& s, int slot, const std::uint64_t* cand, std::uint64_t* histogram) const noexcept {
    const auto& sl = slots_[static_cast<std::size_t>(slot)];
    int t = 0;
    board a{};
    int a_count = 0;
    if (s.last >= 0) {
      t = sl.first_at_least[static_cast<std::size_t>(s.last)];
      a = swept_[static_cast<std::size_t>(s.last)] | s.but_last | *s.last_pre;
      a_count = a.count();
    }
    const int words = (static_cast<int>(sl.d.size()) + 63) / 64;
    for (int w = 0; w < words; ++w) {
      std::uint64_t lo = cand[w] & bits_below(t, w);
      std::uint64_t hi = cand[w] & ~lo;
      while (lo != 0) {  // discovered before the latest ship: it is cleared in full
        const auto q = static_cast<std::size_t>(w * 64 + std::countr_zero(lo));
        lo &= lo - 1;
        ++histogram[a_count + sl.full[q].count_outside(a)];
      }
      while (hi != 0) {  // discovered last: the game ends in its clearing
        const auto q = static_cast<std::size_t>(w * 64 + std::countr_zero(hi));
        hi &= hi - 1;
        ++histogram[(s.all | sl.reach[q]).count()];
      }
    }
  }

 private:
  struct slot_data {
    std::vector<int> d;
    std::vector<board> full, pre, reach;  // reach = swept(d) | pre
    std::vector<int> first_at_least;
  };
  std::vector<board> swept_;
  std::vector<slot_data> slots_;
};

}  // namespace battleship::detail
