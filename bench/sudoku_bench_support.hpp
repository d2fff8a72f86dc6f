// Shared by the Sudoku benchmarks: a minimal one-line puzzle reader, a named configuration, one verified solve.
#pragma once

#include <cmath>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/solver_config.hpp"
#include "csp/models/sudoku.hpp"

namespace csp::bench {

/// The puzzles of a one-line-per-puzzle file, or why it could not be read.
struct PuzzleFile {
  std::vector<models::SudokuGrid> puzzles;
  std::string error;  ///< "" when every line was read
};

/// The box shape of a grid with `cells` cells: N^4 cells give N x N boxes, 36 -> 2x3, 64 -> 2x4, 144 -> 3x4.
inline std::optional<models::BoxShape> box_for_cells(std::size_t cells) {
  switch (cells) {
    case 36: return models::BoxShape{2, 3};
    case 64: return models::BoxShape{2, 4};
    case 144: return models::BoxShape{3, 4};
    default: break;
  }
  const auto side = static_cast<int>(std::lround(std::sqrt(std::sqrt(static_cast<double>(cells)))));
  if (side < 2 || static_cast<std::size_t>(side * side * side * side) != cells) return std::nullopt;
  return models::BoxShape{side, side};
}

/// A cell character: '.', '0' empty (0); '1'-'9'; then 'A'-'Z' / 'a'-'z' for 10 and up; -1 for anything else.
inline int cell_value(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

/// Reads one puzzle per line (trailing '\r' and spaces dropped; empty lines and '#' lines skipped). Deliberately
/// minimal: the benchmarks read the reference corpora, whose format is fixed; the full reader lives in models/.
inline PuzzleFile read_puzzle_file(const std::string& path) {
  PuzzleFile out;
  std::ifstream in(path);
  if (!in) {
    out.error = "cannot open " + path;
    return out;
  }
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const auto box = box_for_cells(line.size());
    if (!box) {
      out.error = path + ":" + std::to_string(lineno) + ": " + std::to_string(line.size()) + " cells is no grid size";
      return out;
    }
    models::SudokuGrid grid{*box, {}};
    grid.cells.reserve(line.size());
    for (char c : line) {
      const int v = cell_value(c);
      if (v < 0 || v > box->size()) {
        out.error = path + ":" + std::to_string(lineno) + ": bad character '" + std::string(1, c) + "'";
        return out;
      }
      grid.cells.push_back(v);
    }
    out.puzzles.push_back(std::move(grid));
  }
  if (out.puzzles.empty()) out.error = path + ": no puzzles";
  return out;
}

/// One Sudoku configuration: registry names of the strategies plus how units are posted.
struct SudokuConfig {
  std::string var = "mrv";
  std::string val = "natural";
  std::string inference = "mac";
  AllDifferentMode alldiff = AllDifferentMode::global;

  /// "mrv+mac+global" (the value ordering is added only when it is not "natural": "mrv+lcv+mac+global").
  std::string name() const {
    std::string out = var + "+";
    if (val != "natural") out += val + "+";
    return out + inference + "+" + (alldiff == AllDifferentMode::global ? "global" : "pairwise");
  }
  SolverConfig solver_config() const {
    SolverConfig c;
    c.variable_ordering = var;
    c.value_ordering = val;
    c.inference = inference;
    return c;
  }
};

/// "global" -> global; "pairwise" or "binary" (the csp command's word) -> pairwise; anything else: nullopt.
inline std::optional<AllDifferentMode> parse_alldiff(const std::string& s) {
  if (s == "global") return AllDifferentMode::global;
  if (s == "pairwise" || s == "binary") return AllDifferentMode::pairwise;
  return std::nullopt;
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
SearchResult solve(const models::SudokuGrid& puzzle, const SudokuConfig& config, const SolverConfig& solver,
                   models::SudokuGrid* solution, OnBuilt on_built = [] {}) {
  const models::Sudoku sudoku(puzzle, config.alldiff);
  on_built();
  SearchResult r = backtracking_search(sudoku.problem(), solver);
  if (solution != nullptr && !r.solutions.empty()) *solution = sudoku.to_grid(r.solutions.front());
  return r;
}

/// "" when `r` solved `puzzle` with `solution` and the solution obeys the rules, otherwise why not.
inline std::string verify(const models::SudokuGrid& puzzle, const SearchResult& r, const models::SudokuGrid& solution) {
  if (r.status != Status::solved || r.solutions.empty()) return "status " + to_string(r.status);
  return models::check_solution(puzzle, solution);
}

}  // namespace csp::bench
