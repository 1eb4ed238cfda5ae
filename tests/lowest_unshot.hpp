#pragma once
// A policy that says nothing of the games it was made for (no built_for, no
// rules()): it shoots the lowest cell not yet shot. The tests play it to see
// what the library takes on trust.

#include <cstddef>

#include <battleship/core/observation.hpp>

namespace battleship::test_support {

template <class Board>
struct lowest_unshot {
  using board_type = Board;
  int next_shot(const observation<board_type>& seen) const {
    int c = 0;
    while (seen.shots().test(static_cast<std::size_t>(c))) ++c;
    return c;
  }
};

}  // namespace battleship::test_support
