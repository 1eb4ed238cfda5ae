#pragma once
// observation<Board>: what the attacker knows — shots in order, hits,
// misses and sunk announcements.
//
// record() rejects what no referee could have said: a second shot at a cell,
// a cell off the grid, a sunk announcement under hit/miss feedback, a ship
// that does not exist or sinks twice. Whether *some* layout agrees with the
// whole observation is for the counters to decide: a count of 0 is a valid
// answer, while anything that divides by it (probabilities, density models,
// samplers) throws inconsistent_observation.
//
// The per-placement predicate placement_allowed() is what every counter uses:
// a placement is admissible for ship i when it avoids every miss and, under
// sunk feedback, either (i was announced sunk at cell c) it covers c and lies
// only on cells hit by then, or (i was not) it does not lie wholly on hits.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

// A shot or announcement no referee could have made.
struct invalid_observation : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
// Shots that no legal layout agrees with.
struct inconsistent_observation : std::domain_error {
  inconsistent_observation() : std::domain_error("no layout agrees with the observation") {}
  using std::domain_error::domain_error;
};

template <class Board>
class observation {
 public:
  using board_type = Board;
  struct shot {
    int cell;
    shot_result result;
  };
  struct sunk_event {
    int ship;
    int cell;
    Board hits_then;  // every hit up to and including the sinking shot
  };

  constexpr observation(int cell_count, int ship_count, bool sunk_feedback)
      : cell_count_(cell_count), ship_count_(ship_count), sunk_feedback_(sunk_feedback) {
    if (cell_count < 0 || static_cast<std::size_t>(cell_count) > Board::capacity)
      throw invalid_observation("an observation of " + std::to_string(cell_count) +
                                " cells: the board type holds 0 to " + std::to_string(Board::capacity));
    if (ship_count < 0 || ship_count > max_ships)
      throw invalid_observation("an observation of " + std::to_string(ship_count) + " ships: a fleet has 0 to " +
                                std::to_string(max_ships));
  }
  template <Ruleset R>
  requires std::same_as<typename R::board_type, Board>
  constexpr explicit observation(const R& rules)
      : observation(rules.geometry().cell_count(), rules.ship_count(), rules.announces_sunk()) {}

  constexpr void record(int cell, shot_result r) {
    if (cell < 0 || cell >= cell_count_)
      throw invalid_observation("shot at cell " + std::to_string(cell) + " is off the grid");
    if (shots_.test(static_cast<std::size_t>(cell)))
      throw invalid_observation("cell " + std::to_string(cell) + " was already shot");
    if (r.kind != outcome::miss && r.kind != outcome::hit && r.kind != outcome::sunk)
      throw invalid_observation("no outcome " + std::to_string(static_cast<int>(r.kind)) + " (miss, hit or sunk)");
    if (r.kind == outcome::sunk) {
      if (!sunk_feedback_) throw invalid_observation("hit/miss feedback never announces a sunk ship");
      if (r.ship < 0 || r.ship >= ship_count_)
        throw invalid_observation("sunk ship " + std::to_string(r.ship) + " is not in the fleet " +
                                  (ship_count_ == 0
                                       ? std::string("(the fleet has no ship)")
                                       : "(ships are numbered 0 to " + std::to_string(ship_count_ - 1) + ")"));
      if (is_sunk(r.ship)) throw invalid_observation("ship " + std::to_string(r.ship) + " was already sunk");
    } else if (r.ship != -1) {
      throw invalid_observation("only a sunk announcement names a ship");
    }
    shots_.set(static_cast<std::size_t>(cell));
    if (r.is_hit())
      hits_.set(static_cast<std::size_t>(cell));
    else
      misses_.set(static_cast<std::size_t>(cell));
    log_.push_back({cell, r});
    if (r.kind == outcome::sunk) {
      sunk_mask_ |= 1U << r.ship;
      sunk_.push_back({r.ship, cell, hits_});
    }
  }
  constexpr void record_hit(int cell) { record(cell, shot_result::hit()); }
  constexpr void record_miss(int cell) { record(cell, shot_result::miss()); }
  constexpr void record_sunk(int cell, int ship) { record(cell, shot_result::sunk(ship)); }

  [[nodiscard]] constexpr const Board& shots() const noexcept { return shots_; }
  [[nodiscard]] constexpr const Board& hits() const noexcept { return hits_; }
  [[nodiscard]] constexpr const Board& misses() const noexcept { return misses_; }
  [[nodiscard]] constexpr const std::vector<shot>& log() const noexcept { return log_; }
  [[nodiscard]] constexpr const std::vector<sunk_event>& sunk_events() const noexcept { return sunk_; }
  [[nodiscard]] constexpr bool is_sunk(int ship) const noexcept {
    return ship >= 0 && ship < ship_count_ && ((sunk_mask_ >> ship) & 1U);
  }
  [[nodiscard]] constexpr unsigned sunk_ships() const noexcept { return sunk_mask_; }
  [[nodiscard]] constexpr int shot_count() const noexcept { return static_cast<int>(log_.size()); }
  [[nodiscard]] constexpr int cell_count() const noexcept { return cell_count_; }
  [[nodiscard]] constexpr int ship_count() const noexcept { return ship_count_; }
  [[nodiscard]] constexpr bool sunk_feedback() const noexcept { return sunk_feedback_; }

  // The sunk event for `ship`, or nullptr.
  [[nodiscard]] constexpr const sunk_event* sinking_of(int ship) const noexcept {
    for (const auto& e : sunk_)
      if (e.ship == ship) return &e;
    return nullptr;
  }

  // May ship `ship` lie on `mask`, judging that placement alone?
  [[nodiscard]] constexpr bool placement_allowed(int ship, const Board& mask) const noexcept {
    if (mask.intersects(misses_)) return false;
    if (!sunk_feedback_) return true;
    if (const auto* e = sinking_of(ship))
      return mask.test(static_cast<std::size_t>(e->cell)) && mask.subset_of(e->hits_then);
    return !mask.subset_of(hits_);
  }

 private:
  int cell_count_;
  int ship_count_;
  bool sunk_feedback_;
  Board shots_{}, hits_{}, misses_{};
  std::vector<shot> log_;
  std::vector<sunk_event> sunk_;
  unsigned sunk_mask_ = 0;
};

template <Ruleset R>
observation(const R&) -> observation<typename R::board_type>;

namespace detail {
// The message of a weighted count of 0 after shots (no_layout_agrees,
// count_result).
inline constexpr const char* no_weighted_layout_agrees = "no layout with a weight above 0 agrees with the observation";
}  // namespace detail

// What to throw when no layout agrees with `obs`. Before any shot the fault
// is the rules, not the shots. `weighted`: the count had placement weights,
// which may have given 0 to every layout the shots leave, so the message
// does not blame the shots alone.
template <class Board>
[[nodiscard]] inconsistent_observation no_layout_agrees(const observation<Board>& obs, bool weighted = false) {
  if (obs.shot_count() == 0)
    return inconsistent_observation(weighted
                                        ? "no layout with a weight above 0 exists: the fleet cannot be placed on "
                                          "the grid under these rules, or the weights give every layout 0"
                                        : "no layout exists: the fleet cannot be placed on the grid under these rules");
  if (weighted) return inconsistent_observation(detail::no_weighted_layout_agrees);
  return inconsistent_observation();
}

// Throws invalid_observation unless `obs` could have been made under rules
// of `cells` cells and `ships` ships whose feedback announces sinkings or
// not: the same counts, and no sunk announcement under hit/miss feedback.
// (An observation knows its cell count, not the grid's shape: one made on a
// 5x7 grid passes for 7x5 rules.) Every counter and model calls it.
template <class Board>
constexpr void require_observation_of(int cells, int ships, bool announces_sunk, const observation<Board>& obs) {
  if (obs.cell_count() != cells)
    throw invalid_observation("the observation has " + std::to_string(obs.cell_count()) + " cells, the rules' grid " +
                              std::to_string(cells));
  if (obs.ship_count() != ships)
    throw invalid_observation("the observation has " + std::to_string(obs.ship_count()) + " ships, the rules' fleet " +
                              std::to_string(ships));
  if (!announces_sunk && obs.sunk_ships() != 0)
    throw invalid_observation("the observation announces a sunk ship, which these rules' feedback never does");
}
template <Ruleset R, class Board>
constexpr void require_observation_of(const R& rules, const observation<Board>& obs) {
  require_observation_of(rules.geometry().cell_count(), rules.ship_count(), rules.announces_sunk(), obs);
}

// Equal-length ships are interchangeable unless announcements tell them apart:
// the unlabelled count is the labelled count divided by, for each length,
// (number of ships of that length not announced sunk)!.
template <Ruleset R, class Board>
[[nodiscard]] constexpr unsigned long long unlabelled_divisor(const R& rules, const observation<Board>& obs) {
  unsigned long long d = 1;
  for (int len = 1; len <= max_ship_length; ++len) {
    unsigned long long k = 0;
    for (int i = 0; i < rules.ship_count(); ++i)
      if (rules.ship_length(i) == len && !obs.is_sunk(i)) d *= ++k;
  }
  return d;
}

}  // namespace battleship
