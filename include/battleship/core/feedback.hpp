#pragma once
// The Feedback concept: what a shot reveals.
//
// hit_miss: only "hit" or "miss" (Audinot et al., Park).
// hit_miss_sunk: also "sunk", naming the ship, on the shot that completes it
// (Hasbro rules, DataGenetics).

#include <concepts>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/detail/platform.hpp>

namespace battleship {

namespace detail {
template <class F>
concept has_sunk_flag = requires(const F& f) {
  { f.announces_sunk() } -> std::convertible_to<bool>;
};
}  // namespace detail

template <class F>
concept Feedback = std::copyable<F> && detail::has_sunk_flag<F>;

struct hit_miss {
  static constexpr bool announces_sunk() noexcept { return false; }
};
struct hit_miss_sunk {
  static constexpr bool announces_sunk() noexcept { return true; }
};
struct dynamic_feedback {
  bool sunk = false;
  [[nodiscard]] constexpr bool announces_sunk() const noexcept { return sunk; }
};

enum class outcome : unsigned char { miss, hit, sunk };

// What the referee answers to one shot. `ship` names the sunk ship (index in
// the fleet) when the outcome is sunk, and is -1 otherwise.
struct shot_result {
  outcome kind = outcome::miss;
  int ship = -1;
  [[nodiscard]] constexpr bool is_hit() const noexcept { return kind != outcome::miss; }
  friend constexpr bool operator==(const shot_result&, const shot_result&) noexcept = default;
  static constexpr shot_result miss() noexcept { return {outcome::miss, -1}; }
  static constexpr shot_result hit() noexcept { return {outcome::hit, -1}; }
  static constexpr shot_result sunk(int ship) noexcept { return {outcome::sunk, ship}; }
};

[[nodiscard]] inline bool parse_feedback(std::string_view s) {
  if (s == "hit-miss") return false;
  if (s == "sunk" || s == "hit-miss-sunk") return true;
  throw std::invalid_argument("unknown feedback '" + std::string(s) + "' (expected hit-miss or sunk)");
}

}  // namespace battleship
