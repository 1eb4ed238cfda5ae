#pragma once
// The generator policies and simulations use, and the seed derivation that
// makes simulations independent of the thread count.
//
// splitmix64 (Steele, Lea & Flood 2014) is a bijective 64-bit mixer: stream
// seeds derived as mix(seed, index) never collide for distinct indices, and a
// generator is seeded in one step (a std::mt19937_64 needs 312 words of
// initialisation per game). Its output passes BigCrush, which is plenty for
// choosing cells to shoot.

#include <bit>
#include <cstddef>
#include <cstdint>

#include <battleship/detail/popcount.hpp>
#include <battleship/detail/random.hpp>

namespace battleship {

[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The seed of stream `index` under the master seed: distinct indices give
// distinct, well-mixed seeds.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) noexcept {
  return splitmix64(splitmix64(seed) ^ splitmix64(index ^ 0x5851f42d4c957f2dULL));
}

// A small, fast UniformRandomBitGenerator (the splitmix64 sequence).
class splitmix_rng {
 public:
  using result_type = std::uint64_t;
  constexpr explicit splitmix_rng(std::uint64_t seed = 0) noexcept : state_(seed) {}
  static constexpr result_type min() noexcept { return 0; }
  static constexpr result_type max() noexcept { return ~result_type{0}; }
  constexpr result_type operator()() noexcept {
    state_ += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  constexpr void seed(std::uint64_t s) noexcept { state_ = s; }

 private:
  std::uint64_t state_;
};

// A uniformly chosen cell of a non-empty board (the k-th set bit, k uniform).
template <class Board, class Rng>
[[nodiscard]] constexpr int random_cell_of(const Board& b, Rng& rng) {
  auto k = detail::uniform_below(rng, static_cast<std::uint64_t>(b.count()));
  for (std::size_t w = 0; w < Board::word_count; ++w) {
    std::uint64_t bits = b.word(w);
    const auto n = static_cast<std::uint64_t>(detail::popcount(bits));
    if (k >= n) {
      k -= n;
      continue;
    }
    for (; k > 0; --k) bits &= bits - 1;
    return static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
  }
  return -1;  // unreachable for a non-empty board
}

}  // namespace battleship
