// libFuzzer harness of the cryptarithm parser (parse_cryptarithm), the CSP built from it and a short search.
// Checks what `csp cryptarithm` relies on: only csp::ModelError is thrown (the command reports it, exit 2); a parsed
// puzzle has non-empty words of letters A-Z and its distinct letters in order; its CSP has one variable per letter;
// a search of at most 2,000 nodes finds only assignments where the addends add up to the sum, without leading zeros.
#include <string>

#include "csp/core/errors.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/search/backtracking.hpp"
#include "fuzz_support.hpp"

using csp::fuzz::require;
using namespace csp::models;
__extension__ using int128 = __int128;  // the sum of many 18-digit words

namespace {

void check_word(const std::string& word, std::string& seen) {
  require(!word.empty(), "an empty word");
  for (char c : word) {
    require(c >= 'A' && c <= 'Z', "a word with a character other than A-Z");
    if (seen.find(c) == std::string::npos) seen.push_back(c);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Cryptarithm puzzle;
  try {
    puzzle = parse_cryptarithm(csp::fuzz::as_text(data, size));
  } catch (const csp::ModelError& e) {
    require(*e.what() != '\0', "an empty error message");
    return 0;
  }
  require(!puzzle.addends.empty(), "no addend");
  std::string seen;
  for (const std::string& w : puzzle.addends) check_word(w, seen);
  check_word(puzzle.sum, seen);
  require(seen == puzzle.letters, "letters not the distinct letters in order of first appearance");

  csp::Problem problem;
  try {
    problem = cryptarithm(puzzle);
  } catch (const csp::ModelError& e) {
    require(*e.what() != '\0', "an empty error message");
    return 0;
  }
  // One variable per letter, then (past 10 letters: the column model) the carries.
  require(problem.variable_count() >= static_cast<int>(puzzle.letters.size()), "not one variable per letter");
  for (int k = 0; k < static_cast<int>(puzzle.letters.size()); ++k)
    require(problem.variable(k).name() == std::string(1, puzzle.letters[static_cast<std::size_t>(k)]),
            "the letters are not the first variables");
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "fc";
  config.limits.node_limit = 2000;
  const csp::SearchResult result = csp::backtracking_search(problem, config);
  if (result.solutions.empty()) return 0;
  const csp::Assignment& a = result.solutions.front();
  require(adds_up(puzzle, a), "a solution whose columns do not add up");  // any length
  // Word values fit in a long long up to 18 letters: there the numbers themselves are checked too.
  for (const std::string& w : puzzle.addends)
    if (w.size() > 18) return 0;
  if (puzzle.sum.size() > 18) return 0;
  const auto value = [&](const std::string& w) {
    const long long v = word_value(puzzle, w, a);
    long long lowest = 1;  // the least number of w.size() digits: 10^(size-1)
    for (std::size_t i = 1; i < w.size(); ++i) lowest *= 10;
    require(v >= (w.size() == 1 ? 0 : lowest), "a leading zero in " + w);
    return static_cast<int128>(v);
  };
  int128 total = 0;
  for (const std::string& w : puzzle.addends) total += value(w);
  require(total == value(puzzle.sum), "a solution whose addends do not add up to the sum");
  return 0;
}
