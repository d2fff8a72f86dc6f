// The grid of an ablation study: lists of strategy names per dimension and their cross product (configurations).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/solver_config.hpp"

namespace csp::ablation {

/// Bad input to a study (an unknown name, an empty list, an unreadable file): the program prints the message and
/// exits with status 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "a, b, c": the parts joined with `sep` (for messages and help).
std::string join(const std::vector<std::string>& parts, const std::string& sep = ", ");

/// The dimensions of the grid, in the order they vary (the last one fastest) and are printed. restarts and seed
/// are optional: printed (CSV / JSON columns, table) only when some configuration sets them (shown_dimensions).
enum class Dimension { var, val, inference, alldiff, ac3, restarts, seed };
inline constexpr Dimension kDimensions[] = {Dimension::var,     Dimension::val,      Dimension::inference,
                                            Dimension::alldiff, Dimension::ac3,      Dimension::restarts,
                                            Dimension::seed};

/// Whether a dimension is printed only when some configuration gives it a value other than its default.
bool is_optional(Dimension d);

/// The option and column name of a dimension: "var", "val", "inference", "alldiff", "ac3", "restarts", "seed".
std::string to_string(Dimension d);

/// One point of the grid: a strategy name per dimension.
struct Configuration {
  std::string var = "first";      ///< a name from csp::variable_orderings()
  std::string val = "natural";    ///< a name from csp::value_orderings()
  std::string inference = "none"; ///< a name from csp::inferences(), or a model inference (model_inferences())
  std::string alldiff = "binary"; ///< how all-different is posted: "binary" (pairwise !=), "global", "matching"
  bool ac3 = false;               ///< AC-3 once before search
  std::string restarts = "none";  ///< a name from csp::restart_strategies() (SolverConfig::restarts)
  std::uint64_t seed = 0;         ///< SolverConfig::seed: 0 ties by order, else seeded random tie-breaking

  /// The value of one dimension as text ("on"/"off" for ac3).
  std::string get(Dimension d) const;
  /// "mrv/natural/mac/global/ac3-off": every dimension, '/'-separated; "/luby" and "/seed-3" follow only when
  /// restarts or seed are not the default.
  std::string label() const;
  /// The engine configuration (strategies and ac3; limits and solution counts are left at their defaults). A model
  /// inference becomes its engine inference (engine_inference); the model posts its propagator when it builds.
  SolverConfig solver_config() const;
  /// The AllDifferentMode called `alldiff` (csp::parse_all_different_mode).
  AllDifferentMode alldiff_mode() const;
  friend bool operator==(const Configuration&, const Configuration&) = default;
};

/// An inference a model implements itself: the engine runs `engine_inference`, and the model posts its own
/// propagator on the instances it builds. Which models accept which is ModelSpec::model_inferences.
struct ModelInference {
  std::string name;              ///< the --inference value, e.g. "techniques"
  std::string engine_inference;  ///< a name from csp::inferences(), e.g. "mac"
  std::string help;              ///< a few words for --help
};

/// The model inferences: "techniques" (Sudoku: mac plus the human techniques as a propagator,
/// csp::models::SudokuTechniquesConstraint).
const std::vector<ModelInference>& model_inferences();
/// The engine inference a study's inference runs with: `name` itself for an engine inference, the
/// engine_inference of a model inference.
std::string engine_inference(const std::string& name);

/// "binary", "global", "matching": the names of AllDifferentMode (csp::to_string), in that order.
const std::vector<std::string>& alldiff_names();

/// The valid values of a dimension: the registry names for var, val, inference and restarts, alldiff_names() for
/// alldiff, {"off", "on"} for ac3, {"0"} for seed (any whole number is a seed: parse_seeds).
std::vector<std::string> valid_values(Dimension d);

/// Parses a comma-separated list of the values of dimension `d` (e.g. "first,mrv" or "all"), checked against
/// `valid` (in that order). "all" expands to every valid value, in order; duplicates are dropped, keeping the first.
/// Throws InputError naming the option and listing the valid values for an unknown name or an empty list.
std::vector<std::string> parse_list(Dimension d, const std::string& text, const std::vector<std::string>& valid);
/// parse_list with valid_values(d).
std::vector<std::string> parse_list(Dimension d, const std::string& text);
/// --seed LIST: comma-separated whole numbers (duplicates dropped). Throws InputError for anything else.
std::vector<std::string> parse_seeds(const std::string& text);

/// The values chosen per dimension. An empty list means the default, the textbook baseline of SolverConfig
/// (first, natural, none) with binary all-different and AC-3 off.
struct GridSpec {
  std::vector<std::string> var;
  std::vector<std::string> val;
  std::vector<std::string> inference;
  std::vector<std::string> alldiff;
  std::vector<std::string> ac3;  ///< "off" and/or "on"
  std::vector<std::string> restarts;
  std::vector<std::string> seed;  ///< whole numbers, as text

  /// The list of one dimension.
  const std::vector<std::string>& values(Dimension d) const;
  std::vector<std::string>& values(Dimension d);
};

/// The cross product of the lists, in "odometer" order: var varies slowest, ac3 fastest. Empty lists take the
/// default. Throws InputError for a value a dimension does not know (model inferences are known to inference;
/// whether a model accepts one is checked by csp ablate's options).
std::vector<Configuration> expand_grid(const GridSpec& spec);

/// The dimensions printed for `configs`: every dimension but an optional one (is_optional) that has its default
/// value in every configuration.
std::vector<Dimension> shown_dimensions(const std::vector<Configuration>& configs);

/// The dimensions that take more than one value in `configs` (the others are the same for every configuration).
std::vector<Dimension> varying_dimensions(const std::vector<Configuration>& configs);

}  // namespace csp::ablation
