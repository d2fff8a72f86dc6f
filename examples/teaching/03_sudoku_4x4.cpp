// 03 A 4x4 Sudoku built by hand (AIMA 4th ed. §6.2.6): 16 variables with values 1..4, an all-different
// constraint per row, column and 2x2 box, and the givens as one-value domains. AC-3 first, then search.
#include <array>
#include <iostream>
#include <string>
#include <vector>

#include "csp/csp.hpp"

int main() {
  const std::array<std::string, 4> givens{"..3.", "1...", "...4", ".2.."};  // '.' = empty
  csp::Problem sudoku;
  std::array<std::array<csp::VarId, 4>, 4> cell{};
  for (std::size_t r = 0; r < 4; ++r) {
    for (std::size_t c = 0; c < 4; ++c) {
      const std::string name = std::string("r").append(std::to_string(r + 1)).append("c").append(std::to_string(c + 1));
      cell[r][c] = sudoku.add_variable(name, 1, 4);
      if (givens[r][c] != '.') sudoku.restrict_domain(cell[r][c], givens[r][c] - '0');  // a unary constraint
    }
  }
  for (std::size_t k = 0; k < 4; ++k) {
    std::vector<csp::VarId> row, column, box;
    for (std::size_t j = 0; j < 4; ++j) {
      row.push_back(cell[k][j]);
      column.push_back(cell[j][k]);
      box.push_back(cell[k / 2 * 2 + j / 2][k % 2 * 2 + j % 2]);
    }
    sudoku.add_all_different(row, csp::AllDifferentMode::value, "row " + std::to_string(k + 1));
    sudoku.add_all_different(column, csp::AllDifferentMode::value, "column " + std::to_string(k + 1));
    sudoku.add_all_different(box, csp::AllDifferentMode::value, "box " + std::to_string(k + 1));
  }
  std::cout << sudoku.variable_count() << " variables, " << sudoku.constraint_count() << " constraints\n";

  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.ac3_preprocess = true;  // AIMA Fig. 6.3 before the search starts
  config.variable_ordering = "mrv";
  config.inference = "fc";
  config.max_solutions = 0;  // count them all: a proper puzzle has exactly one
  const csp::SearchResult result = csp::backtracking_search(sudoku, config);
  if (result.status != csp::Status::solved) return 1;
  for (const auto& row : cell)
    for (std::size_t c = 0; c < 4; ++c) std::cout << result.solutions.front().value(row[c]) << (c == 3 ? '\n' : ' ');
  std::cout << result.solution_count << " solution(s); " << result.stats << '\n';
  return result.solution_count == 1 ? 0 : 1;
}
