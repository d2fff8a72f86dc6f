// Cryptarithm model: parsing "SEND+MORE=MONEY" and building one linear equality (or, for place values past an
// int, one per column with carries) plus all-different.
#include "csp/models/cryptarithm.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "csp/core/errors.hpp"

namespace csp::models {

namespace {

// The letters of word w at column `col` (0: the units), or 0 past its left end.
char letter_at(const std::string& w, std::size_t col) { return col < w.size() ? w[w.size() - 1 - col] : '\0'; }

// The column-carry formulation (AIMA 4th ed. §6.1.3, Fig. 6.2): for each column, the addends' letters plus the
// carry in = the sum's letter + 10 * the carry out, the last carry out 0. Coefficients 1, -1 and 10 whatever the
// length of the words (used when a place value does not fit in an int).
void post_columns(Problem& p, const Cryptarithm& puzzle, const std::vector<VarId>& letter_vars) {
  std::size_t columns = puzzle.sum.size();
  for (const std::string& w : puzzle.addends) columns = std::max(columns, w.size());
  VarId carry_in = -1;
  long long carry_in_max = 0;
  for (std::size_t col = 0; col < columns; ++col) {
    std::map<VarId, long long> terms;
    long long addends_here = 0;
    for (const std::string& w : puzzle.addends)
      if (const char c = letter_at(w, col); c != '\0') {
        terms[letter_vars[puzzle.letters.find(c)]] += 1;
        ++addends_here;
      }
    if (const char c = letter_at(puzzle.sum, col); c != '\0') terms[letter_vars[puzzle.letters.find(c)]] -= 1;
    if (carry_in >= 0) terms[carry_in] += 1;
    const long long carry_max = col + 1 < columns ? (9 * addends_here + carry_in_max) / 10 : 0;
    if (carry_max > 0) {
      const VarId carry = p.add_variable("carry" + std::to_string(col + 1), 0, static_cast<Value>(carry_max));
      terms[carry] -= 10;
      carry_in = carry;
    } else {
      carry_in = -1;
    }
    carry_in_max = carry_max;
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    for (const auto& [x, k] : terms)
      if (k != 0) {
        scope.push_back(x);
        coefficients.push_back(static_cast<int>(k));  // at most the number of addends, or -10
      }
    if (!scope.empty()) p.add_linear(scope, coefficients, LinearOp::eq, 0, "column " + std::to_string(col + 1));
  }
}

[[noreturn]] void fail(const std::string& text, std::size_t pos, const std::string& why) {
  throw ModelError("cryptarithm \"" + text + "\": " + why + " at position " + std::to_string(pos + 1) +
                   " (expected words of letters A-Z joined by '+', then '=' and one word, e.g. SEND+MORE=MONEY)");
}

}  // namespace

Cryptarithm parse_cryptarithm(const std::string& text) {
  Cryptarithm out;
  std::string word;
  bool after_equals = false;
  // Closes the current word at position `pos` (the '+', '=' or end of text that ends it).
  auto finish_word = [&](std::size_t pos) {
    if (word.empty()) fail(text, pos, "a word is missing");
    if (after_equals) {
      out.sum = word;
    } else {
      out.addends.push_back(word);
    }
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t') continue;
    if (c >= 'A' && c <= 'Z') {
      word.push_back(c);
      if (out.letters.find(c) == std::string::npos) out.letters.push_back(c);
    } else if (c == '+') {
      if (after_equals) fail(text, i, "'+' after '=' (only one word may follow '=')");
      finish_word(i);
    } else if (c == '=') {
      if (after_equals) fail(text, i, "a second '='");
      finish_word(i);
      after_equals = true;
    } else {
      fail(text, i, std::string("invalid character '").append(1, c).append("'"));
    }
  }
  if (!after_equals) {
    if (out.letters.empty()) throw ModelError("cryptarithm: empty text (expected e.g. SEND+MORE=MONEY)");
    fail(text, text.size(), "'=' is missing");
  }
  finish_word(text.size());
  return out;
}

Problem cryptarithm(const Cryptarithm& puzzle, AllDifferentMode mode) {
  if (puzzle.addends.empty() || puzzle.sum.empty() || puzzle.letters.empty())
    throw ModelError("cryptarithm: need at least one addend and a sum word");
  std::map<char, long long> coefficient;
  std::map<char, bool> leading;
  auto add_word = [&](const std::string& w, long long sign) {
    long long place = 1;  // 10^k saturates at 10^18: past 10 letters the column model is used anyway
    for (auto it = w.rbegin(); it != w.rend(); ++it, place = place < 1'000'000'000'000'000'000LL ? place * 10 : place)
      coefficient[*it] = std::clamp(coefficient[*it] + sign * place, -(1LL << 62), 1LL << 62);
    if (w.size() > 1) leading[w.front()] = true;
  };
  for (const std::string& w : puzzle.addends) add_word(w, 1);
  add_word(puzzle.sum, -1);

  Problem p;
  std::vector<VarId> all;
  std::vector<VarId> scope;
  std::vector<int> coefficients;
  bool fits = true;  // every total place value fits in an int (words of up to 10 letters always do)
  for (char c : puzzle.letters) {
    if (coefficient.count(c) == 0)
      throw ModelError(std::string("cryptarithm: letter '").append(1, c).append("' is in no word"));
    const VarId x = p.add_variable(std::string(1, c), 0, 9);
    if (leading[c]) p.restrict_range(x, 1, 9);  // a unary constraint, which --why-unsat can name ("S in 1..9")
    all.push_back(x);
    const long long k = coefficient[c];
    fits = fits && k >= std::numeric_limits<int>::min() && k <= std::numeric_limits<int>::max();
    if (k != 0 && fits) {
      scope.push_back(x);
      coefficients.push_back(static_cast<int>(k));
    }
  }
  if (all.size() > 1) p.add_all_different(all, mode, "letters differ");
  if (!fits) {
    post_columns(p, puzzle, all);
    return p;
  }
  // Letters whose place values cancel (e.g. "AB=AB") leave no term; the equality then always holds.
  if (!scope.empty()) p.add_linear(scope, coefficients, LinearOp::eq, 0, "addends = sum");
  return p;
}

Problem cryptarithm(const std::string& text, AllDifferentMode mode) {
  return cryptarithm(parse_cryptarithm(text), mode);
}

long long word_value(const Cryptarithm& puzzle, const std::string& word, const Assignment& a) {
  if (word.size() > 18)
    throw ModelError("word_value: the word " + word + " has more than 18 letters (use word_digits)");
  long long n = 0;
  for (char c : word) n = n * 10 + a.value(static_cast<VarId>(puzzle.letters.find(c)));
  return n;
}

std::string word_digits(const Cryptarithm& puzzle, const std::string& word, const Assignment& a) {
  std::string out;
  for (char c : word) out.push_back(static_cast<char>('0' + a.value(static_cast<VarId>(puzzle.letters.find(c)))));
  return out;
}

bool adds_up(const Cryptarithm& puzzle, const Assignment& a) {
  std::size_t columns = puzzle.sum.size();
  for (const std::string& w : puzzle.addends) columns = std::max(columns, w.size());
  const auto digit = [&](const std::string& w, std::size_t col) {
    const char c = letter_at(w, col);
    return c == '\0' ? 0LL : static_cast<long long>(a.value(static_cast<VarId>(puzzle.letters.find(c))));
  };
  long long carry = 0;
  for (std::size_t col = 0; col < columns; ++col) {
    long long column = carry;
    for (const std::string& w : puzzle.addends) column += digit(w, col);
    if (column % 10 != digit(puzzle.sum, col)) return false;
    carry = column / 10;
  }
  return carry == 0;
}

std::string format_solution(const Cryptarithm& puzzle, const Assignment& a) {
  std::string out;
  for (const std::string& w : puzzle.addends) {
    if (!out.empty()) out += " + ";
    out += word_digits(puzzle, w, a);
  }
  return out.append(" = ").append(word_digits(puzzle, puzzle.sum, a));
}

}  // namespace csp::models
