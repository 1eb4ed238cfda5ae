#pragma once
// Text from outside the program (board files, paths, arguments) made safe
// to show in a one-line error message.

#include <string>
#include <string_view>

namespace battleship::cli {

// `text` with its control characters written out (\0, \r, \t, \x1b...),
// for error messages: a NUL would end the message early, and a
// carriage return would let the rest overwrite it on a terminal. Other bytes,
// UTF-8 included, are kept.
[[nodiscard]] inline std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    constexpr char hex[] = "0123456789abcdef";
    switch (c) {
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
