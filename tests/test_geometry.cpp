// board_geometry: edge-safe shifts (no wrap across rows or past the grid)
// and dilations, against a naive per-cell model on random boards for many
// grid shapes and bitboard capacities; ship masks, cell names, pictures.
#include <catch2/catch.hpp>

#include <cstddef>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include <battleship/core/geometry.hpp>
#include <battleship/core/grid.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_geometry {

using namespace battleship;

namespace {

// The naive model: cell (r, c) of `out` is set when some cell (r - dr, c - dc)
// of `in` is set, for one of the offsets given.
template <class Board, std::size_t N>
Board naive_move(const board_geometry<Board>& g, const Board& in, const int (&offsets)[N][2]) {
  Board out;
  for (int r = 0; r < g.height(); ++r)
    for (int c = 0; c < g.width(); ++c)
      for (const auto& d : offsets) {
        const int sr = r - d[0], sc = c - d[1];
        if (g.contains(sr, sc) && in.test(static_cast<std::size_t>(g.cell(sr, sc))))
          out.set(static_cast<std::size_t>(g.cell(r, c)));
      }
  return out;
}

constexpr int east_off[1][2] = {{0, 1}};
constexpr int west_off[1][2] = {{0, -1}};
constexpr int south_off[1][2] = {{1, 0}};
constexpr int north_off[1][2] = {{-1, 0}};
constexpr int four_off[5][2] = {{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr int eight_off[9][2] = {{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <class Board>
Board random_cells(const board_geometry<Board>& g, std::mt19937_64& rng) {
  const auto density = rng() % 6;  // sparse to dense
  Board b;
  for (int i = 0; i < g.cell_count(); ++i)
    if (rng() % 8 < density) b.set(static_cast<std::size_t>(i));
  return b;
}

template <class Board>
void check_shape(int w, int h, std::mt19937_64& rng, int rounds) {
  const board_geometry<Board> g(w, h);
  INFO(w << "x" << h << " over " << Board::capacity << " bits");
  REQUIRE(g.full().count() == w * h);
  REQUIRE(g.west_column().count() == h);
  REQUIRE(g.east_column().count() == h);
  for (int round = 0; round < rounds; ++round) {
    const Board b = round == 0 ? g.full() : random_cells(g, rng);
    CHECK(g.east(b) == naive_move(g, b, east_off));
    CHECK(g.west(b) == naive_move(g, b, west_off));
    CHECK(g.south(b) == naive_move(g, b, south_off));
    CHECK(g.north(b) == naive_move(g, b, north_off));
    CHECK(g.dilate4(b) == naive_move(g, b, four_off));
    CHECK(g.dilate8(b) == naive_move(g, b, eight_off));
    // Nothing ever leaves the grid.
    CHECK(g.dilate8(b).subset_of(g.full()));
  }
}

template <class Board>
void check_all_shapes_up_to(int max_side, std::mt19937_64& rng) {
  for (int w = 1; w <= max_side; ++w)
    for (int h = 1; h <= max_side; ++h)
      if (static_cast<std::size_t>(w * h) <= Board::capacity) check_shape<Board>(w, h, rng, 12);
}

constexpr bool test_corner_dilations() {
  const board_geometry<bitboard<100>> g(10, 10);
  const auto corner = bitboard<100>::single(0);
  if (g.dilate4(corner).count() != 3 || g.dilate8(corner).count() != 4) return false;
  // The east edge of row 5 must not wrap onto row 6, nor west of row 6 onto row 5.
  const auto east_edge = bitboard<100>::single(static_cast<std::size_t>(g.cell(5, 9)));
  if (g.east(east_edge).any() || g.west(bitboard<100>::single(60)).any()) return false;
  if (g.dilate8(east_edge).count() != 6 || g.dilate4(east_edge).test(60)) return false;
  // Row 6 straddles the 64-bit word boundary (cells 60..69).
  const auto mid = bitboard<100>::single(static_cast<std::size_t>(g.cell(6, 3)));
  if (g.dilate8(mid).count() != 9 || g.dilate4(mid).count() != 5) return false;
  if (!g.north(mid).test(53) || !g.south(mid).test(73) || !g.east(mid).test(64) || !g.west(mid).test(62)) return false;
  // Bottom row falls off the grid rather than into unused bits 100..
  if (g.south(bitboard<100>::single(95)).any() || g.north(bitboard<100>::single(5)).any()) return false;
  return g.dilate8(g.full()) == g.full() && g.dilate4(bitboard<100>{}).none();
}

constexpr bool test_ship_masks() {
  const board_geometry<bitboard<256>> g(16, 16);
  const auto h = g.ship_mask(3, 12, orientation::horizontal, 4);
  const auto v = g.ship_mask(12, 15, orientation::vertical, 4);
  if (!h || !v || h->count() != 4 || v->count() != 4) return false;
  if (!h->test(3 * 16 + 15) || h->lowest() != 3 * 16 + 12) return false;
  if (!v->test(15 * 16 + 15) || v->lowest() != 12 * 16 + 15) return false;
  if (g.ship_mask(3, 13, orientation::horizontal, 4) || g.ship_mask(13, 0, orientation::vertical, 4)) return false;
  if (g.ship_mask(-1, 0, orientation::vertical, 2) || g.ship_mask(0, 0, orientation::vertical, 0)) return false;
  // A length of 0 away from the corner would end inside the grid: still no ship.
  if (g.ship_mask(5, 5, orientation::horizontal, 0) || g.ship_mask(5, 5, orientation::vertical, 0)) return false;
  return g.cell(15, 15) == 255 && g.row_of(200) == 12 && g.col_of(200) == 8;
}

static_assert(test_corner_dilations());
static_assert(test_ship_masks());
static_assert(board_geometry<bitboard<100>>(10, 10).parse_cell("J10") == 99);
static_assert(board_geometry<bitboard<100>>(10, 10).parse_cell("b5") == 14);
static_assert(!board_geometry<bitboard<100>>(10, 10).parse_cell("K1"));
static_assert(!board_geometry<bitboard<100>>(10, 10).parse_cell("A11"));
static_assert(!board_geometry<bitboard<100>>(10, 10).parse_cell("A0"));
static_assert(!board_geometry<bitboard<100>>(10, 10).parse_cell("5B"));

}  // namespace

TEST_CASE("geometry constexpr checks also hold at run time", "[geometry]") {
  CHECK(test_corner_dilations());
  CHECK(test_ship_masks());
}

TEST_CASE("edge-safe shifts and dilations match a per-cell model", "[geometry]") {
  std::mt19937_64 rng(2024);
  SECTION("every shape up to 16x16 over a 256-bit board") { check_all_shapes_up_to<bitboard<256>>(16, rng); }
  SECTION("every shape over a 100-bit board (10x10 spans two words)") {
    check_all_shapes_up_to<bitboard<100>>(12, rng);
  }
  SECTION("every shape over a 64-bit board") { check_all_shapes_up_to<bitboard<64>>(10, rng); }
  SECTION("exact-size boards of the static grids") {
    check_shape<grid<10, 10>::board_type>(10, 10, rng, 200);
    check_shape<grid<16, 16>::board_type>(16, 16, rng, 200);
    check_shape<grid<8, 8>::board_type>(8, 8, rng, 200);
    check_shape<grid<9, 9>::board_type>(9, 9, rng, 200);
    check_shape<grid<13, 5>::board_type>(13, 5, rng, 200);
    check_shape<grid<7, 19>::board_type>(7, 19, rng, 200);
    check_shape<grid<25, 10>::board_type>(25, 10, rng, 100);
    check_shape<grid<1, 26>::board_type>(1, 26, rng, 50);
    check_shape<grid<200, 1>::board_type>(200, 1, rng, 50);
  }
}

TEST_CASE("geometry rejects impossible grids", "[geometry]") {
  CHECK_THROWS_AS(board_geometry<bitboard<100>>(0, 5), std::invalid_argument);
  CHECK_THROWS_AS(board_geometry<bitboard<100>>(5, -1), std::invalid_argument);
  CHECK_THROWS_WITH(board_geometry<bitboard<100>>(11, 10), Catch::Contains("more cells than the bitboard"));
  CHECK_NOTHROW(board_geometry<bitboard<100>>(10, 10));
  // Rows are named by letters: a 27th would have had no name of its own.
  CHECK_THROWS_WITH((board_geometry<bitboard<256>>(1, 27)), Catch::Contains("at most 26 rows"));
  CHECK(board_geometry<bitboard<256>>(1, 26).cell_name(25) == "Z1");
  CHECK_THROWS_WITH(dynamic_grid<256>(17, 16), Catch::Contains("exceeds the 256-cell capacity"));
  CHECK_THROWS_WITH(dynamic_grid<256>(2, 27), Catch::Contains("at most 26 rows"));
}

TEST_CASE("cell names and pictures", "[geometry]") {
  const board_geometry<bitboard<100>> g(10, 10);
  CHECK(g.cell_name(0) == "A1");
  CHECK(g.cell_name(14) == "B5");
  CHECK(g.cell_name(99) == "J10");
  for (int c = 0; c < 100; ++c) CHECK(g.parse_cell(g.cell_name(c)) == c);
  // Off the grid (it used to name 100 "K1" and -1 "A0").
  CHECK_THROWS_WITH(g.cell_name(100), "cell 100 is off the 10x10 grid");
  CHECK_THROWS_AS(g.cell_name(-1), std::out_of_range);
  CHECK(!g.parse_cell(""));
  CHECK(!g.parse_cell("A"));
  CHECK(!g.parse_cell("A1x"));
  // cell_named: the same cells, and a refusal that quotes the name.
  for (int c = 0; c < 100; ++c) CHECK(g.cell_named(g.cell_name(c)) == c);
  CHECK(g.cell_named("j10") == 99);
  CHECK_THROWS_WITH(g.cell_named("C33"), "no cell \"C33\" on the 10x10 grid (cells A1 to J10)");
  CHECK_THROWS_AS(g.cell_named("K1"), std::invalid_argument);
  CHECK_THROWS_AS(g.cell_named(""), std::invalid_argument);

  const board_geometry<bitboard<12>> small(4, 3);
  bitboard<12> b;
  b.set(0).set(5).set(11);
  CHECK(small.picture(b) == "X...\n.X..\n...X\n");
  CHECK(small.picture(b, '#', '~') == "#~~~\n~#~~\n~~~#\n");
}

TEST_CASE("geometry rejects a grid with no rows as well as one with no columns", "[geometry]") {
  // A 5x0 grid has no cells; the constructor promises "at least 1x1" for both sides.
  CHECK_THROWS_AS(board_geometry<bitboard<100>>(5, 0), std::invalid_argument);
  CHECK_THROWS_AS(board_geometry<bitboard<100>>(0, 5), std::invalid_argument);
  CHECK_NOTHROW(board_geometry<bitboard<100>>(5, 1));
}

TEST_CASE("parse_cell reads every row letter in either case, Z and z included", "[geometry]") {
  // A 2x26 grid: row letters A..Z; cell = row * 2 + (col - 1).
  const board_geometry<bitboard<52>> g(2, 26);
  for (int row = 0; row < 26; ++row) {
    const char upper = static_cast<char>('A' + row), lower = static_cast<char>('a' + row);
    CHECK(g.parse_cell(std::string(1, upper) + "2") == row * 2 + 1);
    CHECK(g.parse_cell(std::string(1, lower) + "2") == row * 2 + 1);
  }
  CHECK(g.parse_cell("z1") == 50);  // row 25, column 0
  CHECK(g.cell_named("z2") == 51);
}

TEST_CASE("two geometries are equal only when both width and height agree", "[geometry]") {
  using geo = board_geometry<bitboard<100>>;
  CHECK(geo(10, 5) == geo(10, 5));
  CHECK_FALSE(geo(10, 5) == geo(10, 10));  // same width, other height
  CHECK(geo(10, 5) != geo(10, 10));
  CHECK_FALSE(geo(5, 10) == geo(10, 10));  // same height, other width
  CHECK_FALSE(geo(10, 5) == geo(5, 10));   // same cell count, transposed
}

TEST_CASE("parse_cell refuses column numbers too long for an int", "[geometry]") {
  const board_geometry<bitboard<100>> g(10, 10);
  // 4294967297 = 2^32 + 1: wrapped to 32 bits it would read as column 1 (A1 = cell 0).
  CHECK(!g.parse_cell("A4294967297"));
  // 4294967306 = 2^32 + 10: would wrap to J10's column 10.
  CHECK(!g.parse_cell("J4294967306"));
  CHECK_THROWS_AS(g.cell_named("A4294967297"), std::invalid_argument);
}

TEST_CASE("cell names of three-digit columns read back, on a 256-column row", "[geometry]") {
  // 256 x 1: columns 1..256, so A100 to A256 have names of four characters.
  const board_geometry<bitboard<256>> g(256, 1);
  CHECK(g.cell_name(99) == "A100");
  CHECK(g.cell_name(255) == "A256");
  for (int c = 0; c < 256; ++c) CHECK(g.parse_cell(g.cell_name(c)) == c);
  CHECK(g.cell_named("a150") == 149);
  CHECK(!g.parse_cell("A257"));
}

TEST_CASE("dynamic_grid takes every size up to its limits, the limits included", "[geometry]") {
  // 26 rows (A..Z) is the most a grid may have; 9 x 26 = 234 cells fit 256.
  CHECK_NOTHROW(dynamic_grid<256>(9, 26));
  CHECK(dynamic_grid<256>(1, 26).height() == 26);
  CHECK_THROWS_AS(dynamic_grid<256>(1, 27), std::invalid_argument);
  // Exactly the capacity: 16 x 16 = 256 and 256 x 1 = 256 cells.
  CHECK_NOTHROW(dynamic_grid<256>(16, 16));
  CHECK(dynamic_grid<256>(256, 1).cell_count() == 256);
  CHECK_THROWS_AS(dynamic_grid<256>(257, 1), std::invalid_argument);
  CHECK_NOTHROW(dynamic_grid<100>(10, 10));
  CHECK_THROWS_AS(dynamic_grid<100>(101, 1), std::invalid_argument);
}

TEST_CASE("both grid models count width times height cells when the grid is not square", "[geometry]") {
  // 7 wide, 3 high: 21 cells (a square's count could not tell width from height).
  CHECK(grid<7, 3>::cell_count() == 21);
  CHECK(grid<3, 7>::cell_count() == 21);
  CHECK(dynamic_grid<256>(7, 3).cell_count() == 21);
  CHECK(dynamic_grid<256>(3, 7).cell_count() == 21);
}

}  // namespace test_geometry
