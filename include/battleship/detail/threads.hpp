#pragma once
// The worker count every parallel routine takes: 0 means one per hardware
// thread (at least one), a negative count is refused.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>

namespace battleship::detail {

[[nodiscard]] inline int resolve_threads(int requested, const std::string& who) {
  if (requested < 0) throw std::invalid_argument(who + ": the number of threads cannot be negative");
  if (requested > 0) return requested;
  return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace battleship::detail
