// The grid of an ablation study: list parsing ("all", duplicates, unknown names) and the cross product.
#include "csp/ablation/configuration.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <system_error>

#include "csp/core/errors.hpp"
#include "csp/graph/tree_solver.hpp"  // registers "tree" and "cutset": the algorithm dimension's names
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/run_options.hpp"
#include "csp/search/solve.hpp"

#include <charconv>

namespace csp::ablation {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

}  // namespace

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : sep).append(p);
  return out;
}

std::string to_string(Dimension d) { return dimension_row(d).name; }

bool Configuration::has(Dimension d) const {
  const DimensionRow& row = dimension_row(d);
  return row.group == DimensionGroup::always || !row.get(*this).empty();
}

std::string Configuration::get(Dimension d) const { return dimension_row(d).get(*this); }

std::string Configuration::label() const {
  std::string out =
      std::string(var).append("/").append(val).append("/").append(inference).append("/").append(alldiff).append(
          ac3 ? "/ac3-on" : "/ac3-off");
  if (!consistency.empty()) out.append("/").append(consistency);
  if (!break_symmetry.empty()) out.append("/break-symmetry-").append(break_symmetry);
  if (globals == "decompose") out.append("/globals-decompose");
  if (!backtracking()) out.append("/").append(algorithm);
  if (!backjump.empty()) out.append("/").append(backjump);
  if (!learning.empty()) out.append("/learning-").append(learning);
  if (!restarts.empty()) out.append("/").append(restarts);
  if (!branching.empty() && branching != "d-way") out.append("/").append(branching);
  if (!seed.empty()) out.append("/seed-").append(seed);
  for (Dimension d : kLocalSearchDimensions)
    if (const std::string v = get(d); !v.empty() && v != "-")
      out.append("/").append(to_string(d)).append("-").append(v);
  return out;
}

SolverConfig Configuration::solver_config() const {
  // Each backtracking dimension that is a run option, through the option's setter (a model inference as its engine
  // inference); consistency as ac3 / pc2; the restart parameters only with a strategy that uses them (lcg's Luby
  // restarts use the base).
  RunSpec spec;
  for (const DimensionRow& row : kDimensionTable) {
    if (!row.run_option || row.group == DimensionGroup::local_search || row.dimension == Dimension::algorithm) continue;
    const std::string value = row.get(*this);
    if (value.empty()) continue;
    run_option(row.name).set(spec, row.dimension == Dimension::inference ? engine_inference(value) : value);
  }
  if (consistency == "ac3") spec.search.ac3_preprocess = true;
  spec.search.pc2_preprocess = consistency == "pc2";
  if (spec.search.restarts != "none" || algorithm == "lcg") spec.search.restart_base = restart_base;  // lcg: its unit
  if (spec.search.restarts == "geometric") spec.search.restart_factor = restart_factor;
  return spec.search;
}

MinConflictsConfig Configuration::local_search_config() const {
  // Min-conflicts' dimensions through their run options' setters ("-" and "" leave the book's default); the seed is
  // the configuration's, but 0 (ties by order in backtracking) keeps seed 1.
  RunSpec spec;
  for (const DimensionRow& row : kDimensionTable) {
    if (row.group != DimensionGroup::local_search) continue;
    const std::string value = row.get(*this);
    if (!value.empty() && value != "-") run_option(row.name).set(spec, value);
  }
  if (!seed.empty()) {
    RunSpec seeded;
    run_option("seed").set(seeded, seed);
    if (seeded.search.seed != 0) spec.local.seed = seeded.local.seed;
  }
  return spec.local;
}

AllDifferentMode Configuration::alldiff_mode() const { return parse_all_different_mode(alldiff); }

Globals Configuration::globals_mode() const { return globals == "decompose" ? Globals::decompose : Globals::native; }

namespace {

// Whether SolverConfig::validate, the one place of the rules between options, accepts the combination.
bool valid_combination(const SolverConfig& config) {
  try {
    config.validate();
    return true;
  } catch (const OptionConflictError&) {
    return false;
  }
}

}  // namespace

std::string engine_inference(const std::string& name) {
  for (const ModelInference& m : model_inferences())
    if (m.name == name) return m.engine_inference;
  return name;
}

const std::vector<std::string>& alldiff_names() {
  static const std::vector<std::string> names = {
      to_string(AllDifferentMode::binary), to_string(AllDifferentMode::value), to_string(AllDifferentMode::gac),
      to_string(AllDifferentMode::grid), to_string(AllDifferentMode::grid_cells)};
  return names;
}

std::string current_alldiff_name(const std::string& name) {
  try {
    return to_string(parse_all_different_mode(name));
  } catch (const UnknownNameError&) {
    return name;
  }
}

std::vector<std::string> valid_values(Dimension d) {
  const DimensionRow& row = dimension_row(d);
  if (row.run_option) {
    const RunOption& option = run_option(row.name);
    return option.values != nullptr ? option.values() : std::vector<std::string>{};
  }
  return row.valid != nullptr ? row.valid() : std::vector<std::string>{};
}

namespace detail {

void check_learning(Dimension d, const std::string& value) {
  const bool number = !value.empty() && value.size() < 10 && value.find_first_not_of("0123456789") == std::string::npos;
  if (!number)
    throw InputError("--" + to_string(d) + ": unknown value '" + value + "' (valid: a whole number below 10^9)");
}
void check_seed(Dimension, const std::string& value) { (void)parse_seeds(value); }
void check_probability(Dimension d, const std::string& value) { (void)parse_probabilities(d, value); }
void check_whole_number(Dimension d, const std::string& value) {
  (void)parse_whole_numbers(d, value, std::numeric_limits<std::uint64_t>::max());
}

std::vector<std::string> parse_names(Dimension d, const std::string& text) { return parse_list(d, text); }
std::vector<std::string> parse_seed_list(Dimension, const std::string& text) { return parse_seeds(text); }
std::vector<std::string> parse_tenures(Dimension d, const std::string& text) {
  return parse_whole_numbers(d, text, 1000000);
}
std::vector<std::string> parse_step_counts(Dimension d, const std::string& text) {
  return parse_whole_numbers(d, text, std::numeric_limits<std::uint64_t>::max());
}

}  // namespace detail

std::vector<std::string> parse_list(Dimension d, const std::string& text, const std::vector<std::string>& valid) {
  const std::string option = std::string("--").append(to_string(d));
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name = trim(text.substr(start, comma - start));
    start = comma + 1;
    if (name.empty()) continue;
    if (name == "all") {
      for (const std::string& v : valid)
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      continue;
    }
    if (std::find(valid.begin(), valid.end(), name) == valid.end())
      throw InputError(option + ": unknown value '" + name + "' (valid: " + join(valid, ", ") + ", all)");
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  if (out.empty()) throw InputError(option + ": empty list (valid: " + join(valid, ", ") + ", all)");
  return out;
}

std::vector<std::string> parse_list(Dimension d, const std::string& text) {
  return parse_list(d, text, valid_values(d));
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string item = trim(text.substr(start, comma - start));
    start = comma + 1;
    if (!item.empty() && std::find(out.begin(), out.end(), item) == out.end()) out.push_back(std::move(item));
  }
  return out;
}

std::vector<std::string> parse_seeds(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& item : split_list(text)) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc() || end != item.data() + item.size())
      throw InputError("--seed expects whole numbers separated by commas (0: ties by order), got '" + item + "'");
    const std::string canonical = std::to_string(v);
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
  }
  if (out.empty()) throw InputError("--seed: empty list (whole numbers, e.g. 1,2,3)");
  return out;
}

std::vector<std::string> parse_probabilities(Dimension d, const std::string& text) {
  const std::string option = "--" + to_string(d);
  std::vector<std::string> out;
  for (const std::string& item : split_list(text)) {
    double p = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), p);
    if (ec != std::errc() || end != item.data() + item.size() || !(p >= 0.0 && p <= 1.0))
      throw InputError(option + " expects probabilities from 0 to 1 separated by commas, got '" + item + "'");
    // One spelling per value (0.10, 1e-1 and 0.1 are one configuration): the shortest that reads back as p.
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, p);
    const std::string canonical(buffer, written.ptr);
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
  }
  if (out.empty()) throw InputError(option + ": empty list (probabilities from 0 to 1, e.g. 0,0.1,0.3)");
  return out;
}

std::vector<std::string> parse_whole_numbers(Dimension d, const std::string& text, std::uint64_t max) {
  const std::string option = "--" + to_string(d);
  std::vector<std::string> out;
  for (const std::string& item : split_list(text)) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc() || end != item.data() + item.size() || v > max)
      throw InputError(option + " expects whole numbers from 0 to " + std::to_string(max) +
                       " separated by commas, got '" + item + "'");
    const std::string canonical = std::to_string(v);
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
  }
  if (out.empty()) throw InputError(option + ": empty list (whole numbers, e.g. 0,10)");
  return out;
}

const std::vector<std::string>& GridSpec::values(Dimension d) const { return this->*dimension_row(d).list; }

std::vector<std::string>& GridSpec::values(Dimension d) { return this->*dimension_row(d).list; }

namespace {

// Throws InputError for a value of `given` that dimension `row` does not know (model inferences are known to
// inference).
void check_values(const DimensionRow& row, const std::vector<std::string>& given) {
  std::vector<std::string> valid = valid_values(row.dimension);
  if (row.dimension == Dimension::inference)
    for (const ModelInference& m : model_inferences()) valid.push_back(m.name);
  for (const std::string& v : given) {
    if (row.check != nullptr) {
      row.check(row.dimension, v);
    } else if (std::find(valid.begin(), valid.end(), v) == valid.end()) {
      throw InputError("--" + to_string(row.dimension) + ": unknown value '" + v + "' (valid: " + join(valid, ", ") +
                       ")");
    }
  }
}

// The list each dimension takes its values from, in kGridDimensions order: the given one, else the default of an
// `always` dimension, else {""} (not in the study). The old all-different names (pairwise, global, matching) are
// read as the new ones, as csp ablate --alldiff reads them.
std::vector<std::vector<std::string>> grid_lists(const GridSpec& spec) {
  std::vector<std::vector<std::string>> lists;
  for (const DimensionRow& row : kDimensionTable) {
    std::vector<std::string> given = spec.*row.list;
    if (row.dimension == Dimension::alldiff)
      for (std::string& v : given) v = current_alldiff_name(v);
    check_values(row, given);
    if (!given.empty()) {
      lists.push_back(given);
    } else {
      lists.push_back({row.group == DimensionGroup::always ? row.fallback : ""});
    }
  }
  return lists;
}

// Whether a min-conflicts dimension is in the study; it then needs min-conflicts in --algorithm (InputError).
bool local_search_given(const GridSpec& spec) {
  std::vector<std::string> given;
  for (Dimension d : kLocalSearchDimensions)
    if (!spec.values(d).empty()) given.push_back("--" + to_string(d));
  if (!given.empty() &&
      std::find(spec.algorithm.begin(), spec.algorithm.end(), "min-conflicts") == spec.algorithm.end())
    throw InputError(join(given, ", ") + " vary min-conflicts (local search) only: add min-conflicts to --algorithm");
  return !given.empty();
}

// Whether the configuration at odometer position `at` is left out of the grid: it repeats one already in it (a
// dimension that does not apply to its algorithm past its first value), or the engine refuses the combination
// (SolverConfig::validate: learning without cbj; and cbj with a model's own inference). Sets the min-conflicts
// dimensions of another algorithm to "-".
bool left_out(Configuration& c, const std::vector<std::size_t>& at, const GridSpec& spec, bool local_given) {
  const bool backtracking = c.backtracking();
  bool repeated = false;
  for (const DimensionRow& row : kDimensionTable) {
    const bool moved = at[static_cast<std::size_t>(row.dimension)] != 0;
    if (row.group == DimensionGroup::local_search && local_given && c.algorithm != "min-conflicts") {
      repeated = repeated || moved;
      if (!(spec.*row.list).empty()) row.set(c, "-");
    }
    if (row.backtracking_only && !backtracking) repeated = repeated || moved;
  }
  const bool refused = backtracking && (!valid_combination(c.solver_config()) ||
                                        (c.backjump == "cbj" && engine_inference(c.inference) != c.inference));
  return repeated || refused;
}

}  // namespace

std::vector<Configuration> expand_grid(const GridSpec& spec) {
  const std::vector<std::vector<std::string>> lists = grid_lists(spec);
  const bool local_given = local_search_given(spec);
  std::vector<Configuration> out;
  std::vector<std::size_t> at(lists.size(), 0);  // the odometer, in kGridDimensions order (the last one fastest)
  for (;;) {
    Configuration c;
    for (const DimensionRow& row : kDimensionTable)
      row.set(c, lists[static_cast<std::size_t>(row.dimension)][at[static_cast<std::size_t>(row.dimension)]]);
    c.restart_base = spec.restart_base;
    c.restart_factor = spec.restart_factor;
    if (!left_out(c, at, spec, local_given)) out.push_back(c);
    std::size_t k = lists.size();
    while (k > 0) {
      --k;
      if (++at[k] < lists[k].size()) break;
      at[k] = 0;
      if (k == 0) {
        if (out.empty())
          throw InputError(
              "no configuration left: --backjump cbj works with --inference none, fc or mac, and "
              "--learning above 0 needs --backjump cbj");
        return out;
      }
    }
  }
}

std::vector<Dimension> study_dimensions(const std::vector<Configuration>& configs) {
  std::vector<Dimension> out(std::begin(kDimensions), std::end(kDimensions));
  for (Dimension d : kOptionalDimensions)
    if (!configs.empty() && configs.front().has(d)) out.push_back(d);
  return out;
}

std::vector<Dimension> varying_dimensions(const std::vector<Configuration>& configs) {
  std::vector<Dimension> out;
  for (Dimension d : study_dimensions(configs))
    for (const Configuration& c : configs)
      if (c.get(d) != configs.front().get(d)) {
        out.push_back(d);
        break;
      }
  return out;
}

SeedPools pool_over_seeds(const std::vector<Configuration>& configs) {
  std::vector<Dimension> dims = varying_dimensions(configs);
  dims.erase(std::remove(dims.begin(), dims.end(), Dimension::seed), dims.end());
  SeedPools pools;
  for (const Configuration& c : configs) {
    std::string name;
    if (dims.empty()) {
      Configuration unseeded = c;
      unseeded.seed.clear();
      name = unseeded.label();
    }
    for (Dimension d : dims) name.append(name.empty() ? "" : "/").append(c.get(d));
    const auto it = std::find(pools.names.begin(), pools.names.end(), name);
    pools.pool_of.push_back(static_cast<std::size_t>(it - pools.names.begin()));
    if (it == pools.names.end()) pools.names.push_back(name);
  }
  return pools;
}

}  // namespace csp::ablation
