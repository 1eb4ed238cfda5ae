#pragma once
// board_geometry<Board>: the shape of a W x H grid over a bitboard, with the
// edge-safe shifts and dilations every algorithm uses.
//
// Cells are numbered row-major from the top-left: cell = row * width + col.
// A shift east first clears the east column so that no bit wraps onto the
// next row; a shift south drops bits that fall off the bottom row. Dilations
// are ORs of these shifts, so they are correct across 64-bit word boundaries.

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/core/bitboard.hpp>

namespace battleship {

enum class orientation : unsigned char { horizontal, vertical };

// False for a value cast from another integer, which names no direction.
[[nodiscard]] constexpr bool is_orientation(orientation d) noexcept {
  return d == orientation::horizontal || d == orientation::vertical;
}

// Rows are named by letters (A..Z), and so are at most this many.
inline constexpr int max_grid_side = 26;

template <class Board>
class board_geometry {
 public:
  using board_type = Board;

  constexpr board_geometry(int width, int height) : width_(width), height_(height) {
    if (width < 1 || height < 1) throw std::invalid_argument("grid dimensions must be at least 1x1");
    // A row past Z would be named by the next character ('[', '\\'...).
    if (height > max_grid_side) throw std::invalid_argument("rows are named A..Z: at most 26 rows");
    if (static_cast<std::size_t>(width) * static_cast<std::size_t>(height) > Board::capacity)
      throw std::invalid_argument("grid has more cells than the bitboard can hold");
    full_ = Board::first_n(static_cast<std::size_t>(width * height));
    for (int r = 0; r < height; ++r) {
      west_column_.set(static_cast<std::size_t>(r * width));
      east_column_.set(static_cast<std::size_t>(r * width + width - 1));
    }
  }

  [[nodiscard]] constexpr int width() const noexcept { return width_; }
  [[nodiscard]] constexpr int height() const noexcept { return height_; }
  [[nodiscard]] constexpr int cell_count() const noexcept { return width_ * height_; }
  [[nodiscard]] constexpr const Board& full() const noexcept { return full_; }
  [[nodiscard]] constexpr const Board& west_column() const noexcept { return west_column_; }
  [[nodiscard]] constexpr const Board& east_column() const noexcept { return east_column_; }

  [[nodiscard]] constexpr int cell(int row, int col) const noexcept { return row * width_ + col; }
  [[nodiscard]] constexpr int row_of(int cell) const noexcept { return cell / width_; }
  [[nodiscard]] constexpr int col_of(int cell) const noexcept { return cell % width_; }
  [[nodiscard]] constexpr bool contains(int row, int col) const noexcept {
    return row >= 0 && col >= 0 && row < height_ && col < width_;
  }

  // Edge-safe one-step shifts: each cell moves to its neighbour, or vanishes.
  [[nodiscard]] constexpr Board east(const Board& b) const noexcept { return (b - east_column_) << 1; }
  [[nodiscard]] constexpr Board west(const Board& b) const noexcept { return (b - west_column_) >> 1; }
  [[nodiscard]] constexpr Board south(const Board& b) const noexcept {
    return (b << static_cast<std::size_t>(width_)) & full_;
  }
  [[nodiscard]] constexpr Board north(const Board& b) const noexcept { return b >> static_cast<std::size_t>(width_); }
  // b plus its edge neighbours (4-neighbourhood).
  [[nodiscard]] constexpr Board dilate4(const Board& b) const noexcept {
    return b | east(b) | west(b) | north(b) | south(b);
  }
  // b plus its edge and corner neighbours (8-neighbourhood).
  [[nodiscard]] constexpr Board dilate8(const Board& b) const noexcept {
    const Board row = b | east(b) | west(b);
    return row | north(row) | south(row);
  }

  // The cells of a ship of `length` starting at (row, col) and running east
  // (horizontal) or south (vertical); nullopt when any cell is off the grid.
  [[nodiscard]] constexpr std::optional<Board> ship_mask(int row, int col, orientation dir, int length) const noexcept {
    if (length < 1 || !contains(row, col) || !is_orientation(dir)) return std::nullopt;
    const int end_row = dir == orientation::vertical ? row + length - 1 : row;
    const int end_col = dir == orientation::horizontal ? col + length - 1 : col;
    if (!contains(end_row, end_col)) return std::nullopt;
    Board m;
    for (int k = 0; k < length; ++k) {
      const int r = dir == orientation::vertical ? row + k : row;
      const int c = dir == orientation::horizontal ? col + k : col;
      m.set(static_cast<std::size_t>(cell(r, c)));
    }
    return m;
  }

  // "B5": row letter (A = top row) then 1-based column number.
  [[nodiscard]] std::string cell_name(int cell) const {
    if (cell < 0 || cell >= cell_count())
      throw std::out_of_range("cell " + std::to_string(cell) + " is off the " + std::to_string(width()) + "x" +
                              std::to_string(height()) + " grid");
    return std::string(1, static_cast<char>('A' + row_of(cell))) + std::to_string(col_of(cell) + 1);
  }
  // Parses "B5" (case-insensitive); nullopt if malformed or off the grid.
  [[nodiscard]] constexpr std::optional<int> parse_cell(std::string_view s) const noexcept {
    if (s.size() < 2) return std::nullopt;
    char letter = s[0];
    if (letter >= 'a' && letter <= 'z') letter = static_cast<char>(letter - 'a' + 'A');
    if (letter < 'A' || letter > 'Z') return std::nullopt;
    int col = 0;
    for (std::size_t i = 1; i < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9' || col > 1000) return std::nullopt;
      col = col * 10 + (s[i] - '0');
    }
    const int row = letter - 'A';
    if (!contains(row, col - 1)) return std::nullopt;
    return cell(row, col - 1);
  }

  // The cell called `s`, as parse_cell reads it; a name that is malformed
  // or off the grid throws std::invalid_argument quoting it (where
  // parse_cell(s).value() would throw a bare bad_optional_access).
  [[nodiscard]] int cell_named(std::string_view s) const {
    if (const auto c = parse_cell(s)) return *c;
    throw std::invalid_argument("no cell \"" + std::string(s) + "\" on the " + std::to_string(width()) + "x" +
                                std::to_string(height()) + " grid (cells A1 to " + cell_name(cell_count() - 1) + ")");
  }

  // One line per row: `on` for set cells, `off` for the others.
  [[nodiscard]] std::string picture(const Board& b, char on = 'X', char off = '.') const {
    std::string s;
    for (int r = 0; r < height_; ++r) {
      for (int c = 0; c < width_; ++c) s += b.test(static_cast<std::size_t>(cell(r, c))) ? on : off;
      s += '\n';
    }
    return s;
  }

  friend constexpr bool operator==(const board_geometry& a, const board_geometry& b) noexcept {
    return a.width_ == b.width_ && a.height_ == b.height_;
  }

 private:
  int width_;
  int height_;
  Board full_{};
  Board west_column_{};
  Board east_column_{};
};

}  // namespace battleship
