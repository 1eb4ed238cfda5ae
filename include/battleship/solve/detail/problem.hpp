#pragma once
// The solver's view of a position: every layout still consistent with the
// observation, enumerated once, plus the symmetries that map that set to
// itself (the grid's, and under sunk feedback swaps of equal-length ships).
//
// Atoms. Under hit/miss feedback the game ends when every fleet cell is hit,
// so layouts with the same occupied cells are the same leaf of any decision
// tree: they are merged into one atom weighted by its number of unlabelled
// layouts (equal-length ships interchangeable, Audinot et al.'s convention;
// under no-contact and no-edge rules every weight is 1, under touching a cell
// set can hold several layouts). Under sunk feedback the announcements name
// ships, so totals are over labelled layouts: each is its own atom, except
// that the renamings of a layout among ships of one type (equal lengths,
// none named yet; problem::ship_type) share one, since announcing a type
// instead of a name changes no optimum. Either way the optimal average is
// total / layouts.
//
// Cells are bits of one 64-bit word: exact solving is for grids of at most 64
// cells (8x8), far beyond what the search can finish anyway.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/byte_size.hpp>

namespace battleship::detail::solve {

inline constexpr int max_cells = 64;
// Layouts make_problem lists at most: labelled under sunk feedback, with
// equal-length ships alike under hit/miss.
inline constexpr std::size_t max_listed_layouts = 4'000'000;

struct problem {
  int width = 0;
  int height = 0;
  int cells = 0;
  int fleet_cells = 0;
  int ship_count = 0;
  bool sunk = false;
  bool unit_weights = true;
  bool distinct_occupancy = true;  // no two atoms occupy the same cells
  std::uint64_t start_hits = 0;
  std::uint64_t labelled = 0;         // labelled layouts agreeing with the observation
  std::vector<std::uint64_t> occ;     // per atom: occupied cells
  std::vector<std::uint64_t> ships;   // per atom * ship_count: that ship's cells (sunk feedback only)
  std::vector<std::uint64_t> weight;  // per atom
  // Symmetries of the grid that map the atom set onto itself; index 0 is the identity.
  std::vector<std::array<std::int8_t, max_cells>> cell_perm;
  std::vector<std::array<std::int8_t, max_cells>> cell_inverse;
  std::vector<std::vector<int>> atom_perm;
  // Per ship, the first ship of its type. Under sunk feedback, ships of one
  // length that swap without changing the position share a type (each ship
  // is its own type otherwise). Within a type the name announced at a
  // sinking is a fair coin, independent of where the other ships lie (the
  // position is symmetric in the type's ships afloat, and stays so), so the
  // search announces the type alone, with the same optimum.
  std::vector<int> ship_type;
  bool shared_types = false;  // some type holds two ships or more
  // Each atom stands for this many labelled layouts when renamings within
  // types are merged (the product of m! over types of m ships; else 1): the
  // search runs on unit weights, and its totals are multiplied by it.
  std::uint64_t renamings_per_atom = 1;
  [[nodiscard]] constexpr bool merged_renamings() const noexcept { return renamings_per_atom > 1; }

  [[nodiscard]] constexpr int atom_count() const noexcept { return static_cast<int>(occ.size()); }
  // A template, as grid_symmetries below, only so that the header compiles
  // where std::vector is not constexpr (GCC 12's -D_GLIBCXX_DEBUG): a
  // non-template constexpr function that can never be constant is an error.
  template <int = 0>
  [[nodiscard]] constexpr std::uint64_t total_weight() const noexcept {
    std::uint64_t t = 0;
    for (auto x : weight) t += x;
    return t;
  }
};

// n copies of v. (Built by push_back: clang 14 rejects libstdc++'s
// vector(n) and resize() for trivial types in constant evaluation.)
template <class T>
[[nodiscard]] constexpr std::vector<T> filled(std::size_t n, const T& v) {
  std::vector<T> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(v);
  return out;
}

template <class Board>
[[nodiscard]] constexpr std::uint64_t to_word(const Board& b) noexcept {
  std::uint64_t m = 0;
  b.for_each([&](std::size_t c) { m |= std::uint64_t{1} << c; });
  return m;
}

[[nodiscard]] constexpr std::uint64_t map_cells(std::uint64_t m,
                                                const std::array<std::int8_t, max_cells>& perm) noexcept {
  std::uint64_t r = 0;
  while (m != 0) {
    const int c = std::countr_zero(m);
    m &= m - 1;
    r |= std::uint64_t{1} << perm[static_cast<std::size_t>(c)];
  }
  return r;
}

// The dihedral transformations that fit a width x height grid: 4 on a
// rectangle, 8 on a square. Identity first.
template <int = 0>  // see problem::total_weight
[[nodiscard]] constexpr std::vector<std::array<std::int8_t, max_cells>> grid_symmetries(int width, int height) {
  std::vector<std::array<std::int8_t, max_cells>> out;
  const int kinds = width == height ? 8 : 4;
  for (int k = 0; k < kinds; ++k) {
    std::array<std::int8_t, max_cells> p{};
    for (int r = 0; r < height; ++r)
      for (int c = 0; c < width; ++c) {
        int rr = r, cc = c;
        if (k >= 4) {  // transpose first (square grids only)
          rr = c;
          cc = r;
        }
        if (k & 1) cc = width - 1 - cc;
        if (k & 2) rr = height - 1 - rr;
        p[static_cast<std::size_t>(r * width + c)] = static_cast<std::int8_t>(rr * width + cc);
      }
    out.push_back(p);
  }
  return out;
}

// The identity on ships 0..n-1, then every swap of two ships of one length.
// (Swaps suffice: those that map a position onto itself connect the ships
// into types, and swaps within a type generate every renaming of it.)
template <Ruleset R>
[[nodiscard]] constexpr std::vector<std::array<std::int8_t, max_ships>> equal_length_swaps(const R& rules) {
  const int n = rules.ship_count();
  std::array<std::int8_t, max_ships> identity{};
  for (int k = 0; k < n; ++k) identity[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(k);
  std::vector<std::array<std::int8_t, max_ships>> out{identity};
  for (int j = 1; j < n; ++j)
    for (int k = 0; k < j; ++k)
      if (rules.ship_length(k) == rules.ship_length(j)) {
        auto swap = identity;
        swap[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(j);
        swap[static_cast<std::size_t>(j)] = static_cast<std::int8_t>(k);
        out.push_back(swap);
      }
  return out;
}

// Enumerates the layouts agreeing with `obs` and builds the atoms.
//   use_symmetry: find the grid's symmetries and, under sunk feedback, the
//     ship types (problem::ship_type);
//   merge_renamings: then let one atom stand for a layout's renamings within
//     types (the search's view); off, every labelled layout is its own atom
//     (a tree names the ship in every sunk announcement).
template <Ruleset R>
[[nodiscard]] constexpr problem make_problem(const R& rules, const observation<typename R::board_type>& obs,
                                             bool use_symmetry = true, bool merge_renamings = true,
                                             std::size_t memory_limit = ~std::size_t{0}) {
  using Board = typename R::board_type;
  const auto g = rules.geometry();
  if (g.cell_count() > max_cells) throw std::invalid_argument("exact solving needs a grid of at most 64 cells");
  require_observation_of(rules, obs);
  problem p;
  p.width = g.width();
  p.height = g.height();
  p.cells = g.cell_count();
  p.ship_count = rules.ship_count();
  p.fleet_cells = total_ship_cells(rules.fleet);
  p.sunk = rules.announces_sunk();
  p.start_hits = to_word(obs.hits());

  struct cand {
    std::uint64_t mask, forbid;
  };
  auto allowed = filled(static_cast<std::size_t>(p.ship_count), std::vector<cand>{});
  for (int i = 0; i < p.ship_count; ++i)
    for (const auto& pl : all_placements(g, rules.ship_length(i)))
      if (obs.placement_allowed(i, pl.mask))
        allowed[static_cast<std::size_t>(i)].push_back(
            {to_word(pl.mask), to_word(halo<Board>(g, rules.contact(), pl.mask))});

  // Layouts, as ship masks (ship_count words each): labelled under sunk
  // feedback; under hit/miss feedback equal-length ships have the same
  // candidates and are interchangeable, so they are placed in increasing
  // candidate order, one layout per set of renamings (an atom's weight is
  // its unlabelled count), and many equal ships on a full grid (4x3 with
  // eight one-cell ships: 495 atoms, 20 M labelled layouts) stay within
  // the enumeration's limit.
  std::vector<std::uint64_t> found;
  std::array<std::uint64_t, max_ships> current{};
  std::array<int, max_ships> previous_equal{};  // the last ship before i of i's length, or -1
  std::array<std::size_t, max_ships> chosen{};  // the candidate each ship took
  for (int i = 0; i < p.ship_count; ++i) {
    previous_equal[static_cast<std::size_t>(i)] = -1;
    if (!p.sunk)
      for (int j = 0; j < i; ++j)
        if (rules.ship_length(j) == rules.ship_length(i)) previous_equal[static_cast<std::size_t>(i)] = j;
  }
  const auto place = [&](auto& self, int i, std::uint64_t forbidden, std::uint64_t occupied) -> void {
    if (i == p.ship_count) {
      if ((p.start_hits & ~occupied) != 0) return;
      if (found.size() >= max_listed_layouts * static_cast<std::size_t>(p.ship_count))
        throw std::invalid_argument("too many layouts for exact solving (more than " +
                                    std::to_string(max_listed_layouts) + " " +
                                    (p.sunk ? "labelled ones" : "with equal-length ships alike") + " to list)");
      // The list doubles as it grows (its room up to twice what it holds,
      // three times for a moment while it moves), and the atoms' copy of it
      // and their order that follow take as much again, while it is held.
      if ((found.size() + static_cast<std::size_t>(p.ship_count)) * sizeof(std::uint64_t) * 4 > memory_limit)
        throw std::length_error("the exact solver's list of layouts needs more than " + byte_size_name(memory_limit) +
                                " (" + std::to_string(found.size() / static_cast<std::size_t>(p.ship_count)) +
                                " layouts listed); raise the memory limit, or solve a position with fewer layouts");
      for (int k = 0; k < p.ship_count; ++k) found.push_back(current[static_cast<std::size_t>(k)]);
      return;
    }
    const auto& candidates = allowed[static_cast<std::size_t>(i)];
    const int before = previous_equal[static_cast<std::size_t>(i)];
    for (std::size_t k = before < 0 ? 0 : chosen[static_cast<std::size_t>(before)] + 1; k < candidates.size(); ++k) {
      const auto& c = candidates[k];
      if ((c.mask & forbidden) != 0) continue;
      current[static_cast<std::size_t>(i)] = c.mask;
      chosen[static_cast<std::size_t>(i)] = k;
      self(self, i + 1, forbidden | c.forbid, occupied | c.mask);
    }
  };
  place(place, 0, 0, 0);
  const std::size_t n = found.size() / static_cast<std::size_t>(p.ship_count);
  if (n == 0) throw no_layout_agrees(obs);
  p.labelled = n;
  // Under hit/miss, n counts unlabelled layouts; 2^64 - 1 stands for more labelled ones.
  if (!p.sunk && __builtin_mul_overflow(p.labelled, unlabelled_divisor(rules, obs), &p.labelled))
    p.labelled = ~std::uint64_t{0};
  const auto sc = static_cast<std::size_t>(p.ship_count);

  if (!p.sunk) {
    auto occs = filled<std::uint64_t>(n, 0);
    for (std::size_t l = 0; l < n; ++l)
      for (std::size_t k = 0; k < sc; ++k) occs[l] |= found[l * sc + k];
    std::sort(occs.begin(), occs.end());
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j < n && occs[j] == occs[i]) ++j;
      const auto mult = static_cast<std::uint64_t>(j - i);  // unlabelled layouts on these cells
      p.occ.push_back(occs[i]);
      p.weight.push_back(mult);
      if (mult != 1) p.unit_weights = false;
      i = j;
    }
  } else {
    // Atoms sorted by their ship masks, so a symmetry can find its image by binary search.
    std::vector<std::size_t> order;
    order.reserve(n);
    p.ships.reserve(found.size());
    for (std::size_t l = 0; l < n; ++l) order.push_back(l);
    const auto less = [&](std::size_t a, std::size_t b) {
      for (std::size_t k = 0; k < sc; ++k)
        if (found[a * sc + k] != found[b * sc + k]) return found[a * sc + k] < found[b * sc + k];
      return false;
    };
    std::sort(order.begin(), order.end(), less);
    for (std::size_t l : order)
      for (std::size_t k = 0; k < sc; ++k) p.ships.push_back(found[l * sc + k]);
  }
  for (int k = 0; k < p.ship_count; ++k) p.ship_type.push_back(k);

  using ship_masks_key = std::array<std::uint64_t, max_ships>;
  // The atom whose ships are `key` (sunk feedback), or -1.
  const auto find_atom = [&](const ship_masks_key& key) {
    const int atoms = static_cast<int>(p.ships.size() / sc);
    int lo = 0, hi = atoms;  // first atom not less than key
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      bool mid_less = false;
      for (std::size_t k = 0; k < sc; ++k) {
        const auto v = p.ships[static_cast<std::size_t>(mid) * sc + k];
        if (v != key[k]) {
          mid_less = v < key[k];
          break;
        }
      }
      if (mid_less)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == atoms) return -1;
    for (std::size_t k = 0; k < sc; ++k)
      if (p.ships[static_cast<std::size_t>(lo) * sc + k] != key[k]) return -1;
    return lo;
  };
  const auto ships_of = [&](std::size_t a) {
    ship_masks_key key{};
    for (std::size_t k = 0; k < sc; ++k) key[k] = p.ships[a * sc + k];
    return key;
  };

  const auto names = equal_length_swaps(rules);
  if (p.sunk && use_symmetry) {
    // Swaps of equal-length ships that map the layouts onto themselves join
    // the two ships' types (keeping each type's first ship as its label).
    for (std::size_t i = 1; i < names.size(); ++i) {
      bool kept = true;
      for (std::size_t a = 0; a < n && kept; ++a) {
        const auto mine = ships_of(a);
        ship_masks_key key{};
        for (std::size_t k = 0; k < sc; ++k) key[static_cast<std::size_t>(names[i][k])] = mine[k];
        kept = find_atom(key) >= 0;
      }
      if (!kept) continue;
      for (std::size_t k = 0; k < sc; ++k) {
        int x = p.ship_type[k], y = p.ship_type[static_cast<std::size_t>(names[i][k])];
        if (x == y) continue;
        if (x > y) std::swap(x, y);
        for (auto& type : p.ship_type)
          if (type == y) type = x;
      }
    }
  }
  // The ships of each type in increasing order of their cells: one labelled
  // layout of each set of renamings.
  const auto by_type_order = [&](ship_masks_key key) {
    for (std::size_t t = 0; t < sc; ++t) {
      if (p.ship_type[t] != static_cast<int>(t)) continue;
      ship_masks_key masks{};
      std::size_t m = 0;
      for (std::size_t k = t; k < sc; ++k)
        if (p.ship_type[k] == static_cast<int>(t)) masks[m++] = key[k];
      std::sort(masks.begin(), masks.begin() + static_cast<std::ptrdiff_t>(m));
      m = 0;
      for (std::size_t k = t; k < sc; ++k)
        if (p.ship_type[k] == static_cast<int>(t)) key[k] = masks[m++];
    }
    return key;
  };
  for (std::size_t k = 0; k < sc; ++k) p.shared_types = p.shared_types || p.ship_type[k] != static_cast<int>(k);
  for (std::size_t t = 0; t < sc; ++t) {
    std::uint64_t members = 0;
    for (std::size_t k = 0; k < sc; ++k) members += p.ship_type[k] == static_cast<int>(t) ? 1U : 0U;
    for (std::uint64_t i = 2; i <= members; ++i) p.renamings_per_atom *= i;
  }
  if (p.sunk && merge_renamings && p.renamings_per_atom > 1) {
    // Announced by type, a layout and its renamings within types are never
    // told apart: one atom stands for them all, the one whose ships of each
    // type are in order of their cells.
    // (Kept in place: a list of whole keys took 128 bytes an atom.)
    std::size_t kept = 0;
    for (std::size_t a = 0; a < n; ++a) {
      const auto key = ships_of(a);
      if (by_type_order(key) != key) continue;
      for (std::size_t k = 0; k < sc; ++k) p.ships[kept * sc + k] = key[k];
      ++kept;
    }
    p.ships.resize(kept * sc);
    p.ships.shrink_to_fit();
  } else {
    p.renamings_per_atom = 1;
  }
  if (p.sunk) {
    const std::size_t atoms = p.ships.size() / sc;
    for (std::size_t a = 0; a < atoms; ++a) {
      std::uint64_t o = 0;
      for (std::size_t k = 0; k < sc; ++k) o |= p.ships[a * sc + k];
      p.occ.push_back(o);
      p.weight.push_back(1);
    }
    auto occs = p.occ;
    std::sort(occs.begin(), occs.end());
    for (std::size_t i = 1; i < occs.size(); ++i)
      if (occs[i] == occs[i - 1]) p.distinct_occupancy = false;
  }

  // Symmetries of the grid that map the atom set (with weights) onto itself.
  const auto all = grid_symmetries(p.width, p.height);
  const int atoms = p.atom_count();
  for (std::size_t s = 0; s < (use_symmetry ? all.size() : 1); ++s) {
    const auto& perm = all[s];
    auto image = filled(static_cast<std::size_t>(atoms), -1);
    bool ok = true;
    for (int a = 0; a < atoms && ok; ++a) {
      int found_at = -1;
      if (!p.sunk) {
        const auto target = map_cells(p.occ[static_cast<std::size_t>(a)], perm);
        const auto it = std::lower_bound(p.occ.begin(), p.occ.end(), target);
        if (it != p.occ.end() && *it == target) found_at = static_cast<int>(it - p.occ.begin());
      } else {
        ship_masks_key key{};
        for (std::size_t k = 0; k < sc; ++k) key[k] = map_cells(p.ships[static_cast<std::size_t>(a) * sc + k], perm);
        found_at = find_atom(p.merged_renamings() ? by_type_order(key) : key);
      }
      if (found_at < 0 || p.weight[static_cast<std::size_t>(found_at)] != p.weight[static_cast<std::size_t>(a)])
        ok = false;
      else
        image[static_cast<std::size_t>(a)] = found_at;
    }
    if (!ok) continue;
    // Cells beyond the grid map to themselves, so the tables are total.
    auto full = perm;
    for (int c = p.cells; c < max_cells; ++c) full[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c);
    std::array<std::int8_t, max_cells> inv{};
    for (int c = 0; c < max_cells; ++c)
      inv[static_cast<std::size_t>(full[static_cast<std::size_t>(c)])] = static_cast<std::int8_t>(c);
    p.cell_perm.push_back(full);
    p.cell_inverse.push_back(inv);
    p.atom_perm.push_back(std::move(image));
  }
  return p;
}

}  // namespace battleship::detail::solve
