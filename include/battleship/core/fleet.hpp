#pragma once
// The ShipSet concept: how many ships, each one's length and name.
//
// Ships are distinct even when their lengths are equal (a sunk announcement
// names one of them); counters report layouts both labelled (every ship
// distinct) and unlabelled (equal-length ships interchangeable).
// Models: fleet<L...> (lengths fixed at compile time), classic_fleet (the
// Hasbro 5-4-3-3-2 with its names) and dynamic_fleet (read at run time).

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/detail/platform.hpp>
#include <battleship/detail/printable.hpp>

namespace battleship {

inline constexpr int max_ships = 16;
inline constexpr int max_ship_length = 26;

namespace detail {
template <class S>
concept has_ship_count = requires(const S& s) {
  { s.ship_count() } -> std::convertible_to<int>;
};
template <class S>
concept has_ship_lengths = requires(const S& s, int i) {
  { s.length(i) } -> std::convertible_to<int>;
};
template <class S>
concept has_ship_names = requires(const S& s, int i) {
  { s.name(i) } -> std::convertible_to<std::string_view>;
};

inline constexpr std::array<std::string_view, max_ships> generic_ship_names{
    "Ship1", "Ship2",  "Ship3",  "Ship4",  "Ship5",  "Ship6",  "Ship7",  "Ship8",
    "Ship9", "Ship10", "Ship11", "Ship12", "Ship13", "Ship14", "Ship15", "Ship16"};
inline constexpr std::array<std::string_view, 5> classic_ship_names{"Carrier", "Battleship", "Cruiser", "Submarine",
                                                                    "Destroyer"};
}  // namespace detail

template <class S>
concept ShipSet =
    std::copyable<S> && detail::has_ship_count<S> && detail::has_ship_lengths<S> && detail::has_ship_names<S>;

template <int... Lengths>
struct fleet {
  static_assert(sizeof...(Lengths) >= 1, "a fleet needs at least one ship");
  static_assert(sizeof...(Lengths) <= max_ships, "at most 16 ships");
  static_assert(((Lengths >= 1) && ...), "every ship needs a length of at least 1");
  static_assert(((Lengths <= max_ship_length) && ...), "ship lengths are at most 26");

  static constexpr std::array<int, sizeof...(Lengths)> lengths{Lengths...};
  static constexpr int ship_count() noexcept { return static_cast<int>(sizeof...(Lengths)); }
  static constexpr int length(int i) noexcept { return lengths[static_cast<std::size_t>(i)]; }
  static constexpr std::string_view name(int i) noexcept {
    return detail::generic_ship_names[static_cast<std::size_t>(i)];
  }
};

// The Hasbro / DataGenetics / Park fleet: Carrier 5, Battleship 4, Cruiser 3,
// Submarine 3, Destroyer 2.
struct classic_fleet : fleet<5, 4, 3, 3, 2> {
  static constexpr std::string_view name(int i) noexcept {
    return detail::classic_ship_names[static_cast<std::size_t>(i)];
  }
};

// Ship lengths (and optionally names) chosen at run time.
class dynamic_fleet {
 public:
  dynamic_fleet(std::vector<int> lengths, std::vector<std::string> names = {})
      : lengths_(std::move(lengths)), names_(std::move(names)) {
    if (lengths_.empty()) throw std::invalid_argument("a fleet needs at least one ship");
    if (lengths_.size() > static_cast<std::size_t>(max_ships))
      throw std::invalid_argument("at most " + std::to_string(max_ships) + " ships");
    for (int l : lengths_)
      if (l < 1 || l > max_ship_length)
        throw std::invalid_argument("ship length " + std::to_string(l) + " is not in 1.." +
                                    std::to_string(max_ship_length));
    if (names_.empty()) {
      const bool classic = lengths_ == std::vector<int>{5, 4, 3, 3, 2};
      for (std::size_t i = 0; i < lengths_.size(); ++i)
        names_.emplace_back(classic ? detail::classic_ship_names[i] : detail::generic_ship_names[i]);
    }
    if (names_.size() != lengths_.size()) throw std::invalid_argument("one name per ship is needed");
    for (std::size_t i = 0; i < names_.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (names_[i] == names_[j]) throw std::invalid_argument("two ships are named " + names_[i]);
  }
  dynamic_fleet(std::initializer_list<int> lengths) : dynamic_fleet(std::vector<int>(lengths)) {}

  template <class S>
  requires(!std::same_as<S, dynamic_fleet>) && ShipSet<S> explicit dynamic_fleet(const S& s)
      : dynamic_fleet(lengths_of(s), names_of(s)) {}

  [[nodiscard]] int ship_count() const noexcept { return static_cast<int>(lengths_.size()); }
  [[nodiscard]] int length(int i) const noexcept { return lengths_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] std::string_view name(int i) const noexcept { return names_[static_cast<std::size_t>(i)]; }

 private:
  template <class S>
  static std::vector<int> lengths_of(const S& s) {
    std::vector<int> v;
    for (int i = 0; i < static_cast<int>(s.ship_count()); ++i) v.push_back(static_cast<int>(s.length(i)));
    return v;
  }
  template <class S>
  static std::vector<std::string> names_of(const S& s) {
    std::vector<std::string> v;
    for (int i = 0; i < static_cast<int>(s.ship_count()); ++i) v.emplace_back(s.name(i));
    return v;
  }
  std::vector<int> lengths_;
  std::vector<std::string> names_;
};

template <ShipSet S>
[[nodiscard]] constexpr int total_ship_cells(const S& s) {
  int n = 0;
  for (int i = 0; i < static_cast<int>(s.ship_count()); ++i) n += static_cast<int>(s.length(i));
  return n;
}

namespace detail {
// ASCII letters alike in either case: ship names, and a shot log's words.
[[nodiscard]] constexpr bool equal_ignoring_case(std::string_view a, std::string_view b) noexcept {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}
// The fleet's names, made printable, for an error that lists them.
template <ShipSet S>
[[nodiscard]] std::string fleet_names(const S& s) {
  std::string names;
  for (int k = 0; k < static_cast<int>(s.ship_count()); ++k) {
    if (k > 0) names += ", ";
    names += printable(s.name(k));
  }
  return names;
}
}  // namespace detail

// Index of the ship called `name` (exact match, then case-insensitive); -1 if none.
template <ShipSet S>
[[nodiscard]] constexpr int find_ship(const S& s, std::string_view name) {
  for (int i = 0; i < static_cast<int>(s.ship_count()); ++i)
    if (std::string_view(s.name(i)) == name) return i;
  for (int i = 0; i < static_cast<int>(s.ship_count()); ++i) {
    // A reference keeps a name returned by value (a std::string) alive for the loop's body.
    const auto& name_i = s.name(i);
    if (detail::equal_ignoring_case(name_i, name)) return i;
  }
  return -1;
}

// find_ship for a name that must be there, as a player's "sunk Destroyer":
// std::invalid_argument quoting the name and listing the fleet's, where
// find_ship's -1 would reach observation::record as "sunk ship -1".
template <ShipSet S>
[[nodiscard]] int ship_named(const S& s, std::string_view name) {
  const int i = find_ship(s, name);
  if (i >= 0) return i;
  throw std::invalid_argument("no ship named " + detail::quoted_word(name) + " in the fleet (" +
                              detail::fleet_names(s) + ")");
}

}  // namespace battleship
