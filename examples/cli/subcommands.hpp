// The subcommands of the csp program (csp sudoku, ...): one entry point each.
#pragma once

#include <string>
#include <vector>

namespace csp::cli {

/// `csp sudoku [OPTIONS] [FILE...|-]`: solves Sudoku puzzle files. `args` are the arguments after "sudoku".
/// Returns the exit status: 0 every puzzle solved, 1 some puzzle unsolvable, invalid or stopped by a limit,
/// 2 usage error.
int run_sudoku(const std::vector<std::string>& args);

/// `csp sudoku-generate [--box RxC] [--count N] [--seed S] [--symmetry none|rotational]`: prints minimal puzzles
/// with a unique solution, one per line. Returns 0, or 2 for a usage error.
int run_sudoku_generate(const std::vector<std::string>& args);

/// `csp ablate MODEL [FILE...] [OPTIONS]`: runs a grid of strategy configurations on a model's instances and
/// compares them (table, CSV, JSON, SVG chart). Returns 0 when the study ran, 1 when some solution failed
/// verification, 2 for a usage or input error.
int run_ablate(const std::vector<std::string>& args);

}  // namespace csp::cli
