#pragma once
// row_scan: shoot every cell left to right, top to bottom (Audinot et al.,
// section 4.2, the naive upper bound). Stateless: the next shot is the
// lowest-numbered cell not yet shot, so it also continues any observation it
// is handed mid-game. Works under every rule set and feedback model.

#include <cstddef>
#include <stdexcept>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

template <Ruleset R>
class row_scan {
 public:
  using board_type = typename R::board_type;

  explicit row_scan(const R& rules) : full_(rules.geometry().full()) {}

  [[nodiscard]] int next_shot(const observation<board_type>& seen) const {
    const std::size_t c = (full_ - seen.shots()).lowest();
    if (c >= board_type::capacity) throw std::logic_error("row_scan: every cell has been shot");
    return static_cast<int>(c);
  }
  // Made for games with this many cells (the scan is the same on any grid
  // of that size).
  [[nodiscard]] bool built_for(const R& rules) const noexcept { return rules.geometry().full() == full_; }

 private:
  board_type full_;
};

}  // namespace battleship
