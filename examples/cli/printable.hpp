// Making text from the user's input safe to print in a message: non-printable bytes escaped, long quotes cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace csp::cli {

/// `text` with every byte that is not printable escaped as \xNN: control characters but newline and tab (NUL, CR,
/// ESC, ...), DEL, and
/// bytes that are not part of a valid UTF-8 sequence (valid multi-byte UTF-8 characters are kept as they are).
std::string printable(std::string_view text);

/// `text` cut to its first `max_chars` characters (UTF-8 code points) followed by "..." when it is longer; then
/// escaped as `printable` does. For quoting a line of a file in a message.
std::string shortened(std::string_view text, std::size_t max_chars = 40);

}  // namespace csp::cli
