#pragma once
// The Strategy concept: given what the attacker knows, the next cell to shoot.
//
// Hooks (the first two required, the others optional with the defaults shown):
//   using board_type = ...;                                   the ruleset's bitboard
//   int next_shot(const observation<board_type>& seen);       an unshot cell
//   void on_result(int cell, shot_result r,
//                  const observation<board_type>& seen) {}    told every outcome
//   void new_game() {}                                        forget the last game
//   void seed(std::uint64_t) {}                               reseed its generator
// A policy that keeps state between shots uses on_result; a stateless one
// derives everything from `seen`. Call the optional hooks through
// notify_result(), start_new_game() and seed_strategy(), which skip them when
// absent. Simulations reseed every game so results do not depend on which
// thread plays which game.

#include <concepts>
#include <cstdint>

#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>

namespace battleship {

namespace detail {
template <class S>
concept has_strategy_board = requires {
  typename S::board_type;
};
template <class S>
concept has_next_shot = requires(S& s, const observation<typename S::board_type>& seen) {
  { s.next_shot(seen) } -> std::convertible_to<int>;
};
template <class S>
concept observes_outcomes = requires(S& s, int cell, shot_result r, const observation<typename S::board_type>& seen) {
  s.on_result(cell, r, seen);
};
template <class S>
concept restartable = requires(S& s) {
  s.new_game();
};
template <class S>
concept seedable = requires(S& s, std::uint64_t v) {
  s.seed(v);
};
}  // namespace detail

template <class S>
concept Strategy = detail::has_strategy_board<S> && detail::has_next_shot<S>;

template <Strategy S>
constexpr void notify_result(S& s, int cell, shot_result r, const observation<typename S::board_type>& seen) {
  if constexpr (detail::observes_outcomes<S>) s.on_result(cell, r, seen);
}

template <Strategy S>
constexpr void start_new_game(S& s) {
  if constexpr (detail::restartable<S>) s.new_game();
}

template <Strategy S>
constexpr void seed_strategy(S& s, std::uint64_t seed) {
  if constexpr (detail::seedable<S>) s.seed(seed);
}

}  // namespace battleship
