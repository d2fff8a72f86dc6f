// 02 N-queens (AIMA 4th ed. §6.1 and §4.1): one variable per column, its value the queen's row. Finds one
// solution, then counts them all, with MRV and maintained arc consistency. Usage: 02_n_queens [N]  (default 8)
#include <cstdlib>
#include <iostream>

#include "csp/csp.hpp"
#include "csp/models/n_queens.hpp"

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  if (n < 1 || n > 14) {
    std::cerr << "N must be 1..14\n";
    return 2;
  }
  const csp::Problem queens = csp::models::n_queens(n);

  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  const csp::SearchResult one = csp::backtracking_search(queens, config);
  if (one.status == csp::Status::solved) {
    const csp::Assignment& a = one.solutions.front();
    for (int row = 1; row <= n; ++row) {
      for (csp::VarId column = 0; column < n; ++column) std::cout << (a.value(column) == row ? " Q" : " .");
      std::cout << '\n';
    }
  }
  std::cout << "one solution: " << one.stats << '\n';

  config.max_solutions = 0;  // 0 = find (count) them all
  const csp::SearchResult all = csp::backtracking_search(queens, config);
  std::cout << n << "-queens has " << all.solution_count << " solutions\n";
  std::cout << "all solutions: " << all.stats << '\n';

  const unsigned long long known[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};
  return all.solution_count == known[n] ? 0 : 1;
}
