// 05 Modelling a new puzzle from scratch: the 3x3 magic square. Place 1..9 in a 3x3 grid so that every row,
// column and both diagonals add up to 15. Variables: the nine squares; values: 1..9; constraints: one
// all-different and eight linear sums (AIMA 4th ed. §6.1: X, D, C).
#include <iostream>
#include <string>
#include <vector>

#include "csp/csp.hpp"

int main() {
  // 1. Variables and domains: square (r, c), with r and c in 1..3, is variable 3(r-1) + (c-1) (ids 0..8 row by
  //    row), named "s<r><c>", with values 1..9.
  csp::Problem magic;
  std::vector<csp::VarId> s;
  for (int r = 1; r <= 3; ++r)
    for (int c = 1; c <= 3; ++c)
      s.push_back(magic.add_variable(std::string("s").append(std::to_string(10 * r + c)), csp::range(1, 9)));

  // 2. Constraints: all squares differ; each line of three sums to 15.
  magic.add_all_different(s, csp::AllDifferentMode::value, "all differ");
  const std::vector<std::vector<int>> lines{{0, 1, 2}, {3, 4, 5}, {6, 7, 8},  // rows
                                            {0, 3, 6}, {1, 4, 7}, {2, 5, 8},  // columns
                                            {0, 4, 8}, {2, 4, 6}};            // diagonals
  for (const std::vector<int>& line : lines) {
    std::vector<csp::VarId> scope;
    for (int i : line) scope.push_back(s[static_cast<std::size_t>(i)]);
    magic.add_linear(scope, {1, 1, 1}, csp::LinearOp::eq, 15, "line sums to 15");
  }

  // 3. Solve: count every solution with MRV and maintained arc consistency (all are kept unless told otherwise).
  csp::SolverConfig config;
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.max_solutions = 0;
  const csp::SearchResult result = csp::backtracking_search(magic, config);

  // 4. Print the first solution, its centre by name, and the statistics.
  std::cout << csp::to_string(result.status) << ": " << result.solution_count << " magic squares\n";
  if (result.status != csp::Status::solved) return 1;
  const csp::Assignment& first = result.solution();
  for (std::size_t i = 0; i < s.size(); ++i) std::cout << first[s[i]] << (i % 3 == 2 ? "\n" : " ");
  std::cout << "centre " << first["s22"] << '\n' << result.stats << '\n';
  return result.solution_count == 8 ? 0 : 1;  // the Lo Shu square, rotated and reflected
}
