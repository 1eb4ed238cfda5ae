#pragma once
// The DensityModel concept: observation -> per-cell weights for the next shot.
//
// Weights are non-negative doubles on any scale (exact models return
// probabilities derived from exact integer counts; heuristic models return
// scores). A cell already shot has weight 0, and so, under an exact model,
// does a cell no layout can cover; a heuristic model may score such a cell
// (per_ship_density scores each ship alone, so a cell only a layout of
// several ships rules out keeps its score).
// Hooks a model provides (all required):
//   using board_type = ...;                          the ruleset's bitboard
//   density_map weights(const observation<board_type>&);
// A model that finds no layout agreeing with the observation throws
// inconsistent_observation rather than returning NaNs.

#include <concepts>
#include <vector>

#include <battleship/core/observation.hpp>

namespace battleship {

using density_map = std::vector<double>;

namespace detail {
template <class M>
concept has_board_type_member = requires {
  typename M::board_type;
};
template <class M>
concept has_weights = requires(M& m, const observation<typename M::board_type>& obs) {
  { m.weights(obs) } -> std::convertible_to<density_map>;
};
}  // namespace detail

template <class M>
concept DensityModel = detail::has_board_type_member<M> && detail::has_weights<M>;

}  // namespace battleship
