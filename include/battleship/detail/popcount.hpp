#pragma once
// popcount(): the number of set bits of a 64-bit word, in a form that both
// GCC and Clang compile to the popcnt instruction when the target has one
// (-mpopcnt, -march=x86-64-v2 or later) and to a dozen inline instructions
// when it does not. GCC compiles std::popcount without the instruction to a
// call into libgcc, with which the exhaustive sweep kernel ran 1.8x slower
// than with this sum (docs/results/45-exhaustive.md, session 80).

#include <cstdint>

namespace battleship::detail {

[[nodiscard]] constexpr int popcount(std::uint64_t x) noexcept {
  // Bits summed in pairs, nibbles, then bytes; the multiply adds the eight
  // byte sums into the top byte. Both compilers recognise this idiom.
  x = x - ((x >> 1) & std::uint64_t{0x5555555555555555});
  x = (x & std::uint64_t{0x3333333333333333}) + ((x >> 2) & std::uint64_t{0x3333333333333333});
  x = (x + (x >> 4)) & std::uint64_t{0x0f0f0f0f0f0f0f0f};
  return static_cast<int>((x * std::uint64_t{0x0101010101010101}) >> 56);
}

// Any other type would convert: a 128-bit word would lose its high half.
template <class T>
int popcount(T) = delete;

}  // namespace battleship::detail
