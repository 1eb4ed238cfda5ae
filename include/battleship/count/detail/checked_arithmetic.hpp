#pragma once
// Exact counts that refuse to wrap: additions and multiplications of
// count_type that throw std::overflow_error instead of silently reducing
// modulo 2^128.

#include <stdexcept>

#include <battleship/count/count_result.hpp>

namespace battleship::detail {

[[noreturn]] inline void count_overflow() {
  throw std::overflow_error("layout count exceeds 128 bits (too many layouts or too large weights)");
}

[[nodiscard]] inline count_type checked_add(count_type a, count_type b) {
  count_type r;
  if (__builtin_add_overflow(a, b, &r)) count_overflow();
  return r;
}

[[nodiscard]] inline count_type checked_mul(count_type a, count_type b) {
  count_type r;
  if (__builtin_mul_overflow(a, b, &r)) count_overflow();
  return r;
}

}  // namespace battleship::detail
