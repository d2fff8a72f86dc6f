// Printing one puzzle's outcome in the format chosen with --format (line, pretty, candidates, json).
#pragma once

#include <ostream>

#include "batch/sudoku_solve.hpp"
#include "options/sudoku_options.hpp"

namespace csp::cli {

/// Writes `outcome` on `out` as `options.format` says:
/// - line: "<solution> <status>" or, without a solution, "- <status> (<file:line>[: <reason or limit>])";
///   multiple adds its count: "(2)" when exact, "(2 or more)" when --max-solutions stopped the count;
///   --stats appends " | assignments=... backtracks=... time_us=...".
/// - pretty: "file:line: status (detail)  [assignments, backtracks, time]", then the solution (or the unsolved,
///   valid puzzle) with box borders, then a blank line.
/// - candidates: the header, Norvig's candidates view after the root inference, the solution, a blank line.
/// - json: one object per line: source, line, input, status, detail, box, puzzle, solution, solution_count,
///   count_exact, time_us, statistics{...}, configuration{...}.
void write_outcome(std::ostream& out, const PuzzleOutcome& outcome, const SudokuOptions& options);

}  // namespace csp::cli
