#pragma once
// utf8_sequence_at(): whether a well-formed UTF-8 character of two to four
// bytes starts at a position of a string. The SVG writer needs it (XML
// refuses ill-formed UTF-8), and so does the tool's error messages.

#include <cstddef>
#include <string_view>

namespace battleship::detail {

// The length of the well-formed UTF-8 sequence of two to four bytes that
// starts at text[i] (no overlong form, no surrogate, nothing past U+10FFFF),
// or 0.
[[nodiscard]] constexpr std::size_t utf8_sequence_at(std::string_view text, std::size_t i) noexcept {
  const auto lead = static_cast<unsigned char>(text[i]);
  const std::size_t n = lead >= 0xc2 && lead <= 0xdf   ? 2
                        : lead >= 0xe0 && lead <= 0xef ? 3
                        : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                       : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return 0;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second >= 0xa0) || (lead == 0xf0 && second < 0x90) ||
      (lead == 0xf4 && second >= 0x90))
    return 0;
  return n;
}

}  // namespace battleship::detail
