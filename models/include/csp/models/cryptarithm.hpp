// Cryptarithms as CSPs (AIMA 4th ed. §6.1.3, Fig. 6.2): letters are variables, digits values, one linear sum.
#pragma once

#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"

namespace csp::models {

/// A parsed cryptarithm "W1 + W2 + ... = S": the addend words, the sum word and the distinct letters in order of
/// first appearance.
struct Cryptarithm {
  std::vector<std::string> addends;  ///< one or more words of letters A-Z
  std::string sum;                   ///< the word right of '='
  std::string letters;               ///< distinct letters, in order of first appearance (the variable order)
};

/// Parses "SEND+MORE=MONEY": one or more words of upper-case letters A-Z joined by '+', then one '=' and one word.
/// Spaces (and tabs) anywhere are ignored. Throws csp::ModelError naming the position and the problem for an empty
/// text, any other character (lower case included), an empty word, or a missing or second '='. Words may be of any
/// length.
Cryptarithm parse_cryptarithm(const std::string& text);

/// One variable per letter (named by the letter, in `letters` order) with values 0..9, its initial domain restricted
/// to 1..9 for the first letter of a word of two or more letters (no leading zeros: a given, which --why-unsat names); one all-different over all letters (posted as `mode` says);
/// and one linear equality sum(place value x letter) over the addends minus the same over the sum word = 0, with the
/// coefficients of a repeated letter added up (AIMA's column-carry formulation replaced by a single weighted sum).
/// When a letter's total place value does not fit in an int (words past 10 letters), AIMA's column-carry
/// formulation instead (Fig. 6.2): per column, the addends' letters + carry in = the sum's letter + 10 * carry out,
/// with carry variables "carry1", "carry2", ... after the letters, so nothing well-formed is refused. Throws
/// csp::ModelError for a letter in no word.
Problem cryptarithm(const Cryptarithm& puzzle, AllDifferentMode mode = AllDifferentMode::value);
/// Parses then builds: `cryptarithm(parse_cryptarithm(text))`.
Problem cryptarithm(const std::string& text, AllDifferentMode mode = AllDifferentMode::value);

/// The number spelled by `word` under a solution of `cryptarithm(puzzle)`, e.g. 9567 for SEND.
/// Precondition: every letter of `word` is assigned in `a`. Throws csp::ModelError for a word of more than 18
/// letters (its value may not fit in a long long: use word_digits).
long long word_value(const Cryptarithm& puzzle, const std::string& word, const Assignment& a);

/// The digits of `word` under a solution, any length ("09567" would be a leading zero, which the model excludes).
std::string word_digits(const Cryptarithm& puzzle, const std::string& word, const Assignment& a);

/// Whether the addends add up to the sum under `a` (column by column, with carries: no overflow for any length).
/// Precondition: every letter is assigned in `a`.
bool adds_up(const Cryptarithm& puzzle, const Assignment& a);

/// The solution as digits, e.g. "9567 + 1085 = 10652". Precondition: `a` is a complete assignment of
/// `cryptarithm(puzzle)`.
std::string format_solution(const Cryptarithm& puzzle, const Assignment& a);

}  // namespace csp::models
