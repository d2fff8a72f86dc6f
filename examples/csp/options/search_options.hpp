// The search options shared by the csp subcommands: one Boost.Program_options flag per run option of the engine's
// table (csp/search/run_options.hpp: --var, --val, --inference, --max-solutions, --node-limit, --seed, --ac3,
// --restarts, --restart-base, --restart-factor, --branching, --backjump, --learning), with the program's own
// --preset, --consistency, --timeout, --stats, --why-unsat, --trace and --tree; read back into a SolverConfig.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/core/problem.hpp"
#include "csp/models/model_defaults.hpp"
#include "csp/models/model_inference.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/run_options.hpp"
#include "csp/search/solver_config.hpp"
#include "options/usage_error.hpp"

namespace csp::cli {

/// An inference a model implements itself on top of one of the engine's (csp/models/model_inference.hpp).
using models::ModelInference;

/// What a command uses when a search option is absent (and shows in its --help).
struct SearchDefaults {
  /// The defaults of --var, --val, --inference and --restarts (and of --alldiff, add_all_different_option): the
  /// model's own, declared by its catalogue entry (model_search_defaults, model_command.hpp); ModelDefaults{}, the
  /// engine's generic default, for csp fzn.
  models::ModelDefaults model;
  std::uint64_t max_solutions = 1;
  /// The command's own inferences, accepted by --inference after the engine's (csp sudoku: "techniques", "probe").
  std::vector<ModelInference> model_inferences = {};
  /// csp fzn: MiniZinc's -n / -a, -t and -s take the place of --max-solutions, --timeout and --stats (which are then
  /// not declared), --var / --val override the model's search annotation, and --trace goes to standard error.
  bool minizinc = false;
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
  /// --why-unsat: after a proof of no solution, print a minimal unsatisfiable set (csp::why_unsat).
  bool why_unsat = false;
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

/// The one declaration of the search options, used by every command: adds --preset, then one flag per run option
/// of the engine's table (run_options(), in its order: --var, --val, --inference, --max-solutions, --node-limit,
/// --timeout (the program's own, in milliseconds), --seed, --ac3, --consistency (at pc2's place), --restarts,
/// --restart-base, --restart-factor, --branching, --backjump, --learning; not --algorithm and min-conflicts'
/// (add_algorithm_options), nor keep-solutions, check-solutions and assign-fixed, which the commands set) to
/// `search`, and --stats, --why-unsat, --trace and --tree to `output` (which may
/// be the same group); with `defaults.minizinc` not --max-solutions, --timeout nor --stats (csp fzn reads MiniZinc's
/// -n, -t, -s). The strategy helps list the registered names.
void add_search_options(boost::program_options::options_description& search,
                        boost::program_options::options_description& output, const SearchDefaults& defaults);

/// Adds the flag of run option `row` to `group` with `help`: a switch for a flag, else a value named
/// row.value_name, with `default_value` when given (shown by --help).
void add_run_option(boost::program_options::options_description& group, const RunOption& row, const std::string& help,
                    const std::optional<std::string>& default_value);

/// Adds --trace (described by `trace_help`: where the lines go) and --tree FILE to `output`.
void add_observer_options(boost::program_options::options_description& output, const std::string& trace_help);

/// Reads --trace and --tree (added by `add_observer_options`). Throws UsageError for a --tree FILE whose extension is
/// not .dot, .json or .svg (or .svg without Graphviz).
void read_observer_options(const boost::program_options::variables_map& vm, SearchOptions& options);

/// Reads the options added by `add_search_options` (those not declared keep their defaults); `model_inferences` are
/// the command's own (as given to add_search_options). --preset textbook makes first / natural / none / none the
/// defaults of --var / --val / --inference / --restarts; --preset default keeps the command's (its model's) defaults. Then checks the configuration with SolverConfig::validate, the one place of the
/// rules between options. Throws UsageError for an unknown strategy name (listing the valid names), a bad number,
/// --restart-base / --restart-factor without a restart strategy that uses them, --ac3 with --consistency none, a
/// model inference with --backjump cbj, and a combination validate() refuses, named by both options ("--learning 5
/// needs --backjump cbj (...)", usage_message).
SearchOptions read_search_options(const boost::program_options::variables_map& vm,
                                  const std::vector<ModelInference>& model_inferences = {});

/// The message of `e` with the csp program's option names for the two fields it names ("learning 5 needs
/// backjumping cbj" -> "--learning 5 needs --backjump cbj").
std::string usage_message(const OptionConflictError& e);

/// The preset named by --preset, "" when absent: "textbook" (SolverConfig::textbook()) or "default".
std::string read_preset(const boost::program_options::variables_map& vm);

/// Adds --alldiff MODE (default `default_mode`: the model's, ModelDefaults::alldiff) to `options`, its help naming
/// what the command posts as all-different (`what`, e.g. "units", "the letters") and the modes: binary, value, gac,
/// and with `grid` the Sudoku model's fourth (all units in one propagator). The one declaration of --alldiff for
/// every command that takes it.
void add_all_different_option(boost::program_options::options_description& options, AllDifferentMode default_mode,
                              const std::string& what, bool grid = false);

/// The all-different mode named by --alldiff ("binary", "value", "gac", "grid" when `grid`, or an old name:
/// "pairwise", "global", "matching"). Throws UsageError listing the valid names for any other.
AllDifferentMode read_all_different_mode(const boost::program_options::variables_map& vm, bool grid = false);

/// A whole number given to --`option` (or to the positional argument `option` when it starts in upper case, "N"). Throws UsageError when `text` is not one, or is 0 and `allow_zero` is false.
std::uint64_t parse_count(const std::string& option, const std::string& text, bool allow_zero);

}  // namespace csp::cli
