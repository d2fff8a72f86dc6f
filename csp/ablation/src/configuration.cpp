// The grid of an ablation study: list parsing ("all", duplicates, unknown names) and the cross product.
#include "csp/ablation/configuration.hpp"

#include <algorithm>
#include <system_error>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"

#include <charconv>

namespace csp::ablation {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

const std::vector<std::string> kDefault[] = {{"first"}, {"natural"}, {"none"}, {"binary"}, {"off"}};  // kDimensions' defaults

}  // namespace

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : sep).append(p);
  return out;
}

std::string to_string(Dimension d) {
  switch (d) {
    case Dimension::var: return "var";
    case Dimension::val: return "val";
    case Dimension::inference: return "inference";
    case Dimension::alldiff: return "alldiff";
    case Dimension::ac3: return "ac3";
    case Dimension::consistency: return "consistency";
    case Dimension::break_symmetry: return "break-symmetry";
    case Dimension::algorithm: return "algorithm";
    case Dimension::backjump: return "backjump";
    case Dimension::learning: return "learning";
    case Dimension::restarts: return "restarts";
    case Dimension::seed: return "seed";
    case Dimension::walk: return "walk";
    case Dimension::tabu: return "tabu";
    case Dimension::weighting: return "weighting";
    case Dimension::restart_after: return "restart-after";
  }
  return "?";
}

bool Configuration::has(Dimension d) const {
  if (d == Dimension::consistency) return !consistency.empty();
  if (d == Dimension::break_symmetry) return !break_symmetry.empty();
  if (d == Dimension::algorithm) return !algorithm.empty();
  if (d == Dimension::backjump) return !backjump.empty();
  if (d == Dimension::learning) return !learning.empty();
  if (d == Dimension::restarts) return !restarts.empty();
  if (d == Dimension::seed) return !seed.empty();
  if (d == Dimension::walk) return !walk.empty();
  if (d == Dimension::tabu) return !tabu.empty();
  if (d == Dimension::weighting) return !weighting.empty();
  if (d == Dimension::restart_after) return !restart_after.empty();
  return true;
}

std::string Configuration::get(Dimension d) const {
  switch (d) {
    case Dimension::var: return var;
    case Dimension::val: return val;
    case Dimension::inference: return inference;
    case Dimension::alldiff: return alldiff;
    case Dimension::ac3: return ac3 ? "on" : "off";
    case Dimension::consistency: return consistency;
    case Dimension::break_symmetry: return break_symmetry;
    case Dimension::algorithm: return algorithm;
    case Dimension::backjump: return backjump;
    case Dimension::learning: return learning;
    case Dimension::restarts: return restarts;
    case Dimension::seed: return seed;
    case Dimension::walk: return walk;
    case Dimension::tabu: return tabu;
    case Dimension::weighting: return weighting;
    case Dimension::restart_after: return restart_after;
  }
  return "?";
}

std::string Configuration::label() const {
  std::string out = std::string(var).append("/").append(val).append("/").append(inference).append("/").append(
      alldiff).append(ac3 ? "/ac3-on" : "/ac3-off");
  if (!consistency.empty()) out.append("/").append(consistency);
  if (!break_symmetry.empty()) out.append("/break-symmetry-").append(break_symmetry);
  if (!backtracking()) out.append("/").append(algorithm);
  if (!backjump.empty()) out.append("/").append(backjump);
  if (!learning.empty()) out.append("/learning-").append(learning);
  if (!restarts.empty()) out.append("/").append(restarts);
  if (!seed.empty()) out.append("/seed-").append(seed);
  for (Dimension d : kLocalSearchDimensions)
    if (const std::string v = get(d); !v.empty() && v != "-") out.append("/").append(to_string(d)).append("-").append(v);
  return out;
}

SolverConfig Configuration::solver_config() const {
  SolverConfig c;
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = engine_inference(inference);
  c.ac3_preprocess = ac3 || consistency == "ac3";
  c.pc2_preprocess = consistency == "pc2";
  c.backjumping = backjump.empty() ? "none" : backjump;
  c.learning = learning.empty() ? 0 : static_cast<std::size_t>(std::stoul(learning));
  c.restarts = restarts.empty() ? "none" : restarts;
  c.seed = seed.empty() ? 0 : static_cast<std::uint64_t>(std::stoull(seed));
  if (c.restarts != "none") c.restart_base = restart_base;
  if (c.restarts == "geometric") c.restart_factor = restart_factor;
  return c;
}

AllDifferentMode Configuration::alldiff_mode() const { return parse_all_different_mode(alldiff); }

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
  static const std::vector<std::string> names = {to_string(AllDifferentMode::binary),
                                                 to_string(AllDifferentMode::value),
                                                 to_string(AllDifferentMode::gac)};
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
  switch (d) {
    case Dimension::var: return variable_orderings().names();
    case Dimension::val: return value_orderings().names();
    case Dimension::inference: return inferences().names();
    case Dimension::alldiff: return alldiff_names();
    case Dimension::ac3: return {"off", "on"};
    case Dimension::consistency: return {"none", "ac3", "pc2"};
    case Dimension::break_symmetry: return {"off", "on"};
    case Dimension::algorithm: return {"backtracking", "min-conflicts", "tree", "cutset"};
    case Dimension::backjump: return {"none", "cbj"};
    case Dimension::learning: return {};
    case Dimension::restarts: return restart_strategies().names();
    case Dimension::seed: return {};
    case Dimension::walk: return {};
    case Dimension::tabu: return {};
    case Dimension::weighting: return {"off", "on"};
    case Dimension::restart_after: return {};
  }
  return {};
}

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

const std::vector<std::string>& GridSpec::values(Dimension d) const {
  switch (d) {
    case Dimension::var: return var;
    case Dimension::val: return val;
    case Dimension::inference: return inference;
    case Dimension::alldiff: return alldiff;
    case Dimension::ac3: return ac3;
    case Dimension::consistency: return consistency;
    case Dimension::break_symmetry: return break_symmetry;
    case Dimension::algorithm: return algorithm;
    case Dimension::backjump: return backjump;
    case Dimension::learning: return learning;
    case Dimension::restarts: return restarts;
    case Dimension::seed: return seed;
    case Dimension::walk: return walk;
    case Dimension::tabu: return tabu;
    case Dimension::weighting: return weighting;
    case Dimension::restart_after: return restart_after;
  }
  return var;
}

std::vector<std::string>& GridSpec::values(Dimension d) {
  return const_cast<std::vector<std::string>&>(static_cast<const GridSpec&>(*this).values(d));
}

std::vector<Configuration> expand_grid(const GridSpec& spec) {
  std::vector<std::vector<std::string>> lists;
  const std::vector<std::string> absent = {""};  // an optional dimension not in the study
  for (Dimension d : kGridDimensions) {
    const std::vector<std::string>& given = spec.values(d);
    const bool optional = static_cast<std::size_t>(d) >= std::size(kDefault);
    const std::vector<std::string>& list =
        !given.empty() ? given : optional ? absent : kDefault[static_cast<std::size_t>(d)];
    std::vector<std::string> valid = valid_values(d);
    if (d == Dimension::inference)
      for (const ModelInference& m : model_inferences()) valid.push_back(m.name);
    for (const std::string& v : list) {
      if (optional && given.empty()) continue;
      if (d == Dimension::seed) {
        (void)parse_seeds(v);  // any whole number
        continue;
      }
      if (d == Dimension::walk) {
        (void)parse_probabilities(d, v);
        continue;
      }
      if (d == Dimension::tabu || d == Dimension::restart_after) {
        (void)parse_whole_numbers(d, v, std::numeric_limits<std::uint64_t>::max());
        continue;
      }
      const bool number = !v.empty() && v.size() < 10 && v.find_first_not_of("0123456789") == std::string::npos;
      if (d == Dimension::learning ? !number : std::find(valid.begin(), valid.end(), v) == valid.end())
        throw InputError("--" + to_string(d) + ": unknown value '" + v + "' (valid: " +
                         (d == Dimension::learning ? std::string("a whole number below 10^9") : join(valid, ", ")) + ")");
    }
    lists.push_back(list);
  }
  bool local_given = false;  // a min-conflicts dimension is in the study: it needs a min-conflicts configuration
  for (Dimension d : kLocalSearchDimensions) local_given = local_given || !spec.values(d).empty();
  if (local_given && std::find(spec.algorithm.begin(), spec.algorithm.end(), "min-conflicts") == spec.algorithm.end()) {
    std::vector<std::string> given;
    for (Dimension d : kLocalSearchDimensions)
      if (!spec.values(d).empty()) given.push_back("--" + to_string(d));
    throw InputError(join(given, ", ") + " vary min-conflicts (local search) only: add min-conflicts to --algorithm");
  }
  std::vector<Configuration> out;
  std::vector<std::size_t> at(lists.size(), 0);  // the odometer
  for (;;) {
    Configuration c;
    c.var = lists[0][at[0]];
    c.val = lists[1][at[1]];
    c.inference = lists[2][at[2]];
    c.alldiff = lists[3][at[3]];
    c.ac3 = lists[4][at[4]] == "on";
    c.consistency = lists[5][at[5]];
    c.break_symmetry = lists[6][at[6]];
    c.algorithm = lists[7][at[7]];
    c.backjump = lists[8][at[8]];
    c.learning = lists[9][at[9]];
    c.restarts = lists[10][at[10]];
    c.seed = lists[11][at[11]];
    c.walk = lists[12][at[12]];
    c.tabu = lists[13][at[13]];
    c.weighting = lists[14][at[14]];
    c.restart_after = lists[15][at[15]];
    c.restart_base = spec.restart_base;
    c.restart_factor = spec.restart_factor;
    // The min-conflicts dimensions do not apply to the other algorithms: one configuration, "-" for them.
    bool repeated = false;
    if (local_given && c.algorithm != "min-conflicts") {
      for (std::size_t k = 12; k < 16; ++k) repeated = repeated || at[k] != 0;
      if (!spec.walk.empty()) c.walk = "-";
      if (!spec.tabu.empty()) c.tabu = "-";
      if (!spec.weighting.empty()) c.weighting = "-";
      if (!spec.restart_after.empty()) c.restart_after = "-";
    }
    // The backtracking dimensions (var, val, inference, ac3, consistency, backjump, learning, restarts) do not apply
    // to min-conflicts, tree and cutset: those run once, at the first value of each list (csp queens refuses these
    // options with them; a grid mixing algorithms keeps them for its backtracking configurations).
    const bool backtracking = c.algorithm.empty() || c.algorithm == "backtracking";  // "": no algorithm dimension
    if (!backtracking)
      for (std::size_t k : {0U, 1U, 2U, 4U, 5U, 8U, 9U, 10U}) repeated = repeated || at[k] != 0;
    // Combinations refused (SolverConfig::validate: learning without cbj; and cbj with a model's own inference)
    // are left out of the grid.
    const bool refused = backtracking && (!valid_combination(c.solver_config()) ||
                                          (c.backjump == "cbj" && engine_inference(c.inference) != c.inference));
    if (!refused && !repeated) out.push_back(c);
    std::size_t k = lists.size();
    while (k > 0) {
      --k;
      if (++at[k] < lists[k].size()) break;
      at[k] = 0;
      if (k == 0) {
        if (out.empty())
          throw InputError("no configuration left: --backjump cbj works with --inference none, fc or mac, and "
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
