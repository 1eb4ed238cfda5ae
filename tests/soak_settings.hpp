#pragma once
// What the hidden soak tests read from the environment: their length and seed.

#include <cstdlib>

namespace battleship::test_support {

// The environment variable `name` as a number, or `fallback` when it is unset.
inline unsigned long long env_or(const char* name, unsigned long long fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

}  // namespace battleship::test_support
