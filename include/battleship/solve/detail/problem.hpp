#pragma once
// The solver's view of a position: every layout still consistent with the
// observation, enumerated once, plus the symmetries that map that set to
// itself (the grid's, and under sunk feedback renamings of equal-length ships).
//
// Atoms. Under hit/miss feedback the game ends when every fleet cell is hit,
// so layouts with the same occupied cells are the same leaf of any decision
// tree: they are merged into one atom weighted by its number of unlabelled
// layouts (equal-length ships interchangeable, Audinot et al.'s convention;
// under no-contact and no-edge rules every weight is 1, under touching a cell
// set can hold several layouts). Under sunk feedback the announcements name
// ships, so every labelled layout is its own atom of weight 1 and totals are
// over labelled layouts. Either way the optimal average is total / weight sum.
//
// Cells are bits of one 64-bit word: exact solving is for grids of at most 64
// cells (8x8), far beyond what the search can finish anyway.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship::detail::solve {

inline constexpr int max_cells = 64;
inline constexpr std::size_t max_labelled_layouts = 4'000'000;
// The most renamings of equal-length ships the solver tries (problem::renamings).
inline constexpr std::size_t max_renamings = 24;

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
  // Under sunk feedback, the renamings of equal-length ships (not the
  // identity) that map the atom set onto itself, as atom permutations.
  std::vector<std::vector<int>> renamings;

  [[nodiscard]] constexpr int atom_count() const noexcept { return static_cast<int>(occ.size()); }
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

// The permutations of ships 0..n-1 that keep every ship's length, identity
// first, at most `cap` of them. Under sunk feedback, renaming ships of one
// length in every layout leaves the game the same up to the names
// announced, so each that maps the layouts onto themselves is a symmetry.
template <Ruleset R>
[[nodiscard]] constexpr std::vector<std::array<std::int8_t, max_ships>> length_preserving_renamings(const R& rules,
                                                                                                    std::size_t cap) {
  const int n = rules.ship_count();
  std::array<std::int8_t, max_ships> identity{};
  for (int k = 0; k < n; ++k) identity[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(k);
  std::vector<std::array<std::int8_t, max_ships>> out{identity};
  std::array<bool, max_ships> grouped{};
  for (int first = 0; first < n; ++first) {
    if (grouped[static_cast<std::size_t>(first)]) continue;
    std::vector<std::int8_t> group;  // the ships of this length, in increasing order
    for (int k = first; k < n; ++k)
      if (rules.ship_length(k) == rules.ship_length(first)) {
        group.push_back(static_cast<std::int8_t>(k));
        grouped[static_cast<std::size_t>(k)] = true;
      }
    if (group.size() < 2) continue;
    std::vector<std::array<std::int8_t, max_ships>> next;
    for (const auto& before : out) {
      auto images = group;
      do {
        auto pi = before;
        for (std::size_t j = 0; j < group.size(); ++j) pi[static_cast<std::size_t>(group[j])] = images[j];
        next.push_back(pi);
      } while (next.size() < cap && std::next_permutation(images.begin(), images.end()));
      if (next.size() >= cap) break;
    }
    out = std::move(next);
  }
  return out;
}

// Enumerates the layouts agreeing with `obs` and builds the atoms.
template <Ruleset R>
[[nodiscard]] constexpr problem make_problem(const R& rules, const observation<typename R::board_type>& obs,
                                             bool use_symmetry = true) {
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

  // Labelled layouts, as ship masks (ship_count words each).
  std::vector<std::uint64_t> found;
  std::array<std::uint64_t, max_ships> current{};
  const auto place = [&](auto& self, int i, std::uint64_t forbidden, std::uint64_t occupied) -> void {
    if (i == p.ship_count) {
      if ((p.start_hits & ~occupied) != 0) return;
      if (found.size() >= max_labelled_layouts * static_cast<std::size_t>(p.ship_count))
        throw std::invalid_argument("too many layouts for exact solving");
      for (int k = 0; k < p.ship_count; ++k) found.push_back(current[static_cast<std::size_t>(k)]);
      return;
    }
    for (const auto& c : allowed[static_cast<std::size_t>(i)]) {
      if ((c.mask & forbidden) != 0) continue;
      current[static_cast<std::size_t>(i)] = c.mask;
      self(self, i + 1, forbidden | c.forbid, occupied | c.mask);
    }
  };
  place(place, 0, 0, 0);
  const std::size_t n = found.size() / static_cast<std::size_t>(p.ship_count);
  if (n == 0) throw no_layout_agrees(obs);
  p.labelled = n;
  const auto sc = static_cast<std::size_t>(p.ship_count);

  if (!p.sunk) {
    auto occs = filled<std::uint64_t>(n, 0);
    for (std::size_t l = 0; l < n; ++l)
      for (std::size_t k = 0; k < sc; ++k) occs[l] |= found[l * sc + k];
    std::sort(occs.begin(), occs.end());
    const auto divisor = unlabelled_divisor(rules, obs);
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j < n && occs[j] == occs[i]) ++j;
      const auto mult = static_cast<std::uint64_t>(j - i);
      if (mult % divisor != 0) throw std::logic_error("labelled multiplicity not divisible by the ship symmetry");
      p.occ.push_back(occs[i]);
      p.weight.push_back(mult / divisor);
      if (mult != divisor) p.unit_weights = false;
      i = j;
    }
  } else {
    // Atoms sorted by their ship masks, so a symmetry can find its image by binary search.
    std::vector<std::size_t> order;
    for (std::size_t l = 0; l < n; ++l) order.push_back(l);
    const auto less = [&](std::size_t a, std::size_t b) {
      for (std::size_t k = 0; k < sc; ++k)
        if (found[a * sc + k] != found[b * sc + k]) return found[a * sc + k] < found[b * sc + k];
      return false;
    };
    std::sort(order.begin(), order.end(), less);
    std::vector<std::uint64_t> occs;
    for (std::size_t l : order) {
      std::uint64_t o = 0;
      for (std::size_t k = 0; k < sc; ++k) {
        p.ships.push_back(found[l * sc + k]);
        o |= found[l * sc + k];
      }
      p.occ.push_back(o);
      p.weight.push_back(1);
    }
    occs = p.occ;
    std::sort(occs.begin(), occs.end());
    for (std::size_t i = 1; i < occs.size(); ++i)
      if (occs[i] == occs[i - 1]) p.distinct_occupancy = false;
  }

  // Symmetries that map the atom set (with weights) onto itself: the grid's
  // with the names as they are, then (sunk feedback) the renamings alone.
  const auto all = grid_symmetries(p.width, p.height);
  const auto names = length_preserving_renamings(rules, p.sunk && use_symmetry ? max_renamings + 1 : 1);
  const int atoms = p.atom_count();
  const std::size_t kinds = use_symmetry ? all.size() + names.size() - 1 : 1;
  for (std::size_t t = 0; t < kinds; ++t) {
    const bool grid_part = t < all.size();
    const auto& perm = all[grid_part ? t : 0];
    const auto& name = names[grid_part ? 0 : t - all.size() + 1];  // ship k's cells become ship name[k]'s
    auto image = filled(static_cast<std::size_t>(atoms), -1);
    bool ok = true;
    for (int a = 0; a < atoms && ok; ++a) {
      int found_at = -1;
      if (!p.sunk) {
        const auto target = map_cells(p.occ[static_cast<std::size_t>(a)], perm);
        const auto it = std::lower_bound(p.occ.begin(), p.occ.end(), target);
        if (it != p.occ.end() && *it == target) found_at = static_cast<int>(it - p.occ.begin());
      } else {
        std::array<std::uint64_t, max_ships> key{};
        for (std::size_t k = 0; k < sc; ++k)
          key[static_cast<std::size_t>(name[k])] = map_cells(p.ships[static_cast<std::size_t>(a) * sc + k], perm);
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
        if (lo < atoms) {
          bool eq = true;
          for (std::size_t k = 0; k < sc; ++k) eq = eq && p.ships[static_cast<std::size_t>(lo) * sc + k] == key[k];
          if (eq) found_at = lo;
        }
      }
      if (found_at < 0 || p.weight[static_cast<std::size_t>(found_at)] != p.weight[static_cast<std::size_t>(a)])
        ok = false;
      else
        image[static_cast<std::size_t>(a)] = found_at;
    }
    if (!ok) continue;
    if (!grid_part) {
      p.renamings.push_back(std::move(image));
      continue;
    }
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
