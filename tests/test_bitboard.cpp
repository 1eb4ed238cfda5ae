// bitboard<Bits>: set algebra, shifts across every 64-bit word boundary,
// complement/trim and set-bit iteration, checked against a plain bool-array
// model on random boards, and as constexpr code.
#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <random>
#include <ranges>
#include <set>
#include <vector>

#include <battleship/core/bitboard.hpp>
#include <battleship/detail/popcount.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_bitboard {

using namespace battleship;

namespace {

// The reference model: one bool per cell.
template <std::size_t Bits>
using model = std::array<bool, Bits>;

template <std::size_t Bits>
model<Bits> to_model(const bitboard<Bits>& b) {
  model<Bits> m{};
  for (std::size_t i = 0; i < Bits; ++i) m[i] = b.test(i);
  return m;
}

// Random board with a random density, so sparse, dense, empty-ish and
// full-ish boards all appear.
template <std::size_t Bits>
bitboard<Bits> random_board(std::mt19937_64& rng) {
  const auto density = rng() % 9;  // 0/8 .. 8/8
  bitboard<Bits> b;
  for (std::size_t i = 0; i < Bits; ++i)
    if (rng() % 8 < density) b.set(i);
  return b;
}

// The bits of the last word past `Bits` must stay zero whatever we do.
template <std::size_t Bits>
bool tail_is_clear(const bitboard<Bits>& b) {
  if constexpr (Bits % 64 == 0) {
    return true;
  } else {
    return (b.word(bitboard<Bits>::word_count - 1) >> (Bits % 64)) == 0;
  }
}

template <std::size_t Bits>
void check_against_model(std::uint64_t seed) {
  using board = bitboard<Bits>;
  std::mt19937_64 rng(seed);
  // Shift amounts around every word boundary the board has, plus small ones
  // and amounts at/past the capacity.
  std::vector<std::size_t> shifts{0, 1, 2, 7, 10, 16, Bits - 1, Bits, Bits + 1, Bits + 64};
  for (std::size_t k = 64; k <= Bits + 64; k += 64)
    for (std::size_t d : {k - 1, k, k + 1}) shifts.push_back(d);
  for (int round = 0; round < 200; ++round) {
    const board a = random_board<Bits>(rng);
    const board b = random_board<Bits>(rng);
    const auto ma = to_model(a), mb = to_model(b);
    INFO("Bits=" << Bits << " round " << round);

    int pop = 0;
    for (bool x : ma) pop += x;
    REQUIRE(a.count() == pop);
    CHECK(a.any() == (pop > 0));
    CHECK(a.none() == (pop == 0));

    model<Bits> m_and{}, m_or{}, m_xor{}, m_minus{}, m_not{};
    bool inter = false, sub = true;
    for (std::size_t i = 0; i < Bits; ++i) {
      m_and[i] = ma[i] && mb[i];
      m_or[i] = ma[i] || mb[i];
      m_xor[i] = ma[i] != mb[i];
      m_minus[i] = ma[i] && !mb[i];
      m_not[i] = !ma[i];
      inter = inter || m_and[i];
      sub = sub && (!ma[i] || mb[i]);
    }
    CHECK(to_model(a & b) == m_and);
    CHECK(to_model(a | b) == m_or);
    CHECK(to_model(a ^ b) == m_xor);
    CHECK(to_model(a - b) == m_minus);
    CHECK(to_model(~a) == m_not);
    CHECK(tail_is_clear(~a));
    CHECK((~a).count() == static_cast<int>(Bits) - pop);
    CHECK(~~a == a);
    CHECK(a.intersects(b) == inter);
    CHECK(a.subset_of(b) == sub);
    CHECK((a & b).subset_of(a));
    CHECK(a.subset_of(a | b));

    // Compound assignments agree with the binary operators.
    board c = a;
    c &= b;
    CHECK(c == (a & b));
    c = a;
    c |= b;
    CHECK(c == (a | b));
    c = a;
    c ^= b;
    CHECK(c == (a ^ b));
    c = a;
    c -= b;
    CHECK(c == (a - b));

    for (std::size_t n : shifts) {
      INFO("shift by " << n);
      model<Bits> left{}, right{};
      for (std::size_t i = 0; i < Bits; ++i) {
        if (i >= n) left[i] = ma[i - n];
        if (i + n < Bits) right[i] = ma[i + n];
      }
      const board l = a << n, r = a >> n;
      CHECK(to_model(l) == left);
      CHECK(to_model(r) == right);
      CHECK(tail_is_clear(l));
      CHECK(tail_is_clear(r));
      board l2 = a, r2 = a;
      l2 <<= n;
      r2 >>= n;
      CHECK(l2 == l);
      CHECK(r2 == r);
    }

    // Iteration: lowest, pop_lowest, for_each and the iterator all list the
    // set cells in increasing order.
    std::vector<std::size_t> expected;
    for (std::size_t i = 0; i < Bits; ++i)
      if (ma[i]) expected.push_back(i);
    CHECK(a.lowest() == (expected.empty() ? Bits : expected.front()));
    std::vector<std::size_t> popped, visited, iterated;
    board rest = a;
    while (rest.any()) popped.push_back(rest.pop_lowest());
    CHECK(rest.pop_lowest() == Bits);
    a.for_each([&](std::size_t i) { visited.push_back(i); });
    for (std::size_t i : a) iterated.push_back(i);
    CHECK(popped == expected);
    CHECK(visited == expected);
    CHECK(iterated == expected);
    CHECK(std::ranges::distance(a) == pop);

    // to_string: one character per cell, cell 0 first.
    const std::string s = a.to_string();
    REQUIRE(s.size() == Bits);
    for (std::size_t i = 0; i < Bits; ++i) CHECK(s[i] == (ma[i] ? '1' : '0'));

    // Ordering and hashing: consistent with equality.
    CHECK((a < b) != (b < a || a == b));
    CHECK(!(a < a));
    CHECK(board(a).hash() == a.hash());

    // Word access round-trips, and set_word on the last word trims.
    board w;
    for (std::size_t k = 0; k < board::word_count; ++k) w.set_word(k, a.word(k));
    CHECK(w == a);
    w.set_word(board::word_count - 1, ~std::uint64_t{0});
    CHECK(tail_is_clear(w));
  }
}

// ---------------------------------------------------------------------------
// constexpr checks: the same functions run at compile time (static_assert)
// and at run time (TEST_CASE), so sanitizers see them too.

constexpr bool test_single_cells() {
  bitboard<100> b;
  if (b.any() || !b.none() || b.count() != 0 || b.lowest() != 100) return false;
  b.set(0).set(63).set(64).set(99);
  if (b.count() != 4 || !b.test(63) || !b.test(64) || b.test(62) || b.test(65)) return false;
  b.reset(63);
  b.flip(64);
  b.flip(5);
  if (b.count() != 3 || b.test(63) || b.test(64) || !b.test(5)) return false;
  if (b.lowest() != 0) return false;
  b.clear();
  return b.none() && bitboard<100>::single(77).lowest() == 77;
}

constexpr bool test_first_n_and_complement() {
  // first_n across word boundaries, and complement trimming the last word.
  for (std::size_t n : {0U, 1U, 63U, 64U, 65U, 99U, 100U}) {
    const auto f = bitboard<100>::first_n(n);
    if (f.count() != static_cast<int>(n)) return false;
    if (n > 0 && (!f.test(n - 1) || f.lowest() != 0)) return false;
    if (n < 100 && f.test(n)) return false;
    if ((~f).count() != static_cast<int>(100 - n)) return false;
    if ((f | ~f) != bitboard<100>::first_n(100)) return false;
    if ((f & ~f).any()) return false;
  }
  // Past the capacity saturates.
  if (bitboard<100>::first_n(1000).count() != 100) return false;
  if (bitboard<128>::first_n(128).count() != 128 || (~bitboard<128>::first_n(128)).any()) return false;
  // from_word trims to the capacity.
  if (bitboard<10>::from_word(~std::uint64_t{0}).count() != 10) return false;
  if (bitboard<5>{}.operator~().count() != 5) return false;
  return true;
}

constexpr bool test_shifts_across_words() {
  // A single bit walked across every boundary of a four-word board.
  for (std::size_t from : {0U, 1U, 62U, 63U, 64U, 65U, 127U, 128U, 191U, 192U, 255U})
    for (std::size_t n : {1U, 63U, 64U, 65U, 128U, 129U}) {
      const auto b = bitboard<256>::single(from);
      const auto l = b << n, r = b >> n;
      if (from + n < 256) {
        if (l.count() != 1 || l.lowest() != from + n) return false;
      } else if (l.any()) {
        return false;
      }
      if (from >= n) {
        if (r.count() != 1 || r.lowest() != from - n) return false;
      } else if (r.any()) {
        return false;
      }
    }
  // A full 200-bit board shifted left loses exactly n bits and never sets the tail.
  const auto full = bitboard<200>::first_n(200);
  for (std::size_t n : {1U, 63U, 64U, 65U, 136U, 199U, 200U, 300U}) {
    const int kept = n >= 200 ? 0 : static_cast<int>(200 - n);
    if ((full << n).count() != kept || (full >> n).count() != kept) return false;
    if ((full << n) != (full - bitboard<200>::first_n(n))) return false;
    if ((full >> n) != bitboard<200>::first_n(n >= 200 ? 0 : 200 - n)) return false;
  }
  return true;
}

constexpr bool test_iteration() {
  bitboard<130> b;
  b.set(129).set(3).set(64).set(63);
  std::size_t expected[] = {3, 63, 64, 129};
  std::size_t k = 0;
  for (std::size_t c : b) {
    if (k >= 4 || c != expected[k]) return false;
    ++k;
  }
  if (k != 4) return false;
  k = 0;
  b.for_each([&](std::size_t c) { k += c; });
  if (k != 3 + 63 + 64 + 129) return false;
  auto rest = b;
  if (rest.pop_lowest() != 3 || rest.pop_lowest() != 63 || rest.pop_lowest() != 64) return false;
  if (rest.pop_lowest() != 129 || rest.any() || rest.pop_lowest() != 130) return false;
  // An empty board has an empty range.
  return bitboard<130>{}.begin() == bitboard<130>{}.end();
}

constexpr bool test_set_relations() {
  auto a = bitboard<72>::first_n(70);
  const auto b = bitboard<72>::single(69) | bitboard<72>::single(0);
  if (!b.subset_of(a) || a.subset_of(b) || !a.intersects(b)) return false;
  a -= b;
  if (a.intersects(b) || a.count() != 68) return false;
  if (!(bitboard<72>{} < b) || b < bitboard<72>{}) return false;
  // A higher cell outranks any set of lower cells in the order.
  if (!(bitboard<72>::first_n(71) < bitboard<72>::single(71))) return false;
  return (a ^ a).none() && (a | b) == bitboard<72>::first_n(70);
}

static_assert(test_single_cells());
static_assert(test_first_n_and_complement());
static_assert(test_shifts_across_words());
static_assert(test_iteration());
static_assert(test_set_relations());

static_assert(bitboard<64>::word_count == 1 && bitboard<65>::word_count == 2);
static_assert(bitboard<100>::word_count == 2 && bitboard<256>::word_count == 4);
static_assert(std::ranges::forward_range<const bitboard<100>>);
static_assert(std::forward_iterator<bitboard<100>::iterator>);

}  // namespace

// The library's own bit count (compiled to popcnt where the target has it,
// inline otherwise) against std::popcount: every single bit, every run of
// low and high bits, random words of every density, and at compile time.
static_assert(detail::popcount(std::uint64_t{0}) == 0 && detail::popcount(~std::uint64_t{0}) == 64);
static_assert(detail::popcount(std::uint64_t{0x8000000000000001}) == 2);

TEST_CASE("popcount agrees with std::popcount", "[bitboard]") {
  for (int k = 0; k < 64; ++k) {
    const std::uint64_t bit = std::uint64_t{1} << k, below = bit - 1;
    CHECK(detail::popcount(bit) == 1);
    CHECK(detail::popcount(below) == k);
    CHECK(detail::popcount(~below) == 64 - k);
  }
  std::mt19937_64 rng(80);
  for (int i = 0; i < 100'000; ++i) {
    std::uint64_t x = rng();
    for (int thin = i % 4; thin > 0; --thin) x &= rng();  // sparser words too
    if (i % 8 == 7) x = ~x;                               // and denser ones
    REQUIRE(detail::popcount(x) == std::popcount(x));
  }
}

TEST_CASE("bitboard constexpr algebra also holds at run time", "[bitboard]") {
  CHECK(test_single_cells());
  CHECK(test_first_n_and_complement());
  CHECK(test_shifts_across_words());
  CHECK(test_iteration());
  CHECK(test_set_relations());
}

TEST_CASE("bitboard matches a bool-array model on random boards, every word boundary", "[bitboard]") {
  check_against_model<1>(1);
  check_against_model<17>(2);
  check_against_model<63>(3);
  check_against_model<64>(4);
  check_against_model<65>(5);
  check_against_model<100>(6);
  check_against_model<127>(7);
  check_against_model<128>(8);
  check_against_model<129>(9);
  check_against_model<200>(10);
  check_against_model<256>(11);
}

TEST_CASE("bitboard hash mixes every word, not only the first", "[bitboard]") {
  // The empty board and each single cell of a four-word board: 257 boards,
  // 257 different hashes (a hash of the first word alone would give the
  // empty board's to every cell from 64 on, and fill one bucket of a table).
  std::set<std::uint64_t> hashes{bitboard<256>{}.hash()};
  for (std::size_t c = 0; c < 256; ++c) hashes.insert(bitboard<256>::single(c).hash());
  CHECK(hashes.size() == 257);
}

}  // namespace test_bitboard
