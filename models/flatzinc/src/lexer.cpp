// FlatZinc tokens.
#include "lexer.hpp"

#include <cctype>
#include <climits>

#include "csp/models/flatzinc/ast.hpp"
#include "csp/models/text_input.hpp"

namespace csp::models::flatzinc {

Lexer::Lexer(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {
  if (text_.substr(0, 3) == "\xef\xbb\xbf") pos_ = 3;
}

void Lexer::fail(int line, const std::string& why) const {
  throw FlatZincError(source_ + ":" + std::to_string(line) + ": " + why);
}

namespace {

// ASCII only, as FlatZinc's grammar (no locale look-up per character).
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }

}  // namespace

Token Lexer::next() {
  // White space, line ends (LF, CRLF, CR) and comments.
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == '\n') {
      ++line_;
      ++pos_;
    } else if (c == '\r') {
      ++line_;
      ++pos_;
      if (pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
    } else if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '%') {
      while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
      const int start = line_;
      pos_ += 2;
      while (pos_ + 1 < text_.size() && !(text_[pos_] == '*' && text_[pos_ + 1] == '/')) {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
      }
      if (pos_ + 1 >= text_.size()) fail(start, "unterminated comment");
      pos_ += 2;
    } else {
      break;
    }
  }
  Token t;
  t.line = line_;
  if (pos_ >= text_.size()) return t;
  const char c = text_[pos_];
  const std::size_t start = pos_;
  if (is_ident_start(c)) {
    while (pos_ < text_.size() && is_ident_char(text_[pos_])) ++pos_;
    t.kind = Token::Kind::identifier;
    t.text = text_.substr(start, pos_ - start);
    return t;
  }
  if (is_digit(c) || (c == '-' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]))) {
    const bool negative = c == '-';
    if (negative) ++pos_;
    int base = 10;
    if (text_[pos_] == '0' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'o')) {
      base = text_[pos_ + 1] == 'x' ? 16 : 8;
      pos_ += 2;
    }
    unsigned long long magnitude = 0;
    bool overflow = false;
    const std::size_t digits_start = pos_;
    while (pos_ < text_.size()) {
      const char d = text_[pos_];
      int digit = -1;
      if (is_digit(d))
        digit = d - '0';
      else if (base == 16 && std::isxdigit(static_cast<unsigned char>(d)) != 0)
        digit = std::tolower(static_cast<unsigned char>(d)) - 'a' + 10;
      if (digit < 0 || digit >= base) break;
      unsigned long long next = 0;
      if (__builtin_mul_overflow(magnitude, static_cast<unsigned>(base), &next) ||
          __builtin_add_overflow(next, static_cast<unsigned>(digit), &next) ||
          next > static_cast<unsigned long long>(LLONG_MAX) + 1)
        overflow = true;
      else
        magnitude = next;
      ++pos_;
    }
    if (pos_ == digits_start)
      fail(line_, "a number without digits '" + shortened(text_.substr(start, pos_ - start + 1)) + "'");
    // A float: digits '.' digit (not '..'), or an exponent.
    if (base == 10 && pos_ + 1 < text_.size() &&
        ((text_[pos_] == '.' && is_digit(text_[pos_ + 1])) || text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      while (pos_ < text_.size() && (is_digit(text_[pos_]) || text_[pos_] == 'e' || text_[pos_] == 'E' ||
                                     text_[pos_] == '-' || text_[pos_] == '+'))
        ++pos_;
      t.kind = Token::Kind::floating;
      t.text = text_.substr(start, pos_ - start);
      return t;
    }
    const unsigned long long limit = negative ? static_cast<unsigned long long>(LLONG_MAX) + 1 : LLONG_MAX;
    if (overflow || magnitude > limit)
      fail(line_, "integer '" + shortened(text_.substr(start, pos_ - start)) + "' does not fit in 64 bits");
    t.kind = Token::Kind::integer;
    t.text = text_.substr(start, pos_ - start);
    t.value = negative ? static_cast<long long>(0ULL - magnitude) : static_cast<long long>(magnitude);
    return t;
  }
  if (c == '"') {
    ++pos_;
    std::string s;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n' && text_[pos_] != '\r') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      s += text_[pos_++];
    }
    if (pos_ >= text_.size() || text_[pos_] != '"') fail(t.line, "unterminated string");
    ++pos_;
    t.kind = Token::Kind::string;
    if (s.size() == pos_ - start - 2) {  // no escape: the text itself
      t.text = text_.substr(start + 1, s.size());
    } else {
      unescaped_.push_back(std::move(s));
      t.text = unescaped_.back();
    }
    return t;
  }
  if ((c == ':' || c == '.') && pos_ + 1 < text_.size() && text_[pos_ + 1] == c) {
    t.kind = Token::Kind::punct;
    t.text = text_.substr(pos_, 2);
    pos_ += 2;
    return t;
  }
  if (std::string_view(":;,()[]{}=").find(c) != std::string_view::npos) {
    t.kind = Token::Kind::punct;
    t.text = text_.substr(pos_, 1);
    ++pos_;
    return t;
  }
  // Quote the character (a whole UTF-8 sequence when it is one).
  std::size_t end = pos_ + 1;
  while (end < text_.size() && (static_cast<unsigned char>(text_[end]) & 0xC0) == 0x80) ++end;
  fail(line_, "unexpected character '" + printable(text_.substr(pos_, end - pos_)) + "'");
}

}  // namespace csp::models::flatzinc
