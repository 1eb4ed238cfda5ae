#pragma once
// A number of bytes named for people, for the messages of the memory limits
// (the exact counter's and sampler's, the solver's), and the bytes vectors
// hold, for what those limits count.

#include <cstddef>
#include <string>
#include <utility>

namespace battleship::detail {

// "8 GiB", "1536 MiB", "64 KiB" or "100 bytes" (the largest unit that
// names it exactly): how the memory limits are named in their refusals.
[[nodiscard]] inline std::string byte_size_name(std::size_t bytes) {
  if (bytes < 2) return bytes == 0 ? "0 bytes" : "1 byte";
  for (const auto& [shift, unit] :
       {std::pair{40, " TiB"}, std::pair{30, " GiB"}, std::pair{20, " MiB"}, std::pair{10, " KiB"}})
    if (bytes % (std::size_t{1} << shift) == 0) return std::to_string(bytes >> shift) + unit;
  return std::to_string(bytes) + " bytes";
}

// `bytes` rounded up to whole MiB, for byte_size_name to name an estimate
// ("about 1831 MiB") rather than its exact bytes.
[[nodiscard]] constexpr std::size_t round_up_to_mib(std::size_t bytes) noexcept {
  constexpr std::size_t mib = std::size_t{1} << 20;
  return bytes > ~std::size_t{0} - mib ? bytes : (bytes + mib - 1) / mib * mib;
}

// The bytes the vectors have room for (capacity, not size: what they hold
// on the heap).
template <class... Vectors>
[[nodiscard]] constexpr std::size_t capacity_bytes(const Vectors&... v) noexcept {
  return (std::size_t{0} + ... + (v.capacity() * sizeof(typename Vectors::value_type)));
}

}  // namespace battleship::detail
