// Solving one puzzle record for `csp sudoku`: status, verified solution, statistics (no printing here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/io.hpp"
#include "csp/search/why_unsat.hpp"
#include "csp/stats/statistics.hpp"
#include "options/sudoku_options.hpp"

namespace csp::cli {

/// The one status of a puzzle.
enum class PuzzleStatus {
  solved,         ///< a solution (--max-solutions 1)
  unique,         ///< exactly one solution (--max-solutions other than 1)
  multiple,       ///< two or more solutions
  unsolvable,     ///< the complete search found none
  invalid,        ///< could not be read, or contradictory givens
  limit_reached,  ///< the node limit or the timeout stopped the search first
  wrong,          ///< the solver's solution failed verification (a bug; never printed as a solution)
};

/// All statuses, in summary order.
inline constexpr PuzzleStatus kAllStatuses[] = {
    PuzzleStatus::solved,  PuzzleStatus::unique,        PuzzleStatus::multiple, PuzzleStatus::unsolvable,
    PuzzleStatus::invalid, PuzzleStatus::limit_reached, PuzzleStatus::wrong};

/// "solved", "unique", "multiple", "unsolvable", "invalid", "limit-reached", "wrong".
std::string to_string(PuzzleStatus s);
/// True for solved, unique and multiple (the puzzle has a solution, and it was printed).
bool has_solution(PuzzleStatus s);

/// What became of one puzzle.
struct PuzzleOutcome {
  models::PuzzleRecord record;
  PuzzleStatus status = PuzzleStatus::invalid;
  std::string detail;                          ///< invalid: the reason; limit-reached: which limit; wrong: the check
  std::optional<models::SudokuGrid> solution;  ///< the first solution, verified with check_solution
  std::uint64_t solution_count = 0;
  bool count_exact = false;                  ///< solution_count is the exact number of solutions
  std::vector<std::vector<int>> candidates;  ///< per cell after the root inference (only for --format candidates)
  bool root_consistent = true;               ///< the root inference did not wipe out a domain (candidates only)
  /// --why-unsat on an unsolvable puzzle: the parts asked about (the 3N units and the givens) and the answer.
  std::vector<ModelPart> why_parts;
  std::optional<UnsatCore> why_core;
  bool why_not_asked = false;  ///< --why-unsat on a puzzle a limit stopped: no proof to explain
  Statistics stats;
  std::int64_t micros = 0;  ///< wall time for this puzzle: model, search and verification
};

/// "contradictory givens: two 9s in row 1 (r1c1, r1c2); ..." when givens of `puzzle` clash (the same digit twice
/// in a unit: the puzzle is invalid), else "". The one wording of plain solving, --explain and --grade.
std::string contradictory_givens(const models::SudokuGrid& puzzle);

/// Solves `record` as the options say. Never throws for a bad puzzle: that is an `invalid` outcome.
/// With options.trace, prints the search as it goes: on standard output, or on standard error with --format json
/// (standard output then holds only JSON lines).
PuzzleOutcome solve_record(models::PuzzleRecord record, const SudokuOptions& options);

}  // namespace csp::cli
