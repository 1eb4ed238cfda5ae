#pragma once
// per_ship_density<R>: DataGenetics' probability-density heat map, the
// superposition of every ship's placements considered one ship at a time.
//
// For each ship not announced sunk, every in-grid placement that avoids the
// misses and the cells attributed to sunk ships (with their halo under the
// no-edge / no-contact rules) adds its weight to each of its cells:
//
//   weight = hit_weight ^ (number of hit cells the placement covers),
//
// and 0 for a placement lying wholly on hits under sunk feedback (that ship
// would have been announced). The factor makes "target mode" emerge: as soon
// as there is a hit, placements through it dominate, and placements through
// two hits in a line dominate those through one. Shot cells get weight 0.
// Ships of equal length share one placement list, counted once per ship afloat.
//
// Which cells a sunk ship occupied: the announcement names the ship and the
// sinking cell only. We attribute to it the cells common to every placement
// of its length that covers the sinking cell, lies on hits, and avoids cells
// attributed earlier; hits not attributed stay "live" hits. Under hit/miss
// feedback nothing is ever attributed, so every hit stays live (the model then
// keeps weighting up the neighbours of finished ships, which is the cost of
// not being told).
//
// Knobs (per_ship_density_options):
//   hit_weight  the factor per covered hit (default 32; DataGenetics suggests
//               "10-100x"; 1 turns the hit bonus off, which plays badly).
// The powers are capped (saturated) so that every weight sum stays an exact
// integer in a double (below 2^52); the cap is far above the classic fleet's
// needs. Powers past the cap stay at it: a huge weight still weights hits
// up, though a second hit then adds nothing.
//
// The model is incremental: it keeps per-placement state and per-cell sums,
// and each new shot updates only the placements through that cell (about 30
// on the classic game) instead of rebuilding the map (about 760 placements).
// weights()/best_cell() throw inconsistent_observation when there are more
// hits than the fleet has cells, a ship afloat has no placement left, or
// (hit/miss feedback) a hit lies on no placement at all. Subtler
// contradictions (ships that fit alone but not together, or a hit no sunk
// ship nor ship afloat can explain) only the exact models see.
// weights()/best_cell() accept any observation: one that extends the last
// seen is applied shot by shot; anything else restarts from scratch. Call
// new_game() when starting a fresh game to skip the check.
// per_ship_density_reference<R> computes the same weights from scratch per
// call: it is the test oracle and the benchmark baseline.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/density/density_model.hpp>

namespace battleship {

struct per_ship_density_options {
  std::int64_t hit_weight = 32;
};

namespace detail {

// The cells of the ship of `length` sunk at `cell`: those common to every
// placement (from `list`) through `cell` lying on `hits` and avoiding `taken`.
template <class Board>
[[nodiscard]] Board attribute_sunk_cells(const std::vector<placed_ship<Board>>& list, int cell, const Board& hits,
                                         const Board& taken) {
  Board common{};
  bool any = false;
  for (const auto& p : list) {
    if (!p.mask.test(static_cast<std::size_t>(cell)) || !p.mask.subset_of(hits) || p.mask.intersects(taken)) continue;
    common = any ? (common & p.mask) : p.mask;
    any = true;
  }
  if (!any) throw inconsistent_observation("a sunk ship fits on no line of hits through its sinking cell");
  return common;
}

// The contradictions the per-ship models check for.
// More hits than the whole fleet has cells (sunk ships included, since
// under sunk feedback a hit left unattributed may be a sunk ship's).
inline void check_hit_count(int hits, int fleet_cells) {
  if (hits > fleet_cells)
    throw inconsistent_observation(std::to_string(hits) + " hits, but the fleet has only " +
                                   std::to_string(fleet_cells) + " cells");
}
[[noreturn]] inline void no_room_left(int length) {
  throw inconsistent_observation("no placement is left for a ship of length " + std::to_string(length) +
                                 " still afloat");
}
[[noreturn]] inline void uncoverable_hit(const std::string& cell_name) {
  throw inconsistent_observation("no ship afloat can cover the hit at " + cell_name);
}

// hit_weight^h for h = 0..max_length, capped so sums stay exact in a double.
[[nodiscard]] inline std::vector<std::int64_t> hit_powers(std::int64_t hit_weight, int max_length,
                                                          std::int64_t placements) {
  if (hit_weight < 1) throw std::invalid_argument("per_ship_density: hit_weight must be at least 1");
  const std::int64_t limit = (std::int64_t{1} << 52) / (std::max<std::int64_t>(placements, 1) * max_ships);
  std::vector<std::int64_t> pw{1};
  for (int h = 1; h <= max_length; ++h) {
    const std::int64_t prev = pw.back();
    // Every power is at most the cap, so past it the cap itself: keeping
    // `prev` would turn a weight past the cap into 1.
    pw.push_back(prev <= limit / hit_weight ? prev * hit_weight : limit);
  }
  return pw;
}

}  // namespace detail

template <Ruleset R>
class per_ship_density {
 public:
  using board_type = typename R::board_type;

  explicit per_ship_density(const R& rules, per_ship_density_options options = {})
      : rules_(rules),
        geometry_(rules.geometry()),
        options_(options),
        cells_(geometry_.cell_count()),
        ships_(rules.ship_count()),
        sunk_feedback_(rules.announces_sunk()),
        contact_(rules.contact()) {
    // Group the ships by length.
    for (int i = 0; i < rules.ship_count(); ++i) {
      const int len = rules.ship_length(i);
      auto it = std::find(group_length_.begin(), group_length_.end(), len);
      if (it == group_length_.end()) {
        group_length_.push_back(len);
        group_size_.push_back(0);
        it = group_length_.end() - 1;
      }
      const auto gi = static_cast<std::size_t>(it - group_length_.begin());
      ++group_size_[gi];
      group_of_ship_.push_back(static_cast<int>(gi));
      fleet_cells_ += len;
    }
    const auto groups = group_length_.size();
    max_length_ = *std::max_element(group_length_.begin(), group_length_.end());
    // Placements of each length, flattened.
    std::vector<std::vector<int>> through(static_cast<std::size_t>(cells_));
    for (std::size_t g = 0; g < groups; ++g) {
      group_placements_.push_back(all_placements(geometry_, group_length_[g]));
      group_first_.push_back(static_cast<int>(pmask_.size()));
      for (const auto& p : group_placements_.back()) {
        const int id = static_cast<int>(pmask_.size());
        pmask_.push_back(p.mask);
        pgroup_.push_back(static_cast<int>(g));
        pstart_.push_back(static_cast<int>(pcells_.size()));
        const int first = geometry_.cell(p.where.row, p.where.col);
        const int step = p.where.dir == orientation::horizontal ? 1 : geometry_.width();
        pline_.push_back({first, step, group_length_[g]});
        p.mask.for_each([&](std::size_t c) {
          pcells_.push_back(static_cast<int>(c));
          through[c].push_back(id);
        });
      }
    }
    pstart_.push_back(static_cast<int>(pcells_.size()));
    group_first_.push_back(static_cast<int>(pmask_.size()));
    for (int c = 0; c < cells_; ++c) {
      through_start_.push_back(static_cast<int>(through_.size()));
      through_.insert(through_.end(), through[static_cast<std::size_t>(c)].begin(),
                      through[static_cast<std::size_t>(c)].end());
    }
    through_start_.push_back(static_cast<int>(through_.size()));
    // value_[g * stride + h]: a live placement's weight with h hits.
    const auto pw = detail::hit_powers(options_.hit_weight, max_length_, static_cast<std::int64_t>(pmask_.size()));
    stride_ = max_length_ + 1;
    value_.assign(groups * static_cast<std::size_t>(stride_), 0);
    for (std::size_t g = 0; g < groups; ++g)
      for (int h = 0; h <= group_length_[g]; ++h)
        value_[g * static_cast<std::size_t>(stride_) + static_cast<std::size_t>(h)] =
            (sunk_feedback_ && h == group_length_[g]) ? 0 : pw[static_cast<std::size_t>(h)];
    // The empty-board state, copied on every reset.
    total0_.assign(static_cast<std::size_t>(cells_), 0.0);
    for (std::size_t p = 0; p < pmask_.size(); ++p) {
      const auto g = static_cast<std::size_t>(pgroup_[p]);
      for (int k = pstart_[p]; k < pstart_[p + 1]; ++k)
        total0_[static_cast<std::size_t>(pcells_[static_cast<std::size_t>(k)])] +=
            static_cast<double>(group_size_[g] * value_[g * static_cast<std::size_t>(stride_)]);
    }
    reset();
  }

  // Forget the game: back to the empty board.
  void new_game() { reset(); }

  [[nodiscard]] density_map weights(const observation<board_type>& obs) {
    sync(obs);
    density_map w(static_cast<std::size_t>(cells_), 0.0);
    for (std::size_t c = 0; c < static_cast<std::size_t>(cells_); ++c)
      if (!shots_.test(c)) w[c] = total_[c];
    return w;
  }

  // The unshot cell of greatest weight, lowest index on ties (-1 if none).
  [[nodiscard]] int best_cell(const observation<board_type>& obs) {
    sync(obs);
    // Two passes: the maximum (four independent running maxima, so the
    // comparisons overlap instead of waiting on each other), then its first
    // cell. Shot cells carry a -infinity penalty.
    const double* t = total_.data();
    const double* pen = penalty_.data();
    const auto n = static_cast<std::size_t>(cells_);
    constexpr double none = -std::numeric_limits<double>::infinity();
    double m0 = none, m1 = none, m2 = none, m3 = none;
    std::size_t c = 0;
    for (; c + 4 <= n; c += 4) {
      const double v0 = t[c] + pen[c], v1 = t[c + 1] + pen[c + 1], v2 = t[c + 2] + pen[c + 2],
                   v3 = t[c + 3] + pen[c + 3];
      m0 = v0 > m0 ? v0 : m0;
      m1 = v1 > m1 ? v1 : m1;
      m2 = v2 > m2 ? v2 : m2;
      m3 = v3 > m3 ? v3 : m3;
    }
    for (; c < n; ++c) m0 = t[c] + pen[c] > m0 ? t[c] + pen[c] : m0;
    const double best = std::max(std::max(m0, m1), std::max(m2, m3));
    if (best < 0) return -1;
    for (c = 0; c < n; ++c)
      if (t[c] + pen[c] == best) return static_cast<int>(c);
    return -1;
  }

  [[nodiscard]] const per_ship_density_options& options() const noexcept { return options_; }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }
  // Cells attributed to sunk ships so far (after the last weights()/best_cell()).
  [[nodiscard]] const board_type& sunk_cells() const noexcept { return attributed_; }

 private:
  void reset() {
    total_ = total0_;
    blocked_.assign(pmask_.size(), 0);
    hit_count_.assign(pmask_.size(), 0);
    penalty_.assign(static_cast<std::size_t>(cells_), 0.0);
    afloat_ = group_size_;
    live_.assign(group_size_.size(), 0);
    for (std::size_t g = 0; g + 1 < group_first_.size(); ++g) live_[g] = group_first_[g + 1] - group_first_[g];
    hits_ = {};
    shots_ = {};
    attributed_ = {};
    obstructed_ = {};
    applied_ = 0;
    sinks_.clear();
  }

  // Brings the state up to `obs`, restarting if `obs` does not extend it.
  // The state is a function of the shot cells, the hits among them and the
  // sinkings in order, each with the hits it saw (which decide what its ship
  // covers); not of the order of the other shots. So `obs` extends it when
  // its log starts with the applied cells, in any order, with the same
  // outcomes, the applied sinkings first and no further sinking on an
  // applied cell. A caller walking other branches of a game (a search,
  // count_short_games) passes the same cells with another outcome, or in
  // another order.
  void sync(const observation<board_type>& obs) {
    require_observation_of(cells_, ships_, sunk_feedback_, obs);
    const auto& log = obs.log();
    const auto& sunk = obs.sunk_events();
    // The applied cells are the log's first applied_ entries (a shot that
    // throws resets the model below), so those entries must be them:
    // apply_log() skips them.
    bool extends =
        log.size() >= applied_ && (obs.hits() & shots_) == hits_ && (sunk.empty() ? sinks_.empty() : sinks_agree(sunk));
    for (std::size_t i = 0; extends && i < applied_; ++i) extends = shots_.test(static_cast<std::size_t>(log[i].cell));
    if (!extends) reset();
    try {
      apply_log(log);
    } catch (...) {
      // A sinking refused half way (no line of hits for it) has already
      // taken its ship off the fleet: the next call must not build on that.
      reset();
      throw;
    }
    detail::check_hit_count(hits_.count(), fleet_cells_);
    // total_ holds exact integers: 0 on a live hit means no ship afloat can cover it.
    for (std::size_t g = 0; g < afloat_.size(); ++g)
      if (afloat_[g] > 0 && live_[g] == 0) detail::no_room_left(group_length_[g]);
    if (!sunk_feedback_)  // with sinks, a hit left unattributed may still be a sunk ship's
      hits_.for_each([&](std::size_t c) {
        if (total_[c] == 0) detail::uncoverable_hit(geometry_.cell_name(static_cast<int>(c)));
      });
  }

  // Whether `sunk` starts with the sinkings applied and holds no other on an
  // applied cell.
  [[nodiscard]] bool sinks_agree(const std::vector<typename observation<board_type>::sunk_event>& sunk) const {
    if (sunk.size() < sinks_.size()) return false;
    if (sunk.size() > sinks_.size() && shots_.test(static_cast<std::size_t>(sunk[sinks_.size()].cell))) return false;
    for (std::size_t k = 0; k < sinks_.size(); ++k)
      if (sunk[k].ship != sinks_[k].ship || sunk[k].cell != sinks_[k].cell || sunk[k].hits_then != sinks_[k].hits_then)
        return false;
    return true;
  }

  // Applies log[applied_..].
  void apply_log(const std::vector<typename observation<board_type>::shot>& log) {
    for (; applied_ < log.size(); ++applied_) apply_shot(log[applied_].cell, log[applied_].result);
  }

  void apply_shot(int cell, shot_result r) {
    const auto c = static_cast<std::size_t>(cell);
    penalty_[c] = -std::numeric_limits<double>::infinity();
    shots_.set(c);
    if (!r.is_hit()) {
      block_through(cell);
      return;
    }
    hits_.set(c);
    for (int k = through_start_[c]; k < through_start_[c + 1]; ++k) {
      const auto p = static_cast<std::size_t>(through_[static_cast<std::size_t>(k)]);
      if (blocked_[p]) continue;
      const auto base = static_cast<std::size_t>(pgroup_[p] * stride_);
      const std::int64_t before = value_[base + hit_count_[p]];
      ++hit_count_[p];
      add(p, value_[base + hit_count_[p]] - before);
    }
    if (r.kind == outcome::sunk) sink(r.ship, cell);
  }

  void sink(int ship, int cell) {
    const auto g = static_cast<std::size_t>(group_of_ship_[static_cast<std::size_t>(ship)]);
    if (afloat_[g] == 0) throw inconsistent_observation("more ships of one length sunk than the fleet has");
    // One ship of this length fewer: remove one copy of the group's live placements.
    for (int p = group_first_[g]; p < group_first_[g + 1]; ++p) {
      const auto pi = static_cast<std::size_t>(p);
      if (blocked_[pi]) continue;
      const auto v = static_cast<double>(value_[g * static_cast<std::size_t>(stride_) + hit_count_[pi]]);
      add_line(pi, -v);
    }
    --afloat_[g];
    const board_type ship_cells = detail::attribute_sunk_cells(group_placements_[g], cell, hits_, attributed_);
    attributed_ |= ship_cells;
    const board_type fresh = halo(geometry_, contact_, ship_cells) - obstructed_;
    obstructed_ |= fresh;
    fresh.for_each([&](std::size_t x) { block_through(static_cast<int>(x)); });
    sinks_.push_back({ship, cell, hits_});
  }

  void block_through(int cell) {
    const auto c = static_cast<std::size_t>(cell);
    for (int k = through_start_[c]; k < through_start_[c + 1]; ++k) {
      const auto p = static_cast<std::size_t>(through_[static_cast<std::size_t>(k)]);
      if (blocked_[p]) continue;
      blocked_[p] = 1;
      --live_[static_cast<std::size_t>(pgroup_[p])];
      add(p, -value_[static_cast<std::size_t>(pgroup_[p] * stride_) + hit_count_[p]]);
    }
  }

  // Adds `delta` (one ship's change) to each cell of placement p, once per ship afloat.
  void add(std::size_t p, std::int64_t delta) {
    const auto scaled = static_cast<double>(delta * afloat_[static_cast<std::size_t>(pgroup_[p])]);
    if (scaled == 0) return;
    add_line(p, scaled);
  }
  void add_line(std::size_t p, double v) {
    const line l = pline_[p];
    double* t = total_.data() + l.first;
    for (int k = 0; k < l.length; ++k) t[k * l.step] += v;
  }

  R rules_;
  board_geometry<board_type> geometry_;
  per_ship_density_options options_;
  int cells_;
  int ships_;
  bool sunk_feedback_;
  int fleet_cells_ = 0;  // the sum of the ship lengths
  adjacency contact_;
  int max_length_ = 0;
  int stride_ = 0;
  // Fleet grouped by length.
  std::vector<int> group_length_, group_of_ship_;
  std::vector<std::int64_t> group_size_;
  std::vector<std::vector<placed_ship<board_type>>> group_placements_;
  std::vector<int> group_first_;  // placements of group g: [group_first_[g], group_first_[g + 1])
  // Placements: mask, group, cells (pcells_[pstart_[p] .. pstart_[p+1])), and per cell the placements through it.
  std::vector<board_type> pmask_;
  std::vector<int> pgroup_, pstart_, pcells_, through_start_, through_;
  struct line {
    int first, step, length;  // cells first, first + step, ... (length of them)
  };
  std::vector<line> pline_;
  std::vector<std::int64_t> value_;
  std::vector<double> total0_;
  // Game state. total_ holds exact integers (below 2^52) in doubles, so the
  // argmax vectorises; penalty_ is -infinity on shot cells, 0 elsewhere.
  std::vector<double> total_, penalty_;
  std::vector<std::int64_t> afloat_;
  std::vector<int> live_;  // per group: placements not blocked by misses or sunk ships' halos
  std::vector<unsigned char> blocked_, hit_count_;
  board_type hits_{}, shots_{}, attributed_{}, obstructed_{};
  std::size_t applied_ = 0;                                          // log entries applied
  std::vector<typename observation<board_type>::sunk_event> sinks_;  // the sinkings applied, in order
};

template <Ruleset R>
per_ship_density(const R&) -> per_ship_density<R>;
template <Ruleset R>
per_ship_density(const R&, per_ship_density_options) -> per_ship_density<R>;

// The same weights recomputed from scratch on every call, ship by ship and
// placement by placement, as DataGenetics describes it.
template <Ruleset R>
class per_ship_density_reference {
 public:
  using board_type = typename R::board_type;

  explicit per_ship_density_reference(const R& rules, per_ship_density_options options = {})
      : rules_(rules), table_(rules), options_(options) {
    // The same exponent cap as per_ship_density (placements counted once per length).
    int longest = 0;
    for (int i = 0; i < rules.ship_count(); ++i) longest = std::max(longest, rules.ship_length(i));
    std::vector<int> seen_lengths;
    std::int64_t distinct = 0;
    for (int i = 0; i < rules.ship_count(); ++i)
      if (std::find(seen_lengths.begin(), seen_lengths.end(), rules.ship_length(i)) == seen_lengths.end()) {
        seen_lengths.push_back(rules.ship_length(i));
        distinct += static_cast<std::int64_t>(table_.ship(i).size());
      }
    powers_ = detail::hit_powers(options_.hit_weight, longest, distinct);
  }

  [[nodiscard]] density_map weights(const observation<board_type>& obs) const {
    require_observation_of(rules_, obs);
    int fleet_cells = 0;
    for (int i = 0; i < rules_.ship_count(); ++i) fleet_cells += rules_.ship_length(i);
    detail::check_hit_count(obs.hits().count(), fleet_cells);
    const auto g = rules_.geometry();
    // Cells of sunk ships, attributed in announcement order.
    board_type attributed{}, obstructed{};
    for (const auto& e : obs.sunk_events()) {
      const board_type ship_cells = detail::attribute_sunk_cells(table_.ship(e.ship), e.cell, e.hits_then, attributed);
      attributed |= ship_cells;
      obstructed |= halo(g, rules_.contact(), ship_cells);
    }
    std::vector<std::int64_t> sum(static_cast<std::size_t>(g.cell_count()), 0);
    for (int i = 0; i < rules_.ship_count(); ++i) {
      if (obs.is_sunk(i)) continue;
      for (const auto& p : table_.ship(i)) {
        if (p.mask.intersects(obs.misses()) || p.mask.intersects(obstructed)) continue;
        const int h = (p.mask & obs.hits()).count();
        if (obs.sunk_feedback() && h == rules_.ship_length(i)) continue;
        const std::int64_t w = powers_[static_cast<std::size_t>(h)];
        p.mask.for_each([&](std::size_t c) { sum[c] += w; });
      }
    }
    for (int i = 0; i < rules_.ship_count(); ++i)
      if (!obs.is_sunk(i) && std::none_of(table_.ship(i).begin(), table_.ship(i).end(), [&](const auto& p) {
            return !p.mask.intersects(obs.misses()) && !p.mask.intersects(obstructed);
          }))
        detail::no_room_left(rules_.ship_length(i));
    if (!obs.sunk_feedback())
      obs.hits().for_each([&](std::size_t c) {
        if (sum[c] == 0) detail::uncoverable_hit(rules_.geometry().cell_name(static_cast<int>(c)));
      });
    density_map out(sum.size(), 0.0);
    for (std::size_t c = 0; c < sum.size(); ++c)
      if (!obs.shots().test(c)) out[c] = static_cast<double>(sum[c]);
    return out;
  }

 private:
  R rules_;
  placement_table<R> table_;
  per_ship_density_options options_;
  std::vector<std::int64_t> powers_;
};

template <Ruleset R>
per_ship_density_reference(const R&) -> per_ship_density_reference<R>;
template <Ruleset R>
per_ship_density_reference(const R&, per_ship_density_options) -> per_ship_density_reference<R>;

}  // namespace battleship
