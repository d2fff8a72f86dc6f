// A consumer of the csp libraries csp::csp, csp::models, csp::flatzinc and csp::graph: builds problems through their
// public headers, solves them and checks known answers (exit status 0 iff all are right).
#include <csp/csp.hpp>
#include <csp/graph.hpp>
#include <csp/models/cryptarithm.hpp>
#include <csp/models/flatzinc/model.hpp>
#include <csp/models/flatzinc/parser.hpp>
#include <csp/models/map_coloring.hpp>
#include <csp/models/n_queens.hpp>
#include <csp/models/sudoku/io.hpp>
#include <csp/models/sudoku/sudoku.hpp>

#include <iostream>

int main() {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.max_solutions = 0;
  const csp::SearchResult queens = csp::backtracking_search(csp::models::n_queens(8), config);
  std::cout << "8-queens: " << queens.solution_count << " solutions (" << queens.stats << ")\n";

  const csp::models::Cryptarithm puzzle = csp::models::parse_cryptarithm("SEND+MORE=MONEY");
  const csp::SearchResult money = csp::backtracking_search(csp::models::cryptarithm(puzzle), config);
  const std::string sum = money.solutions.empty() ? "none" : csp::models::format_solution(puzzle, money.solutions[0]);
  std::cout << "SEND+MORE=MONEY: " << sum << '\n';

  const csp::CutsetResult australia = csp::cutset_conditioning(csp::models::map_coloring(csp::models::australia(), 3));
  std::cout << "Australia: " << csp::to_string(australia.search.status) << " with a cutset of "
            << australia.cutset.size() << '\n';

  // A Sudoku (csp/models/sudoku/): Norvig's grid1, one solution, checked against the rules.
  const csp::models::SudokuGrid grid1 =
      csp::models::parse_puzzle("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
  const csp::models::Sudoku sudoku(grid1);
  const csp::SearchResult grid = csp::backtracking_search(sudoku.problem(), config);
  const std::string grid_check =
      grid.solutions.empty() ? "none" : csp::models::check_solution(grid1, sudoku.to_grid(grid.solutions[0]));
  std::cout << "Sudoku grid1: " << grid.solution_count << " solution" << (grid_check.empty() ? ", valid" : "") << '\n';

  // csp::flatzinc: FlatZinc text read, built onto a Problem and solved: x + y = 5, x < y on 1..4 has 2 solutions.
  namespace fzn = csp::models::flatzinc;
  const fzn::FlatZincModel small = fzn::build_flatzinc(
      fzn::parse_flatzinc("var 1..4: x :: output_var;\nvar 1..4: y :: output_var;\n"
                          "constraint int_lin_eq([1, 1], [x, y], 5);\nconstraint int_lt(x, y);\nsolve satisfy;\n",
                          "small.fzn"),
      "small.fzn");
  const csp::SearchResult flat = csp::backtracking_search(small.problem, config);
  bool flat_verified = flat.solution_count == 2;
  for (const csp::Assignment& a : flat.solutions) flat_verified = flat_verified && small.verify(a).empty();
  std::cout << "FlatZinc x + y = 5, x < y: " << flat.solution_count << " solutions"
            << (flat_verified ? ", verified" : "") << '\n';

  const bool ok = queens.solution_count == 92 && money.solution_count == 1 && sum == "9567 + 1085 = 10652" &&
                  australia.search.status == csp::Status::solved && australia.cutset.size() == 1 &&
                  grid.solution_count == 1 && grid_check.empty() && flat_verified;
  std::cout << (ok ? "consumer: OK" : "consumer: WRONG ANSWER") << '\n';
  return ok ? 0 : 1;
}
