#pragma once
// The AdjacencyRule concept: which layouts are legal.
//
// Every rule is expressed as the halo a placed ship forbids to the others:
// the ship itself (touching allowed, overlap forbidden), the ship dilated by
// its edge neighbours (no edge contact; corners may touch), or dilated by all
// eight neighbours (no contact at all). Algorithms ask for the kind and use
// halo(), so they handle every rule the same way.

#include <concepts>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/core/geometry.hpp>

namespace battleship {

enum class adjacency : unsigned char {
  touching,    // ships may touch; only overlap is forbidden
  no_edge,     // ships may not share an edge; diagonal contact allowed
  no_contact,  // ships may not touch at all, not even diagonally
};

namespace detail {
// False for a value cast from an integer that names no rule: the counter
// would take it for a contact rule and halo() for touching.
[[nodiscard]] constexpr bool names_a_rule(adjacency rule) noexcept {
  return rule == adjacency::touching || rule == adjacency::no_edge || rule == adjacency::no_contact;
}
// `rule`, or std::invalid_argument: where rules are read to build tables (a
// dynamic_rules is an aggregate, so nothing checks it when it is made).
[[nodiscard]] constexpr adjacency checked_rule(adjacency rule) {
  if (!names_a_rule(rule))
    throw std::invalid_argument("no adjacency rule " + std::to_string(static_cast<int>(rule)) +
                                " (touching, no_edge or no_contact)");
  return rule;
}

template <class R>
concept has_adjacency_kind = requires(const R& r) {
  { r.kind() } -> std::same_as<adjacency>;
};
}  // namespace detail

template <class R>
concept AdjacencyRule = std::copyable<R> && detail::has_adjacency_kind<R>;

struct touching_allowed {
  static constexpr adjacency kind() noexcept { return adjacency::touching; }
};
struct no_edge_contact {
  static constexpr adjacency kind() noexcept { return adjacency::no_edge; }
};
struct no_contact {
  static constexpr adjacency kind() noexcept { return adjacency::no_contact; }
};
// The rule chosen at run time.
struct dynamic_adjacency {
  adjacency value = adjacency::touching;
  [[nodiscard]] constexpr adjacency kind() const noexcept { return value; }
};

// The cells a ship occupying `ship` forbids to every other ship.
template <class Board>
[[nodiscard]] constexpr Board halo(const board_geometry<Board>& g, adjacency rule, const Board& ship) noexcept {
  switch (rule) {
    case adjacency::touching:
      return ship;
    case adjacency::no_edge:
      return g.dilate4(ship);
    case adjacency::no_contact:
      return g.dilate8(ship);
  }
  return ship;
}

[[nodiscard]] constexpr std::string_view to_string(adjacency a) noexcept {
  switch (a) {
    case adjacency::touching:
      return "touching";
    case adjacency::no_edge:
      return "no-edge";
    case adjacency::no_contact:
      return "no-contact";
  }
  return "?";
}

// The rule to_string() names `s`, or nullopt for any other word.
[[nodiscard]] constexpr std::optional<adjacency> find_adjacency(std::string_view s) noexcept {
  for (const adjacency a : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    if (to_string(a) == s) return a;
  return std::nullopt;
}

[[nodiscard]] inline adjacency parse_adjacency(std::string_view s) {
  if (const auto a = find_adjacency(s)) return *a;
  throw std::invalid_argument("unknown adjacency rule '" + std::string(s) +
                              "' (expected touching, no-edge or no-contact)");
}

}  // namespace battleship
