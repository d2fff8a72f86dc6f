// The options of `csp sudoku`: what the command line says, parsed and checked (Boost.Program_options).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/catalog.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/sudoku/techniques.hpp"
#include "csp/search/solver_config.hpp"
#include "options/search_options.hpp"
#include "options/usage_error.hpp"
#include "output/picture_output.hpp"

namespace csp::cli {

/// How each puzzle's result is printed on standard output.
enum class OutputFormat { line, pretty, candidates, json };

/// Everything `csp sudoku` was asked to do.
struct SudokuOptions {
  std::vector<std::string> files;       ///< puzzle files in order; "-" is standard input; empty = the bundled file
  std::optional<models::BoxShape> box;  ///< --box: the box shape of every puzzle (else inferred per puzzle)
  /// --alldiff: how each unit is posted; by default the Sudoku model's (csp/models/catalog.hpp, its entry's
  /// defaults), binary with --preset textbook.
  AllDifferentMode alldiff = models::catalog_entry("sudoku").defaults.alldiff;
  std::string alldiff_name = to_string(alldiff);
  /// The search options (search_options.hpp, read by the reader every command uses): strategies, max-solutions,
  /// node and time limits (--timeout per puzzle), --stats, --trace, --tree. With --inference techniques or probe,
  /// search.config.inference is the engine's "mac" and search.model_inference "techniques" or "probe".
  SearchOptions search;
  /// --inference as given: an engine inference, "techniques" (mac + the --techniques list posted as a
  /// propagator, models::SudokuTechniquesConstraint) or "probe" (mac + models::SudokuProbeConstraint).
  std::string inference_name() const {
    return search.model_inference.empty() ? search.config.inference : search.model_inference;
  }
  /// True with --inference techniques.
  bool techniques_propagator() const { return search.model_inference == "techniques"; }
  /// True with --inference probe.
  bool probe_propagator() const { return search.model_inference == "probe"; }
  OutputFormat format = OutputFormat::line;
  std::string format_name = "line";
  /// Set by the first search once it has taken the --tree (shared by the copies of these options).
  std::shared_ptr<std::atomic<bool>> tree_taken = std::make_shared<std::atomic<bool>>(false);
  unsigned jobs = 1;     ///< puzzles solved in parallel
  bool explain = false;  ///< --explain: a numbered step log of human techniques per puzzle
  bool grade = false;    ///< --grade: the hardest technique per puzzle, a technique table per file
  /// --techniques: the human techniques for --explain, --grade and --inference techniques, in the order they are
  /// tried
  std::vector<models::Technique> techniques = models::all_techniques();
  /// --picture FILE.svg|FILE.png: a picture per puzzle (givens black, found values blue, box lines), or with
  /// --explain one per step with its candidates (picture_output.hpp names the files)
  PictureTarget picture;
};

/// Parses the arguments after "sudoku". Returns nothing when --help was asked (the help is then printed on stdout).
/// Throws UsageError for an unknown option, a bad value or an unknown strategy name (listing the valid names).
std::optional<SudokuOptions> parse_sudoku_options(const std::vector<std::string>& args);

/// The text of `csp sudoku --help`.
std::string sudoku_help();

}  // namespace csp::cli
