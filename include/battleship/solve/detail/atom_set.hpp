#pragma once
// atom_set<Words>: a fixed-size set of layout indices ("atoms") for the exact
// solver. The information state of a game is the set of layouts still
// consistent with what was seen, so every split, count and key is a word-wise
// operation on one of these.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace battleship::detail::solve {

template <std::size_t Words>
struct atom_set {
  static constexpr std::size_t word_count = Words;
  static constexpr int capacity = static_cast<int>(Words * 64);
  std::array<std::uint64_t, Words> w{};

  constexpr void set(int i) noexcept { w[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64); }
  constexpr void reset(int i) noexcept { w[static_cast<std::size_t>(i) / 64] &= ~(std::uint64_t{1} << (i % 64)); }
  [[nodiscard]] constexpr bool test(int i) const noexcept {
    return (w[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1U;
  }
  [[nodiscard]] constexpr int count() const noexcept {
    std::uint64_t n = 0;
    for (auto x : w) {
      x = x - ((x >> 1) & 0x5555555555555555ULL);
      x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
      x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
      n += (x * 0x0101010101010101ULL) >> 56;
    }
    return static_cast<int>(n);
  }
  [[nodiscard]] constexpr bool any() const noexcept {
    for (auto x : w)
      if (x != 0) return true;
    return false;
  }
  // Index of the lowest atom, or -1.
  [[nodiscard]] constexpr int lowest() const noexcept {
    for (std::size_t i = 0; i < Words; ++i)
      if (w[i] != 0) return static_cast<int>(i * 64) + std::countr_zero(w[i]);
    return -1;
  }
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::size_t i = 0; i < Words; ++i) {
      std::uint64_t bits = w[i];
      while (bits != 0) {
        f(static_cast<int>(i * 64) + std::countr_zero(bits));
        bits &= bits - 1;
      }
    }
  }
  friend constexpr atom_set operator&(atom_set a, const atom_set& b) noexcept {
    for (std::size_t i = 0; i < Words; ++i) a.w[i] &= b.w[i];
    return a;
  }
  friend constexpr atom_set operator|(atom_set a, const atom_set& b) noexcept {
    for (std::size_t i = 0; i < Words; ++i) a.w[i] |= b.w[i];
    return a;
  }
  // Set difference.
  friend constexpr atom_set operator-(atom_set a, const atom_set& b) noexcept {
    for (std::size_t i = 0; i < Words; ++i) a.w[i] &= ~b.w[i];
    return a;
  }
  friend constexpr bool operator==(const atom_set&, const atom_set&) noexcept = default;
};

}  // namespace battleship::detail::solve
