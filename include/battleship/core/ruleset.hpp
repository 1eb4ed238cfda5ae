#pragma once
// ruleset<Grid, ShipSet, AdjacencyRule, Feedback>: the four choices bundled,
// with the presets of the seed papers.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/grid.hpp>

namespace battleship {

namespace detail {
// The limits grid<> and fleet<> check themselves, checked again here for a
// user's own types when their sizes are compile-time constants (a type with
// run-time sizes checks them in its constructor, as dynamic_grid and
// dynamic_fleet do).
template <class S>
concept constant_ship_count = std::default_initializable<S> && requires {
  typename std::integral_constant<int, static_cast<int>(S{}.ship_count())>;
};
template <class S>
concept constant_ship_lengths = std::default_initializable<S> && requires {
  typename std::integral_constant<int, static_cast<int>(S{}.length(0))>;
};
template <class G>
concept constant_dimensions = std::default_initializable<G> && requires {
  typename std::integral_constant<int, static_cast<int>(G{}.width())>;
  typename std::integral_constant<int, static_cast<int>(G{}.height())>;
};

template <class S>
consteval bool ship_count_within_limits() {
  if constexpr (constant_ship_count<S>) {
    const int n = static_cast<int>(S{}.ship_count());
    return n >= 1 && n <= max_ships;
  }
  return true;
}
template <class S>
consteval bool ship_lengths_within_limits() {
  if constexpr (constant_ship_count<S> && constant_ship_lengths<S>) {
    for (int i = 0; i < static_cast<int>(S{}.ship_count()); ++i)
      if (const int l = static_cast<int>(S{}.length(i)); l < 1 || l > max_ship_length) return false;
  }
  return true;
}
template <class G>
consteval bool grid_within_limits() {
  if constexpr (constant_dimensions<G>) {
    const long long w = G{}.width(), h = G{}.height();
    return w >= 1 && h >= 1 && h <= max_grid_side && w * h <= static_cast<long long>(G::board_type::capacity);
  }
  return true;
}
}  // namespace detail

template <Grid G, ShipSet S, AdjacencyRule A, Feedback F>
struct ruleset {
  static_assert(detail::grid_within_limits<G>(),
                "a grid needs at least 1x1 cells, at most 26 rows (named A..Z) and no more cells than its board holds");
  static_assert(detail::ship_count_within_limits<S>(), "a fleet needs 1 to 16 ships");
  static_assert(detail::ship_lengths_within_limits<S>(), "every ship needs a length from 1 to 26");

  using grid_type = G;
  using fleet_type = S;
  using adjacency_type = A;
  using feedback_type = F;
  using board_type = typename G::board_type;

  // No `{}` here: a grid type need not be default constructible
  // (dynamic_grid is not), and clang rejects such an initializer as soon as
  // anything asks whether the ruleset is default constructible (std::pair
  // does). `ruleset{}` still value-initializes it.
  //
  // Not [[no_unique_address]], though most of these are empty: clang 15 to
  // 18 crash generating code for an aggregate that holds a ruleset built in
  // place, as in `edge_prior{park_rules{}, 2}` (LLVM issues 59831 and
  // 64016). Four bytes instead of one is nothing beside that.
  G grid;
  S fleet{};
  A rule{};
  F feedback{};

  [[nodiscard]] constexpr board_geometry<board_type> geometry() const { return geometry_of(grid); }
  [[nodiscard]] constexpr adjacency contact() const noexcept { return rule.kind(); }
  [[nodiscard]] constexpr bool announces_sunk() const noexcept { return static_cast<bool>(feedback.announces_sunk()); }
  [[nodiscard]] constexpr int ship_count() const noexcept { return static_cast<int>(fleet.ship_count()); }
  [[nodiscard]] constexpr int ship_length(int i) const noexcept { return static_cast<int>(fleet.length(i)); }
};

namespace detail {
template <class R>
struct is_ruleset : std::false_type {};
template <class G, class S, class A, class F>
struct is_ruleset<ruleset<G, S, A, F>> : std::true_type {};
}  // namespace detail

template <class R>
concept Ruleset = detail::is_ruleset<std::remove_cvref_t<R>>::value;

// DataGenetics / Hasbro: 10x10, 5-4-3-3-2 named, touching allowed, sunk announced.
using datagenetics_rules = ruleset<grid<10, 10>, classic_fleet, touching_allowed, hit_miss_sunk>;
// Park: the same ships and rule, hit/miss only.
using park_rules = ruleset<grid<10, 10>, classic_fleet, touching_allowed, hit_miss>;
// Audinot, Bonnet & Viennot: no contact at all, hit/miss only.
using audinot_rules = ruleset<grid<10, 10>, classic_fleet, no_contact, hit_miss>;

// Everything chosen at run time (up to 256 cells in at most 26 rows, up to
// 16 ships).
using dynamic_rules = ruleset<dynamic_grid<256>, dynamic_fleet, dynamic_adjacency, dynamic_feedback>;

// Builds dynamic rules and checks that the fleet can fit at all.
[[nodiscard]] inline dynamic_rules make_dynamic_rules(int width, int height, std::vector<int> lengths, adjacency rule,
                                                      bool sunk, std::vector<std::string> names = {}) {
  dynamic_rules r{dynamic_grid<256>(width, height), dynamic_fleet(std::move(lengths), std::move(names)),
                  dynamic_adjacency{detail::checked_rule(rule)}, dynamic_feedback{sunk}};
  for (int i = 0; i < r.ship_count(); ++i)
    if (r.ship_length(i) > width && r.ship_length(i) > height)
      throw std::invalid_argument("ship " + std::string(r.fleet.name(i)) + " of length " +
                                  std::to_string(r.ship_length(i)) + " does not fit on a " + std::to_string(width) +
                                  "x" + std::to_string(height) + " grid");
  if (total_ship_cells(r.fleet) > width * height) throw std::invalid_argument("the fleet has more cells than the grid");
  return r;
}

// A game's parts, as a label names them (see rules_label and read_rules_label).
struct rules_label_parts {
  int width = 0;
  int height = 0;
  std::vector<int> lengths;
  adjacency rule = adjacency::touching;
  bool sunk = false;
};

namespace detail {
[[nodiscard]] inline std::string rules_label_text(const rules_label_parts& p) {
  std::string s = std::to_string(p.width) + "x" + std::to_string(p.height) + " ";
  for (std::size_t i = 0; i < p.lengths.size(); ++i) s += (i ? "," : "") + std::to_string(p.lengths[i]);
  return s + " " + std::string(to_string(p.rule)) + (p.sunk ? " sunk" : " hit-miss");
}
}  // namespace detail

// "WxH ships rule feedback", e.g. "10x10 5,4,3,3,2 no-contact hit-miss".
template <Ruleset R>
[[nodiscard]] std::string rules_label(const R& rules) {
  const auto g = rules.geometry();
  rules_label_parts p{g.width(), g.height(), {}, rules.contact(), rules.announces_sunk()};
  for (int i = 0; i < rules.ship_count(); ++i) p.lengths.push_back(rules.ship_length(i));
  return detail::rules_label_text(p);
}

// The parts of a label as rules_label() writes it, read back; nullopt for
// any other text (a label written by hand: "05x05 ...", two blanks, another
// word). Not checked against any board: dynamic_grid and dynamic_fleet, or
// make_dynamic_rules, do that.
[[nodiscard]] inline std::optional<rules_label_parts> read_rules_label(const std::string& label) {
  std::istringstream words(label);
  std::string size, fleet, rule, feedback;
  if (!(words >> size >> fleet >> rule >> feedback)) return std::nullopt;
  const auto number = [](const std::string& t) {  // -1 unless 1 to 6 digits
    return t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos ? -1 : std::stoi(t);
  };
  rules_label_parts p;
  const auto x = size.find('x');
  if (x == std::string::npos) return std::nullopt;
  p.width = number(size.substr(0, x));
  p.height = number(size.substr(x + 1));
  std::istringstream items(fleet + ',');  // getline drops a last empty item; the added comma keeps it
  for (std::string item; std::getline(items, item, ',');) p.lengths.push_back(number(item));
  const auto named = find_adjacency(rule);
  if (p.width < 0 || p.height < 0 || std::find(p.lengths.begin(), p.lengths.end(), -1) != p.lengths.end() || !named)
    return std::nullopt;
  p.rule = *named;
  p.sunk = feedback == "sunk";
  // Written exactly so: no leading zero, the feedback's word, one blank
  // between words and nothing after them.
  if (detail::rules_label_text(p) != label) return std::nullopt;
  return p;
}

// Do `a` and `b` describe the same game: grid, ship lengths in order,
// contact rule and feedback (ship names aside)? Two dynamic_rules share a
// type whatever they hold, so the parts of the library that combine objects
// built from rules (simulate and a defence, a counter and a placement weight
// that carries rules) compare them with this and refuse a mismatch rather
// than read one game's cells or ships as the other's. Two rule sets of
// different types are compared the same way: grid<9, 4> and grid<6, 6>
// share a board type, so the type alone tells nothing.
template <Ruleset A, Ruleset B>
[[nodiscard]] constexpr bool same_game(const A& a, const B& b) noexcept {
  const auto ga = a.geometry(), gb = b.geometry();
  if (ga.width() != gb.width() || ga.height() != gb.height() || a.contact() != b.contact() ||
      a.announces_sunk() != b.announces_sunk() || a.ship_count() != b.ship_count())
    return false;
  for (int i = 0; i < a.ship_count(); ++i)
    if (a.ship_length(i) != b.ship_length(i)) return false;
  return true;
}

namespace detail {
// Throws std::invalid_argument naming both games when they differ.
template <Ruleset A, Ruleset B>
void require_same_game(const A& expected, const B& given, std::string_view what) {
  if (!same_game(expected, given))
    throw std::invalid_argument(std::string(what) + " was made for " + rules_label(given) + ", not " +
                                rules_label(expected));
}
}  // namespace detail

}  // namespace battleship
