#pragma once
// Lanes: the sets of unplaced ships grouped by how many ships they hold.
//
// The profile programme (profile_dp.hpp) keys a state by its profile and the
// number of still unplaced ships of every type. Many states differ only in
// those numbers: on a 10x10 board a (profile, ships left) key stands for
// about three of them (RESULTS.md, "Session 16"). A count and the occupancy
// may instead key a state by (profile, ships left), its "level", and carry
// one value per set of unplaced ships of that level, its lanes. The classic
// fleet (types 5, 4, 3 x 2, 2) has 1, 4, 7, 7, 5 and 1 sets with 0 to 5
// ships left, so a short fixed vector holds every level. Starting a ship of
// type t moves each lane holding t to the lane of the level below that lacks
// it: a gather through a fixed table (start()). Completions go the other
// way: each lane of a state reads the lane its path reaches (path()).

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace battleship::detail {

// Seven lanes and their mask fill a 64-byte cache line.
inline constexpr int max_lanes = 7;

// One value per lane of a key's level; the lanes its level lacks stay 0.
struct lane_values {
  std::array<std::uint64_t, max_lanes> v{};
  std::uint64_t mask = 0;  // the lanes holding a value (kept along, not recomputed)

  // Plain adds: lanes are used only where every value fits 64 bits (see
  // unweighted_value_bound and weighted_value_bound in profile_dp.hpp).
  lane_values& operator+=(const lane_values& o) noexcept {
    for (std::size_t l = 0; l < max_lanes; ++l) v[l] += o.v[l];
    mask |= o.mask;
    return *this;
  }
  // Every lane times w (a ship's weight, when weights are not 0 or 1).
  void scale(std::uint64_t w) noexcept {
    for (std::size_t l = 0; l < max_lanes; ++l) v[l] *= w;
  }
  // Lanes outside `keep` (a subset of mask) set to 0.
  [[gnu::always_inline]] void keep_only(unsigned keep) noexcept {
    for (std::size_t l = 0; l < max_lanes; ++l)
      if (((keep >> l) & 1U) == 0) v[l] = 0;
    mask = keep;
  }
};

// Whether unplaced_lanes::build() takes a fleet whose types have these
// multiplicities: at most max_lanes types, and at most max_lanes sets of
// unplaced ships of each size. The sets of `level` ships are the ways to
// leave u_t <= m_t ships of each type t with the u_t summing to level: the
// coefficients of the product of (1 + x + ... + x^m_t).
[[nodiscard]] constexpr bool lanes_fit(std::span<const int> multiplicity) noexcept {
  if (multiplicity.size() > static_cast<std::size_t>(max_lanes)) return false;
  constexpr std::size_t most_ships = 63;
  std::array<int, most_ships + 1> sets{};
  sets[0] = 1;
  std::size_t ships = 0;
  for (const int m : multiplicity) {
    const auto mu = static_cast<std::size_t>(m);
    if (ships + mu > most_ships) return false;  // the array's bound; a fleet holds at most 16 ships
    std::array<int, most_ships + 1> next{};
    for (std::size_t level = 0; level <= ships; ++level)
      for (std::size_t u = 0; u <= mu; ++u) next[level + u] += sets[level];
    sets = next;
    ships += mu;
  }
  for (std::size_t level = 0; level <= ships; ++level)
    if (sets[level] > max_lanes) return false;
  return true;
}

// The lane tables of one fleet of ship types. Count states are numbered as
// profile_dp numbers them: the unplaced ships of type t, times stride[t].
class unplaced_lanes {
 public:
  // Builds the tables; false (and no tables) when some level has more sets
  // than max_lanes (as has a fleet of more than max_lanes types).
  // The tables depend on the fleet and the cell count only: a build for
  // the same ones as the last (a game's next shot) keeps them.
  bool build(const std::vector<int>& lengths, const std::vector<int>& multiplicity, int cells) {
    if (ready_ && lengths == built_lengths_ && multiplicity == built_multiplicity_ && cells == cells_) return true;
    const std::size_t types = lengths.size();
    ready_ = false;
    if (types > static_cast<std::size_t>(max_lanes)) return false;  // level 1 has a lane per type
    types_ = types;
    cells_ = cells;
    std::vector<unsigned> stride(types);
    unsigned radix = 1;
    int ships = 0;
    for (std::size_t t = 0; t < types; ++t) {
      stride[t] = radix;
      radix *= static_cast<unsigned>(multiplicity[t] + 1);
      ships += multiplicity[t];
    }
    levels_ = static_cast<std::size_t>(ships) + 1;
    auto unplaced = [&](unsigned idx, std::size_t t) {
      return static_cast<int>((idx / stride[t]) % static_cast<unsigned>(multiplicity[t] + 1));
    };
    lane_count_.assign(levels_, 0);
    state_lane_.assign(radix, 0);
    std::vector<std::array<unsigned, max_lanes>> state_of(levels_);
    std::vector<int> level_of(radix, 0);
    for (unsigned idx = 0; idx < radix; ++idx) {
      int left = 0;
      for (std::size_t t = 0; t < types; ++t) left += unplaced(idx, t);
      const auto level = static_cast<std::size_t>(left);
      if (lane_count_[level] == max_lanes) return false;
      level_of[idx] = left;
      state_lane_[idx] = static_cast<unsigned char>(lane_count_[level]);
      state_of[level][static_cast<std::size_t>(lane_count_[level]++)] = idx;
    }
    // Per level and lane: the cells its ships need, the types it holds, and
    // (at level 1) its one type.
    cells_needed_.assign(levels_ * max_lanes, 0);
    lane_types_.assign(levels_ * max_lanes, 0);
    last_type_.assign(max_lanes, 0);
    for (std::size_t level = 0; level < levels_; ++level)
      for (int l = 0; l < lane_count_[level]; ++l) {
        const unsigned idx = state_of[level][static_cast<std::size_t>(l)];
        const std::size_t at = level * max_lanes + static_cast<std::size_t>(l);
        for (std::size_t t = 0; t < types; ++t)
          if (unplaced(idx, t) > 0) {
            cells_needed_[at] += unplaced(idx, t) * lengths[t];
            lane_types_[at] |= 1U << t;
            if (level == 1) last_type_[static_cast<std::size_t>(l)] = static_cast<unsigned char>(t);
          }
      }
    // from_[(level * types + t) * max_lanes + l']: the lane of `level` that
    // starting type t takes to lane l' of level - 1 (0 when none, and
    // l' then receives nothing); start_mask_[level, t, mask]: the lanes of
    // level - 1 that receive a value from the lanes `mask`.
    from_.assign(levels_ * types * max_lanes, 0);
    std::vector<unsigned> to_lanes(levels_ * types, 0);
    for (unsigned idx = 0; idx < radix; ++idx)
      for (std::size_t t = 0; t < types; ++t)
        if (unplaced(idx, t) > 0) {
          const auto level = static_cast<std::size_t>(level_of[idx]);
          const unsigned to = idx - stride[t];
          from_[(level * types + t) * max_lanes + state_lane_[to]] = state_lane_[idx];
          to_lanes[level * types + t] |= 1U << state_lane_[to];
        }
    // to_[(level * types + t) * max_lanes + l]: where starting type t
    // takes lane l of `level` (0 when it does not hold t: holding_ says).
    to_.assign(levels_ * types * max_lanes, 0);
    holding_.assign(levels_ * types, 0);
    for (std::size_t lt = 0; lt < levels_ * types; ++lt)
      for (std::size_t l = 0; l < max_lanes; ++l)
        if (((to_lanes[lt] >> l) & 1U) != 0) {
          const unsigned char source = from_[lt * max_lanes + l];
          to_[lt * max_lanes + source] = static_cast<unsigned char>(l);
          holding_[lt] |= 1U << source;
        }
    // paths_[((level << 6) + code) * max_lanes + l]: the lane of the key a
    // path from `level` ends at that lane l reaches, or none_, for a path
    // starting type code % 8 - 1 at its first cell and code / 8 - 1 at its
    // second (0: none). Lanes hold at most seven types, as level 1 has one
    // lane per type.
    paths_.assign((levels_ << 6) * max_lanes, none_);
    path_lanes_.assign(levels_ << 6, 0);
    for (std::size_t level = 0; level < levels_; ++level)
      for (unsigned code = 0; code < 64; ++code) {
        const unsigned first = code & 7U, second = code >> 3;
        if (first > types || second > types) continue;
        for (int l = 0; l < lane_count_[level]; ++l) {
          std::size_t at = level, lane = static_cast<std::size_t>(l);
          bool open = true;
          for (const unsigned t : {first, second}) {
            if (t == 0 || !open) continue;
            if (at == 0) {
              open = false;
              continue;
            }
            const std::size_t lt = at * types + (t - 1);
            open = ((holding_[lt] >> lane) & 1U) != 0;
            lane = to_[lt * max_lanes + lane];
            --at;
          }
          if (open) {
            paths_[((level << 6) + code) * max_lanes + static_cast<std::size_t>(l)] = static_cast<unsigned char>(lane);
            path_lanes_[(level << 6) + code] |= static_cast<unsigned char>(1U << l);
          }
        }
      }
    start_mask_.assign((levels_ * types) << max_lanes, 0);
    for (std::size_t lt = 0; lt < levels_ * types; ++lt)
      for (unsigned mask = 0; mask < (1U << max_lanes); ++mask)
        for (std::size_t l = 0; l < max_lanes; ++l)
          if (((to_lanes[lt] >> l) & 1U) != 0 && ((mask >> from_[lt * max_lanes + l]) & 1U) != 0)
            start_mask_[(lt << max_lanes) + mask] |= static_cast<unsigned char>(1U << l);
    // Per level and mask of lanes: the types any of those lanes holds; per
    // level and cells left: the lanes whose ships fit in them.
    available_.assign(levels_ << max_lanes, 0);
    for (std::size_t level = 0; level < levels_; ++level)
      for (unsigned mask = 1; mask < (1U << max_lanes); ++mask) {
        const auto low = static_cast<std::size_t>(std::countr_zero(mask));
        available_[(level << max_lanes) + mask] =
            available_[(level << max_lanes) + (mask & (mask - 1))] | lane_types_[level * max_lanes + low];
      }
    fitting_.assign(levels_ * static_cast<std::size_t>(cells + 1), 0);
    for (std::size_t level = 0; level < levels_; ++level)
      for (int free = 0; free <= cells; ++free)
        for (int l = 0; l < lane_count_[level]; ++l)
          if (cells_needed_[level * max_lanes + static_cast<std::size_t>(l)] <= free)
            fitting_[static_cast<std::size_t>(free) * levels_ + level] |= static_cast<unsigned char>(1U << l);
    built_lengths_ = lengths;
    built_multiplicity_ = multiplicity;
    ready_ = true;
    return true;
  }
  // No tables (a problem the lanes do not take).
  void clear() noexcept { ready_ = false; }

  [[nodiscard]] bool ready() const noexcept { return ready_; }
  // The lane of a count state within its level.
  [[nodiscard]] unsigned lane_of(unsigned count_state) const noexcept { return state_lane_[count_state]; }
  // Types held by any of the lanes `mask` of `level`.
  [[nodiscard]] unsigned available(std::size_t level, unsigned mask) const noexcept {
    return available_[(level << max_lanes) + mask];
  }
  // Per level (indexed by it), the lanes whose unplaced ships fit in `free`
  // cells: a cell's free cells are fixed, so a step looks up its row once.
  [[nodiscard]] const unsigned char* fitting_row(int free) const noexcept {
    return fitting_.data() + static_cast<std::size_t>(free) * levels_;
  }
  // The types lane `lane` of `level` holds, as a mask.
  [[nodiscard]] unsigned lane_types(std::size_t level, unsigned lane) const noexcept {
    return lane_types_[level * max_lanes + lane];
  }
  [[nodiscard]] int cells_needed(std::size_t level, unsigned lane) const noexcept {
    return cells_needed_[level * max_lanes + lane];
  }
  // The code of a path's starts: 1 + the type started at its first cell
  // (0 none), plus 8 x (1 + the type started at its second).
  [[nodiscard]] static constexpr unsigned path_code(int first_kind, int second_kind) noexcept {
    return (first_kind >= 0 ? static_cast<unsigned>(first_kind / 2 + 1) : 0U) +
           8U * (second_kind >= 0 ? static_cast<unsigned>(second_kind / 2 + 1) : 0U);
  }
  // What an edge records of its path: its path_code() in the low six bits,
  // and the direction of each start (1: south) in bits 6 and 7, from which
  // the backward pass finds the starts' weights again.
  [[nodiscard]] static constexpr unsigned edge_code(int first_kind, int second_kind) noexcept {
    return path_code(first_kind, second_kind) | (first_kind >= 0 ? static_cast<unsigned>(first_kind & 1) << 6 : 0U) |
           (second_kind >= 0 ? static_cast<unsigned>(second_kind & 1) << 7 : 0U);
  }
  [[nodiscard]] static constexpr unsigned path_of_edge(unsigned edge) noexcept { return edge & 63U; }
  static constexpr unsigned char none_ = 0xff;
  // Per lane of a key of `level`: the lane of its successor by a path of
  // `code` it reaches, or none_ (the lane holds no ship a start takes).
  [[nodiscard]] const unsigned char* path(std::size_t level, unsigned code) const noexcept {
    return paths_.data() + ((level << 6) + code) * max_lanes;
  }
  // The lanes of a key of `level` that a path of `code` takes somewhere (not none_), as a mask.
  [[nodiscard]] unsigned path_lanes(std::size_t level, unsigned code) const noexcept {
    return path_lanes_[(level << 6) + code];
  }
  // Per lane of level 1 (one ship left): the type of that ship.
  [[nodiscard]] const unsigned char* last_types() const noexcept { return last_type_.data(); }
  // Into `out`: the values after a ship of type t starts from a key of `level`.
  [[gnu::always_inline]] void start(const lane_values& v, std::size_t level, std::size_t t,
                                    lane_values& out) const noexcept {
    const std::size_t lt = level * types_ + t;
    const unsigned char* from = from_.data() + lt * max_lanes;
    // Only the lanes that receive a value are read (about three).
    const unsigned mask = start_mask_[(lt << max_lanes) + static_cast<std::size_t>(v.mask)];
    out.v = {};
    for (unsigned m = mask; m != 0; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      out.v[l] = v.v[from[l]];
    }
    out.mask = mask;
  }

 private:
  bool ready_ = false;
  std::size_t types_ = 0, levels_ = 0;
  int cells_ = 0;
  std::vector<int> built_lengths_, built_multiplicity_;  // what the tables are for: build()
  std::vector<int> lane_count_;
  std::vector<unsigned char> state_lane_;
  std::vector<int> cells_needed_;
  std::vector<unsigned> lane_types_, available_;
  std::vector<unsigned char> last_type_, fitting_, from_, to_, start_mask_, paths_, path_lanes_;
  std::vector<unsigned> holding_;
};

}  // namespace battleship::detail
