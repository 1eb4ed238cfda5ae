#pragma once
// Text from outside the program made safe for a one-line error message: the
// library's own (battleship/detail/printable.hpp), which its shot-log reader
// uses too, under the tool's names.

#include <battleship/detail/printable.hpp>

namespace battleship::cli {

using battleship::detail::character_length_at;
using battleship::detail::printable;
using battleship::detail::quoted_word;
using battleship::detail::utf8_sequence_at;

}  // namespace battleship::cli
