// The models' own rules: n-queens, colourings, the Zebra puzzle and cryptarithms checked on the numbers.
#include "csp/models/verify.hpp"

#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/zebra.hpp"

namespace csp::models {

std::string verify_queens(int n, const Assignment& a) {
  if (a.variable_count() != n) return "the assignment does not cover the " + std::to_string(n) + " columns";
  // One owner (1-based column, 0 for none) per row and per diagonal: O(n), for the million queens of min-conflicts.
  const auto size = static_cast<std::size_t>(n);
  std::vector<int> row(size + 1, 0);       // rows 1..n
  std::vector<int> up(2 * size + 1, 0);    // row + column, 1..2n-1
  std::vector<int> down(2 * size + 1, 0);  // row - column + n, 1..2n-1
  for (VarId c = 0; c < n; ++c) {
    if (!a.is_assigned(c)) return std::string("column ").append(std::to_string(c + 1)).append(" has no queen");
    const Value r = a.value(c);
    if (r < 1 || r > n) return std::string("column ").append(std::to_string(c + 1)).append(" has an off-board row");
    const auto ru = static_cast<std::size_t>(r);
    const auto cu = static_cast<std::size_t>(c);
    for (int* owner : {&row[ru], &up[ru + cu], &down[ru + size - cu]}) {
      if (*owner != 0)
        return std::string("the queens of columns ")
            .append(std::to_string(*owner))
            .append(" and ")
            .append(std::to_string(c + 1))
            .append(" attack each other");
      *owner = c + 1;
    }
  }
  return "";
}

std::string verify_coloring(const Graph& graph, const Assignment& a) {
  if (a.variable_count() < graph.vertex_count)
    return "the assignment does not cover the " + std::to_string(graph.vertex_count) + " vertices";
  for (int v = 0; v < graph.vertex_count; ++v)
    if (!a.is_assigned(v)) return "vertex " + std::to_string(v + 1) + " has no colour";
  for (const auto& [u, v] : graph.edges)
    if (a.value(u) == a.value(v)) return "not a proper colouring";
  return "";
}

std::string verify_zebra(const Assignment& a) {
  // The rules as posted with pairwise !=, then the puzzle's known answer (it has exactly one solution).
  static const Problem rules = zebra(AllDifferentMode::binary);
  if (!rules.is_solution(a)) return "breaks a clue or puts two names of a group in one house";
  if (zebra_nationality_of(rules, a, "Zebra") != "Japanese") return "the zebra's owner is not the Japanese";
  if (zebra_nationality_of(rules, a, "Water") != "Norwegian") return "the water drinker is not the Norwegian";
  return "";
}

std::string verify_cryptarithm(const Cryptarithm& puzzle, const Assignment& a) {
  std::string used;
  const auto letters = static_cast<VarId>(puzzle.letters.size());  // then, in the column model, the carries
  for (VarId x = 0; x < letters && x < a.variable_count(); ++x) {
    if (!a.is_assigned(x)) return "a letter has no digit";
    const Value d = a.value(x);
    if (d < 0 || d > 9) return "a letter has no digit 0-9";
    if (used.find(static_cast<char>('0' + d)) != std::string::npos) return "two letters share a digit";
    used.push_back(static_cast<char>('0' + d));
  }
  std::vector<std::string> words = puzzle.addends;
  words.push_back(puzzle.sum);
  for (const std::string& w : words)  // variable ids follow `letters`
    if (w.size() > 1 && a.value(static_cast<VarId>(puzzle.letters.find(w[0]))) == 0)
      return "the word " + w + " starts with 0";
  if (!adds_up(puzzle, a)) return "the words do not add up";  // column by column: any length
  return "";
}

}  // namespace csp::models
