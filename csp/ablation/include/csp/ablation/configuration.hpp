// The grid of an ablation study: lists of strategy names per dimension and their cross product (configurations).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/model_inference.hpp"
#include "csp/search/min_conflicts.hpp"
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

/// The dimensions of the grid, in the order they vary (the last one fastest) and are printed (kDimensionTable says
/// everything else about each).
enum class Dimension {
  var,
  val,
  inference,
  alldiff,
  ac3,
  consistency,
  break_symmetry,
  globals,
  algorithm,
  backjump,
  learning,
  restarts,
  branching,
  seed,
  walk,
  tabu,
  weighting,
  restart_after
};
/// The option and column name of a dimension: "var", "val", "inference", "alldiff", "ac3", "consistency",
/// "break-symmetry", "globals", "algorithm", "backjump", "learning", "restarts", "branching", "seed", "walk", "tabu",
/// "weighting", "restart-after".
std::string to_string(Dimension d);

/// One point of the grid: a strategy name per dimension.
struct Configuration {
  std::string var = "first";       ///< a name from csp::variable_orderings()
  std::string val = "natural";     ///< a name from csp::value_orderings()
  std::string inference = "none";  ///< a name from csp::inferences(), or a model inference (model_inferences())
  std::string alldiff = "binary";  ///< how all-different is posted: "binary" (pairwise !=), "value", "gac"
  bool ac3 = false;                ///< AC-3 once before search
  std::string consistency;         ///< "" (not in the study), none, ac3 (AC-3 once), pc2 (PC-2 then AC-3)
  std::string break_symmetry;      ///< "" (not in the study), off, on (value-symmetry breaking of the model)
  /// "" (not in the study: native), native or decompose: how csp's MiniZinc library posts the global constraints of
  /// a FlatZinc model (models::flatzinc::BuildOptions::globals; fzn only)
  std::string globals;
  /// "" (not in the study: backtracking), backtracking (the strategies above), min-conflicts (AIMA Fig. 6.8; seeded
  /// by the seed dimension, else 1; max_steps = the node limit or 100,000), tree (TREE-CSP-SOLVER, Fig. 6.11) or
  /// cutset (cutset conditioning, §6.5.1)
  std::string algorithm;
  std::string backjump;  ///< "" (not in the study: none), none or cbj (SolverConfig::backjumping)
  std::string learning;  ///< "" (not in the study: 0), or the largest nogood as a whole number (SolverConfig::learning)
  std::string restarts;  ///< "" (not in the study: none), or a name from csp::restart_strategies()
  /// "" (not in the study: d-way), d-way, binary, split or reverse-split (SolverConfig::branching)
  std::string branching;
  std::string seed;  ///< "" (not in the study: 0), or SolverConfig::seed as a whole number (0: ties by order)
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
  /// "/globals-decompose" (not "/globals-native", the default),
  /// "/min-conflicts", "/cbj", "/learning-10", "/luby", "/binary" (not "/d-way", the default), "/seed-3",
  /// "/walk-0.1", "/tabu-10", "/weighting-on",
  /// "/restart-after-1000" for the optional dimensions it has; "-" values are left out).
  std::string label() const;
  /// The engine configuration (strategies and ac3; limits and solution counts are left at their defaults). A model
  /// inference becomes its engine inference (engine_inference); the model posts its propagator when it builds.
  SolverConfig solver_config() const;
  /// Min-conflicts' options from walk, tabu, weighting, restart-after and seed (the book's for what is not in the
  /// study, seed 1 for seed 0); max_steps and the limits are the study's (run.cpp).
  MinConflictsConfig local_search_config() const;
  /// The AllDifferentMode called `alldiff` (csp::parse_all_different_mode).
  AllDifferentMode alldiff_mode() const;
  /// The Globals called `globals` (native when not in the study).
  Globals globals_mode() const;
  friend bool operator==(const Configuration&, const Configuration&) = default;
};

/// An inference a model implements itself (csp/models/model_inference.hpp): which models accept which is
/// ModelSpec::model_inferences.
using models::model_inferences;
using models::ModelInference;
/// The engine inference a study's inference runs with: `name` itself for an engine inference, the
/// engine_inference of a model inference.
std::string engine_inference(const std::string& name);

/// "binary", "value", "gac", "grid", "grid-cells": the names of AllDifferentMode (csp::to_string), in that order
/// (grid and grid-cells: Sudoku models only; each model's ModelSpec::alldiff_modes says which it takes).
const std::vector<std::string>& alldiff_names();
/// The name alldiff_names() gives an --alldiff value: an old name ("pairwise", "global", "matching") becomes the new
/// one ("binary", "value", "gac"); a new name or any other text is returned unchanged. Read by the --alldiff list
/// and by csp ablate --resume on the rows of an older study.
std::string current_alldiff_name(const std::string& name);

/// The valid values of a dimension: a run option's values (csp/search/run_options.hpp: the registry names for var,
/// val, inference, restarts and algorithm (csp::algorithms()), {"none", "cbj"} for backjump, the branchings for
/// branching, {"off", "on"} for ac3 and weighting), alldiff_names() for alldiff, {"off", "on"} for break-symmetry,
/// {"none", "ac3", "pc2"} for consistency, {"native", "decompose"} for globals; learning, seed, tabu and
/// restart-after take any whole number and walk a probability (their lists are empty here).
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

/// The values chosen per dimension. An empty list means the row's fallback (kDimensionTable): the textbook baseline
/// (first, natural, none) with binary all-different and AC-3 off. A study of a catalogue model (csp ablate MODEL,
/// csp.study(model=...)) first fills var, val, inference and alldiff with the model's defaults
/// (with_model_defaults, model_registry.hpp); a study of your own factories keeps the fallbacks.
struct GridSpec {
  std::vector<std::string> var;
  std::vector<std::string> val;
  std::vector<std::string> inference;
  std::vector<std::string> alldiff;
  std::vector<std::string> ac3;             ///< "off" and/or "on"
  std::vector<std::string> consistency;     ///< empty: not in the study
  std::vector<std::string> break_symmetry;  ///< empty: not in the study
  std::vector<std::string> globals;         ///< "native" and/or "decompose"; empty: not in the study (native)
  std::vector<std::string> algorithm;       ///< empty: not in the study (backtracking)
  std::vector<std::string> backjump;        ///< "none" and/or "cbj"; empty: not in the study
  std::vector<std::string> learning;        ///< whole numbers as text; empty: not in the study
  std::vector<std::string> restarts;        ///< names from csp::restart_strategies(); empty: not in the study
  std::vector<std::string> branching;       ///< d-way, binary, split, reverse-split; empty: not in the study
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

/// Which studies have a dimension: `always` every study (a column of every CSV); `optional` a study that gives its
/// option (then a column after the `always` ones); `local_search` likewise, and only min-conflicts configurations
/// vary it (MinConflictsConfig's variants).
enum class DimensionGroup { always, optional, local_search };

namespace detail {
// The value checks of the numeric dimensions (InputError naming the option), for kDimensionTable.
void check_learning(Dimension d, const std::string& value);
void check_seed(Dimension d, const std::string& value);
void check_probability(Dimension d, const std::string& value);
void check_whole_number(Dimension d, const std::string& value);
// The list parsers of kDimensionTable: parse_list, parse_seeds, parse_probabilities, parse_whole_numbers.
std::vector<std::string> parse_names(Dimension d, const std::string& text);
std::vector<std::string> parse_seed_list(Dimension d, const std::string& text);
std::vector<std::string> parse_tenures(Dimension d, const std::string& text);
std::vector<std::string> parse_step_counts(Dimension d, const std::string& text);
}  // namespace detail

/// One dimension of the grid: what the library and csp ablate's options know of it (kDimensionTable).
struct DimensionRow {
  Dimension dimension;
  const char* name;  ///< the option and column name ("break-symmetry")
  /// The dimension is the engine's run option of the same name (csp/search/run_options.hpp): its valid values are
  /// the option's (a registry's names, off / on), and its setter writes the run's RunSpec (solver_config). False for
  /// what the study's models decide (alldiff, break-symmetry, globals) and for consistency (ac3 and pc2 as one list).
  bool run_option;
  DimensionGroup group;
  const char* fallback;  ///< the value of an `always` dimension when its list is not given ("" for the others)
  /// Does not apply to min-conflicts, tree and cutset (those run once, at the first value of its list).
  bool backtracking_only;
  std::vector<std::string> GridSpec::*list;         ///< its list in a GridSpec
  std::string (*get)(const Configuration&);         ///< its value in a configuration ("" when not in the study)
  void (*set)(Configuration&, const std::string&);  ///< sets that value
  /// Its valid names when it is no run option (valid_values); null for a run option (the option's values) and a
  /// numeric dimension, whose values `check` checks instead.
  std::vector<std::string> (*valid)();
  void (*check)(Dimension, const std::string& value);  ///< throws InputError for a bad value; null for names
  /// Parses csp ablate's comma-separated list of the option (duplicates dropped); null when the model decides
  /// (alldiff, inference) or csp ablate parses it itself (learning).
  std::vector<std::string> (*parse)(Dimension, const std::string& text);
  /// csp ablate --help: what the valid names are ("variable orderings": the help is then "WHAT: NAMES (default:
  /// FALLBACK)" followed by `help`), or "" when `help` is all of it.
  const char* what;
  const char* help;
};

/// The 18 dimensions, in Dimension order.
inline constexpr DimensionRow kDimensionTable[] = {
    {Dimension::var, "var", true, DimensionGroup::always, "first", true, &GridSpec::var,
     [](const Configuration& c) { return c.var; }, [](Configuration& c, const std::string& v) { c.var = v; }, nullptr,
     nullptr, detail::parse_names, "variable orderings", ""},
    {Dimension::val, "val", true, DimensionGroup::always, "natural", true, &GridSpec::val,
     [](const Configuration& c) { return c.val; }, [](Configuration& c, const std::string& v) { c.val = v; }, nullptr,
     nullptr, detail::parse_names, "value orderings", ""},
    {Dimension::inference, "inference", true, DimensionGroup::always, "none", true, &GridSpec::inference,
     [](const Configuration& c) { return c.inference; },
     [](Configuration& c, const std::string& v) { c.inference = v; }, nullptr, nullptr, nullptr, "inferences", ""},
    {Dimension::alldiff, "alldiff", false, DimensionGroup::always, "binary", false, &GridSpec::alldiff,
     [](const Configuration& c) { return c.alldiff; }, [](Configuration& c, const std::string& v) { c.alldiff = v; },
     [] { return alldiff_names(); }, nullptr, nullptr, "",
     "how all-different is posted: binary (!= between pairs), value (one constraint: single values, pigeonhole, "
     "hidden singles), gac (one constraint, Regin's matching: generalised arc consistency); the old names pairwise, "
     "global, matching are accepted; default: binary (csp ablate MODEL: the model's, under Models). Queens take "
     "binary, value; maps and graphs only binary; fzn all three (for fzn_all_different_int)"},
    {Dimension::ac3, "ac3", true, DimensionGroup::always, "off", true, &GridSpec::ac3,
     [](const Configuration& c) { return std::string(c.ac3 ? "on" : "off"); },
     [](Configuration& c, const std::string& v) { c.ac3 = v == "on"; }, nullptr, nullptr, detail::parse_names, "",
     "AC-3 once before search: off, on (default: off)"},
    {Dimension::consistency, "consistency", false, DimensionGroup::optional, "", true, &GridSpec::consistency,
     [](const Configuration& c) { return c.consistency; },
     [](Configuration& c, const std::string& v) { c.consistency = v; },
     [] {
       return std::vector<std::string>{"none", "ac3", "pc2"};
     },
     nullptr, detail::parse_names, "",
     "consistency before search: none, ac3 (AC-3 once), pc2 (PC-2 on the binary constraints, then AC-3); a column "
     "only when given; not with --ac3"},
    {Dimension::break_symmetry, "break-symmetry", false, DimensionGroup::optional, "", false, &GridSpec::break_symmetry,
     [](const Configuration& c) { return c.break_symmetry; },
     [](Configuration& c, const std::string& v) { c.break_symmetry = v; },
     [] {
       return std::vector<std::string>{"off", "on"};
     },
     nullptr, detail::parse_names, "",
     "australia, usa, graph: colours interchangeable (value precedence): off, on; a column only when given"},
    {Dimension::globals, "globals", false, DimensionGroup::optional, "", false, &GridSpec::globals,
     [](const Configuration& c) { return c.globals; }, [](Configuration& c, const std::string& v) { c.globals = v; },
     [] {
       return std::vector<std::string>{"native", "decompose"};
     },
     nullptr, detail::parse_names, "",
     "fzn only: the global constraints of csp's MiniZinc library (cumulative, circuit, regular, ...) as native "
     "propagators or as their decompositions (csp fzn --globals): native, decompose (default: native); a column "
     "only when given"},
    {Dimension::algorithm, "algorithm", true, DimensionGroup::optional, "", false, &GridSpec::algorithm,
     [](const Configuration& c) { return c.algorithm; },
     [](Configuration& c, const std::string& v) { c.algorithm = v; }, nullptr, nullptr, detail::parse_names, "",
     "backtracking (default; the strategies above), lcg (clause learning over domain literals, its own search "
     "order), min-conflicts (local search, AIMA Fig. 6.8, seeded by --seed or 1, at most --node-limit or 100000 "
     "steps: 'gave up' is a node-limit), tree (TREE-CSP-SOLVER; a cycle is an error), cutset (cutset "
     "conditioning); a column of its own when not only backtracking; all but backtracking run once per value of the "
     "other dimensions, at the first value of --var, --val, --inference, --ac3, "
     "--consistency, --backjump, --learning, --restarts, --branching (which do not apply to them), and find one "
     "solution "
     "(--max-solutions 1)"},
    {Dimension::backjump, "backjump", true, DimensionGroup::optional, "", true, &GridSpec::backjump,
     [](const Configuration& c) { return c.backjump; }, [](Configuration& c, const std::string& v) { c.backjump = v; },
     nullptr, nullptr, detail::parse_names, "",
     "backjumping: none, cbj (conflict-directed; runs only with inference none, fc and mac); a column only when "
     "given"},
    {Dimension::learning, "learning", true, DimensionGroup::optional, "", true, &GridSpec::learning,
     [](const Configuration& c) { return c.learning; }, [](Configuration& c, const std::string& v) { c.learning = v; },
     nullptr, detail::check_learning, nullptr, "",
     "with cbj: the largest nogood recorded, whole numbers, 0 = off (default: 0); a column only when given"},
    {Dimension::restarts, "restarts", true, DimensionGroup::optional, "", true, &GridSpec::restarts,
     [](const Configuration& c) { return c.restarts; }, [](Configuration& c, const std::string& v) { c.restarts = v; },
     nullptr, nullptr, detail::parse_names, "restart strategies",
     "; a column only when given or when the model restarts by default"},
    {Dimension::branching, "branching", true, DimensionGroup::optional, "", true, &GridSpec::branching,
     [](const Configuration& c) { return c.branching; },
     [](Configuration& c, const std::string& v) { c.branching = v; }, nullptr, nullptr, detail::parse_names, "",
     "how a node branches: d-way (one child per value, default), binary (x = v, then x != v), split (x <= m, then "
     "x > m), reverse-split (x > m first); binary and the splits do not run with cbj; a column only when given"},
    {Dimension::seed, "seed", true, DimensionGroup::optional, "", false, &GridSpec::seed,
     [](const Configuration& c) { return c.seed; }, [](Configuration& c, const std::string& v) { c.seed = v; }, nullptr,
     detail::check_seed, detail::parse_seed_list, "",
     "search seeds, whole numbers: random tie-breaking of the orderings (0: ties by order; default: 0); a column of "
     "the CSV when given"},
    {Dimension::walk, "walk", true, DimensionGroup::local_search, "", false, &GridSpec::walk,
     [](const Configuration& c) { return c.walk; }, [](Configuration& c, const std::string& v) { c.walk = v; }, nullptr,
     detail::check_probability, parse_probabilities, "",
     "min-conflicts only: random-walk probabilities from 0 to 1 (default: 0); a column when given, '-' for the "
     "other algorithms (needs min-conflicts in --algorithm)"},
    {Dimension::tabu, "tabu", true, DimensionGroup::local_search, "", false, &GridSpec::tabu,
     [](const Configuration& c) { return c.tabu; }, [](Configuration& c, const std::string& v) { c.tabu = v; }, nullptr,
     detail::check_whole_number, detail::parse_tenures, "",
     "min-conflicts only: tabu tenures, whole numbers (0 = off, the default); a column when given"},
    {Dimension::weighting, "weighting", true, DimensionGroup::local_search, "", false, &GridSpec::weighting,
     [](const Configuration& c) { return c.weighting; },
     [](Configuration& c, const std::string& v) { c.weighting = v; }, nullptr, nullptr, detail::parse_names, "",
     "min-conflicts only: constraint weighting (breakout): off, on (default: off); a column when given"},
    {Dimension::restart_after, "restart-after", true, DimensionGroup::local_search, "", false, &GridSpec::restart_after,
     [](const Configuration& c) { return c.restart_after; },
     [](Configuration& c, const std::string& v) { c.restart_after = v; }, nullptr, detail::check_whole_number,
     detail::parse_step_counts, "",
     "min-conflicts only: steps without a new best before a new greedy start, whole numbers (0 = off, the "
     "default); a column when given"},
};

/// The row of dimension `d`.
constexpr const DimensionRow& dimension_row(Dimension d) { return kDimensionTable[static_cast<std::size_t>(d)]; }

namespace detail {
constexpr bool table_in_order() {
  for (std::size_t i = 0; i < std::size(kDimensionTable); ++i)
    if (static_cast<std::size_t>(kDimensionTable[i].dimension) != i) return false;
  return true;
}
static_assert(table_in_order(), "kDimensionTable lists the dimensions in Dimension order");
enum class Selection { always, optional, local_search, all };
constexpr bool selected(DimensionGroup g, Selection s) {
  switch (s) {
    case Selection::always:
      return g == DimensionGroup::always;
    case Selection::optional:
      return g != DimensionGroup::always;
    case Selection::local_search:
      return g == DimensionGroup::local_search;
    case Selection::all:
      return true;
  }
  return false;
}
constexpr std::size_t selection_size(Selection s) {
  std::size_t n = 0;
  for (const DimensionRow& r : kDimensionTable) n += selected(r.group, s) ? 1 : 0;
  return n;
}
template <Selection S>
constexpr std::array<Dimension, selection_size(S)> select_dimensions() {
  std::array<Dimension, selection_size(S)> out{};
  std::size_t n = 0;
  for (const DimensionRow& r : kDimensionTable)
    if (selected(r.group, S)) out[n++] = r.dimension;
  return out;
}
}  // namespace detail

/// The dimensions every study has (each a column of the CSV, in this order): var, val, inference, alldiff, ac3.
inline constexpr auto kDimensions = detail::select_dimensions<detail::Selection::always>();
/// The dimensions a study has only when their option is given (then a column each after kDimensions'):
/// consistency, break-symmetry, globals, algorithm, backjump, learning, restarts, seed, walk, tabu, weighting, restart-after.
inline constexpr auto kOptionalDimensions = detail::select_dimensions<detail::Selection::optional>();
/// The dimensions of min-conflicts' variants: they apply only to configurations with algorithm min-conflicts.
inline constexpr auto kLocalSearchDimensions = detail::select_dimensions<detail::Selection::local_search>();
/// Every dimension of the grid: kDimensions, then kOptionalDimensions.
inline constexpr auto kGridDimensions = detail::select_dimensions<detail::Selection::all>();

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
