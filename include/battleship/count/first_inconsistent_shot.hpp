#pragma once
// first_inconsistent_shot: which answer made an observation impossible.
//
// When no layout agrees with what a person answered, "no layout agrees with
// the observation" is all a count can say; a game wants "your answer at C4
// cannot be right". The shot to blame is the first whose answer leaves no
// layout agreeing with the shots up to it: every later shot only adds
// constraints, so the prefixes that some layout agrees with are exactly the
// shortest ones, and a binary search over them finds it in about log2(shots)
// counts without the occupancy matrix (a few milliseconds each on 10x10).
// Earlier answers may be just as wrong; this is the first the game could
// have noticed, had it counted after every answer.

#include <cstddef>
#include <optional>
#include <stdexcept>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/exact_counter.hpp>

namespace battleship {

// The index in seen.log() of the first shot after which no layout agrees
// with the shots so far; std::nullopt when some layout agrees with them all.
// Throws std::invalid_argument when no layout exists before any shot (the
// fleet cannot be placed on the grid under these rules), std::length_error
// past the counter's memory limit. The counter keeps its tables from call to
// call, as it does for count().
template <Ruleset R>
[[nodiscard]] std::optional<std::size_t> first_inconsistent_shot(exact_counter<R>& counter,
                                                                 const observation<typename R::board_type>& seen) {
  const R& rules = counter.rules();
  const auto& log = seen.log();
  // The observation of the first `shots` shots, in the order fired.
  const auto agrees = [&](std::size_t shots) {
    observation<typename R::board_type> prefix(rules);
    for (std::size_t k = 0; k < shots; ++k) prefix.record(log[k].cell, log[k].result);
    return counter.count(prefix, false).labelled != 0;
  };
  if (agrees(log.size())) return std::nullopt;
  if (!agrees(0))
    throw std::invalid_argument(
        "first_inconsistent_shot: no layout exists before any shot (the fleet cannot be placed on the grid under "
        "these rules)");
  std::size_t good = 0, bad = log.size();  // some layout agrees with the first `good` shots, none with `bad`
  while (bad - good > 1) {
    const std::size_t middle = good + (bad - good) / 2;
    (agrees(middle) ? good : bad) = middle;
  }
  return bad - 1;
}

template <Ruleset R>
[[nodiscard]] std::optional<std::size_t> first_inconsistent_shot(const R& rules,
                                                                 const observation<typename R::board_type>& seen) {
  exact_counter<R> counter(rules);
  return first_inconsistent_shot(counter, seen);
}

}  // namespace battleship
