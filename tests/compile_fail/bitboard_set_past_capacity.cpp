// expect: bitboard_cell_index_past_the_capacity
#include <battleship/core/bitboard.hpp>

// Cell 10 of a 10-cell board would land in the unused high bits of the word,
// which popcount and equality then see; in a constant expression the
// bitboard refuses it.
static_assert(battleship::bitboard<10>{}.set(10).count() == 1);

int main() {}
