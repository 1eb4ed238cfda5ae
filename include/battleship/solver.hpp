#pragma once
// The umbrella header: every public header of the library, nothing else,
// except count/extern_passes.hpp and count/instantiate_passes.hpp, which a
// program includes by choice to compile the counter's passes once.

#include <battleship/detail/platform.hpp>  // first: what the compiler must offer

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/analysis/exhaustive_result.hpp>
#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/hard_layouts.hpp>
#include <battleship/analysis/histogram.hpp>
#include <battleship/analysis/short_games.hpp>
#include <battleship/analysis/simulation.hpp>
#include <battleship/analysis/statistics.hpp>
#include <battleship/core/adjacency.hpp>
#include <battleship/core/bitboard.hpp>
#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/geometry.hpp>
#include <battleship/core/grid.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/core/shot_log.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/edge_prior.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/count/exact_sampler.hpp>
#include <battleship/count/first_inconsistent_shot.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/defense/park_figure8.hpp>
#include <battleship/defense/sequential_defense.hpp>
#include <battleship/density/density_model.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/monte_carlo_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/solve/bounds.hpp>
#include <battleship/solve/decision_tree.hpp>
#include <battleship/solve/greedy.hpp>
#include <battleship/solve/optimal.hpp>
#include <battleship/solve/reference.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/parity_hunt_target.hpp>
#include <battleship/strategy/park_hunt_target.hpp>
#include <battleship/strategy/random_fire.hpp>
#include <battleship/strategy/rng.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/strategy.hpp>
#include <battleship/strategy/sweep.hpp>
