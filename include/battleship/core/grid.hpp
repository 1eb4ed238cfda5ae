#pragma once
// The Grid concept: a width, a height and the bitboard type that holds it.
//
// Models: grid<W,H> (sizes fixed at compile time, board sized exactly) and
// dynamic_grid<MaxCells> (sizes read at run time, e.g. from a command line,
// over a bitboard of fixed capacity). Rows are named by letters, so at most
// 26 rows.

#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>

#include <battleship/core/bitboard.hpp>
#include <battleship/core/geometry.hpp>

namespace battleship {

namespace detail {
template <class B>
concept bitboard_type = requires {
  B::capacity;
}
&&std::same_as<B, bitboard<B::capacity>>;

template <class G>
concept has_board_type = requires {
  typename G::board_type;
}
&&bitboard_type<typename G::board_type>;

template <class G>
concept has_dimensions = requires(const G& g) {
  { g.width() } -> std::convertible_to<int>;
  { g.height() } -> std::convertible_to<int>;
};
}  // namespace detail

template <class G>
concept Grid = std::copyable<G> && detail::has_board_type<G> && detail::has_dimensions<G>;

template <int Width, int Height>
struct grid {
  static_assert(Width >= 1 && Height >= 1, "a grid needs at least one row and one column");
  static_assert(Height <= max_grid_side, "rows are named A..Z: at most 26 rows");
  using board_type = bitboard<static_cast<std::size_t>(Width* Height)>;
  static constexpr int width() noexcept { return Width; }
  static constexpr int height() noexcept { return Height; }
  static constexpr int cell_count() noexcept { return Width * Height; }
};

// Run-time sizes over a bitboard of MaxCells bits (256: 16x16, or any
// other shape of at most 256 cells and 26 rows).
template <std::size_t MaxCells = 256>
class dynamic_grid {
 public:
  using board_type = bitboard<MaxCells>;
  constexpr dynamic_grid(int width, int height) : width_(width), height_(height) {
    if (width < 1 || height < 1) throw std::invalid_argument("grid dimensions must be at least 1x1");
    if (height > max_grid_side) throw std::invalid_argument("rows are named A..Z: at most 26 rows");
    if (static_cast<std::size_t>(width) * static_cast<std::size_t>(height) > MaxCells)
      throw std::invalid_argument("grid " + std::to_string(width) + "x" + std::to_string(height) + " exceeds the " +
                                  std::to_string(MaxCells) + "-cell capacity");
  }
  [[nodiscard]] constexpr int width() const noexcept { return width_; }
  [[nodiscard]] constexpr int height() const noexcept { return height_; }
  [[nodiscard]] constexpr int cell_count() const noexcept { return width_ * height_; }

 private:
  int width_;
  int height_;
};

template <Grid G>
[[nodiscard]] constexpr board_geometry<typename G::board_type> geometry_of(const G& g) {
  return board_geometry<typename G::board_type>(static_cast<int>(g.width()), static_cast<int>(g.height()));
}

}  // namespace battleship
