#pragma once
// engine<Words>: the exact search of Audinot et al.'s Algorithm 2 (minimise
// the total height of the decision tree, integers only) over information
// states represented as sets of still-consistent layouts ("atoms").
//
// What makes it fast, each exact (never a heuristic cut):
// - cells every remaining layout covers are shot at once: each costs exactly
//   the state's weight, and moving such a shot to the root of any subtree
//   never lengthens a branch (the later tree sees at least what the earlier
//   one saw, so it can follow it). Under sunk feedback this holds only when
//   the same ship covers the cell in every layout: otherwise shooting it late
//   can tell layouts apart by which ship it sinks, so such cells stay
//   ordinary moves and the state key includes the hits. Under hit/miss, after
//   this "normalisation" the state is the atom set alone;
// - cells no remaining layout covers are never shot (a pure loss);
// - closed forms for one layout (0 more) and two layouts (W*d + min weight);
// - a transposition table keyed on the atom set, canonicalised over the grid
//   symmetries that preserve the starting position (Zobrist hashes per
//   symmetry pick the representative), and moves that a symmetry fixing the
//   state maps onto a smaller cell are skipped;
// - under sunk feedback, ships of one type (problem::ship_type: equal
//   lengths, none named yet) are announced by type, not by name: the name
//   is a fair coin independent of where the rest lie, so the children a
//   renaming exchanges have one value, and one child holds them all;
// - lower bounds: every layout still needs its d unhit fleet cells, and a
//   hit/miss leaf at depth t is a hit/miss string with d hits ending in a hit,
//   so at most C(t-1, d-1) leaves lie at depth t (times the ways to place and
//   name the sunk announcements under sunk feedback). Every strategy shoots
//   the same cells while it misses, so at most as many layouts as one cell
//   covers take their first hit at each of those shots (the bound that
//   makes one-ship hunts fast). A move's bound also uses what the table
//   already knows about its children; moves are tried in order of their
//   bound and a fail-soft budget cuts the rest.
// Everything is constexpr, so tiny instances solve during constant evaluation.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <battleship/core/fleet.hpp>
#include <battleship/detail/byte_size.hpp>
#include <battleship/detail/popcount.hpp>
#include <battleship/solve/detail/atom_set.hpp>
#include <battleship/solve/detail/problem.hpp>

namespace battleship::detail::solve {

inline constexpr std::uint64_t infinite = ~std::uint64_t{0} >> 2;
inline constexpr int max_atoms = 4096;  // with_engine's largest engine

[[nodiscard]] constexpr std::uint64_t sat_sub(std::uint64_t a, std::uint64_t b) noexcept { return a > b ? a - b : 0; }
[[nodiscard]] constexpr std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) noexcept {
  if (a == 0 || b == 0) return 0;
  return a > infinite / b ? infinite : a * b;
}

// C(n, k), saturating at `infinite`.
[[nodiscard]] constexpr std::uint64_t binomial_saturated(int n, int k) noexcept {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) {
    // r * (n - k + i) / i is exact at every step; test the product for overflow.
    const auto f = static_cast<std::uint64_t>(n - k + i);
    if (r > infinite / f) return infinite;
    r = r * f / static_cast<std::uint64_t>(i);
  }
  return r;
}

// C(m, k) from C(m-1, k), for m > k >= 0, saturating at `infinite`.
[[nodiscard]] constexpr std::uint64_t binomial_step(std::uint64_t previous, int m, int k) noexcept {
  const auto um = static_cast<std::uint64_t>(m);
  if (previous > infinite / um) return infinite;
  return previous * um / static_cast<std::uint64_t>(m - k);
}

[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

struct search_stats {
  std::uint64_t nodes = 0;        // searched (non-trivial) states, counting revisits
  std::uint64_t states = 0;       // distinct states in the transposition table
  std::uint64_t table_bytes = 0;  // what the table holds: its slots and its pool of keys
};

template <std::size_t Words>
class engine {
 public:
  using set = atom_set<Words>;
  static constexpr int max_children = 2 + max_ships;
  struct split_result {
    std::array<set, max_children> child{};
    std::array<std::uint64_t, max_children> hits{};
    std::array<int, max_children> size{};
    int count = 0;
  };

  constexpr engine(const problem& p, bool greedy_only = false, bool line_of_misses = true, bool sunk_slack = true)
      : p_(p),
        greedy_(greedy_only),
        line_of_misses_(line_of_misses),
        slack_shift_(p.sunk && sunk_slack && p.ship_count > 1 ? 2 : 0) {
    const int atoms = p.atom_count();
    // with_engine picks Words from the atom count; a direct use must too, or
    // all_.set() below would write past the set.
    if (atoms > set::capacity)
      throw std::length_error("engine<" + std::to_string(Words) + "> holds " + std::to_string(set::capacity) +
                              " layouts, the problem has " + std::to_string(atoms));
    const auto sc = static_cast<std::size_t>(p.ship_count);
    cover_ = filled(static_cast<std::size_t>(max_cells), set{});
    if (p.sunk) cover_ship_ = filled(static_cast<std::size_t>(max_cells) * sc, set{});
    for (int a = 0; a < atoms; ++a) {
      all_.set(a);
      for_bits(p.occ[static_cast<std::size_t>(a)], [&](int c) { cover_[static_cast<std::size_t>(c)].set(a); });
      if (p.sunk)
        for (std::size_t k = 0; k < sc; ++k)
          for_bits(p.ships[static_cast<std::size_t>(a) * sc + k],
                   [&](int c) { cover_ship_[static_cast<std::size_t>(c) * sc + k].set(a); });
    }
    const std::size_t syms = p.atom_perm.size();
    zobrist_ = filled<std::uint64_t>(syms * static_cast<std::size_t>(atoms), 0);
    for (std::size_t s = 0; s < syms; ++s)
      for (int a = 0; a < atoms; ++a)
        zobrist_[s * static_cast<std::size_t>(atoms) + static_cast<std::size_t>(a)] =
            mix64(static_cast<std::uint64_t>(p.atom_perm[s][static_cast<std::size_t>(a)]) + std::uint64_t{0x51ed27});
    slots_ = filled(std::size_t{64}, tt_entry{});
    for (int c = 0; c < p.cells; ++c) cells_by_cover_.push_back(c);
    std::sort(cells_by_cover_.begin(), cells_by_cover_.end(), [&](int x, int y) {
      const int cx = cover_[static_cast<std::size_t>(x)].count(), cy = cover_[static_cast<std::size_t>(y)].count();
      return cx != cy ? cx > cy : x < y;
    });
    for (const int c : cells_by_cover_) start_cover_.push_back(cover_[static_cast<std::size_t>(c)].count());
  }

  [[nodiscard]] constexpr const set& all() const noexcept { return all_; }
  [[nodiscard]] constexpr const problem& prob() const noexcept { return p_; }
  [[nodiscard]] constexpr search_stats stats() const noexcept { return {nodes_, used_, table_bytes()}; }
  [[nodiscard]] constexpr std::size_t table_bytes() const noexcept {
    return slots_.size() * sizeof(tt_entry) + keys_.capacity() * sizeof(std::uint16_t);
  }
  // The most the table may hold, counting both copies of the slots while
  // they are rehashed and both key pools while one is copied into the
  // other; a search that would pass it throws std::length_error (the table
  // is kept whole: dropping entries would make the search repeat work, not
  // fail). Unlimited unless set: solve_options sets it. A limit below the
  // table's first slots is refused at once.
  constexpr void set_memory_limit(std::size_t bytes) {
    memory_limit_ = bytes;
    check_memory(table_bytes());
  }
  // Calls `report` with the stats after every `every` searched states (a
  // power of two); an exception from it ends the search. Run time only.
  void report_progress(const std::function<void(const search_stats&)>* report, std::uint64_t every) noexcept {
    report_ = report;
    constexpr std::uint64_t top = std::uint64_t{1} << 63;  // bit_ceil has no answer past it: never report
    report_mask_ = every > top ? ~std::uint64_t{0} : std::bit_ceil(every < 1 ? std::uint64_t{1} : every) - 1;
  }

  // Optimal (or, in greedy mode, best greedy) total height from the starting position.
  [[nodiscard]] constexpr std::uint64_t solve() { return value(all_, p_.start_hits, infinite); }

  // Total height from (A, H): shots at certain cells, then the search. A
  // result below beta is exact; otherwise it is a lower bound >= beta.
  constexpr std::uint64_t value(set A, std::uint64_t H, std::uint64_t beta) {
    std::uint64_t cost = 0;
    split_result sr;
    for (;;) {
      const std::uint64_t certain = forced(A, H);
      if (certain == 0) break;
      const std::uint64_t W = weight(A);
      if (!p_.sunk) {
        cost += static_cast<std::uint64_t>(detail::popcount(certain)) * W;
        H |= certain;
        break;
      }
      const int c = std::countr_zero(certain);
      split(A, H, c, sr);
      if (sr.count == 1) {
        cost += W;
        H |= std::uint64_t{1} << c;
        continue;
      }
      // A certain cell whose sunk announcements tell layouts apart: a forced move.
      return cost + evaluate(sr, W, sat_sub(beta, cost), child_bounds(sr, H, nullptr));
    }
    return cost + search(A, H, sat_sub(beta, cost));
  }

  // The first shot of an optimal (greedy mode: best greedy) strategy from
  // (A, H), or -1 when the fleet is sunk.
  constexpr int best_shot(const set& A, std::uint64_t H) {
    if (detail::popcount(H) >= p_.fleet_cells) return -1;
    const std::uint64_t certain = forced(A, H);
    if (certain != 0) return std::countr_zero(certain);
    if (A.count() == 2 && (intersection(A) & ~H) == 0) return two_atom_shot(A);
    search(A, H, infinite);
    canon k = canonical(A, H);
    const int slot = probe(k, A);
    if (slot < 0 || !slots_[static_cast<std::size_t>(slot)].exact) return -1;  // not reached: search stores it
    return p_.cell_inverse[static_cast<std::size_t>(k.sym)]
                          [static_cast<std::size_t>(slots_[static_cast<std::size_t>(slot)].best)];
  }

  // The outcome classes of a shot at c from (A, H): misses, plain hits, and
  // one class per type of ship announced sunk (problem::ship_type).
  constexpr void split(const set& A, std::uint64_t H, int c, split_result& out) const {
    out.count = 0;
    const set& on = cover_[static_cast<std::size_t>(c)];
    const set miss = A - on;
    if (miss.any()) push(out, miss, H);
    const std::uint64_t H2 = H | (std::uint64_t{1} << c);
    if (!p_.sunk) {
      const set hit = A & on;
      if (hit.any()) push(out, hit, H2);
      return;
    }
    const auto sc = static_cast<std::size_t>(p_.ship_count);
    const std::span<const set> on_ship = covering(c);
    set plain{};
    if (!p_.shared_types) {
      for (std::size_t k = 0; k < sc; ++k) {
        const set here = A & on_ship[k];
        if (!here.any()) continue;
        const set sunk = whole_hit(here, k, H2);
        plain = plain | (here - sunk);
        if (sunk.any()) push(out, sunk, H2);
      }
      if (plain.any()) push(out, plain, H2);
      return;
    }
    for (std::size_t t = 0; t < sc; ++t) {
      if (p_.ship_type[t] != static_cast<int>(t)) continue;  // t: the first ship of a type
      set sunk{};
      for (std::size_t k = t; k < sc; ++k) {
        if (p_.ship_type[k] != static_cast<int>(t)) continue;
        const set here = A & on_ship[k];
        if (!here.any()) continue;
        const set sunk_k = whole_hit(here, k, H2);
        plain = plain | (here - sunk_k);
        sunk = sunk | sunk_k;
      }
      if (sunk.any()) push(out, sunk, H2);
    }
    if (plain.any()) push(out, plain, H2);
  }

  // For each ship k, the atoms in which it covers cell c (sunk feedback only).
  [[nodiscard]] constexpr std::span<const set> covering(int c) const {
    const auto sc = static_cast<std::size_t>(p_.ship_count);
    return std::span<const set>(cover_ship_).subspan(static_cast<std::size_t>(c) * sc, sc);
  }

  // The atoms of A whose ship k lies wholly on the hits H.
  [[nodiscard]] constexpr set whole_hit(const set& A, std::size_t k, std::uint64_t H) const {
    const auto sc = static_cast<std::size_t>(p_.ship_count);
    set r{};
    A.for_each([&](int a) {
      if ((p_.ships[static_cast<std::size_t>(a) * sc + k] & ~H) == 0) r.set(a);
    });
    return r;
  }

  [[nodiscard]] constexpr std::uint64_t intersection(const set& A) const {
    std::uint64_t r = ~std::uint64_t{0};
    A.for_each([&](int a) { r &= p_.occ[static_cast<std::size_t>(a)]; });
    return r;
  }
  [[nodiscard]] constexpr std::uint64_t union_of(const set& A) const {
    std::uint64_t r = 0;
    A.for_each([&](int a) { r |= p_.occ[static_cast<std::size_t>(a)]; });
    return r;
  }
  // Cells that may be shot at once: covered by every layout left, not yet
  // shot. Under sunk feedback only those that a ship of one type covers in
  // every layout, with no other ship of that type afloat: then any later
  // "sunk" of that type is known to include the cell, so shooting it now
  // loses nothing. (With two afloat, shooting it last can tell which sank.)
  // With one layout left, every cell it covers.
  [[nodiscard]] constexpr std::uint64_t forced(const set& A, std::uint64_t H) const {
    if (!p_.sunk) return intersection(A) & ~H;
    if (p_.merged_renamings()) return forced_by_type(A, H);
    // Labelled atoms: by ship. (A tree's view with types too: a ship on the
    // cell in every layout leaves no ship of its type afloat that a
    // renaming could put there instead.)
    const auto sc = static_cast<std::size_t>(p_.ship_count);
    std::array<std::uint64_t, max_ships> same{};
    for (std::size_t k = 0; k < sc; ++k) same[k] = ~std::uint64_t{0};
    A.for_each([&](int a) {
      for (std::size_t k = 0; k < sc; ++k) same[k] &= p_.ships[static_cast<std::size_t>(a) * sc + k];
    });
    std::uint64_t r = 0;
    for (std::size_t k = 0; k < sc; ++k) r |= same[k];
    return r & ~H;
  }
  [[nodiscard]] constexpr std::uint64_t forced_by_type(const set& A, std::uint64_t H) const {
    const auto first = static_cast<std::size_t>(A.lowest());
    if (A.count() == 1) return p_.occ[first] & ~H;  // nothing left to learn
    const auto sc = static_cast<std::size_t>(p_.ship_count);
    std::array<std::uint64_t, max_ships> same{};
    std::array<int, max_ships> afloat{};
    for (std::size_t k = 0; k < sc; ++k) {
      same[k] = ~std::uint64_t{0};
      if ((p_.ships[first * sc + k] & ~H) != 0) ++afloat[static_cast<std::size_t>(p_.ship_type[k])];
    }
    A.for_each([&](int a) {
      std::array<std::uint64_t, max_ships> by_type{};
      for (std::size_t k = 0; k < sc; ++k)
        by_type[static_cast<std::size_t>(p_.ship_type[k])] |= p_.ships[static_cast<std::size_t>(a) * sc + k];
      for (std::size_t t = 0; t < sc; ++t) same[t] &= by_type[t];
    });
    std::uint64_t r = 0;
    for (std::size_t t = 0; t < sc; ++t)
      if (afloat[t] == 1) r |= same[t];
    return r & ~H;
  }
  [[nodiscard]] constexpr std::uint64_t weight(const set& A) const {
    if (p_.unit_weights) return static_cast<std::uint64_t>(A.count());
    std::uint64_t w = 0;
    A.for_each([&](int a) { w += p_.weight[static_cast<std::size_t>(a)]; });
    return w;
  }

  // Lower bound on value(A, H, .) (before or after normalisation).
  [[nodiscard]] constexpr std::uint64_t lower_bound(const set& A, std::uint64_t H) const {
    return lower_bound(A, H, A.count());
  }
  // `widest`: the most atoms one unshot cell covers, or anything above it (max_atoms: the
  // strings' bound alone), or -1 to count it here. (A value below it gives
  // no bound: cuts_by_line_of_misses passes one only to ask whether the
  // bound could reach beta.) `heaviest_first`: A's weights sorted, if the
  // caller has them (weighted atoms only).
  [[nodiscard]] constexpr std::uint64_t lower_bound(const set& A, std::uint64_t H, int n, int widest = -1,
                                                    const std::vector<std::uint64_t>* heaviest_first = nullptr) const {
    const int d = p_.fleet_cells - detail::popcount(H);
    if (d <= 0 || n == 0) return 0;
    const std::uint64_t W = p_.unit_weights ? static_cast<std::uint64_t>(n) : weight(A);
    if (n == 1) return W * static_cast<std::uint64_t>(d);
    // Each bound puts the layouts in the cheapest slots of its kind, the
    // heaviest first: `slots` gives the number of slots of each cost in turn.
    std::vector<std::uint64_t> own;
    if (!p_.unit_weights && heaviest_first == nullptr) {
      own = weights_heaviest_first(A);
      heaviest_first = &own;
    }
    // (`slots` never decreases; once it reaches `cap` it stays there, and
    // unit weights finish in closed form: q whole levels, then r.)
    const auto fill = [&](auto&& slots, std::uint64_t cap) {
      std::uint64_t total = 0, left = static_cast<std::uint64_t>(n);
      std::size_t next = 0;
      for (int cost = d; left > 0; ++cost) {
        const std::uint64_t here = slots(cost);
        const auto at = static_cast<std::uint64_t>(cost);
        if (p_.unit_weights && here == cap && cap > 0) {
          const std::uint64_t q = left / cap, r = left % cap;
          return total + cap * (q * at + q * (q - 1) / 2) + r * (at + q);
        }
        const std::uint64_t take = here < left ? here : left;
        if (p_.unit_weights)
          total += take * at;
        else
          for (std::uint64_t i = 0; i < take; ++i) total += (*heaviest_first)[next++] * at;
        left -= take;
      }
      return total;
    };
    // C(cost-1, d-1) for cost = d, d+1, ... in turn.
    auto strings_at = [&, c = std::uint64_t{1}](int cost) mutable {
      if (cost > d) c = binomial_step(c, cost - 1, d - 1);
      return c;
    };

    // The line of misses. Every strategy shoots the same cells while it
    // misses, so the layouts that take their first hit at its j-th shot all
    // cover one cell: at most `widest` of them. After that hit each needs its
    // d-1 other hits; under hit/miss they end at distinct leaves of the one
    // subtree below it, which holds at most C(u, d-1) within depth u. A slot
    // (shot j, depth t) costs j + t, so cost v offers one slot for every slot
    // of a subtree within depth v-1: min(C(v-1, d-1), widest) of them.
    // Without the cap these are the hit/miss strings alone (a leaf at depth
    // t is a string of t shots with d hits ending in a hit: at most
    // C(t-1, d-1) of them), so under hit/miss one fill gives both bounds.
    if (widest < 0) {
      const int enough = cover_that_adds_nothing(n, d);  // a count past it makes the strings' bound
      widest = widest_cover(A, ~H, [&](int w) { return w >= enough; });
      if (widest < 0) widest = max_atoms;
    }
    const auto group = static_cast<std::uint64_t>(widest < n ? widest : n);
    // Under sunk feedback a one-ship fleet's sinking comes with its last
    // hit, where the game ends: the strings are hit/miss strings, and with
    // no two atoms alike (which would share a leaf) they end at distinct
    // leaves, so the hit/miss bound holds. (It holds for any fleet's last
    // ship afloat too, but changed no two-ship search measured.)
    if (!p_.sunk || (p_.ship_count == 1 && p_.distinct_occupancy))
      return fill(
          [&](int cost) {
            const std::uint64_t c = strings_at(cost);
            return c < group ? c : group;
          },
          group);

    // Under sunk feedback each string also says which of its d hits
    // announced a sinking (the last always does) and which type (a ship's
    // own, for most): C(d-1, s-1) ways times the orders of the s ships'
    // types, s! over m! for the m ships of each type. The line of misses
    // splits into several subtrees at each hit: only "d-1 more shots each"
    // is used.
    std::uint64_t strings = W * static_cast<std::uint64_t>(d);
    if (p_.distinct_occupancy) {
      const auto a = static_cast<std::size_t>(A.lowest());
      const auto sc = static_cast<std::size_t>(p_.ship_count);
      int s = 0;
      std::uint64_t orders = 1;
      if (!p_.shared_types) {
        for (std::size_t k = 0; k < sc; ++k)
          if ((p_.ships[a * sc + k] & ~H) != 0) orders = sat_mul(orders, static_cast<std::uint64_t>(++s));
      } else {
        std::array<int, max_ships> afloat{};  // per type
        for (std::size_t k = 0; k < sc; ++k)
          if ((p_.ships[a * sc + k] & ~H) != 0) ++afloat[static_cast<std::size_t>(p_.ship_type[k])];
        for (std::size_t t = 0; t < sc; ++t) {
          s += afloat[t];
          orders = sat_mul(orders, binomial_saturated(s, afloat[t]));
        }
      }
      const std::uint64_t mult = sat_mul(orders, binomial_saturated(d - 1, s - 1));
      strings = fill([&](int cost) { return sat_mul(strings_at(cost), mult); }, infinite);
    }
    if (group >= static_cast<std::uint64_t>(n)) return strings;
    const std::uint64_t first_hits = fill([&](int) { return group; }, group);
    return first_hits > strings ? first_hits : strings;
  }

  [[nodiscard]] constexpr std::vector<std::uint64_t> weights_heaviest_first(const set& A) const {
    std::vector<std::uint64_t> ws;
    A.for_each([&](int a) { ws.push_back(p_.weight[static_cast<std::size_t>(a)]); });
    std::sort(ws.begin(), ws.end(), [](std::uint64_t x, std::uint64_t y) { return x > y; });
    return ws;
  }

  // The most atoms of A that one cell of `cells` covers, the cells taken in
  // order of their cover at the start; -1 as soon as `stop(widest so far)`.
  template <class Stop>
  [[nodiscard]] constexpr int widest_cover(const set& A, std::uint64_t cells, Stop&& stop) const {
    int widest = 0;
    for (const int c : cells_by_cover_) {
      if (((cells >> c) & 1U) == 0) continue;
      const int k = (A & cover_[static_cast<std::size_t>(c)]).count();
      if (k <= widest) continue;
      widest = k;
      if (stop(widest)) return -1;
    }
    return widest;
  }

  // At least widest_cover(A, ~H) for every A, without a pass over A: the
  // starting cover of the widest cell not hit (a state's layouts are a
  // subset of the start's). With one ship it is close to the true widest.
  [[nodiscard]] constexpr int widest_at_most(std::uint64_t H) const {
    for (std::size_t i = 0; i < cells_by_cover_.size(); ++i)
      if (((H >> cells_by_cover_[i]) & 1U) == 0) return start_cover_[i];
    return 0;
  }

  // Under hit/miss the line of misses adds to the strings' bound only when
  // one cell covers fewer layouts than the strings put at their deepest
  // level: C(v-1, d-1) at the first v with C(v, d) >= n. (Under sunk
  // feedback no such level is known: max_atoms.)
  [[nodiscard]] constexpr int cover_that_adds_nothing(int n, int d) const {
    if (p_.sunk || d <= 0) return max_atoms;
    std::uint64_t level = 1, within = 1;  // C(v-1, d-1) and C(v, d) at v = d
    for (int v = d + 1; within < static_cast<std::uint64_t>(n); ++v) {
      level = binomial_step(level, v - 1, d - 1);
      within += level;
    }
    return level < static_cast<std::uint64_t>(max_atoms) ? static_cast<int>(level) : max_atoms;
  }

 private:
  // One hash per symmetry of the start.
  using sym_hashes = std::array<std::uint64_t, 8>;
  struct canon {
    std::uint64_t hash = 0;
    int sym = 0;
    set key{};               // the layouts' canonical image, mapped only when needed (key())
    bool keyed = false;      // whether `key` holds it yet
    std::uint64_t hits = 0;  // under sunk feedback the hits are part of the state
    sym_hashes hashes{};
  };
  struct tt_entry {
    std::uint64_t hash = 0;
    std::uint64_t value = 0;
    std::uint64_t hits = 0;
    std::uint64_t offset = 0;  // into keys_ (32 bits would wrap past 2^32 keys, about 250 M states)
    std::uint16_t length = 0;
    bool used = false;
    bool exact = false;
    std::int8_t best = -1;
  };
  struct move {
    std::uint64_t bound;
    std::uint64_t balance;
    int cell;
  };

  template <class F>
  static constexpr void for_bits(std::uint64_t m, F&& f) {
    while (m != 0) {
      f(std::countr_zero(m));
      m &= m - 1;
    }
  }
  static constexpr void push(split_result& out, const set& s, std::uint64_t h) {
    out.child[static_cast<std::size_t>(out.count)] = s;
    out.hits[static_cast<std::size_t>(out.count)] = h;
    out.size[static_cast<std::size_t>(out.count)] = s.count();
    ++out.count;
  }

  // Lower bounds on value(child, hits, .) for every child of a shot from
  // hits H: the static bound, or better what the table already knows about
  // the normalised child. Each child's layouts are some of the parent's and
  // its hits include H, so widest_at_most(H) holds for each (counting the
  // widest cover would take a pass over the cells, which search() makes only
  // where it can cut). Peeking into the table costs a canonicalisation per
  // child: worth it at run time, but it eats the compiler's constexpr step
  // budget on tiny instances. `parent`: the atom hashes of the layouts
  // split, if the caller has them; the children partition those layouts, so
  // the largest child's hashes are the parent's XOR the others', which is
  // cheaper when that child is large.
  [[nodiscard]] constexpr std::array<std::uint64_t, max_children> child_bounds(const split_result& sr, std::uint64_t H,
                                                                               const sym_hashes* parent) const {
    const int widest = line_of_misses_ ? widest_at_most(H) : max_atoms;
    std::array<std::uint64_t, max_children> lbs{};
    std::array<std::uint64_t, max_children> certain{};
    std::array<bool, max_children> peeks{};
    int largest = -1, peeked_atoms = 0, atoms = 0;
    for (int i = 0; i < sr.count; ++i) {
      const auto u = static_cast<std::size_t>(i);
      lbs[u] = lower_bound(sr.child[u], sr.hits[u], sr.size[u], widest);
      atoms += sr.size[u];
      if (sr.size[u] <= 2 || std::is_constant_evaluated()) continue;
      certain[u] = forced(sr.child[u], sr.hits[u]);
      if (p_.sunk && certain[u] != 0) continue;
      peeks[u] = true;
      peeked_atoms += sr.size[u];
      if (largest < 0 || sr.size[u] > sr.size[static_cast<std::size_t>(largest)]) largest = i;
    }
    if (largest < 0) return lbs;
    // The atom hashes of every child that peeks (and, to derive the
    // largest's, of the others), written before they are read; not cleared,
    // as that would be 1 KiB per call.
    std::array<sym_hashes, max_children> hashes;
    const auto L = static_cast<std::size_t>(largest);
    if (parent != nullptr && atoms - sr.size[L] < peeked_atoms) {
      hashes[L] = *parent;
      for (std::size_t u = 0; u < static_cast<std::size_t>(sr.count); ++u) {
        if (u == L) continue;
        hashes[u] = atom_hashes(sr.child[u]);
        for (std::size_t s = 0; s < hashes[L].size(); ++s) hashes[L][s] ^= hashes[u][s];
      }
    } else {
      for (std::size_t u = 0; u < static_cast<std::size_t>(sr.count); ++u)
        if (peeks[u]) hashes[u] = atom_hashes(sr.child[u]);
    }
    for (int i = 0; i < sr.count; ++i) {
      const auto u = static_cast<std::size_t>(i);
      if (!peeks[u]) continue;
      canon k = canonical(hashes[u], sr.hits[u]);
      const int slot = probe(k, sr.child[u]);
      if (slot < 0) continue;
      const std::uint64_t W = p_.unit_weights ? static_cast<std::uint64_t>(sr.size[u]) : weight(sr.child[u]);
      const std::uint64_t known =
          static_cast<std::uint64_t>(detail::popcount(certain[u])) * W + slots_[static_cast<std::size_t>(slot)].value;
      if (known > lbs[u]) lbs[u] = known;
    }
    return lbs;
  }

  // W + the children's values, each child searched with what is left of the
  // budget after the others' lower bounds (under sunk feedback, with a
  // quarter more: see slack_shift_). Below beta: exact; else a bound.
  constexpr std::uint64_t evaluate(const split_result& sr, std::uint64_t W, std::uint64_t beta,
                                   const std::array<std::uint64_t, max_children>& lbs) {
    std::uint64_t rest = 0;
    for (int i = 0; i < sr.count; ++i) rest += lbs[static_cast<std::size_t>(i)];
    std::uint64_t total = W;
    if (total + rest >= beta) return total + rest;
    for (int i = 0; i < sr.count; ++i) {
      rest -= lbs[static_cast<std::size_t>(i)];
      const std::uint64_t budget = sat_sub(beta, total + rest);
      const std::uint64_t slack = budget >> slack_shift_;
      const std::uint64_t searched_with =
          slack_shift_ == 0 ? budget : (budget < infinite - slack ? budget + slack : infinite);
      const std::uint64_t v =
          value(sr.child[static_cast<std::size_t>(i)], sr.hits[static_cast<std::size_t>(i)], searched_with);
      total += v;
      if (v >= budget) return total + rest;
    }
    return total;
  }

  [[nodiscard]] constexpr int two_atom_shot(const set& A) const {
    const int a = A.lowest();
    set rest = A;
    rest.reset(a);
    const int b = rest.lowest();
    const auto sa = static_cast<std::size_t>(a), sb = static_cast<std::size_t>(b);
    // Hit the heavier layout, so the lighter one takes the extra shot.
    const bool a_heavier = p_.weight[sa] >= p_.weight[sb];
    const std::uint64_t diff = a_heavier ? p_.occ[sa] & ~p_.occ[sb] : p_.occ[sb] & ~p_.occ[sa];
    return std::countr_zero(diff);
  }

  [[nodiscard]] constexpr set mapped(const set& A, int s) const {
    set r{};
    const auto& perm = p_.atom_perm[static_cast<std::size_t>(s)];
    A.for_each([&](int a) { r.set(perm[static_cast<std::size_t>(a)]); });
    return r;
  }

  [[nodiscard]] constexpr sym_hashes atom_hashes(const set& A) const {
    sym_hashes h{};
    const auto syms = static_cast<int>(p_.atom_perm.size());
    const auto atoms = static_cast<std::size_t>(p_.atom_count());
    A.for_each([&](int a) {
      for (int s = 0; s < syms; ++s)
        h[static_cast<std::size_t>(s)] ^= zobrist_[static_cast<std::size_t>(s) * atoms + static_cast<std::size_t>(a)];
    });
    return h;
  }
  [[nodiscard]] constexpr canon canonical(const set& A, std::uint64_t H) const { return canonical(atom_hashes(A), H); }
  // The hashes and the symmetry that canonicalises; the key waits for key(),
  // since only storing, or comparing with an entry of the same hash, needs it.
  [[nodiscard]] constexpr canon canonical(const sym_hashes& atom_h, std::uint64_t H) const {
    canon k;
    const auto syms = static_cast<int>(p_.atom_perm.size());
    k.hashes = atom_h;
    if (p_.sunk)
      for (int s = 0; s < syms; ++s)
        k.hashes[static_cast<std::size_t>(s)] ^=
            mix64(map_cells(H, p_.cell_perm[static_cast<std::size_t>(s)]) ^ 0x7a3bULL);
    for (int s = 1; s < syms; ++s)
      if (k.hashes[static_cast<std::size_t>(s)] < k.hashes[static_cast<std::size_t>(k.sym)]) k.sym = s;
    k.hash = k.hashes[static_cast<std::size_t>(k.sym)];
    k.hits = p_.sunk ? map_cells(H, p_.cell_perm[static_cast<std::size_t>(k.sym)]) : 0;
    return k;
  }

  // Maps A, the layouts k was hashed from, to its canonical image (once).
  constexpr void key(canon& k, const set& A) const {
    if (k.keyed) return;
    k.key = k.sym == 0 ? A : mapped(A, k.sym);
    k.keyed = true;
  }
  [[nodiscard]] constexpr bool matches(const tt_entry& e, const canon& k) const {
    if (e.hits != k.hits) return false;
    const set& key = k.key;
    if (e.length != key.count()) return false;
    auto i = static_cast<std::size_t>(e.offset);
    bool same = true;
    key.for_each([&](int a) { same = same && keys_[i++] == static_cast<std::uint16_t>(a); });
    return same;
  }
  // The slot holding (A, H) hashed as k, or -1.
  [[nodiscard]] constexpr int probe(canon& k, const set& A) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = k.hash & mask; slots_[i].used; i = (i + 1) & mask) {
      if (slots_[i].hash != k.hash) continue;
      key(k, A);
      if (matches(slots_[i], k)) return static_cast<int>(i);
    }
    return -1;
  }
  // `slot`: where probe() found (A, H) before the search, or -1. The search
  // may have grown the table since, moving every entry: then look again.
  constexpr void store(canon& k, const set& A, int slot, std::uint64_t v, bool exact, int best) {
    if (slot >= 0) {
      key(k, A);
      if (!slots_[static_cast<std::size_t>(slot)].used || slots_[static_cast<std::size_t>(slot)].hash != k.hash ||
          !matches(slots_[static_cast<std::size_t>(slot)], k))
        slot = probe(k, A);
    }
    if (slot >= 0) {
      auto& e = slots_[static_cast<std::size_t>(slot)];
      if (e.exact) return;
      if (exact || v > e.value) {
        e.value = v;
        e.exact = exact;
        e.best = static_cast<std::int8_t>(best);
      }
      return;
    }
    if ((used_ + 1) * 2 > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = k.hash & mask;
    while (slots_[i].used) i = (i + 1) & mask;
    key(k, A);
    reserve_keys(static_cast<std::size_t>(k.key.count()));  // may throw: before the slot is taken
    auto& e = slots_[i];
    e.used = true;
    e.hash = k.hash;
    e.hits = k.hits;
    e.value = v;
    e.exact = exact;
    e.best = static_cast<std::int8_t>(best);
    e.offset = keys_.size();
    e.length = static_cast<std::uint16_t>(k.key.count());
    k.key.for_each([&](int a) { keys_.push_back(static_cast<std::uint16_t>(a)); });
    ++used_;
  }
  constexpr void grow() {
    // Slots are indexed by int (probe()); a table that would pass that (80 GiB) is refused.
    if (slots_.size() >= (std::size_t{1} << 30))
      throw std::length_error("the exact solver's transposition table is full (2^31 slots)");
    // The old slots, the new twice as many, and the keys.
    check_memory(slots_.size() * 3 * sizeof(tt_entry) + keys_.capacity() * sizeof(std::uint16_t));
    std::vector<tt_entry> old = filled(slots_.size() * 2, tt_entry{});
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const auto& e : old) {
      if (!e.used) continue;
      std::size_t i = e.hash & mask;
      while (slots_[i].used) i = (i + 1) & mask;
      slots_[i] = e;
    }
  }

  // Room in the key pool for `more` keys, grown by doubling as push_back
  // would, but only within the memory limit.
  constexpr void reserve_keys(std::size_t more) {
    if (keys_.size() + more <= keys_.capacity()) return;
    const std::size_t next = std::max(keys_.capacity() * 2, keys_.size() + more);
    check_memory(slots_.size() * sizeof(tt_entry) + (keys_.capacity() + next) * sizeof(std::uint16_t));
    keys_.reserve(next);
  }
  constexpr void check_memory(std::size_t peak) const {
    if (peak > memory_limit_)
      throw std::length_error("the exact solver's table needs more than " + byte_size_name(memory_limit_) +
                              " for this position (" + std::to_string(used_) +
                              " states stored); raise the memory limit, or solve a position with fewer layouts");
  }

  // Whether the line of misses' bound reaches beta here (then `lb` holds
  // it). It needs the widest cover, a pass over the cells, so it first asks
  // whether the average cover, which some cell reaches, would do, and the
  // pass stops as soon as one cell covers too many.
  constexpr bool cuts_by_line_of_misses(const set& A, std::uint64_t H, int n, int d, std::uint64_t beta,
                                        std::uint64_t unshot, const std::vector<std::uint64_t>* heaviest_first,
                                        std::uint64_t& lb) const {
    // Some cell covers at least the average: n layouts with d unshot cells each.
    const int cells = detail::popcount(unshot);
    const int least = cells == 0 ? n : (n * d + cells - 1) / cells;
    const int enough = cover_that_adds_nothing(n, d);
    std::uint64_t bound = 0;  // with the last cover tried: the widest, once the pass is through
    const auto too_wide = [&](int w) {
      if (w >= n || w >= enough) return true;
      bound = lower_bound(A, H, n, w, heaviest_first);
      return bound < beta;
    };
    if (too_wide(least) || widest_cover(A, unshot, too_wide) < 0) return false;
    lb = bound;
    return true;
  }

  // The optimal total from a normalised state (every forced cell shot).
  constexpr std::uint64_t search(const set& A, std::uint64_t H, std::uint64_t beta) {
    const int n = A.count();
    const int d = p_.fleet_cells - detail::popcount(H);
    if (d <= 0 || n <= 1) return 0;
    const std::uint64_t W = weight(A);
    if (n == 2 && (!p_.sunk || (intersection(A) & ~H) == 0)) {
      const std::uint64_t w0 = p_.weight[static_cast<std::size_t>(A.lowest())];
      return W * static_cast<std::uint64_t>(d) + (w0 < W - w0 ? w0 : W - w0);
    }
    std::vector<std::uint64_t> weights;  // sorted once for every bound of this state
    if (!p_.unit_weights) weights = weights_heaviest_first(A);
    const std::vector<std::uint64_t>* heaviest_first = p_.unit_weights ? nullptr : &weights;
    std::uint64_t lb = lower_bound(A, H, n, line_of_misses_ ? widest_at_most(H) : max_atoms, heaviest_first);
    if (lb >= beta) return lb;
    const std::uint64_t cand_all = union_of(A) & ~H;
    if (line_of_misses_ && cuts_by_line_of_misses(A, H, n, d, beta, cand_all, heaviest_first, lb)) return lb;
    ++nodes_;
    if (report_ != nullptr && (nodes_ & report_mask_) == 0) (*report_)(stats());
    // The layouts' part of the hashes (XOR over them), which the children's
    // peeks split (child_bounds).
    const sym_hashes atom_h = atom_hashes(A);
    canon k = canonical(atom_h, H);
    const int slot = probe(k, A);
    if (slot >= 0) {
      const auto& e = slots_[static_cast<std::size_t>(slot)];
      if (e.exact) return e.value;
      if (e.value > lb) lb = e.value;
      if (lb >= beta) return lb;
    }

    std::uint64_t cand = cand_all;
    if (greedy_) {
      std::uint64_t top = 0, best_cells = 0;
      for_bits(cand, [&](int c) {
        const std::uint64_t h = weight(A & cover_[static_cast<std::size_t>(c)]);
        if (h > top) {
          top = h;
          best_cells = 0;
        }
        if (h == top) best_cells |= std::uint64_t{1} << c;
      });
      cand = best_cells;
    }
    // Symmetries that fix this state: keep one cell per orbit.
    std::array<int, 8> stab{};
    int nstab = 0;
    for (std::size_t s = 1; s < p_.atom_perm.size(); ++s)
      if (k.hashes[s] == k.hashes[0] && mapped(A, static_cast<int>(s)) == A && map_cells(H, p_.cell_perm[s]) == H)
        stab[static_cast<std::size_t>(nstab++)] = static_cast<int>(s);

    std::array<move, max_cells> moves{};
    int m = 0;
    split_result sr;
    for_bits(cand, [&](int c) {
      for (int i = 0; i < nstab; ++i)
        if ((cand >>
             p_.cell_perm[static_cast<std::size_t>(stab[static_cast<std::size_t>(i)])][static_cast<std::size_t>(c)]) &
                1U &&
            p_.cell_perm[static_cast<std::size_t>(stab[static_cast<std::size_t>(i)])][static_cast<std::size_t>(c)] < c)
          return;
      split(A, H, c, sr);
      const auto lbs = child_bounds(sr, H, &atom_h);
      std::uint64_t b = W;
      for (int i = 0; i < sr.count; ++i) b += lbs[static_cast<std::size_t>(i)];
      const std::uint64_t miss_w =
          sr.hits[0] == H ? (p_.unit_weights ? static_cast<std::uint64_t>(sr.size[0]) : weight(sr.child[0])) : 0;
      const std::uint64_t hw = W - miss_w;
      moves[static_cast<std::size_t>(m++)] = {b, hw < W - hw ? hw : W - hw, c};
    });
    std::sort(moves.begin(), moves.begin() + m, [](const move& x, const move& y) {
      if (x.bound != y.bound) return x.bound < y.bound;
      if (x.balance != y.balance) return x.balance > y.balance;
      return x.cell < y.cell;
    });

    std::uint64_t best = infinite, fail_low = infinite;
    int best_cell = -1;
    for (int i = 0; i < m; ++i) {
      const move& mv = moves[static_cast<std::size_t>(i)];
      const std::uint64_t bound = best < beta ? best : beta;
      if (mv.bound >= bound) {
        if (mv.bound < fail_low) fail_low = mv.bound;
        break;  // sorted: every later move is bounded at least as high
      }
      split(A, H, mv.cell, sr);
      const std::uint64_t v = evaluate(sr, W, bound, child_bounds(sr, H, &atom_h));
      if (v < bound) {
        best = v;
        best_cell = mv.cell;
      } else if (v < fail_low) {
        fail_low = v;
      }
    }
    if (best < beta) {
      store(k, A, slot, best, true, p_.cell_perm[static_cast<std::size_t>(k.sym)][static_cast<std::size_t>(best_cell)]);
      return best;
    }
    store(k, A, slot, fail_low, false, -1);
    return fail_low;
  }

  const problem& p_;
  bool greedy_;
  bool line_of_misses_;  // cut with the line of misses' bound (off: the strings' bound alone, to compare)
  // A child is searched with its share of the budget plus that share
  // shifted right by this much (0: none). Under sunk feedback the bounds
  // fall far short (18-27 % at the root, against 3-7 % under hit/miss), so
  // a child searched with its share alone often fails, and the same states
  // are searched again later with more; a quarter more brings more values
  // back exact (27-46 % fewer instructions on most two-ship solves, +27 % on
  // 4x5 {2,3,4} no contact). Under hit/miss, where the bounds are close, it
  // searched 5-21x the states, and so it did for a one-ship fleet under
  // sunk feedback, whose search is hit/miss's (5x5 {2}: 684,138 states
  // instead of 153; 6x5 {2}: past 4 M instead of 2,734): none there. (None
  // for every state with one ship afloat cost two-ship solves 2-14 % more
  // instructions.)
  int slack_shift_;
  set all_{};
  std::vector<set> cover_;
  std::vector<int> cells_by_cover_;  // the grid's cells, those covered by the most layouts first
  std::vector<int> start_cover_;     // how many layouts cover each of them at the start
  std::vector<set> cover_ship_;
  std::vector<std::uint64_t> zobrist_;
  std::vector<tt_entry> slots_;
  std::vector<std::uint16_t> keys_;
  std::size_t used_ = 0;
  std::size_t memory_limit_ = ~std::size_t{0};
  std::uint64_t nodes_ = 0;
  const std::function<void(const search_stats&)>* report_ = nullptr;
  std::uint64_t report_mask_ = 0;
};

// Calls f(engine<Words>&) with the smallest word count that holds the atoms.
template <class F>
constexpr auto with_engine(const problem& p, bool greedy_only, F&& f, bool line_of_misses = true,
                           bool sunk_slack = true) {
  const int atoms = p.atom_count();
  const auto run = [&]<std::size_t W>(std::integral_constant<std::size_t, W>) {
    engine<W> e(p, greedy_only, line_of_misses, sunk_slack);
    return f(e);
  };
  if (atoms <= 64) return run(std::integral_constant<std::size_t, 1>{});
  if (atoms <= 128) return run(std::integral_constant<std::size_t, 2>{});
  if (atoms <= 256) return run(std::integral_constant<std::size_t, 4>{});
  if (atoms <= 512) return run(std::integral_constant<std::size_t, 8>{});
  if (atoms <= 1024) return run(std::integral_constant<std::size_t, 16>{});
  if (atoms <= 2048) return run(std::integral_constant<std::size_t, 32>{});
  if (atoms <= max_atoms) return run(std::integral_constant<std::size_t, 64>{});
  // What the search tells apart (problem::atom_count): cell sets under
  // hit/miss feedback; under sunk, layouts with equal-length ships alike
  // where renamings are merged (problem::ship_type), else labelled layouts.
  throw std::invalid_argument("too many layouts for exact solving (" + std::to_string(atoms) + " > " +
                              std::to_string(max_atoms) + " " +
                              (!p.sunk                ? "sets of ship cells"
                               : p.merged_renamings() ? "layouts with equal-length ships alike"
                                                      : "labelled layouts") +
                              ")");
}

}  // namespace battleship::detail::solve
