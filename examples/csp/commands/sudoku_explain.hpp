// csp sudoku --explain / --grade: human techniques, a step log per puzzle or a grade per puzzle and a table per file.
#pragma once

#include <string>
#include <vector>

#include "options/sudoku_options.hpp"

namespace csp::cli {

/// Explains (options.explain) or grades (options.grade) every puzzle of `files` ("-" is standard input) on standard
/// output, with options.techniques in order and options.format (json: one object per line, else plain words).
/// Returns the exit status: 0 when every puzzle was explained or graded, 1 when some puzzle is invalid, unsolvable
/// or (grading) has several solutions, 2 when a file could not be read to the end.
int run_explain(const std::vector<std::string>& files, const SudokuOptions& options);

}  // namespace csp::cli
