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
/// text, any other character (lower case included), an empty word, a missing or second '=', or a word longer than
/// 10 letters (its place values, up to 10^9, must fit in an int).
Cryptarithm parse_cryptarithm(const std::string& text);

/// One variable per letter (named by the letter, in `letters` order) with values 0..9, or 1..9 for the first letter
/// of a word of two or more letters (no leading zeros); one all-different over all letters (posted as `mode` says);
/// and one linear equality sum(place value x letter) over the addends minus the same over the sum word = 0, with the
/// coefficients of a repeated letter added up (AIMA's column-carry formulation replaced by a single weighted sum).
/// Throws csp::ModelError when a letter's total coefficient does not fit in an int.
Problem cryptarithm(const Cryptarithm& puzzle, AllDifferentMode mode = AllDifferentMode::global);
/// Parses then builds: `cryptarithm(parse_cryptarithm(text))`.
Problem cryptarithm(const std::string& text, AllDifferentMode mode = AllDifferentMode::global);

/// The number spelled by `word` under a solution of `cryptarithm(puzzle)`, e.g. 9567 for SEND.
/// Precondition: every letter of `word` is assigned in `a`.
long long word_value(const Cryptarithm& puzzle, const std::string& word, const Assignment& a);

/// The solution as digits, e.g. "9567 + 1085 = 10652". Precondition: `a` is a complete assignment of
/// `cryptarithm(puzzle)`.
std::string format_solution(const Cryptarithm& puzzle, const Assignment& a);

}  // namespace csp::models
