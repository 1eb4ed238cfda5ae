#pragma once
// Whether a referee hiding a layout would have answered every shot of an
// observation the same way: the meaning of "a layout agrees with the
// observation", shared by the tests and the fuzz targets (tests/fuzz).

#include <battleship/core/game.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>

namespace battleship::test_support {

template <class R>
bool replays(const R& rules, const layout& l, const observation<typename R::board_type>& obs) {
  game<R> g(rules, l);
  for (const auto& s : obs.log())
    if (!(g.shoot(s.cell) == s.result)) return false;
  return true;
}

}  // namespace battleship::test_support
