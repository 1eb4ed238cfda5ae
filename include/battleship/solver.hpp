#pragma once
// The umbrella header: everything a user of the library needs.

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
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/recursive_enumerator.hpp>
