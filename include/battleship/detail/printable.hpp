#pragma once
// Text from outside the program (a shot log, a board file, a path, an
// argument) made safe to show in a one-line error message: the shot-log
// reader and the battleship tool quote what they read with it.

#include <cstddef>
#include <string>
#include <string_view>

#include <battleship/detail/utf8.hpp>

namespace battleship::detail {

// The bytes of the character at text[i]: a well-formed UTF-8 sequence is
// one character, and so is any other byte.
[[nodiscard]] inline std::size_t character_length_at(std::string_view text, std::size_t i) {
  const std::size_t n = utf8_sequence_at(text, i);
  return n == 0 ? 1 : n;
}

// `text` with its control characters written out (\0, \r, \t, \x1b...,
// and the C1 controls U+0080-U+009F as \u0080...), for error messages: a
// NUL would end the message early, a carriage return would let the rest
// overwrite it on a terminal, and an escape sequence would act on the
// terminal. Bytes that are not UTF-8 (a lone 0x9b, which an 8-bit terminal
// reads as a control sequence introducer, or 0xff) are written as \x9b;
// the rest of UTF-8 is kept.
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
    if (byte >= 0x80) {
      if (const std::size_t n = utf8_sequence_at(text, i); n != 0) {
        out += text.substr(i, n);
        i += n - 1;
      } else {
        out += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
      }
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

// A word read from a file, quoted for an error message: printable, and cut
// to its first 40 characters when longer, with its length, so that a file
// without spaces (a binary file given by mistake) gives a one-line message
// rather than one as long as the file.
[[nodiscard]] inline std::string quoted_word(std::string_view word) {
  constexpr int most_characters = 40;
  std::size_t end = 0;
  for (int n = 0; n < most_characters && end < word.size(); ++n) end += character_length_at(word, end);
  if (end >= word.size()) return "'" + printable(word) + "'";
  return "'" + printable(word.substr(0, end)) + "...' (a word of " + std::to_string(word.size()) + " bytes)";
}

}  // namespace battleship::detail
