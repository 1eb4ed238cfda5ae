#pragma once
// constrained_defense<R>: the defender draws each game's layout uniformly
// from the legal layouts that also meet constraints of its own choosing,
// the kinds Park set against the probability-density attack (his Table 5):
//   - region: every ship cell inside a set of cells (on the edges, in the
//     middle: cells_by_inset() builds such sets);
//   - contact: a stricter contact rule than the game's (ships apart, though
//     the game lets them touch);
//   - condition: a test of the whole layout (every_ship_touches_another(),
//     say), met by rejection.
// With a placement weight the draw is proportional to the product of the
// ships' weights instead (a defender who favours some placements). The
// constructor asks the weight once per placement and keeps the answers, so
// a weight may keep state; the condition is called from every thread that
// calls place() or admits(), and must bear that.
//
// The region and the contact rule cost no rejection: the layouts come from
// the exact counter's tables (exact_sampler, with placements outside the
// region weighing 0), so the draw is exact however rare such layouts are
// among all of them (3,034,368 of Park's 30,093,975,536, 1 in 9,918, keep
// every ship on the border). Only the condition is met by redrawing, at most
// max_tries times.
// The sampler's tables are built once and shared by copies, and place() is
// const and safe to call from several threads (simulate() does).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/geometry.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/count/exact_sampler.hpp>

namespace battleship {

template <class Board>
struct defense_constraints {
  std::optional<Board> region;                   // every ship cell inside; nullopt: the whole grid
  std::optional<adjacency> contact;              // at least as strict as the game's; nullopt: the game's
  std::function<bool(const layout&)> condition;  // on the whole layout, met by redrawing; empty: none
  long long max_tries = 100'000;                 // draws per layout before place() gives up on the condition
  // Bytes the sampler's tables may take (exact_sampler's limit). place()
  // draws one layout at a time, which needs every table kept, so the
  // constructor refuses a board whose tables pass three quarters of this
  // (16x16, ships 5,4,3,3,2 apart, by the default 8 GiB) with
  // std::length_error, as soon as its pass gets there.
  std::size_t memory_limit = detail::default_memory_limit;
  // What the condition asks, named by place()'s error; empty: "the condition".
  std::string condition_name;
};

// The cells whose distance to the nearest edge of the grid lies in
// [min_inset, max_inset]: (0, 0) is the border ring, (2, big) the middle
// of a 10x10 grid without its two outer rings (6x6 cells).
template <class Board>
[[nodiscard]] constexpr Board cells_by_inset(const board_geometry<Board>& g, int min_inset, int max_inset) {
  Board cells;
  for (int r = 0; r < g.height(); ++r)
    for (int c = 0; c < g.width(); ++c) {
      const int inset = std::min(std::min(r, c), std::min(g.height() - 1 - r, g.width() - 1 - c));
      if (inset >= min_inset && inset <= max_inset) cells.set(static_cast<std::size_t>(g.cell(r, c)));
    }
  return cells;
}

// Does every ship share an edge with at least one other ship? (Park's
// "placed adjacent to each other"; a one-ship fleet never does.)
template <Ruleset R>
[[nodiscard]] bool every_ship_touches_another(const R& rules, const layout& l) {
  const auto g = rules.geometry();
  const auto masks = ship_masks(rules, l);
  for (int i = 0; i < l.size(); ++i) {
    const auto near = g.dilate4(masks[static_cast<std::size_t>(i)]);
    bool touches = false;
    for (int j = 0; j < l.size() && !touches; ++j)
      touches = j != i && near.intersects(masks[static_cast<std::size_t>(j)]);
    if (!touches) return false;
  }
  return true;
}

template <Ruleset R>
class constrained_defense {
 public:
  using board_type = typename R::board_type;
  using constraints_type = defense_constraints<board_type>;
  // The game's grid, fleet and feedback with the defender's contact rule.
  using defender_rules =
      ruleset<typename R::grid_type, typename R::fleet_type, dynamic_adjacency, typename R::feedback_type>;

  // Throws std::invalid_argument for a contact rule that names none or is
  // looser than the game's, a region with cells off the grid or none, or
  // when no legal layout meets the region and the contact rule;
  // std::length_error when the sampler's tables pass
  // constraints.memory_limit (or three quarters of it: see
  // defense_constraints).
  constrained_defense(const R& rules, constraints_type constraints)
      : constrained_defense(rules, std::move(constraints), unit_weight{}) {}

  template <PlacementWeight Weight>
  constrained_defense(const R& rules, constraints_type constraints, Weight weight)
      : rules_(rules), constraints_(std::move(constraints)) {
    const auto g = rules.geometry();
    const adjacency contact = constraints_.contact.value_or(rules.contact());
    if (!detail::names_a_rule(contact))
      throw std::invalid_argument("constrained defense: no contact rule " + std::to_string(static_cast<int>(contact)) +
                                  " (touching, no_edge or no_contact)");
    if (static_cast<int>(contact) < static_cast<int>(rules.contact()))
      throw std::invalid_argument("constrained defense: the contact rule " + std::string(to_string(contact)) +
                                  " is looser than the game's (" + std::string(to_string(rules.contact())) +
                                  "): its layouts would be illegal");
    if (constraints_.region && !constraints_.region->subset_of(g.full()))
      throw std::invalid_argument("constrained defense: the region has cells off the grid");
    // Said as such, not as "no layout keeps every ship inside the region"
    // (the middle of a 4x4 grid, without its two outer rings, is empty).
    if (constraints_.region && constraints_.region->none())
      throw std::invalid_argument("constrained defense: the region holds no cell");
    if (constraints_.max_tries < 1) throw std::invalid_argument("constrained defense: max_tries must be at least 1");
    const defender_rules own{rules.grid, rules.fleet, dynamic_adjacency{contact}, rules.feedback};
    const board_type region = constraints_.region.value_or(g.full());
    // Every placement's weight, asked of `weight` once, here: the sampler's
    // tables, admits() and allows() read this table, so a weight that keeps
    // state is never called from two threads (search_hard_layouts calls
    // admits() from each of its own).
    const int cells = g.cell_count();
    weights_.assign(static_cast<std::size_t>(rules.ship_count()) * static_cast<std::size_t>(cells) * 2, 0);
    for (int ship = 0; ship < rules.ship_count(); ++ship)
      for (int cell = 0; cell < cells; ++cell)
        for (const orientation dir : {orientation::horizontal, orientation::vertical}) {
          const placement p{g.row_of(cell), g.col_of(cell), dir};
          const auto mask = g.ship_mask(p.row, p.col, p.dir, own.ship_length(ship));
          if (mask && mask->subset_of(region))
            weights_[index(ship, p)] = detail::placement_weight_value(weight(ship, p));
        }
    try {
      // place() draws one layout at a time: tables past the limit are
      // refused as soon as the pass reaches them, not checkpointed.
      sampler_ = std::make_shared<const exact_sampler<defender_rules>>(
          own, observation<board_type>(own), [this](int ship, const placement& p) { return weight_of(ship, p); },
          constraints_.memory_limit, sampler_draws::one_at_a_time_only);
    } catch (const std::length_error& e) {
      throw std::length_error(std::string("constrained defense: ") + e.what());
    } catch (const inconsistent_observation&) {
      throw std::invalid_argument(std::string("constrained defense: no legal layout ") +
                                  (constraints_.region ? "keeps every ship inside the region" : "exists") +
                                  " under the " + std::string(to_string(contact)) + " rule" +
                                  (contact != rules.contact() ? " the defense keeps to" : "") +
                                  // Weights of 0 may be the cause only where a weight was given.
                                  (detail::weighs_placements<Weight> ? " (or the placement weights leave none)" : ""));
    }
  }

  // A layout meeting every constraint. Throws std::runtime_error when
  // max_tries draws all fail the condition.
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout place(Rng& rng) const {
    for (long long tries = 0; tries < constraints_.max_tries; ++tries) {
      layout l = (*sampler_)(rng);
      if (!constraints_.condition || constraints_.condition(l)) return l;
    }
    throw std::runtime_error(
        "constrained defense: no layout met " +
        (constraints_.condition_name.empty() ? std::string("the condition") : constraints_.condition_name) + " in " +
        std::to_string(constraints_.max_tries) + " draws");
  }

  // Does `l` meet every constraint: legal under the defender's contact rule,
  // inside the region, every placement of positive weight, and the condition?
  [[nodiscard]] bool admits(const layout& l) const {
    if (validate(sampler_->rules(), l)) return false;
    for (int i = 0; i < l.size(); ++i)
      if (weight_of(i, l[i]) == 0) return false;
    return !constraints_.condition || constraints_.condition(l);
  }

  // May ship `ship` lie at `p` as far as the region and the weight go?
  [[nodiscard]] bool allows(int ship, const placement& p) const {
    if (ship < 0 || ship >= rules_.ship_count())
      throw std::out_of_range("constrained defense: no ship " + std::to_string(ship) + " in the fleet");
    return weight_of(ship, p) > 0;
  }

  // The number of labelled layouts meeting the region and the contact rule
  // (with a weight: the sum of their weights), before the condition.
  [[nodiscard]] count_type layout_count() const noexcept { return sampler_->layout_count(); }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }
  [[nodiscard]] const constraints_type& constraints() const noexcept { return constraints_; }

 private:
  // Where placement p of ship `ship` sits in weights_ (p on the grid).
  [[nodiscard]] std::size_t index(int ship, const placement& p) const noexcept {
    const int cell = rules_.geometry().cell(p.row, p.col);
    return (static_cast<std::size_t>(ship) * static_cast<std::size_t>(rules_.geometry().cell_count()) +
            static_cast<std::size_t>(cell)) *
               2 +
           (p.dir == orientation::vertical ? 1 : 0);
  }
  // The placement's weight; 0 off the grid or outside the region.
  [[nodiscard]] std::uint64_t weight_of(int ship, const placement& p) const noexcept {
    const auto g = rules_.geometry();
    if (!g.contains(p.row, p.col) || !is_orientation(p.dir)) return 0;
    return weights_[index(ship, p)];
  }

  R rules_;
  constraints_type constraints_;
  std::vector<std::uint64_t> weights_;  // by ship, cell and orientation
  std::shared_ptr<const exact_sampler<defender_rules>> sampler_;
};

}  // namespace battleship
