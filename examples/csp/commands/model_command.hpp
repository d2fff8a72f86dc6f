// What the model subcommands (csp queens, color, cryptarithm, zebra, killer, graph) share: parsing the command line,
// usage errors, file checks, running the search and reporting how it ended.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/core/problem.hpp"
#include "csp/models/catalog.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solve.hpp"
#include "options/search_options.hpp"

namespace csp::cli {

/// Width of the --help text of every subcommand.
inline constexpr unsigned kHelpWidth = 100;

/// The command line of a model subcommand (csp queens, color, cryptarithm, zebra, killer). Its --help shows three
/// groups: Model (the command's own options: add them to `model`), Search (the shared options of
/// search_options.hpp) and Output (--stats, then what the command adds to `output`, then --help, added by
/// `parse`), and the command takes at most one positional argument.
class ModelCommandLine {
 public:
  /// `defaults`: the command's search defaults (model_search_defaults: its model's); `positional`: the name under
  /// which the one positional argument is stored ("n", "file", ...), or "" when the command takes none.
  explicit ModelCommandLine(const SearchDefaults& defaults, std::string positional = "");
  ModelCommandLine(const ModelCommandLine&) = delete;
  ModelCommandLine& operator=(const ModelCommandLine&) = delete;

  boost::program_options::options_description model{"Model", kHelpWidth};
  boost::program_options::options_description search{"Search", kHelpWidth};
  boost::program_options::options_description output{"Output", kHelpWidth};

  /// Parses `args` (the first call also closes the groups: add every option before it). Throws UsageError for an
  /// unknown option, a missing value or too many arguments.
  boost::program_options::variables_map parse(const std::vector<std::string>& args);
  /// The three groups as --help prints them (after `parse`).
  const boost::program_options::options_description& visible() const { return visible_; }
  /// The search defaults the command line was made with (their `model.alldiff`: the default of --alldiff).
  const SearchDefaults& defaults() const { return defaults_; }

 private:
  SearchDefaults defaults_;
  std::string positional_name_;
  bool closed_ = false;
  boost::program_options::options_description visible_{kHelpWidth};
  boost::program_options::options_description all_;
  boost::program_options::positional_options_description positional_;
};

/// The search defaults of catalogue entry `name` (csp/models/catalog.hpp, CatalogEntry::defaults): what its command
/// uses when --var, --val, --inference or --alldiff is not given, and shows in its --help.
SearchDefaults model_search_defaults(const std::string& name);

/// Parses a model command's line with `cl` and hands it to `read`. Returns the exit status when the command ends
/// there: 0 after --help (printed by `help`), 2 after a usage error of the line or of `read` (printed by
/// usage_error, its message passed through `reword` when given); std::nullopt when the command goes on.
std::optional<int> read_command_line(const std::string& command, ModelCommandLine& cl,
                                     const std::vector<std::string>& args, const std::function<void()>& help,
                                     const std::function<void(const boost::program_options::variables_map&)>& read,
                                     const std::function<std::string(std::string)>& reword = {});

/// Parses `args` against `options` (positional arguments as `positional` says). Throws UsageError for an unknown
/// option, a missing value or too many arguments.
boost::program_options::variables_map parse_command_line(
    const std::vector<std::string>& args, const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional);

/// The text of `options` as --help prints it, without the trailing spaces Boost.Program_options leaves on wrapped
/// lines.
std::string help_text(const boost::program_options::options_description& options);

/// `text` without spaces at the end of its lines.
std::string without_trailing_spaces(const std::string& text);

/// Prints "csp COMMAND: MESSAGE" (non-printable bytes of MESSAGE escaped as \xNN) and the hint to run --help on standard error; returns 2.
int usage_error(const std::string& command, const std::string& message);

/// Empty when `path` can be opened for reading, else "cannot read 'PATH': reason".
std::string unreadable(const std::string& path);

/// The options' configuration with what is left of --timeout (counted from `options.started`) as its time limit.
SolverConfig config_now(const SearchOptions& options);

/// The run specification the options say: --algorithm, the configuration with what is left of --timeout (counted
/// from `options.started`), the min-conflicts options.
RunSpec run_spec(const SearchOptions& options);

/// Runs `spec` on `problem` through csp::solve, with --trace / --tree attached when the algorithm is backtracking
/// (the command adds what it needs to run_spec(options): an objective, an on_solution).
RunResult solve(const Problem& problem, const SearchOptions& options, RunSpec spec);

/// When `result` stopped at a solution that failed its check (StopReason::wrong_solution: a bug), prints "csp
/// COMMAND: internal error: wrong solution (WHY)" on standard error and returns true: the command then exits 1.
bool report_wrong_solution(const std::string& command, const RunResult& result);

/// The first instance of catalogue entry `name` (csp/models/catalog.hpp) for `inputs`, built with `choices`.
/// Throws UsageError with the catalogue's message for a malformed or missing input, or a model that cannot be built.
std::unique_ptr<models::BuiltModel> build_model(const std::string& name, const models::CatalogInputs& inputs,
                                                const models::BuildChoices& choices);

/// run_spec(options) with the model's own check (BuiltModel::verify) as RunSpec::verify; `model` must outlive the run.
RunSpec run_spec(const SearchOptions& options, const models::BuiltModel& model);

/// solve(problem, options, run_spec(options)).
RunResult solve(const Problem& problem, const SearchOptions& options);

/// Why a run without a (wanted) solution ended, from RunResult::stop: "no solution (the search is complete: a
/// proof)", "limit reached (node limit N)", "limit reached (timeout MS ms)", "limit reached (interrupted)", for
/// min-conflicts "gave up after N steps (a local search proves nothing)", or "a solution failed its check (a bug):
/// WHY".
std::string ending(const RunResult& result, const SearchOptions& options);

/// A number of solutions as every model command reports it: "7 solutions" when exact, "3 solutions (stopped at
/// --max-solutions 3)" when the cap stopped the count (there may be more), "2 solutions before the limit reached
/// (node limit 100)" when a limit did. `one` / `many`: the noun ("solution" / "solutions", "colouring" / ...).
std::string count_text(const RunResult& result, const SearchOptions& options, const std::string& one,
                       const std::string& many);

/// With --stats: "statistics: status=... solutions=N assignments=..." on one line.
void write_stats(std::ostream& out, const SearchResult& result, const SearchOptions& options);
/// With --stats: the statistics line, then the algorithm's own counters, when it has any, on a second line:
/// "min-conflicts: steps=N restarts=N walk_moves=N tabu_rejections=N weight_increases=N" or
/// "cutset: cutset_size=N cutset_assignments=N".
void write_stats(std::ostream& out, const RunResult& result, const SearchOptions& options);

/// 0 when the run ended solved, 1 otherwise (unsatisfiable, or a limit stopped it, also after some solutions);
/// 130 / 143 (128 + the signal) when SIGINT / SIGTERM stopped it.
int exit_status(const SearchResult& result);

/// --box RxC (csp sudoku, csp graph), or none when not given. Throws UsageError ("--box: bad box shape ...").
std::optional<models::BoxShape> read_box_option(const boost::program_options::variables_map& vm);

/// With the switch `name` given (--count, --all): every solution is counted (max_solutions 0, --max-solutions 0).
void count_all_when(const boost::program_options::variables_map& vm, const char* name, SearchOptions& options);

/// What a model command prints of a finished run, before the --stats lines; returns false when the command's own
/// check of what it prints failed (it then exits 1).
using PrintRun = std::function<bool(const RunResult&)>;
/// What a model command does with a finished run after the --stats lines (csp killer's --picture).
using AfterRun = std::function<void(const RunResult&)>;

/// The model commands' tail: refuses an --algorithm that does not apply to `model` (algorithm_refusal: the usage
/// error printed, returns 2), solves it with the model's check (run_spec(options, model), --trace / --tree
/// attached), returns 1 after report_wrong_solution when a solution failed the check, else calls `print`, writes the
/// --stats lines (write_stats), calls `after` when given and returns exit_status (1 also when `print` returned
/// false). `command` names the command in the messages ("queens").
int solve_model(const std::string& command, const models::BuiltModel& model, const SearchOptions& options,
                const PrintRun& print, const AfterRun& after = {});

}  // namespace csp::cli
