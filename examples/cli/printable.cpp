// printable / shortened: escaping and cutting user text for messages.
#include "printable.hpp"

namespace csp::cli {

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (1 for ASCII), or 0 when the bytes there are not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return 1;
  std::size_t n = 0;
  unsigned min = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    min = 0x80;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    min = 0x800;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  unsigned code = b & (0x7FU >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) return 0;
    code = (code << 6) | (byte(i + k) & 0x3FU);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

void append_escaped(std::string& out, unsigned char b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.append("\\x").append(1, kHex[b >> 4]).append(1, kHex[b & 0xFU]);
}

std::string escape(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (chars == max_chars) return out.append("...");
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (n == 0 || (b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) {
      append_escaped(out, b);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
    ++chars;
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escape(text, std::string_view::npos); }

std::string shortened(std::string_view text, std::size_t max_chars) { return escape(text, max_chars); }

}  // namespace csp::cli
