// The tokens of FlatZinc: identifiers, integer / float / string literals and punctuation, with their line numbers.
#pragma once

#include <deque>
#include <string>
#include <string_view>

namespace csp::models::flatzinc {

struct Token {
  enum class Kind { end, identifier, integer, floating, string, punct };
  Kind kind = Kind::end;
  /// Identifier, punctuation ("::", "..", ":", ";", ",", "(", ")", "[", "]", "{", "}", "="), string contents, or
  /// the literal as written: a view into the lexer's text (a string with escapes: into the lexer's own copy), valid
  /// while the lexer lives. No token allocates.
  std::string_view text;
  long long value = 0;  ///< integer literals
  int line = 0;
};

/// Splits FlatZinc text into tokens: `%` comments and white space skipped, lines ended by LF, CRLF or CR, a UTF-8
/// byte order mark at the start skipped. Errors throw FlatZincError "SOURCE:LINE: reason".
class Lexer {
 public:
  Lexer(std::string_view text, std::string source);
  /// The next token (Kind::end at the end, again and again).
  Token next();
  const std::string& source() const { return source_; }
  /// Throws FlatZincError "SOURCE:LINE: why".
  [[noreturn]] void fail(int line, const std::string& why) const;

 private:
  std::string_view text_;
  std::string source_;
  std::deque<std::string> unescaped_;  // string literals with escapes, which a view of the text cannot hold
  std::size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace csp::models::flatzinc
