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

// The model commands: each returns 0 when solved, 1 when there is no solution or a limit stopped the search, 2 for
// a usage error (unknown option or name, unreadable or malformed file). Their search options are search_options.hpp.

/// `csp queens N [--formulation binary|all-different] [--count]`: one board, or the number of solutions.
int run_queens(const std::vector<std::string>& args);

/// `csp color FILE.col -k K`, `csp color --map australia|usa -k K`, or `--least` for the least K (K - 1 proved
/// impossible): prints a proper colouring, one "name = colour" per line.
int run_color(const std::vector<std::string>& args);

/// `csp cryptarithm "SEND+MORE=MONEY" [--all]`: "9567 + 1085 = 10652", or every solution and their count.
int run_cryptarithm(const std::vector<std::string>& args);

/// `csp zebra`: the five houses, then who owns the zebra and who drinks water (read from the solution).
int run_zebra(const std::vector<std::string>& args);

/// `csp killer FILE`: a Killer Sudoku in the text format of csp/models/killer_sudoku.hpp; prints the solved grid.
int run_killer(const std::vector<std::string>& args);

/// `csp graph MODEL [ARGS] [--dot FILE]`: the constraint graph's size, degrees, components, whether it is a tree,
/// and its Graphviz text. Returns 0, or 2 for a usage error.
int run_graph(const std::vector<std::string>& args);

/// `csp fzn FILE.fzn [-a] [-n N] [-s] [-t MS] [-f] [-r SEED] [-p N]`: solves a FlatZinc model with MiniZinc's
/// solver conventions (the back end of `minizinc --solver csp`). Returns 0 when the search ran, 1 when a solution
/// failed the independent check, 2 for a usage error or a malformed file.
int run_fzn(const std::vector<std::string>& args);

}  // namespace csp::cli
