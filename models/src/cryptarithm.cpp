// Cryptarithm model: parsing "SEND+MORE=MONEY" and building one linear equality plus all-different.
#include "csp/models/cryptarithm.hpp"

#include <limits>
#include <map>

#include "csp/core/errors.hpp"

namespace csp::models {

namespace {

constexpr std::size_t kMaxWordLength = 10;  // 10^9 is the largest place value that fits in an int

[[noreturn]] void fail(const std::string& text, std::size_t pos, const std::string& why) {
  throw ModelError("cryptarithm \"" + text + "\": " + why + " at position " + std::to_string(pos + 1) +
                   " (expected words of letters A-Z joined by '+', then '=' and one word, e.g. SEND+MORE=MONEY)");
}

}  // namespace

Cryptarithm parse_cryptarithm(const std::string& text) {
  Cryptarithm out;
  std::string word;
  std::size_t word_start = 0;
  bool after_equals = false;
  // Closes the current word at position `pos` (the '+', '=' or end of text that ends it).
  auto finish_word = [&](std::size_t pos) {
    if (word.empty()) fail(text, pos, "a word is missing");
    if (word.size() > kMaxWordLength)
      fail(text, word_start, std::string("the word ").append(word).append(" has more than 10 letters"));
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
      if (word.empty()) word_start = i;
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
    long long place = 1;
    for (auto it = w.rbegin(); it != w.rend(); ++it, place *= 10) coefficient[*it] += sign * place;
    if (w.size() > 1) leading[w.front()] = true;
  };
  for (const std::string& w : puzzle.addends) add_word(w, 1);
  add_word(puzzle.sum, -1);

  Problem p;
  std::vector<VarId> all;
  std::vector<VarId> scope;
  std::vector<int> coefficients;
  for (char c : puzzle.letters) {
    if (coefficient.count(c) == 0)
      throw ModelError(std::string("cryptarithm: letter '").append(1, c).append("' is in no word"));
    const VarId x = p.add_variable(std::string(1, c), leading[c] ? 1 : 0, 9);
    all.push_back(x);
    const long long k = coefficient[c];
    if (k < std::numeric_limits<int>::min() || k > std::numeric_limits<int>::max())
      throw ModelError(std::string("cryptarithm: the place values of letter '").append(1, c).append("' add up to ") +
                       std::to_string(k) + ", which does not fit in an int");
    if (k != 0) {
      scope.push_back(x);
      coefficients.push_back(static_cast<int>(k));
    }
  }
  if (all.size() > 1) p.add_all_different(all, mode, "letters differ");
  // Letters whose place values cancel (e.g. "AB=AB") leave no term; the equality then always holds.
  if (!scope.empty()) p.add_linear(scope, coefficients, LinearOp::eq, 0, "addends = sum");
  return p;
}

Problem cryptarithm(const std::string& text, AllDifferentMode mode) {
  return cryptarithm(parse_cryptarithm(text), mode);
}

long long word_value(const Cryptarithm& puzzle, const std::string& word, const Assignment& a) {
  long long n = 0;
  for (char c : word) n = n * 10 + a.value(static_cast<VarId>(puzzle.letters.find(c)));
  return n;
}

std::string format_solution(const Cryptarithm& puzzle, const Assignment& a) {
  std::string out;
  for (const std::string& w : puzzle.addends) {
    if (!out.empty()) out += " + ";
    out += std::to_string(word_value(puzzle, w, a));
  }
  return out.append(" = ").append(std::to_string(word_value(puzzle, puzzle.sum, a)));
}

}  // namespace csp::models
