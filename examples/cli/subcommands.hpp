// The subcommands of the csp program (csp sudoku, ...): one entry point each.
#pragma once

#include <string>
#include <vector>

namespace csp::cli {

/// `csp sudoku [OPTIONS] [FILE...|-]`: solves Sudoku puzzle files. `args` are the arguments after "sudoku".
/// Returns the exit status: 0 every puzzle solved, 1 some puzzle unsolvable, invalid or stopped by a limit,
/// 2 usage error.
int run_sudoku(const std::vector<std::string>& args);

}  // namespace csp::cli
