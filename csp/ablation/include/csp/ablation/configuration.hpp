// The grid of an ablation study: lists of strategy names per dimension and their cross product (configurations).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/model_inference.hpp"
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

/// The dimensions of the grid, in the order they vary (the last one fastest) and are printed.
enum class Dimension {
  var, val, inference, alldiff, ac3, consistency, break_symmetry, algorithm, backjump, learning, restarts, seed,
  walk, tabu, weighting, restart_after
};
/// The dimensions every study has (each a column of the CSV, in this order).
inline constexpr Dimension kDimensions[] = {Dimension::var, Dimension::val, Dimension::inference, Dimension::alldiff,
                                            Dimension::ac3};
/// The dimensions a study has only when their option is given (then a column each after kDimensions'):
/// consistency (none, ac3, pc2), break-symmetry (off, on; colouring models), algorithm (backtracking,
/// min-conflicts, tree, cutset), backjump (none, cbj), learning (the largest nogood, 0 = off), restarts (none, luby,
/// geometric), seed (whole numbers; 0 = ties by order), and min-conflicts' variants (MinConflictsConfig): walk (a
/// probability), tabu (a tenure), weighting (off, on) and restart-after (steps; 0 = off).
inline constexpr Dimension kOptionalDimensions[] = {Dimension::consistency, Dimension::break_symmetry,
                                                    Dimension::algorithm,   Dimension::backjump,
                                                    Dimension::learning,    Dimension::restarts,
                                                    Dimension::seed,        Dimension::walk,
                                                    Dimension::tabu,        Dimension::weighting,
                                                    Dimension::restart_after};
/// The dimensions of min-conflicts' variants: they apply only to configurations with algorithm min-conflicts.
inline constexpr Dimension kLocalSearchDimensions[] = {Dimension::walk, Dimension::tabu, Dimension::weighting,
                                                       Dimension::restart_after};
/// Every dimension of the grid: kDimensions, then kOptionalDimensions.
inline constexpr Dimension kGridDimensions[] = {
    Dimension::var,         Dimension::val,            Dimension::inference, Dimension::alldiff,  Dimension::ac3,
    Dimension::consistency, Dimension::break_symmetry, Dimension::algorithm, Dimension::backjump, Dimension::learning,
    Dimension::restarts,    Dimension::seed,           Dimension::walk,      Dimension::tabu,     Dimension::weighting,
    Dimension::restart_after};

/// The option and column name of a dimension: "var", "val", "inference", "alldiff", "ac3", "consistency",
/// "break-symmetry", "algorithm", "backjump", "learning", "restarts", "seed", "walk", "tabu", "weighting",
/// "restart-after".
std::string to_string(Dimension d);

/// One point of the grid: a strategy name per dimension.
struct Configuration {
  std::string var = "first";      ///< a name from csp::variable_orderings()
  std::string val = "natural";    ///< a name from csp::value_orderings()
  std::string inference = "none"; ///< a name from csp::inferences(), or a model inference (model_inferences())
  std::string alldiff = "binary"; ///< how all-different is posted: "binary" (pairwise !=), "value", "gac"
  bool ac3 = false;               ///< AC-3 once before search
  std::string consistency;        ///< "" (not in the study), none, ac3 (AC-3 once), pc2 (PC-2 then AC-3)
  std::string break_symmetry;     ///< "" (not in the study), off, on (value-symmetry breaking of the model)
  /// "" (not in the study: backtracking), backtracking (the strategies above), min-conflicts (AIMA Fig. 6.8; seeded
  /// by the seed dimension, else 1; max_steps = the node limit or 100,000), tree (TREE-CSP-SOLVER, Fig. 6.11) or
  /// cutset (cutset conditioning, §6.5.1)
  std::string algorithm;
  std::string backjump;  ///< "" (not in the study: none), none or cbj (SolverConfig::backjumping)
  std::string learning;  ///< "" (not in the study: 0), or the largest nogood as a whole number (SolverConfig::learning)
  std::string restarts;  ///< "" (not in the study: none), or a name from csp::restart_strategies()
  std::string seed;      ///< "" (not in the study: 0), or SolverConfig::seed as a whole number (0: ties by order)
  // Min-conflicts' variants (MinConflictsConfig): "" when not in the study, "-" in a configuration whose algorithm
  // is not min-conflicts (they do not apply there), else the value.
  std::string walk;           ///< walk_probability, a number from 0 to 1 as given
  std::string tabu;           ///< tabu_tenure, a whole number (0 = off)
  std::string weighting;      ///< off, on (constraint weighting, breakout)
  std::string restart_after;  ///< restart_after, a whole number of steps (0 = off)
  /// --restart-base and --restart-factor of the study (SolverConfig::restart_base, restart_factor): the same for
  /// every configuration, used by those with a restart strategy.
  std::uint64_t restart_base = 100;
  double restart_factor = 1.5;

  /// Whether an optional dimension is part of this configuration (a base dimension always is).
  bool has(Dimension d) const;
  /// True when the run is a backtracking search (algorithm absent or "backtracking").
  bool backtracking() const { return algorithm.empty() || algorithm == "backtracking"; }

  /// The value of one dimension as text ("on"/"off" for ac3).
  std::string get(Dimension d) const;
  /// "mrv/natural/mac/value/ac3-off": every dimension, '/'-separated (then "/pc2", "/break-symmetry-on",
  /// "/min-conflicts", "/cbj", "/learning-10", "/luby", "/seed-3", "/walk-0.1", "/tabu-10", "/weighting-on",
  /// "/restart-after-1000" for the optional dimensions it has; "-" values are left out).
  std::string label() const;
  /// The engine configuration (strategies and ac3; limits and solution counts are left at their defaults). A model
  /// inference becomes its engine inference (engine_inference); the model posts its propagator when it builds.
  SolverConfig solver_config() const;
  /// The AllDifferentMode called `alldiff` (csp::parse_all_different_mode).
  AllDifferentMode alldiff_mode() const;
  friend bool operator==(const Configuration&, const Configuration&) = default;
};

/// An inference a model implements itself (csp/models/model_inference.hpp): which models accept which is
/// ModelSpec::model_inferences.
using models::ModelInference;
using models::model_inferences;
/// The engine inference a study's inference runs with: `name` itself for an engine inference, the
/// engine_inference of a model inference.
std::string engine_inference(const std::string& name);

/// "binary", "value", "gac": the names of AllDifferentMode (csp::to_string), in that order.
const std::vector<std::string>& alldiff_names();
/// The name alldiff_names() gives an --alldiff value: an old name ("pairwise", "global", "matching") becomes the new
/// one ("binary", "value", "gac"); a new name or any other text is returned unchanged. Read by the --alldiff list
/// and by csp ablate --resume on the rows of an older study.
std::string current_alldiff_name(const std::string& name);

/// The valid values of a dimension: the registry names for var, val and inference, alldiff_names() for alldiff,
/// {"off", "on"} for ac3 and break-symmetry, {"none", "ac3", "pc2"} for consistency, {"backtracking",
/// "min-conflicts", "tree", "cutset"} for algorithm, {"none", "cbj"} for backjump, the registry names for restarts,
/// {"off", "on"} for weighting; learning, seed, tabu and restart-after take any whole number and walk a probability
/// (their lists are empty here).
std::vector<std::string> valid_values(Dimension d);

/// Parses a comma-separated list of the values of dimension `d` (e.g. "first,mrv" or "all"), checked against
/// `valid` (in that order). "all" expands to every valid value, in order; duplicates are dropped, keeping the first.
/// Throws InputError naming the option and listing the valid values for an unknown name or an empty list.
std::vector<std::string> parse_list(Dimension d, const std::string& text, const std::vector<std::string>& valid);
/// parse_list with valid_values(d).
std::vector<std::string> parse_list(Dimension d, const std::string& text);
/// The items of a comma-separated list, trimmed of spaces and tabs, empty ones and repeats dropped, in order.
std::vector<std::string> split_list(const std::string& text);
/// --seed LIST: comma-separated whole numbers (duplicates dropped). Throws InputError for anything else.
std::vector<std::string> parse_seeds(const std::string& text);
/// --walk LIST: comma-separated probabilities from 0 to 1, each in its shortest spelling (0.10 and 1e-1 are 0.1;
/// duplicates dropped). Throws InputError for anything else or an empty list.
std::vector<std::string> parse_probabilities(Dimension d, const std::string& text);
/// --tabu, --restart-after LIST: comma-separated whole numbers up to `max` (canonical, duplicates dropped). Throws
/// InputError for anything else or an empty list.
std::vector<std::string> parse_whole_numbers(Dimension d, const std::string& text, std::uint64_t max);

/// The values chosen per dimension. An empty list means the default, the textbook baseline of SolverConfig
/// (first, natural, none) with binary all-different and AC-3 off.
struct GridSpec {
  std::vector<std::string> var;
  std::vector<std::string> val;
  std::vector<std::string> inference;
  std::vector<std::string> alldiff;
  std::vector<std::string> ac3;  ///< "off" and/or "on"
  std::vector<std::string> consistency;     ///< empty: not in the study
  std::vector<std::string> break_symmetry;  ///< empty: not in the study
  std::vector<std::string> algorithm;       ///< empty: not in the study (backtracking)
  std::vector<std::string> backjump;        ///< "none" and/or "cbj"; empty: not in the study
  std::vector<std::string> learning;        ///< whole numbers as text; empty: not in the study
  std::vector<std::string> restarts;        ///< names from csp::restart_strategies(); empty: not in the study
  std::vector<std::string> seed;            ///< whole numbers as text; empty: not in the study
  std::vector<std::string> walk;            ///< probabilities as text; empty: not in the study
  std::vector<std::string> tabu;            ///< whole numbers as text; empty: not in the study
  std::vector<std::string> weighting;       ///< "off" and/or "on"; empty: not in the study
  std::vector<std::string> restart_after;   ///< whole numbers as text; empty: not in the study
  std::uint64_t restart_base = 100;         ///< --restart-base (Configuration::restart_base)
  double restart_factor = 1.5;              ///< --restart-factor (Configuration::restart_factor)

  /// The list of one dimension.
  const std::vector<std::string>& values(Dimension d) const;
  std::vector<std::string>& values(Dimension d);
};

/// The cross product of the lists, in "odometer" order (kGridDimensions: var varies slowest, restart-after fastest). An
/// empty base list takes the default, an empty optional one leaves the dimension out. Combinations the engine refuses
/// are left out: cbj with an inference other than none, fc and mac, and learning above 0 without cbj (InputError when
/// nothing is left). The min-conflicts dimensions (kLocalSearchDimensions) vary only the min-conflicts configurations:
/// the others appear once, with "-" for them; they need a min-conflicts configuration in the grid (InputError
/// otherwise). Likewise the backtracking dimensions (var, val, inference, ac3, consistency, backjump, learning,
/// restarts) do not apply to min-conflicts, tree and cutset: those appear once, at the first value of each list. Throws
/// InputError for a value a dimension does not know (model inferences are known to inference; whether a model accepts
/// one is checked by csp ablate's options).
std::vector<Configuration> expand_grid(const GridSpec& spec);

/// The dimensions that take more than one value in `configs` (the others are the same for every configuration).
std::vector<Dimension> varying_dimensions(const std::vector<Configuration>& configs);
/// The dimensions of a study: kDimensions, then the optional dimensions its configurations have (the columns of
/// its CSV, JSON and table). Empty `configs`: kDimensions.
std::vector<Dimension> study_dimensions(const std::vector<Configuration>& configs);

/// The configurations of a study pooled over the search seed: run-length distributions (--plot-kind cactus,
/// survival) and paired comparisons (--compare) take the runs of every seed of a configuration together.
struct SeedPools {
  /// One name per pool, in grid order: the values of the dimensions that vary but seed, '/'-separated, as the
  /// table's columns ("mrv", "mrv/luby"); label() without its seed part when no other dimension varies.
  std::vector<std::string> names;
  std::vector<std::size_t> pool_of;  ///< per configuration (index into `configs`), the index of its pool
};
/// The pools of `configs` (without a seed dimension every configuration is a pool of its own).
SeedPools pool_over_seeds(const std::vector<Configuration>& configs);

}  // namespace csp::ablation
