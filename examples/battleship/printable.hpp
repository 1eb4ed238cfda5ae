#pragma once
// Text from outside the program (board files, paths, arguments) made safe
// to show in a one-line error message.

#include <cstddef>
#include <string>
#include <string_view>

namespace battleship::cli {

// `text` with its control characters written out (\0, \r, \t, \x1b...,
// and the C1 controls U+0080-U+009F as \u0080...), for error messages: a
// NUL would end the message early, a carriage return would let the rest
// overwrite it on a terminal, and an escape sequence would act on the
// terminal. Other bytes, the rest of UTF-8 included, are kept.
[[nodiscard]] inline std::string printable(std::string_view text) {
  constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0U;
    if (byte == 0xc2 && next >= 0x80 && next <= 0x9f) {  // UTF-8 for U+0080-U+009F
      out += std::string("\\u00") + hex[next >> 4] + hex[next & 15];
      ++i;
      continue;
    }
    if (byte >= 0x20 && byte != 0x7f) {
      out += text[i];
      continue;
    }
    switch (text[i]) {
      case '\0':
        out += "\\0";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        out += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
    }
  }
  return out;
}

}  // namespace battleship::cli
