#pragma once
// layout: one placement per ship, and its validation against a ruleset.
//
// validate() says which ship is off the grid, overlaps or touches which, so a
// user reading a hand-written layout knows what to fix.

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

class layout {
 public:
  constexpr layout() = default;
  constexpr layout(std::initializer_list<placement> ships) {
    if (ships.size() > static_cast<std::size_t>(max_ships)) throw std::invalid_argument("at most 16 ships");
    for (const auto& p : ships) ships_[static_cast<std::size_t>(size_++)] = p;
  }
  constexpr void push_back(placement p) {
    if (size_ == max_ships) throw std::invalid_argument("at most 16 ships");
    ships_[static_cast<std::size_t>(size_++)] = p;
  }
  [[nodiscard]] constexpr int size() const noexcept { return size_; }
  [[nodiscard]] constexpr const placement& operator[](int i) const noexcept {
    return ships_[static_cast<std::size_t>(i)];
  }
  [[nodiscard]] constexpr placement& operator[](int i) noexcept { return ships_[static_cast<std::size_t>(i)]; }
  friend constexpr bool operator==(const layout& a, const layout& b) noexcept {
    if (a.size_ != b.size_) return false;
    for (int i = 0; i < a.size_; ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }

 private:
  std::array<placement, max_ships> ships_{};
  int size_ = 0;
};

namespace detail {
template <Ruleset R>
std::string describe_ship(const R& rules, int i) {
  return std::string(rules.fleet.name(i)) + " (ship " + std::to_string(i + 1) + ", length " +
         std::to_string(rules.ship_length(i)) + ")";
}
}  // namespace detail

// Why `l` is not a legal layout under `rules`, or nullopt if it is.
template <Ruleset R>
[[nodiscard]] std::optional<std::string> validate(const R& rules, const layout& l) {
  const auto g = rules.geometry();
  using Board = typename R::board_type;
  if (l.size() != rules.ship_count())
    return "layout places " + std::to_string(l.size()) + " ships but the fleet has " +
           std::to_string(rules.ship_count());
  std::array<Board, max_ships> masks{};
  for (int i = 0; i < l.size(); ++i) {
    const auto& p = l[i];
    if (!is_orientation(p.dir))
      return detail::describe_ship(rules, i) + " has no orientation (" + std::to_string(static_cast<int>(p.dir)) +
             ", neither horizontal nor vertical)";
    auto m = g.ship_mask(p.row, p.col, p.dir, rules.ship_length(i));
    if (!m) return detail::describe_ship(rules, i) + " is out of bounds";
    masks[static_cast<std::size_t>(i)] = *m;
  }
  for (int i = 0; i < l.size(); ++i)
    for (int j = 0; j < i; ++j) {
      const Board both = masks[static_cast<std::size_t>(i)] & masks[static_cast<std::size_t>(j)];
      if (both.any())
        return detail::describe_ship(rules, i) + " overlaps " + detail::describe_ship(rules, j) + " at " +
               g.cell_name(static_cast<int>(both.lowest()));
      if (halo(g, rules.contact(), masks[static_cast<std::size_t>(j)]).intersects(masks[static_cast<std::size_t>(i)]))
        return detail::describe_ship(rules, i) + " touches " + detail::describe_ship(rules, j) + " (rule " +
               std::string(to_string(rules.contact())) + ")";
    }
  return std::nullopt;
}

// The cells of each ship (the layout must be in bounds).
template <Ruleset R>
[[nodiscard]] constexpr std::array<typename R::board_type, max_ships> ship_masks(const R& rules, const layout& l) {
  const auto g = rules.geometry();
  std::array<typename R::board_type, max_ships> masks{};
  for (int i = 0; i < l.size(); ++i) {
    auto m = g.ship_mask(l[i].row, l[i].col, l[i].dir, rules.ship_length(i));
    if (!m) throw std::invalid_argument(detail::describe_ship(rules, i) + " is out of bounds");
    masks[static_cast<std::size_t>(i)] = *m;
  }
  return masks;
}

template <Ruleset R>
[[nodiscard]] constexpr typename R::board_type occupied_cells(const R& rules, const layout& l) {
  typename R::board_type all;
  const auto masks = ship_masks(rules, l);
  for (int i = 0; i < l.size(); ++i) all |= masks[static_cast<std::size_t>(i)];
  return all;
}

// A picture of the layout: each ship drawn with the first letter of its index
// (A for ship 1, B for ship 2, ...), water as '.'.
template <Ruleset R>
[[nodiscard]] std::string picture(const R& rules, const layout& l) {
  const auto g = rules.geometry();
  const auto masks = ship_masks(rules, l);
  std::string s;
  for (int r = 0; r < g.height(); ++r) {
    for (int c = 0; c < g.width(); ++c) {
      char ch = '.';
      for (int i = 0; i < l.size(); ++i)
        if (masks[static_cast<std::size_t>(i)].test(static_cast<std::size_t>(g.cell(r, c))))
          ch = static_cast<char>('A' + i);
      s += ch;
    }
    s += '\n';
  }
  return s;
}

}  // namespace battleship
