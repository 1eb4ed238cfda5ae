#pragma once
// bitboard<Bits>: a constexpr set of cells over 64-bit words.
//
// Cell i lives in bit (i % 64) of word (i / 64). Bits past `Bits` are always
// zero: every operation that could set them (complement, left shift) masks
// them off, so popcount and equality never see garbage. Shifts here are
// plain index shifts; shifts that respect the rows of a grid live in
// core/geometry.hpp, which clears the edge column first.
//
// The single-cell operations (test, set, reset, flip, single) take a cell
// below `capacity`: unchecked at run time, where they sit in the counters'
// inner loops, but a compile error when evaluated as a constant (say in a
// static_assert), instead of a bit past the capacity that popcount and
// equality would then see.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include <battleship/detail/platform.hpp>
#include <battleship/detail/popcount.hpp>

namespace battleship {

namespace detail {
// Not constexpr: reaching it in a constant evaluation is the compile error.
inline void bitboard_cell_index_past_the_capacity() noexcept {}
}  // namespace detail

template <std::size_t Bits>
class bitboard {
  static_assert(Bits > 0, "a bitboard needs at least one bit");

 public:
  static constexpr std::size_t capacity = Bits;
  static constexpr std::size_t word_count = (Bits + 63) / 64;
  using word_type = std::uint64_t;

  constexpr bitboard() noexcept = default;

  static constexpr bitboard from_word(word_type w) noexcept {
    bitboard b;
    b.words_[0] = w;
    b.trim();
    return b;
  }
  static constexpr bitboard single(std::size_t i) noexcept {
    bitboard b;
    b.set(i);
    return b;
  }
  // The first n cells set.
  static constexpr bitboard first_n(std::size_t n) noexcept {
    bitboard b;
    for (std::size_t w = 0; w < word_count && n > 0; ++w) {
      const std::size_t take = n < 64 ? n : 64;
      b.words_[w] = take == 64 ? ~word_type{0} : ((word_type{1} << take) - 1);
      n -= take;
    }
    b.trim();
    return b;
  }

  [[nodiscard]] constexpr bool test(std::size_t i) const noexcept {
    expect_cell(i);
    return (words_[i / 64] >> (i % 64)) & 1U;
  }
  constexpr bitboard& set(std::size_t i) noexcept {
    expect_cell(i);
    words_[i / 64] |= word_type{1} << (i % 64);
    return *this;
  }
  constexpr bitboard& reset(std::size_t i) noexcept {
    expect_cell(i);
    words_[i / 64] &= ~(word_type{1} << (i % 64));
    return *this;
  }
  constexpr bitboard& flip(std::size_t i) noexcept {
    expect_cell(i);
    words_[i / 64] ^= word_type{1} << (i % 64);
    return *this;
  }
  constexpr void clear() noexcept { words_ = {}; }

  [[nodiscard]] constexpr int count() const noexcept {
    int n = 0;
    for (auto w : words_) n += detail::popcount(w);
    return n;
  }
  [[nodiscard]] constexpr bool any() const noexcept {
    for (auto w : words_)
      if (w != 0) return true;
    return false;
  }
  [[nodiscard]] constexpr bool none() const noexcept { return !any(); }
  [[nodiscard]] constexpr bool intersects(const bitboard& o) const noexcept {
    for (std::size_t w = 0; w < word_count; ++w)
      if (words_[w] & o.words_[w]) return true;
    return false;
  }
  // true when every cell of *this is also in o.
  [[nodiscard]] constexpr bool subset_of(const bitboard& o) const noexcept {
    for (std::size_t w = 0; w < word_count; ++w)
      if (words_[w] & ~o.words_[w]) return false;
    return true;
  }
  // Index of the lowest set cell; capacity when empty.
  [[nodiscard]] constexpr std::size_t lowest() const noexcept {
    for (std::size_t w = 0; w < word_count; ++w)
      if (words_[w] != 0) return w * 64 + static_cast<std::size_t>(std::countr_zero(words_[w]));
    return Bits;
  }
  // Removes and returns the lowest set cell (the board must not be empty).
  constexpr std::size_t pop_lowest() noexcept {
    for (std::size_t w = 0; w < word_count; ++w) {
      if (words_[w] != 0) {
        const auto bit = static_cast<std::size_t>(std::countr_zero(words_[w]));
        words_[w] &= words_[w] - 1;
        return w * 64 + bit;
      }
    }
    return Bits;
  }
  // Calls f(cell) for every set cell, in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::size_t w = 0; w < word_count; ++w) {
      word_type bits = words_[w];
      while (bits != 0) {
        f(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        bits &= bits - 1;
      }
    }
  }

  // Forward iteration over set cells (pop-lowest underneath).
  class iterator {
   public:
    using value_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() noexcept = default;
    constexpr explicit iterator(const bitboard& b) noexcept : rest_(b), cell_(rest_.pop_lowest()) {}
    constexpr std::size_t operator*() const noexcept { return cell_; }
    constexpr iterator& operator++() noexcept {
      cell_ = rest_.pop_lowest();
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      auto old = *this;
      ++*this;
      return old;
    }
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept { return a.cell_ == b.cell_; }

   private:
    bitboard rest_{};
    std::size_t cell_ = Bits;
  };
  [[nodiscard]] constexpr iterator begin() const noexcept { return iterator(*this); }
  [[nodiscard]] constexpr iterator end() const noexcept { return iterator(); }

  [[nodiscard]] constexpr word_type word(std::size_t w) const noexcept { return words_[w]; }
  constexpr void set_word(std::size_t w, word_type v) noexcept {
    words_[w] = v;
    if (w == word_count - 1) trim();
  }

  constexpr bitboard& operator&=(const bitboard& o) noexcept {
    for (std::size_t w = 0; w < word_count; ++w) words_[w] &= o.words_[w];
    return *this;
  }
  constexpr bitboard& operator|=(const bitboard& o) noexcept {
    for (std::size_t w = 0; w < word_count; ++w) words_[w] |= o.words_[w];
    return *this;
  }
  constexpr bitboard& operator^=(const bitboard& o) noexcept {
    for (std::size_t w = 0; w < word_count; ++w) words_[w] ^= o.words_[w];
    return *this;
  }
  // Set difference: removes o's cells.
  constexpr bitboard& operator-=(const bitboard& o) noexcept {
    for (std::size_t w = 0; w < word_count; ++w) words_[w] &= ~o.words_[w];
    return *this;
  }
  friend constexpr bitboard operator&(bitboard a, const bitboard& b) noexcept { return a &= b; }
  friend constexpr bitboard operator|(bitboard a, const bitboard& b) noexcept { return a |= b; }
  friend constexpr bitboard operator^(bitboard a, const bitboard& b) noexcept { return a ^= b; }
  friend constexpr bitboard operator-(bitboard a, const bitboard& b) noexcept { return a -= b; }
  constexpr bitboard operator~() const noexcept {
    bitboard r;
    for (std::size_t w = 0; w < word_count; ++w) r.words_[w] = ~words_[w];
    r.trim();
    return r;
  }

  // Index shifts towards higher cells (<<) and lower cells (>>), carrying
  // across word boundaries; cells shifted past the capacity are dropped.
  constexpr bitboard& operator<<=(std::size_t n) noexcept {
    if (n >= Bits) {
      clear();
      return *this;
    }
    const std::size_t whole = n / 64, part = n % 64;
    for (std::size_t w = word_count; w-- > 0;) {
      word_type v = w >= whole ? words_[w - whole] << part : 0;
      if (part != 0 && w >= whole + 1) v |= words_[w - whole - 1] >> (64 - part);
      words_[w] = v;
    }
    trim();
    return *this;
  }
  constexpr bitboard& operator>>=(std::size_t n) noexcept {
    if (n >= Bits) {
      clear();
      return *this;
    }
    const std::size_t whole = n / 64, part = n % 64;
    for (std::size_t w = 0; w < word_count; ++w) {
      word_type v = w + whole < word_count ? words_[w + whole] >> part : 0;
      if (part != 0 && w + whole + 1 < word_count) v |= words_[w + whole + 1] << (64 - part);
      words_[w] = v;
    }
    return *this;
  }
  friend constexpr bitboard operator<<(bitboard a, std::size_t n) noexcept { return a <<= n; }
  friend constexpr bitboard operator>>(bitboard a, std::size_t n) noexcept { return a >>= n; }

  // Word by word: the defaulted form calls memcmp on wider boards.
  friend constexpr bool operator==(const bitboard& a, const bitboard& b) noexcept {
    for (std::size_t w = 0; w < word_count; ++w)
      if (a.words_[w] != b.words_[w]) return false;
    return true;
  }
  // Lexicographic on words from the highest: a strict total order for maps and sorting.
  friend constexpr bool operator<(const bitboard& a, const bitboard& b) noexcept {
    for (std::size_t w = word_count; w-- > 0;)
      if (a.words_[w] != b.words_[w]) return a.words_[w] < b.words_[w];
    return false;
  }

  // A 64-bit mix of the words, for hash tables.
  [[nodiscard]] constexpr std::uint64_t hash() const noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (auto w : words_) {
      h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
      h *= 0xff51afd7ed558ccdULL;
      h ^= h >> 33;
    }
    return h;
  }

  // Bits as '0'/'1', cell 0 first (row structure is the grid's business).
  [[nodiscard]] std::string to_string() const {
    std::string s(Bits, '0');
    for_each([&](std::size_t i) { s[i] = '1'; });
    return s;
  }

 private:
  static constexpr void expect_cell(std::size_t i) noexcept {
    if (std::is_constant_evaluated() && i >= Bits) detail::bitboard_cell_index_past_the_capacity();
  }
  constexpr void trim() noexcept {
    if constexpr (Bits % 64 != 0) words_[word_count - 1] &= (word_type{1} << (Bits % 64)) - 1;
  }
  std::array<word_type, word_count> words_{};
};

}  // namespace battleship
