// libFuzzer harness of the Killer Sudoku reader (parse_killer_sudoku) and of the CSP built from what it reads.
// Checks what `csp killer` relies on: only csp::ModelError is thrown (the command reports it, exit 2); a puzzle read
// has a box of 2..32 digits and cages with distinct labels, a positive sum and ascending cells of the grid, each
// cell in at most one cage; its CSP (global and pairwise all-different) can be built or is refused with ModelError;
// up to 9x9, a short search (200 nodes) finds only solutions that keep the Sudoku rules and every cage sum.
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/search/backtracking.hpp"
#include "fuzz_support.hpp"

using csp::fuzz::require;
using namespace csp::models;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  KillerSudoku puzzle;
  try {
    puzzle = parse_killer_sudoku(csp::fuzz::as_text(data, size));
  } catch (const csp::ModelError& e) {
    require(*e.what() != '\0', "an empty error message");
    return 0;
  }
  const int n = puzzle.box.size();
  require(puzzle.box.rows >= 1 && puzzle.box.cols >= 1 && n >= 2 && n <= kMaxSudokuSize, "a box outside 2..32");
  std::vector<int> cage_of(static_cast<std::size_t>(n * n), -1);
  std::string labels;
  for (std::size_t k = 0; k < puzzle.cages.size(); ++k) {
    const Cage& cage = puzzle.cages[k];
    require(labels.find(cage.label) == std::string::npos, "two cages with one label");
    labels.push_back(cage.label);
    require(cage.sum > 0, "a cage sum that is not positive");
    require(!cage.cells.empty(), "an empty cage");
    for (std::size_t i = 0; i < cage.cells.size(); ++i) {
      const int cell = cage.cells[i];
      require(cell >= 0 && cell < n * n, "a cage cell outside the grid");
      require(i == 0 || cage.cells[i - 1] < cell, "cage cells not ascending");
      require(cage_of[static_cast<std::size_t>(cell)] == -1, "a cell in two cages");
      cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
    }
  }
  for (csp::AllDifferentMode mode : {csp::AllDifferentMode::value, csp::AllDifferentMode::binary}) {
    csp::Problem problem;
    try {
      problem = killer_sudoku(puzzle, mode);
    } catch (const csp::ModelError&) {
      continue;
    }
    require(problem.variable_count() == n * n, "the CSP has not N*N variables");
    if (n > 9) continue;
    // A short search (as csp killer runs it: mrv + mac); a solution found must keep every rule.
    csp::SolverConfig config = csp::SolverConfig::textbook();
    config.variable_ordering = "mrv";
    config.inference = "mac";
    config.limits.node_limit = 200;
    const csp::SearchResult result = csp::backtracking_search(problem, config);
    if (result.solutions.empty()) continue;
    const SudokuGrid grid = to_grid(puzzle, result.solutions.front());
    require(check_solution(SudokuGrid{puzzle.box, std::vector<int>(grid.cells.size(), 0)}, grid).empty(),
            "a solution that breaks a Sudoku rule");
    for (const Cage& cage : puzzle.cages) {
      long long sum = 0;
      for (int cell : cage.cells) sum += grid.cells[static_cast<std::size_t>(cell)];
      require(sum == cage.sum, "a solution that misses a cage sum");
    }
  }
  return 0;
}
