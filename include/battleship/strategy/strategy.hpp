#pragma once
// The Strategy concept: given what the attacker knows, the next cell to shoot.
//
// Hooks (the first two required, the others optional with the defaults shown):
//   using board_type = ...;                                   the ruleset's bitboard
//   int next_shot(const observation<board_type>& seen);       an unshot cell
//   void on_result(int cell, shot_result r,
//                  const observation<board_type>& seen) {}    told every outcome
//   void new_game() {}                                        forget the last game
//   void seed(std::uint64_t) {}                               reseed its generator
//   bool built_for(const R& rules) const                      was it made for games of `rules`?
//   bool deterministic() const                                are its shots free of chance?
// A policy that keeps state between shots uses on_result; a stateless one
// derives everything from `seen`. next_shot is the move, not a question: it
// may change the strategy (hunt_target drops the cell from its targets, a
// randomised strategy draws from its generator), so a hint asks a copy. Call the optional hooks through
// notify_result(), start_new_game() and seed_strategy(), which skip them when
// absent. Simulations reseed every game so results do not depend on which
// thread plays which game. Two dynamic_rules share one type whatever grid
// and fleet they hold, so a strategy made for one game compiles in another;
// play_game and the exhaustive evaluation refuse a strategy whose built_for
// says no (every strategy of the library has it), and take one without it
// on trust.
//
// Hooks must be public: C++ cannot tell a private member from a missing one,
// so a private hook is skipped as absent (a private seed is never called, and
// its strategy is then judged deterministic). A strategy that keeps state
// between shots forgets it in new_game; without one, a game starts with the
// last game's state, and which game that was depends on the threads.
//
// Exhaustive evaluation and count_short_games give the one game a strategy
// plays against each layout, so they need a strategy whose shots follow from
// what it has seen and its own state alone: they refuse one that
// is_deterministic() says is not. A strategy without deterministic() is
// taken as randomised when it takes a seed (that is what a seed is for), as
// deterministic otherwise; one that takes a seed it does not always use (a
// random tie break it may be built without) says which with deterministic().

#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

namespace detail {
template <class S>
concept has_strategy_board = requires {
  typename S::board_type;
};
template <class S>
concept has_next_shot = requires(S& s, const observation<typename S::board_type>& seen) {
  { s.next_shot(seen) } -> std::convertible_to<int>;
};
template <class S>
concept observes_outcomes = requires(S& s, int cell, shot_result r, const observation<typename S::board_type>& seen) {
  s.on_result(cell, r, seen);
};
template <class S>
concept restartable = requires(S& s) {
  s.new_game();
};
template <class S>
concept seedable = requires(S& s, std::uint64_t v) {
  s.seed(v);
};

// A member named like a hook but not callable as one would be skipped
// silently; these let the hook callers refuse it instead. (`&S::hook` names
// only a single, non-template member: overloads and templates pass unchecked.)
template <class S>
concept declares_on_result = requires {
  &S::on_result;
};
template <class S>
concept declares_new_game = requires {
  &S::new_game;
};
template <class S>
concept declares_seed = requires {
  &S::seed;
};
template <class S>
concept says_if_deterministic = requires(const S& s) {
  { s.deterministic() } -> std::convertible_to<bool>;
};
template <class S>
concept declares_deterministic = requires {
  &S::deterministic;
};
// Converts only to an unsigned type of 64 bits or more, so `seed(int)` (which
// would get the seed cut short) cannot take it.
struct full_width_seed {
  template <std::unsigned_integral T>
  requires(sizeof(T) >= sizeof(std::uint64_t)) operator T() const noexcept { return 0; }
};
// An overload set that takes a std::uint64_t only by narrowing it (seed(std::uint32_t)
// beside seed(const char*)) is caught by the call, which `&S::seed` misses.
template <class S>
concept takes_full_width_seed = requires(S& s) {
  s.seed(full_width_seed{});
};
template <class S>
concept has_seed = declares_seed<S> || seedable<S>;
template <class S>
concept seed_loses_bits = has_seed<S> && !takes_full_width_seed<S>;
}  // namespace detail

template <class S>
concept Strategy = detail::has_strategy_board<S> && detail::has_next_shot<S>;

template <Strategy S>
constexpr void notify_result(S& s, int cell, shot_result r, const observation<typename S::board_type>& seen) {
  static_assert(detail::observes_outcomes<S> || !detail::declares_on_result<S>,
                "on_result must take (int cell, shot_result result, const observation<board_type>& seen); with "
                "this signature it would never be called");
  if constexpr (detail::observes_outcomes<S>) s.on_result(cell, r, seen);
}

template <Strategy S>
constexpr void start_new_game(S& s) {
  static_assert(detail::restartable<S> || !detail::declares_new_game<S>,
                "new_game must take no arguments; with this signature it would never be called");
  if constexpr (detail::restartable<S>) s.new_game();
}

namespace detail {
template <class S, class R>
concept says_what_it_was_built_for = requires(const S& s, const R& rules) {
  { s.built_for(rules) } -> std::convertible_to<bool>;
};
template <class S>
concept declares_built_for = requires {
  &S::built_for;
};
template <class S>
concept has_rules_member = requires(const S& s) {
  s.rules();
};
// A policy that says which rules it plays (density_greedy::rules()).
template <class S>
concept reports_rules = has_rules_member<S> && Ruleset<std::remove_cvref_t<decltype(std::declval<const S&>().rules())>>;

// Throws std::invalid_argument when `s` says it was made for other rules.
template <Ruleset R, Strategy S>
void require_built_for(const R& rules, const S& s, std::string_view what) {
  static_assert(says_what_it_was_built_for<S, R> || !declares_built_for<S>,
                "the strategy's built_for cannot take these rules: either the strategy was made for another "
                "ruleset type (hunt_target<R2> played under R), or built_for is not callable as "
                "bool built_for(const R& rules) const; played on trust, it could shoot at another game's cells");
  if constexpr (says_what_it_was_built_for<S, R>)
    if (!s.built_for(rules)) {
      std::string made_for;
      if constexpr (reports_rules<S>) made_for = " (it was made for " + rules_label(s.rules()) + ")";
      throw std::invalid_argument(std::string(what) + ": the strategy was made for another game than " +
                                  rules_label(rules) + made_for);
    }
}

// A strategy's cell off the grid or already shot is a bug in the strategy,
// not the caller's input: std::logic_error naming the cell and the turn. The
// game loop and both walkers refuse it with this one message.
// `cell` is written out by the caller: chosen_cell's may not be an int.
[[noreturn]] inline void refuse_off_grid(std::string_view what, const std::string& cell, int shots_fired) {
  throw std::logic_error(std::string(what) + ": the strategy chose cell " + cell + ", which is off the grid, at shot " +
                         std::to_string(shots_fired + 1));
}
template <Ruleset R>
[[noreturn]] void refuse_shot(const R& rules, bool on_grid, int cell, int shots_fired, std::string_view what) {
  if (!on_grid) refuse_off_grid(what, std::to_string(cell), shots_fired);
  throw std::logic_error(std::string(what) + ": the strategy chose cell " + std::to_string(cell) + " (" +
                         rules.geometry().cell_name(cell) + "), which was already shot, at shot " +
                         std::to_string(shots_fired + 1));
}

// Whether a game that has seen `seen` can shoot `cell`: on the grid, unshot.
template <class B>
[[nodiscard]] constexpr bool shootable(const observation<B>& seen, int cell) {
  return cell >= 0 && cell < seen.cell_count() && !seen.shots().test(static_cast<std::size_t>(cell));
}

// A next_shot value as the number it stands for: an enum as its underlying
// type, a class through its conversion to long long when it has one (else
// to int), a number as it is.
template <class T>
[[nodiscard]] constexpr auto cell_number(const T& v) {
  if constexpr (std::is_enum_v<T>)
    return static_cast<std::underlying_type_t<T>>(v);
  else if constexpr (std::is_class_v<T> && requires { static_cast<long long>(v); })
    return static_cast<long long>(v);
  else if constexpr (std::is_class_v<T>)
    return static_cast<int>(v);
  else
    return v;
}

// Whether a number names an int exactly: no fraction, not past int's range.
// T(-1) < T(0) tells signed types apart, __int128 included (which
// std::is_signed does not count as integral under -std=c++20).
template <class T>
[[nodiscard]] constexpr bool names_an_int(T v) {
  if constexpr (std::same_as<T, int> || std::same_as<T, bool> || (std::integral<T> && sizeof(T) < sizeof(int)))
    return true;
  else if constexpr (std::floating_point<T>)  // NaN fails every comparison
    return v >= T(-2147483648.0) && v < T(2147483648.0) && static_cast<T>(static_cast<int>(v)) == v;
  else if constexpr (T(-1) < T(0))
    return v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max();
  else
    return v <= static_cast<T>(std::numeric_limits<int>::max());
}

// The strategy's next cell as an int. The concept takes any type convertible
// to int, and a value that is not an int (past its range, or a fraction)
// would be narrowed to a cell the strategy never named (2^32 + 2 to cell 2,
// whether a long long, an enum on one or a class converting to one): refused
// instead, as an off-grid cell is. Free for a strategy that returns int.
template <Strategy S>
[[nodiscard]] int chosen_cell(S& s, const observation<typename S::board_type>& seen, std::string_view what) {
  using returned = std::remove_cvref_t<decltype(s.next_shot(seen))>;
  if constexpr (std::same_as<returned, int>) {
    return s.next_shot(seen);
  } else {
    const auto cell = cell_number<returned>(s.next_shot(seen));
    using number = std::remove_cvref_t<decltype(cell)>;
    if (!names_an_int(cell)) {
      std::string value = "a value outside int";
      if constexpr (std::floating_point<number> || sizeof(number) <= sizeof(long long)) value = std::to_string(cell);
      refuse_off_grid(what, value, seen.shot_count());
    }
    return static_cast<int>(cell);
  }
}

// Called on every shot of the exhaustive sweep: the test stays small enough
// to inline, the message is built out of line.
template <Ruleset R>
void require_unshot(const R& rules, const observation<typename R::board_type>& seen, int cell, std::string_view what) {
  if (shootable(seen, cell)) [[likely]]
    return;
  refuse_shot(rules, cell >= 0 && cell < seen.cell_count(), cell, seen.shot_count(), what);
}
}  // namespace detail

template <Strategy S>
constexpr void seed_strategy(S& s, std::uint64_t seed) {
  static_assert(!detail::seed_loses_bits<S>, "seed must take a std::uint64_t; this one would cut the seed short");
  if constexpr (detail::seedable<S>) s.seed(seed);
}

// Whether `s` plays one game per layout: its own deterministic() when it has
// one, else whether it takes no seed. Also for density models and other
// parts a strategy consults (density_greedy asks its model).
template <class S>
[[nodiscard]] constexpr bool is_deterministic(const S& s) {
  static_assert(detail::says_if_deterministic<S> || !detail::declares_deterministic<S>,
                "deterministic must be callable as bool deterministic() const; with this signature the strategy "
                "would be judged by whether it takes a seed");
  if constexpr (detail::says_if_deterministic<S>)
    return static_cast<bool>(s.deterministic());
  else
    return !detail::seedable<S>;
}

namespace detail {
// Exact evaluation of a randomised strategy would be the evaluation of
// whichever games its generators happened to give, different for every
// thread count (and a cache of its shots would keep whichever it drew
// first): std::invalid_argument, before any work.
template <Strategy S>
void require_deterministic(const S& s, std::string_view what) {
  if (battleship::is_deterministic(s)) return;
  throw std::invalid_argument(
      std::string(what) + ": the strategy is randomised (" +
      (says_if_deterministic<S> ? std::string("its deterministic() is false")
                                : std::string("it takes a seed and has no deterministic() to say it ignores it")) +
      "); it needs one whose shots follow from what it has seen alone (fixed tie breaks, no random hunting), and "
      "a randomised strategy is measured by simulation");
}
}  // namespace detail

}  // namespace battleship
