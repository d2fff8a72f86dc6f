// The run options: one descriptor per option of a RunSpec (name, help, valid values, setter, getter). The csp
// program's search options, the Python module's keyword arguments and the study's dimensions are derived from it:
// a new option is one row of this table (csp/src/search/run_options.cpp).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp {

struct RunSpec;

/// What a run option's value is.
enum class OptionKind {
  name,    ///< a name from a list read when asked (a registry's names: var, val, inference, restarts, algorithm, ...)
  count,   ///< a whole number (uint64)
  number,  ///< a finite number (double)
  flag,    ///< off or on
};

/// Which part of a run an option belongs to (the csp program declares each group where it applies).
enum class OptionGroup {
  run,           ///< every algorithm: algorithm, seed, check-solutions
  backtracking,  ///< backtracking's choices (RunSpec::search): orderings, inference, restarts, counting, ...
  limits,        ///< the limits of every algorithm (RunSpec::search.limits)
  local,         ///< min-conflicts' own options (RunSpec::local)
};

/// A value a run option cannot take: not a whole number, not a number, not on / off. what() is "`option()`
/// `reason()`", e.g. "learning expects a whole number, got 'x'" (the csp program prints it after "--").
class OptionValueError : public Error {
 public:
  OptionValueError(const std::string& option, const std::string& reason)
      : Error(option + " " + reason), option_(option), reason_(reason) {}
  const std::string& option() const { return option_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string option_;
  std::string reason_;
};

/// One option of a RunSpec. The setter checks the value's form (a whole number, a registered name: UnknownNameError
/// listing the valid names, OptionValueError otherwise) and writes its field; the rules between options and the
/// ranges that depend on other options stay in RunSpec::validate.
struct RunOption {
  /// The stable name: the csp program's flag ("--restart-base") and, '-' written '_', Python's keyword
  /// ("restart_base") and the study's dimension ("restart-after").
  const char* name;
  OptionKind kind;
  OptionGroup group;
  const char* value_name;  ///< the placeholder in --help: NAME, N, F, P, ...; "" for a flag
  /// What it sets, one line (for a name: what the names are, "variable ordering"; help_line adds them).
  const char* help;
  /// Said after the valid names in help_line (a name option), or after `help` ("" when nothing).
  const char* detail;
  /// A valid value other than the default of RunSpec{} (the tests set it and see the field change).
  const char* example;
  /// A name: its valid names, read from the registry when called (so a strategy registered at start-up is
  /// listed); a flag: off, on; null for a number.
  std::vector<std::string> (*values)();
  /// Writes `text` (the value's text: a name, "12", "0.5", "on") into `spec`. Throws UnknownNameError /
  /// OptionValueError naming the option for a value it cannot take.
  void (*set)(RunSpec& spec, const std::string& text);
  /// The value in `spec` as text, as `set` reads it ("" for an optional value that is not set).
  std::string (*get)(const RunSpec& spec);
  /// Whether "" is a value (unset): keep-solutions.
  bool optional;
};

/// The run options, in the csp program's --help order.
std::span<const RunOption> run_options();
/// The option called `name` ("restart-base"; Python's "restart_base" too). Throws UnknownNameError listing them.
const RunOption& run_option(std::string_view name);
/// The option called `name`, or null.
const RunOption* find_run_option(std::string_view name);
/// Python's keyword for the option: its name with '-' written '_'.
std::string keyword(const RunOption& option);
/// The --help line: `help`, then for a name ": " and its valid names, then `detail`.
std::string help_line(const RunOption& option);

/// The branchings of SolverConfig::branching (parse_branching checks a name against them, without allocating).
inline constexpr std::string_view kBranchingNames[] = {"d-way", "binary", "split", "reverse-split"};
/// The backjumpings of SolverConfig::backjumping.
inline constexpr std::string_view kBackjumpingNames[] = {"none", "cbj"};
/// kBranchingNames as strings (the branching option's values).
std::vector<std::string> branching_names();
/// kBackjumpingNames as strings (the backjump option's values).
std::vector<std::string> backjumping_names();

}  // namespace csp
