#pragma once
// Portable random draws: the same generator state gives the same numbers on
// every standard library (std::uniform_int_distribution does not promise that).

#include <bit>
#include <concepts>
#include <cstdint>
#include <random>

#include <battleship/detail/platform.hpp>

namespace battleship::detail {

// Uniform integer in [0, n) by Lemire's multiply-and-reject method; n > 0.
template <std::uniform_random_bit_generator Rng>
[[nodiscard]] constexpr std::uint64_t uniform_below(Rng& rng, std::uint64_t n) {
  static_assert(Rng::min() == 0 && Rng::max() == ~std::uint64_t{0} >> (64 - std::bit_width(Rng::max())),
                "the generator must produce full-width unsigned words (e.g. std::mt19937_64)");
  // Narrower generators are concatenated, first draw highest, in separate
  // statements: the order of two calls inside one expression is unspecified.
  constexpr int bits = std::bit_width(static_cast<std::uint64_t>(Rng::max()));
  auto next64 = [&]() -> std::uint64_t {
    if constexpr (bits == 64) {
      return static_cast<std::uint64_t>(rng());
    } else {
      std::uint64_t v = 0;
      for (int got = 0; got < 64; got += bits) v = (v << bits) | static_cast<std::uint64_t>(rng());
      return v;
    }
  };
  __extension__ using u128 = unsigned __int128;
  u128 m = static_cast<u128>(next64()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<u128>(next64()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

// Uniform double in [0, 1).
template <std::uniform_random_bit_generator Rng>
[[nodiscard]] constexpr double uniform_unit(Rng& rng) {
  return static_cast<double>(uniform_below(rng, std::uint64_t{1} << 53)) * 0x1.0p-53;
}

}  // namespace battleship::detail
