// The options of `csp sudoku`: what the command line says, parsed and checked (Boost.Program_options).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/sudoku.hpp"
#include "csp/models/sudoku_techniques.hpp"
#include "csp/search/solver_config.hpp"
#include "usage_error.hpp"

namespace csp::cli {

/// The default strategy of `csp sudoku`, kept here and only here (--help shows it). Chosen by measurement
/// (bench/README.md): MRV + MAC with Régin's matching. The cheaper "global" rules are up to 1.4x faster on
/// average on the 17-clue and forum-hardest samples but have heavy tails (reference case BH-08: 1.2 million
/// nodes to find a second solution, against 84 with matching); matching is also faster on top95.
struct SudokuDefaults {
  static constexpr const char* variable_ordering = "mrv";
  static constexpr const char* value_ordering = "natural";
  static constexpr const char* inference = "mac";
  static constexpr const char* alldiff = "matching";
};

/// How each puzzle's result is printed on standard output.
enum class OutputFormat { line, pretty, candidates, json };

/// Everything `csp sudoku` was asked to do.
struct SudokuOptions {
  std::vector<std::string> files;      ///< puzzle files in order; "-" is standard input; empty = the bundled file
  std::optional<models::BoxShape> box;  ///< --box: the box shape of every puzzle (else inferred per puzzle)
  AllDifferentMode alldiff = AllDifferentMode::matching;
  std::string alldiff_name = SudokuDefaults::alldiff;
  /// Strategy names, max-solutions, node and time limits (observer and callbacks unset). With --inference
  /// techniques, config.inference is the engine's "mac".
  SolverConfig config;
  /// --inference as given: an engine inference, or "techniques" (mac + the --techniques list posted as a
  /// propagator, models::SudokuTechniquesConstraint).
  std::string inference_name = SudokuDefaults::inference;
  /// True with --inference techniques.
  bool techniques_propagator = false;
  std::int64_t timeout_ms = 0;         ///< 0 = none
  OutputFormat format = OutputFormat::line;
  std::string format_name = "line";
  bool stats = false;                  ///< print each puzzle's statistics
  bool trace = false;                  ///< print every assignment, prune and backtrack (implies jobs = 1)
  std::string tree_file;               ///< --tree: the search tree of the first puzzle searched ("" none; jobs = 1)
  /// Set by the first search once it has taken the --tree (shared by the copies of these options).
  std::shared_ptr<std::atomic<bool>> tree_taken = std::make_shared<std::atomic<bool>>(false);
  unsigned jobs = 1;                   ///< puzzles solved in parallel
  bool explain = false;                ///< --explain: a numbered step log of human techniques per puzzle
  bool grade = false;                  ///< --grade: the hardest technique per puzzle, a technique table per file
  /// --techniques: the human techniques for --explain, --grade and --inference techniques, in the order they are
  /// tried
  std::vector<models::Technique> techniques = models::all_techniques();
};

/// Parses the arguments after "sudoku". Returns nothing when --help was asked (the help is then printed on stdout).
/// Throws UsageError for an unknown option, a bad value or an unknown strategy name (listing the valid names).
std::optional<SudokuOptions> parse_sudoku_options(const std::vector<std::string>& args);

/// The text of `csp sudoku --help`.
std::string sudoku_help();

}  // namespace csp::cli
