// Shared by the Sudoku benchmarks: reading a puzzle file, a named configuration, one verified solve.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/catalog.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/search/solve.hpp"

namespace csp::bench {

/// The puzzles of a file, or why it could not be read.
struct PuzzleFile {
  std::vector<models::SudokuGrid> puzzles;
  std::vector<std::size_t> lines;  ///< the 1-based line where each puzzle starts
  std::string error;               ///< "" when every puzzle was read
};

/// Reads every puzzle of a file with the model's streaming reader (models::PuzzleReader: one-line puzzles and
/// pictures, '#' comments). Stops at the first puzzle that cannot be read and names it in `error`.
inline PuzzleFile read_puzzle_file(const std::string& path) {
  PuzzleFile out;
  std::ifstream in(path);
  if (!in) {
    out.error = "cannot open " + path;
    return out;
  }
  models::PuzzleReader reader(in, path);
  models::PuzzleRecord record;
  while (reader.next(record)) {
    if (!record.ok()) {
      out.error = record.location() + ": " + record.reason;
      return out;
    }
    out.puzzles.push_back(std::move(*record.grid));
    out.lines.push_back(record.line);
  }
  if (out.puzzles.empty()) out.error = path + ": no puzzles";
  return out;
}

/// One Sudoku configuration: registry names of the strategies plus how units are posted. By default csp sudoku's,
/// read from the model catalogue (models/src/catalog.cpp), so a benchmark measures what the command runs.
struct SudokuConfig {
  std::string var = models::catalog_entry("sudoku").defaults.variable_ordering;
  std::string val = models::catalog_entry("sudoku").defaults.value_ordering;
  std::string inference = models::catalog_entry("sudoku").defaults.inference;
  AllDifferentMode alldiff = models::catalog_entry("sudoku").defaults.alldiff;

  /// "mrv+mac+value" (the value ordering is added only when it is not "natural": "mrv+lcv+mac+value").
  std::string name() const {
    std::string out = var + "+";
    if (val != "natural") out += val + "+";
    return out + inference + "+" + to_string(alldiff);
  }
  SolverConfig solver_config() const {
    SolverConfig c = SolverConfig::textbook();
    c.variable_ordering = var;
    c.value_ordering = val;
    c.inference = inference;
    return c;
  }
};

/// "binary", "value", "gac" (or the old names "pairwise", "global", "matching": csp::parse_all_different_mode);
/// anything else: nullopt.
inline std::optional<AllDifferentMode> parse_alldiff(const std::string& s) {
  try {
    return parse_all_different_mode(s);
  } catch (const UnknownNameError&) {
    return std::nullopt;
  }
}

/// Outcome of one verified solve.
struct SolveOutcome {
  std::string error;  ///< "" when a solution was found and passed models::check_solution
  Statistics stats;
};

/// Builds the model and searches for a first solution (this is the part the benchmarks time, as the Gecode anchor
/// times model construction + search); returns the result for `verify`. `on_built`, when given, is called between
/// model construction and search (sudoku_file_bench reads the clock there).
template <class OnBuilt = void (*)()>
SearchResult solve(
    const models::SudokuGrid& puzzle, const SudokuConfig& config, const SolverConfig& solver,
    models::SudokuGrid* solution, OnBuilt on_built = [] {}) {
  const models::Sudoku sudoku(puzzle, config.alldiff);
  on_built();
  RunSpec spec;
  spec.search = solver;
  SearchResult r = csp::solve(sudoku.problem(), spec);
  if (solution != nullptr && !r.solutions.empty()) *solution = sudoku.to_grid(r.solutions.front());
  return r;
}

/// "" when `r` solved `puzzle` with `solution` and the solution obeys the rules, otherwise why not.
inline std::string verify(const models::SudokuGrid& puzzle, const SearchResult& r, const models::SudokuGrid& solution) {
  if (r.status != Status::solved || r.solutions.empty()) return "status " + to_string(r.status);
  return models::check_solution(puzzle, solution);
}

}  // namespace csp::bench
