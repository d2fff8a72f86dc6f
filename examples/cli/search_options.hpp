// The search options shared by the csp subcommands (--var, --val, --inference, --ac3, --max-solutions,
// --node-limit, --timeout, --seed, --restarts, --restart-base, --restart-factor, --stats): one Boost.Program_options group, read back into a SolverConfig.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/core/problem.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/solver_config.hpp"
#include "usage_error.hpp"

namespace csp::cli {

/// An inference a model implements itself on top of one of the engine's: the engine inference runs, and the
/// command posts the model's own propagator (e.g. csp sudoku's "techniques" = mac + SudokuTechniquesConstraint).
struct ModelInference {
  std::string name;              ///< the --inference name
  std::string engine_inference;  ///< the engine inference it runs with (a name from csp::inferences())
  std::string help;              ///< a few words for --help
};

/// What a command uses when a search option is absent (and shows in its --help).
struct SearchDefaults {
  std::string variable_ordering = "mrv";
  std::string value_ordering = "natural";
  std::string inference = "fc";
  std::uint64_t max_solutions = 1;
  /// The command's own inferences, accepted by --inference after the engine's (csp sudoku: "techniques").
  std::vector<ModelInference> model_inferences = {};
};

/// The search options as given: the configuration (observer and callbacks unset, keep_solutions 1), the timeout
/// in milliseconds (0 = none) and whether statistics are wanted.
struct SearchOptions {
  SolverConfig config;
  /// --timeout: the whole command stops this many milliseconds after `started` (0: no limit).
  std::int64_t timeout_ms = 0;
  /// When the options were read: reading files and building the model count against --timeout.
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  bool stats = false;
  /// --trace: print every search event (csp sudoku: JSON lines with --format json).
  bool trace = false;
  /// --tree FILE: write the search tree (.dot, .json, .svg); "" when not given.
  std::string tree_file;
  /// --seed: the seed of the random choices, when given (also in config.seed: random tie-breaking in backtracking).
  std::optional<std::uint64_t> seed;
  /// The model inference named by --inference ("" for an engine inference); config.inference then holds its
  /// engine inference.
  std::string model_inference;
  // local (algorithm_options.hpp; model commands only)
  /// --algorithm: backtracking (config above), min-conflicts (local), tree or cutset (AIMA §6.5).
  std::string algorithm = "backtracking";
  /// --max-steps, --walk, --tabu, --weighting, --restart-after, and --seed (default 1): min-conflicts' options.
  MinConflictsConfig local;
};

/// Adds --var, --val, --inference, --ac3, --consistency, --max-solutions, --node-limit, --timeout, --seed,
/// --restarts, --restart-base, --restart-factor, --backjump and --learning to `search`, and --stats, --trace and
/// --tree to
/// `output` (which may be the same group). The strategy helps list the registered names.
void add_search_options(boost::program_options::options_description& search,
                        boost::program_options::options_description& output, const SearchDefaults& defaults);

/// Adds --ac3, --consistency, --restarts, --restart-base, --restart-factor, --backjump and --learning to `search`
/// (add_search_options adds them among the others; csp fzn, which has its own limits and output flags, alone).
void add_engine_options(boost::program_options::options_description& search);

/// Adds --trace (described by `trace_help`: where the lines go) and --tree FILE to `output`.
void add_observer_options(boost::program_options::options_description& output, const std::string& trace_help);

/// Reads the options added by `add_engine_options` into `options.config`, after config.inference is set (--backjump
/// cbj is checked against it). Throws UsageError for an unknown name (listing the valid ones), a bad number,
/// --ac3 with --consistency none, --restart-base / --restart-factor without a restart strategy that uses them,
/// cbj with an inference other than none and fc, or --learning without cbj.
void read_engine_options(const boost::program_options::variables_map& vm, SearchOptions& options);

/// Reads --trace and --tree (added by `add_observer_options`). Throws UsageError for a --tree FILE whose extension is
/// not .dot, .json or .svg (or .svg without Graphviz).
void read_observer_options(const boost::program_options::variables_map& vm, SearchOptions& options);

/// Reads the options added by `add_search_options`; `model_inferences` are the command's own (as given to
/// add_search_options). Throws UsageError for an unknown strategy name (listing the valid names), a bad number, or
/// --restart-base / --restart-factor without a restart strategy that uses them.
SearchOptions read_search_options(const boost::program_options::variables_map& vm,
                                  const std::vector<ModelInference>& model_inferences = {});

/// The all-different mode named by --alldiff ("global", "binary", "matching"). Throws UsageError listing the valid
/// names for any other.
AllDifferentMode read_all_different_mode(const boost::program_options::variables_map& vm);

/// A whole number given to --`option` (or to the positional argument `option` when it starts in upper case, "N"). Throws UsageError when `text` is not one, or is 0 and `allow_zero` is false.
std::uint64_t parse_count(const std::string& option, const std::string& text, bool allow_zero);

}  // namespace csp::cli
