// The models an ablation can run on, by name: how to enumerate their instances, build a Problem, verify a solution.
// The registry adapts the model catalogue (csp/models/catalog.hpp): every CatalogEntry is a ModelSpec with the same
// facts, so a new model is one catalogue entry; FlatZinc files (flatzinc_instances.hpp) are the one model added here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/model_defaults.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/search/optimize.hpp"

namespace csp::ablation {

/// An instance built for one all-different mode: the Problem to search, and an independent check of a solution.
class BuiltInstance {
 public:
  virtual ~BuiltInstance() = default;
  /// The CSP to solve.
  virtual const Problem& problem() const = 0;
  /// Why `solution` does not solve the instance, checked by the model's own rules (not by the CSP); "" when it does.
  virtual std::string verify(const Assignment& solution) const = 0;

  /// What an optimisation instance minimises or maximises.
  struct Objective {
    VarId variable = 0;
    Sense sense = Sense::minimize;
  };
  /// The objective of an optimisation instance (runs are then branch and bound to the proved optimum,
  /// csp::optimize); none for a satisfaction instance (the default).
  virtual std::optional<Objective> objective() const { return std::nullopt; }
  /// Solutions are told apart by variables 0 .. distinct_variables() - 1 (all of them by default): two solutions
  /// equal there are one solution of the instance (FlatZinc's auxiliary variables have the last ids).
  virtual int distinct_variables() const { return problem().variable_count(); }
  /// When not empty, solutions are told apart by these variables instead (FlatZinc: the output variables, as
  /// MiniZinc defines distinct solutions); distinct_variables() is then not used.
  virtual std::vector<VarId> distinct_by() const { return {}; }
  /// Non-empty when building already proved that the instance has no solution (why, e.g. "FILE:LINE: int_le
  /// cannot hold"): the run is then unsatisfiable without a search.
  virtual std::string proved_unsatisfiable() const { return ""; }
};

/// One instance of a model: a puzzle of a file, a board size, a number of colours.
struct Instance {
  std::string group;                  ///< what statistics are grouped by: the file path, or the model name ("queens")
  std::string name;                   ///< unique within the study, e.g. "top95.txt:12" or "n=8"
  std::size_t number = 0;             ///< 1-based position within its group
  std::string error;                  ///< why the instance is invalid ("" when valid); invalid instances are never run
  std::vector<std::string> warnings;  ///< what its reader dropped ("FILE:LINE: reason", e.g. a graph's self-loop)
  /// Builds the Problem for one configuration (only for a valid instance): its all-different mode, and the model's
  /// propagator when its inference is a model inference. Throws csp::Error when the model cannot be built.
  std::function<std::unique_ptr<BuiltInstance>(const Configuration&)> build;

  bool valid() const { return error.empty(); }
};

/// The most bytes `csp ablate` reads from one input file (every instance of it is kept in memory).
inline constexpr std::uint64_t kMaxStudyFileBytes = std::uint64_t{64} << 20;

/// What a model needs from the command line: puzzle files and/or a list of whole numbers.
struct ModelInputs {
  std::vector<std::string> files;  ///< input files, in order
  std::vector<int> numbers;        ///< the model's numeric parameter (--n for queens, --colors for maps)
  std::optional<models::BoxShape> box = std::nullopt;  ///< --box: every Sudoku puzzle's box shape (csp sudoku --box)
  /// The bytes of each file when already read (parallel to `files`; empty: the enumerator opens the file itself).
  std::vector<std::string> contents = {};
  std::vector<std::string> puzzles = {};  ///< --puzzle: cryptarithms as text ("SEND+MORE=MONEY"); empty: the default
};

/// Reads `path` once through the shared input layer (csp/models/text_input.hpp), at most kMaxStudyFileBytes.
/// Throws InputError "cannot read 'PATH': reason", "PATH: larger than 64 MiB, ..." or "PATH: read error (...)".
std::string read_study_file(const std::string& path);

/// A model in the registry: a CatalogEntry's facts (its all-different modes by name), or the FlatZinc model.
struct ModelSpec {
  std::string name;                        ///< the subcommand word: "sudoku", "queens", ...
  std::string summary;                     ///< one line for --help
  bool takes_files = false;                ///< instances come from files (positional arguments)
  std::string number_option;               ///< "n" or "colors" ("" when the model has no numeric parameter)
  std::string number_help;                 ///< help for that option
  std::vector<int> default_numbers;        ///< used when the option is not given (empty: the option is required)
  int min_number = 1;                      ///< the smallest value the numeric parameter accepts
  int max_number = 0;                      ///< the largest (as the model's own command takes; 0: no numbers)
  bool takes_box = false;                  ///< --box applies (Sudoku)
  std::vector<std::string> alldiff_modes;  ///< the --alldiff values that mean something for this model
  /// The model inferences (ablation::model_inferences()) it implements, accepted by --inference after the
  /// engine's and included in "all": sudoku has "techniques" and "probe".
  std::vector<std::string> model_inferences;
  /// The instances, in a fixed order (group by group); each builds with the Configuration's all-different mode, model
  /// inference and symmetry breaking (models::BuildChoices). Throws InputError for an unreadable, empty or malformed
  /// input (the catalogue's message).
  std::function<std::vector<Instance>(const ModelInputs&)> enumerate;
  /// The model has interchangeable values it can break the symmetry of (Configuration::break_symmetry; colourings).
  bool value_symmetry = false;
  /// Instances are texts given with --puzzle LIST (cryptarithm), not files.
  bool takes_puzzles = false;
  /// Its global constraints can be posted natively or decomposed (Configuration::globals; fzn).
  bool globals_switch = false;
  /// What a study of the model takes for var, val, inference, alldiff and restarts when it does not vary them (its
  /// baseline, with_model_defaults): the catalogue entry's defaults (CatalogEntry::defaults); fzn: ModelDefaults{},
  /// the engine's generic default.
  models::ModelDefaults defaults;
};

/// `grid` with `model`'s defaults (ModelSpec::defaults) as the one value of each of var, val, inference and alldiff
/// that it leaves empty, and of restarts when the model restarts by default: the baseline of `csp ablate MODEL` and of
/// csp.study(model=...), so that a study varies what it lists and keeps the rest at the model's default (ac3 and the
/// other optional dimensions keep their own: off, or not in the study). An all-different mode the model does not
/// take (ModelSpec::alldiff_modes; the generic gac of a plugin's entry that declares no default) gives way to its
/// first mode.
GridSpec with_model_defaults(GridSpec grid, const ModelSpec& model);

/// The registry: the catalogue's entries in its order (sudoku, queens, australia, usa, graph, zebra, cryptarithm,
/// killer), then fzn (FlatZinc files), then the entries added to the catalogue later (add_catalog_entry: a --plugin's
/// models), appended by the first call after they were added (which invalidates references taken before it). Not
/// thread-safe while entries are being added: plugins load before any command reads it.
const std::vector<ModelSpec>& models();
/// The model called `name`. Throws InputError listing the valid names.
const ModelSpec& find_model(const std::string& name);
/// "sudoku, queens, ...".
std::string model_names_joined();

}  // namespace csp::ablation
