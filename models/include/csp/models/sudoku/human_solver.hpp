// The human Sudoku solver: techniques from simplest to hardest, restart after progress, step log, search fallback.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/sudoku/techniques.hpp"
#include "csp/stats/statistics.hpp"

namespace csp::models {

/// When the techniques that assume one solution (unique-rectangle, assumes_unique_solution) may be used. (Not
/// Uniqueness of sudoku/generator.hpp, which is the answer of a uniqueness check.)
enum class UniquenessPolicy {
  check,   ///< count the solutions first (up to 2, by search) and use them only when there is exactly one
  assume,  ///< use them: the caller knows the puzzle has exactly one solution (grade_puzzle, after its count)
  never,   ///< never use them
};

/// What the human solver may do.
struct HumanSolverOptions {
  /// The techniques tried, in this order; after any progress the solver starts again at the first.
  std::vector<Technique> techniques = all_techniques();
  /// When no technique applies, finish with csp::backtracking_search (MRV + MAC) from the cells placed so far.
  bool search_when_stuck = true;
  /// Node and time limits of each search (the fallback, and the counts of solutions); 0 = none.
  StopCondition search_limits;
  /// Whether `techniques` that assume one solution are used. With `check` the count is made only when such a
  /// technique is listed; when it finds none or several solutions, or hits a search limit, they are skipped, so a
  /// step log never rests on a uniqueness the puzzle does not have.
  UniquenessPolicy uniqueness = UniquenessPolicy::check;
};

/// How the human solver ended.
enum class HumanOutcome {
  solved,         ///< the techniques alone filled the grid
  searched,       ///< the techniques got stuck and search finished the grid
  stuck,          ///< the techniques got stuck and search was not allowed, or hit a search limit
  contradiction,  ///< the givens (or the puzzle) admit no solution
};

/// "solved", "searched", "stuck", "contradiction".
std::string to_string(HumanOutcome o);

/// The record of one human solve.
struct HumanSolveResult {
  HumanOutcome outcome = HumanOutcome::stuck;
  std::vector<Step> steps;               ///< every step taken, in order
  SudokuGrid after_techniques;           ///< the grid when the techniques stopped
  std::optional<SudokuGrid> solution;    ///< the complete grid (techniques, then search if needed)
  int empty_when_stuck = 0;              ///< empty cells left to search (0 when the techniques sufficed)
  std::uint64_t search_assignments = 0;  ///< nodes of the fallback search
  /// How often each technique fired, indexed by the technique's position in all_techniques().
  std::vector<int> fired = std::vector<int>(all_techniques().size(), 0);
  /// The hardest technique used (by the default order), if any step was taken.
  std::optional<Technique> hardest;
  /// Whether the techniques that assume one solution were allowed (uniqueness `assume`, or `check` counted one).
  bool uniqueness_assumed = false;
  /// The solutions counted (0, 1, or 2 = several) when `check` made a count that no search limit stopped.
  std::optional<std::uint64_t> solutions_counted;
};

/// Solves like a person: candidates, then the techniques of `options` in order, restarting at the first after
/// each step (Sudoku-08's HumanSolver), with search as the last resort. Works for every box shape. Techniques that
/// assume one solution take part only as `options.uniqueness` allows.
HumanSolveResult human_solve(const SudokuGrid& puzzle, const HumanSolverOptions& options = {});

/// A puzzle's grade: its difficulty as the hardest technique it needs.
struct Grade {
  /// How many solutions the puzzle has, counted up to 2 by search: 0 none, 1 unique, 2 several.
  std::uint64_t solutions = 0;
  /// True when a search limit stopped the count (then `solutions` is only a lower bound and nothing is graded).
  bool limit_reached = false;
  /// The human solve, run only when the solution is unique.
  std::optional<HumanSolveResult> solve;
  /// True when the techniques could not finish and search was needed.
  bool needs_search() const { return solve && solve->outcome != HumanOutcome::solved; }
};

/// Counts the solutions (up to 2) and, when there is exactly one, solves the puzzle like a person (with uniqueness
/// `assume` unless `options` say `never`).
Grade grade_puzzle(const SudokuGrid& puzzle, const HumanSolverOptions& options = {});

/// The position of a technique in all_techniques() (its rank of difficulty).
std::size_t technique_rank(Technique t);

}  // namespace csp::models
