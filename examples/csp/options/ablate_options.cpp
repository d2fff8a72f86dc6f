// `csp ablate` options: Boost.Program_options, checks against the model registry and the strategy registries.
#include "options/ablate_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <charconv>
#include <iostream>
#include <limits>
#include <sstream>
#include <thread>

#include "csp/ablation/summary.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/search/solve.hpp"
#include "options/program_options_message.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

using ablation::Dimension;
using ablation::InputError;
using ablation::join;

constexpr unsigned kHelpWidth = 100;

struct Groups {
  po::options_description grid{"Configurations (comma-separated lists, or 'all'; the grid is their cross product)",
                               kHelpWidth};
  po::options_description model{"Instances", kHelpWidth};
  po::options_description run{"Runs", kHelpWidth};
  po::options_description output{"Output", kHelpWidth};
  po::options_description hidden;
  po::options_description visible{kHelpWidth};
  po::options_description all;
};

// The models that implement the model inference `name`.
std::vector<std::string> owners_of(const std::string& name) {
  std::vector<std::string> owners;
  for (const ablation::ModelSpec& m : ablation::models())
    if (std::find(m.model_inferences.begin(), m.model_inferences.end(), name) != m.model_inferences.end())
      owners.push_back(m.name);
  return owners;
}

// Whether a study that does not vary dimension `d` takes the model's default for it (ablation::with_model_defaults).
bool model_default(Dimension d) {
  return d == Dimension::var || d == Dimension::val || d == Dimension::inference || d == Dimension::alldiff ||
         d == Dimension::restarts;
}

// The help of a dimension's option: "WHAT: NAMES (default: FALLBACK)" (var, val, inference, alldiff: the model's, as
// the Models list says) and the row's help, or the row's help alone; --inference adds the model inferences and the
// models that implement them.
std::string dimension_help(const ablation::DimensionRow& row) {
  if (*row.what == '\0') return row.help;
  const std::string fallback = model_default(row.dimension) ? "the model's, under Models"
                               : *row.fallback == '\0'      ? "none"
                                                            : row.fallback;
  std::string help = std::string(row.what) + ": " + join(ablation::valid_values(row.dimension), ", ") +
                     " (default: " + fallback + ")" + row.help;
  if (row.dimension == Dimension::inference)
    for (const ablation::ModelInference& m : ablation::model_inferences())
      help.append("; ")
          .append(m.name)
          .append(": ")
          .append(m.help)
          .append(" (only ")
          .append(join(owners_of(m.name), ", "))
          .append("; 'all' includes it there)");
  return help;
}

// The grid's options, one per row of ablation::kDimensionTable (--restart-base and --restart-factor after
// --restarts).
void describe_grid(Groups& g) {
  static const std::vector<std::string> helps = [] {
    std::vector<std::string> out;
    for (const ablation::DimensionRow& row : ablation::kDimensionTable) out.push_back(dimension_help(row));
    return out;
  }();
  for (const ablation::DimensionRow& row : ablation::kDimensionTable) {
    g.grid.add_options()(row.name, po::value<std::vector<std::string>>()->composing()->value_name("LIST"),
                         helps[static_cast<std::size_t>(row.dimension)].c_str());
    if (row.dimension != Dimension::restarts) continue;
    g.grid.add_options()(
        "restart-base", po::value<std::string>()->value_name("N"),
        "with --restarts luby or geometric: failures before the first restart, for every configuration (default: "
        "100)")("restart-factor", po::value<std::string>()->value_name("F"),
                "with --restarts geometric: growth of the cutoff, above 1, for every configuration (default: 1.5)");
  }
}

void describe(Groups& g) {
  static const std::string sort_help = [] {
    std::vector<std::string> counters;
    for (ablation::Counter c : ablation::kCounters) counters.push_back(ablation::to_string(c));
    return "order of the table rows: config (grid order), a dimension (var, val, ...), solved, total (time), or a "
           "counter (" +
           join(counters) + ") with an optional .mean (default), .median or .max";
  }();
  describe_grid(g);
  g.model.add_options()(
      "box", po::value<std::string>()->value_name("RxC"),
      "sudoku: the box shape of every puzzle, as 'csp sudoku --box' (needed for 6x6 as 3x2, 12x12 as 4x3, ...)")(
      "n", po::value<std::string>()->value_name("LIST"),
      "queens: board sizes, e.g. 8,10,12 (default: 8, at most 1000)")(
      "colors", po::value<std::string>()->value_name("LIST"),
      "australia, usa, graph: numbers of colours, e.g. 3,4 (default: 3 for australia, 4 for usa; required for graph)")(
      "puzzle", po::value<std::string>()->value_name("LIST"),
      "cryptarithm: puzzles, e.g. SEND+MORE=MONEY,TWO+TWO=FOUR (default: SEND+MORE=MONEY)");
  g.run.add_options()("timeout", po::value<std::string>()->value_name("MS"),
                      "stop a run after MS milliseconds (default: none)")(
      "node-limit", po::value<std::string>()->value_name("N"), "stop a run after N assignments (default: none)")(
      "repeat", po::value<std::string>()->value_name("R")->default_value("1"),
      "run each (instance, configuration) R times; the time is the median (counters do not change)")(
      "max-solutions", po::value<std::string>()->value_name("N")->default_value("1"),
      "solutions per run: 1 the first, N at most N, 0 all (each one verified; the CSV's solutions column). "
      "Optimisation instances (fzn: minimize / maximize) run to the proved optimum whatever N is")(
      "jobs,j", po::value<std::string>()->value_name("J")->default_value("1"),
      "runs in parallel (0: one per core); only the times depend on J")(
      "shuffle-seed", po::value<std::string>()->value_name("S")->default_value("1"),
      "shuffle the order of the runs with seed S (0: instance by instance); only the times depend on it "
      "(the header's 'seed')");
  g.output.add_options()("sort", po::value<std::string>()->value_name("COLUMN")->default_value("config"),
                         sort_help.c_str())("wide", po::bool_switch(), "table: mean, median and max of every counter")(
      "csv", po::value<std::string>()->value_name("FILE"),
      "one row per (instance, configuration), after '#' header lines")(
      "resume", po::bool_switch(), "continue the study in the --csv FILE of an interrupted run: skip its rows")(
      "json", po::value<std::string>()->value_name("FILE"), "header, one row per (instance, configuration), summary")(
      "plot", po::value<std::string>()->value_name("FILE.svg"),
      "chart (cairo SVG) of the kind --plot-kind, one panel per file")(
      "plot-metric", po::value<std::string>()->value_name("METRIC")->default_value("assignments"),
      "the cost the chart shows and --compare compares: assignments (search calls = assignments + 1) or time")(
      "plot-kind", po::value<std::string>()->value_name("KIND")->default_value("box"),
      "the chart of --plot: box (per configuration the distribution over the instances), cactus (per configuration, "
      "seeds "
      "pooled, its finished runs sorted by cost: x runs finished, y cost, log), survival (per configuration, seeds "
      "pooled, the share of runs not finished within a cost, log x: the run-length distribution; runs stopped by "
      "a limit never finish)")(
      "compare", po::value<std::string>()->value_name("A,B"),
      "after the table: paired comparison of configurations A and B, named by the values of the table's columns "
      "'/'-separated without the seed (e.g. mrv,dom-wdeg; pairs per instance and seed) or with it (mrv/1,mrv/2; "
      "pairs per instance): A's wins / losses / ties (lower cost wins; a run stopped by a limit loses to one that "
      "finished), geometric mean of cost A/B over the pairs both finished, 95% bootstrap CI (10000 resamples of "
      "the pairs, seeded by --shuffle-seed); also the 'comparison' object of --json")("help,h", "print this help");
  g.hidden.add_options()("args", po::value<std::vector<std::string>>());
  g.visible.add(g.grid).add(g.model).add(g.run).add(g.output);
  g.all.add(g.visible).add(g.hidden);
}

std::uint64_t parse_count(const std::string& option, const std::string& text, bool allow_zero,
                          const std::string& zero_hint = "") {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    throw InputError(std::string("--")
                         .append(option)
                         .append(" is too large: '")
                         .append(text)
                         .append("' is above the maximum ")
                         .append(std::to_string(std::numeric_limits<std::uint64_t>::max())));
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw InputError("--" + option + " expects a whole number, got '" + text + "'");
  if (v == 0 && !allow_zero) throw InputError("--" + option + " must be at least 1" + zero_hint);
  return v;
}

std::vector<int> parse_numbers(const std::string& option, const std::string& text, int min) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    start = comma + 1;
    if (item.empty()) continue;
    int v = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc() || end != item.data() + item.size())
      throw InputError("--" + option + " expects whole numbers separated by commas, got '" + item + "'");
    if (v < min || v > 100000)
      throw InputError("--" + option + ": " + item + " is out of range (" + std::to_string(min) + "..100000)");
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  if (out.empty()) throw InputError("--" + option + ": empty list");
  return out;
}

// --inference: the engine's inferences and the model's own (ablation::model_inferences(); "all" includes them).
// A model inference of another model is named as such.
std::vector<std::string> parse_inferences(const std::string& text, const ablation::ModelSpec& spec) {
  std::vector<std::string> valid = ablation::valid_values(Dimension::inference);
  valid.insert(valid.end(), spec.model_inferences.begin(), spec.model_inferences.end());
  for (const ablation::ModelInference& m : ablation::model_inferences()) {
    if (std::find(valid.begin(), valid.end(), m.name) != valid.end()) continue;
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t comma = std::min(text.find(',', start), text.size());
      std::string item = text.substr(start, comma - start);
      item.erase(0, item.find_first_not_of(" \t"));
      item.erase(item.find_last_not_of(" \t") + 1);
      start = comma + 1;
      if (item != m.name) continue;
      throw InputError("--inference: '" + m.name + "' (" + m.help + ") applies only to " +
                       join(owners_of(m.name), ", ") + ", not " + spec.name + " (valid: " + join(valid, ", ") +
                       ", all)");
    }
  }
  return ablation::parse_list(Dimension::inference, text, valid);
}

// --learning: whole numbers (duplicates dropped, in the order given).
std::vector<std::string> parse_learning(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& item : ablation::split_list(text)) {
    const std::uint64_t n = parse_count("learning", item, true, " (the largest nogood recorded; 0 = off)");
    if (n >= 1000000000) throw InputError("--learning: " + item + " is more than 999999999");
    const std::string canonical = std::to_string(n);
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
  }
  if (out.empty()) throw InputError("--learning: empty list (give whole numbers, e.g. 0,10)");
  return out;
}

}  // namespace

nlohmann::ordered_json AblateOptions::to_json() const {
  nlohmann::ordered_json j;
  j["model"] = model;
  j["files"] = inputs.files;
  if (inputs.box) j["box"] = models::to_string(*inputs.box);
  const ablation::ModelSpec& spec = ablation::find_model(model);
  if (!spec.number_option.empty()) j[spec.number_option] = inputs.numbers;
  if (spec.takes_puzzles) j["puzzle"] = inputs.puzzles;
  const std::vector<ablation::Configuration> configs = ablation::expand_grid(grid);
  for (Dimension d : ablation::study_dimensions(configs)) {
    std::vector<std::string> values;
    for (const ablation::Configuration& c : configs)
      if (std::find(values.begin(), values.end(), c.get(d)) == values.end()) values.push_back(c.get(d));
    j[ablation::to_string(d)] = values;
  }
  // Only when not the defaults: a study without them keeps the header (and --resume) of earlier versions.
  if (grid.restart_base != 100) j["restart_base"] = grid.restart_base;
  if (grid.restart_factor != 1.5) j["restart_factor"] = grid.restart_factor;
  j["timeout_ms"] = limits.timeout_ms;
  j["node_limit"] = limits.node_limit;
  j["repeat"] = limits.repeat;
  j["max_solutions"] = limits.max_solutions;
  j["jobs"] = jobs;
  j["shuffle_seed"] = seed;
  j["sort"] = sort;
  j["wide"] = wide;
  j["csv"] = csv;
  j["json"] = json;
  j["plot"] = plot;
  j["plot_metric"] = ablation::to_string(plot_metric);
  j["plot_kind"] = ablation::to_string(plot_kind);
  j["compare"] = compare_a.empty() ? "" : compare_a + "," + compare_b;
  return j;
}

std::string ablate_help() {
  Groups g;
  describe(g);
  std::ostringstream out;
  out << "Usage: csp ablate MODEL [FILE...] [OPTIONS]\n\n"
         "Runs every configuration of a grid (the cross product of the strategy lists) on every instance of a\n"
         "model, verifies each solution with the model's own rules, and compares the configurations: per\n"
         "(file, configuration) the solved count, mean / median / max of each counter and the total time; a\n"
         "configuration where some run hit a limit is DISQUALIFIED for that file (its counters are lower bounds).\n"
         "Invalid puzzles are reported once on standard error and excluded. The table goes to standard output.\n\n"
         "Models, each with its default: the values of --var, --val, --inference, --restarts and --alldiff a study\n"
         "takes when it does not vary them (the model's own, as its command's; fzn: the engine's generic default):\n";
  for (const ablation::ModelSpec& m : ablation::models()) {
    std::string usage = m.name;
    if (m.takes_files) usage += " FILE...";
    if (!m.number_option.empty()) usage += " --" + m.number_option + " LIST";
    if (m.takes_puzzles) usage += " [--puzzle LIST]";
    out << "  " << usage << std::string(usage.size() < 30 ? 30 - usage.size() : 1, ' ') << m.summary << '\n'
        << std::string(32, ' ') << "default: " << models::to_string(m.defaults) << '\n';
  }
  out << g.visible << '\n'
      << "Counters (per run): assignments (search nodes; the textbook's call count is assignments + 1), backtracks,\n"
         "failures, constraint_checks, revisions, values_pruned, wipeouts, backjumps, nogoods, restarts (also\n"
         "min-conflicts' new starts), max_depth, us (search time, median of --repeat).\n"
         "Statuses: solved, unsatisfiable, timeout, node-limit, wrong (failed verification), error.\n"
         "Exit status: 0 the study ran, 1 some solution failed verification or a model failed to build,\n"
         "2 usage or input error (unknown name, empty list, zero limit, unreadable file, no valid instance).\n\n"
         "Examples:\n"
         "  csp ablate sudoku hardest.txt --var first,mrv --inference none --alldiff binary\n"
         "  csp ablate sudoku top95.txt hardest.txt --var mrv --inference all --alldiff value --timeout 5000\n"
         "  csp ablate sudoku top95.txt --var all --val all --inference all --alldiff all --timeout 1000 -j 2 \\\n"
         "      --sort us --csv top95.csv --json top95.json --plot top95.svg\n"
         "  csp ablate queens --n 20,30,40 --var mrv,dom-wdeg --inference fc --seed 1,2,3,4,5 \\\n"
         "      --compare mrv,dom-wdeg --plot-kind survival --plot queens.svg\n"
         "  csp ablate queens --n 8,10,12 --var first,mrv --inference none,fc,mac\n"
         "  csp ablate australia --colors 2,3,4 --var all --inference all\n"
         "  csp ablate australia --colors 3 --break-symmetry off,on --consistency none,ac3,pc2\n"
         "  csp ablate queens --n 50 --algorithm min-conflicts --walk 0,0.1 --tabu 0,10 --seed 1,2,3\n"
         "  csp ablate zebra --var first,mrv --inference none,fc,mac --alldiff binary,value\n"
         "  csp ablate cryptarithm --puzzle SEND+MORE=MONEY,TWO+TWO=FOUR --inference fc,mac --alldiff all\n"
         "  csp ablate killer puzzles/killer_4x4.txt --var mrv --inference fc,mac --alldiff value,gac\n"
         "  csp ablate fzn a.fzn b.fzn --var first,mrv,dom-wdeg --inference fc,mac --alldiff binary,gac\n"
         "      (minizinc -c --solver csp model.mzn data.dzn -o a.fzn; docs/minizinc.md)\n";
  return out.str();
}

namespace {

// Whose limit a model's largest number is: that of the model's own command, or the model's (a plugin's model).
std::string most_taker(const ablation::ModelSpec& spec) {
  if (spec.name == "queens") return "csp queens takes";
  if (spec.name == "australia" || spec.name == "usa" || spec.name == "graph") return "csp color -k takes";
  return spec.name + " takes";
}

// The model's instances: files, --n / --colors, --puzzle, --box (as the model takes them).
void read_inputs(const po::variables_map& vm, const ablation::ModelSpec& spec, AblateOptions& o) {
  for (const char* option : {"n", "colors"}) {
    if (vm.count(option) == 0) continue;
    if (spec.number_option != option) throw InputError(std::string("--") + option + " does not apply to " + o.model);
  }
  if (vm.count("puzzle") != 0) {
    if (!spec.takes_puzzles) throw InputError("--puzzle does not apply to " + o.model + " (only to cryptarithm)");
    o.inputs.puzzles = ablation::split_list(vm["puzzle"].as<std::string>());
    if (o.inputs.puzzles.empty()) throw InputError("--puzzle: empty list");
  }
  if (vm.count("box") != 0) {
    if (!spec.takes_box) throw InputError("--box does not apply to " + o.model + " (only to sudoku)");
    try {
      o.inputs.box = models::parse_box(vm["box"].as<std::string>());
    } catch (const Error& e) {
      throw InputError(std::string("--box: ") + e.what());
    }
  }
  if (!spec.number_option.empty()) {
    if (vm.count(spec.number_option) != 0) {
      o.inputs.numbers = parse_numbers(spec.number_option, vm[spec.number_option].as<std::string>(), spec.min_number);
      for (int k : o.inputs.numbers)
        if (k > spec.max_number)
          throw InputError("--" + spec.number_option + ": " + std::to_string(k) + " is more than " +
                           std::to_string(spec.max_number) + ", the most " + most_taker(spec));
    } else if (!spec.default_numbers.empty()) {
      o.inputs.numbers = spec.default_numbers;
    } else {
      throw InputError("--" + spec.number_option + " is required for " + o.model);
    }
  }
}

// --alldiff LIST with the old names (pairwise, global, matching) read as the new ones (binary, value, gac).
std::string current_alldiff_names(const std::string& text) {
  std::vector<std::string> names;
  for (const std::string& name : ablation::split_list(text)) names.push_back(ablation::current_alldiff_name(name));
  return join(names, ",");
}

// The grid's lists, one per dimension given, checked against the model.
void read_grid(const po::variables_map& vm, const ablation::ModelSpec& spec, AblateOptions& o) {
  if (vm.count("ac3") != 0 && vm.count("consistency") != 0)
    throw InputError("--ac3 and --consistency both set AC-3: give --consistency none,ac3,... alone");
  if (vm.count("break-symmetry") != 0 && !spec.value_symmetry)
    throw InputError("--break-symmetry does not apply to " + o.model + " (only to australia, usa, graph)");
  if (vm.count("globals") != 0 && !spec.globals_switch)
    throw InputError("--globals does not apply to " + o.model + " (only to fzn: csp's MiniZinc library's globals)");
  for (const ablation::DimensionRow& row : ablation::kDimensionTable) {
    const Dimension d = row.dimension;
    if (vm.count(row.name) == 0) continue;
    const std::string text = join(vm[row.name].as<std::vector<std::string>>(), ",");
    if (d == Dimension::learning) {
      o.grid.values(d) = parse_learning(text);
    } else if (d == Dimension::alldiff) {
      o.grid.values(d) = ablation::parse_list(d, current_alldiff_names(text), spec.alldiff_modes);
    } else if (d == Dimension::inference) {
      o.grid.values(d) = parse_inferences(text, spec);
    } else {
      o.grid.values(d) = row.parse(d, text);
    }
  }
}

// --restart-base / --restart-factor: one value for the study, only with a strategy in --restarts that uses it (the
// base: or lcg in --algorithm, whose Luby restarts use it).
void read_restart_parameters(const po::variables_map& vm, AblateOptions& o) {
  const std::vector<std::string>& restarts = o.grid.restarts;
  const auto listed = [&](const char* name) {
    return std::find(restarts.begin(), restarts.end(), name) != restarts.end();
  };
  const std::vector<std::string>& algorithms = o.grid.algorithm;
  const bool lcg = std::find(algorithms.begin(), algorithms.end(), "lcg") != algorithms.end();  // always restarts
  if (vm.count("restart-base") != 0) {
    if (!listed("luby") && !listed("geometric") && !lcg)
      throw InputError("--restart-base needs luby or geometric in --restarts, or lcg in --algorithm");
    o.grid.restart_base = parse_count("restart-base", vm["restart-base"].as<std::string>(), false);
  }
  if (vm.count("restart-factor") != 0) {
    if (!listed("geometric")) throw InputError("--restart-factor needs geometric in --restarts");
    const std::string& text = vm["restart-factor"].as<std::string>();
    double f = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), f);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
      throw InputError("--restart-factor expects a number, got '" + text + "'");
    if (!(f > 1.0) || f > 1000.0)
      throw InputError("--restart-factor must be above 1 and at most 1000, got '" + text + "'");
    o.grid.restart_factor = f;
  }
}

// --timeout, --node-limit, --repeat, --max-solutions, --jobs.
void read_run_limits(const po::variables_map& vm, AblateOptions& o) {
  if (vm.count("timeout") != 0) {
    const std::uint64_t ms =
        parse_count("timeout", vm["timeout"].as<std::string>(), false, " (leave it out for no time limit)");
    if (ms > 1000ULL * 3600 * 24 * 365) throw InputError("--timeout is more than a year");
    o.limits.timeout_ms = static_cast<std::int64_t>(ms);
  }
  if (vm.count("node-limit") != 0)
    o.limits.node_limit =
        parse_count("node-limit", vm["node-limit"].as<std::string>(), false, " (leave it out for no node limit)");
  const std::uint64_t repeat = parse_count("repeat", vm["repeat"].as<std::string>(), false);
  if (repeat > 1000) throw InputError("--repeat must be at most 1000");
  o.limits.repeat = static_cast<unsigned>(repeat);
  o.limits.max_solutions = parse_count("max-solutions", vm["max-solutions"].as<std::string>(), true);
  if (o.limits.max_solutions != 1)
    for (const std::string& a : o.grid.algorithm)
      if (!algorithms().get(a).fn.counts)
        throw InputError("--max-solutions " + std::to_string(o.limits.max_solutions) + ": --algorithm " + a +
                         " finds one solution (counting needs backtracking or lcg)");
  const std::uint64_t jobs = parse_count("jobs", vm["jobs"].as<std::string>(), true);
  if (jobs > 1024) throw InputError("--jobs must be at most 1024");
  o.jobs = jobs == 0 ? std::max(1U, std::thread::hardware_concurrency()) : static_cast<unsigned>(jobs);
}

// --shuffle-seed and the output options: --sort, --wide, --csv, --json, --resume, --plot, --plot-*, --compare.
void read_output_options(const po::variables_map& vm, AblateOptions& o) {
  o.seed = parse_count("shuffle-seed", vm["shuffle-seed"].as<std::string>(), true);
  o.sort = vm["sort"].as<std::string>();
  ablation::check_sort_key(o.sort);
  o.wide = vm["wide"].as<bool>();
  if (vm.count("csv") != 0) o.csv = vm["csv"].as<std::string>();
  if (vm.count("json") != 0) o.json = vm["json"].as<std::string>();
  o.resume = vm["resume"].as<bool>();
  if (o.resume && o.csv.empty()) throw InputError("--resume continues the study of a --csv FILE: give --csv");
  if (vm.count("plot") != 0) o.plot = vm["plot"].as<std::string>();
  o.plot_metric = ablation::parse_plot_metric(vm["plot-metric"].as<std::string>());
  o.plot_kind = ablation::parse_plot_kind(vm["plot-kind"].as<std::string>());
  if (o.plot.size() >= 1) {
    std::string ext = o.plot.size() >= 4 ? o.plot.substr(o.plot.size() - 4) : "";
    for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ext != ".svg") throw InputError("--plot writes an SVG chart: give a FILE.svg, not '" + o.plot + "'");
  }
  if (!vm["plot-kind"].defaulted() && o.plot.empty())
    throw InputError("--plot-kind chooses the chart of --plot FILE.svg: give --plot");
  if (vm.count("compare") != 0) {
    const std::string text = vm["compare"].as<std::string>();
    const std::size_t comma = text.find(',');
    if (comma != std::string::npos) {
      o.compare_a = text.substr(0, comma);
      o.compare_b = text.substr(comma + 1);
    }
    if (comma == std::string::npos || o.compare_a.empty() || o.compare_b.empty() ||
        o.compare_b.find(',') != std::string::npos)
      throw InputError("--compare expects two configurations A,B (e.g. mrv,dom-wdeg), got '" + text + "'");
  }
  for (const std::string* path : {&o.csv, &o.json, &o.plot})
    if (vm.count(path == &o.csv ? "csv" : path == &o.json ? "json" : "plot") != 0 && path->empty())
      throw InputError("an output file name is empty");
  if (!o.plot.empty() && !ablation::plot_available())
    throw InputError("--plot: this csp was built without cairo (install libcairo2-dev and reconfigure)");
}

}  // namespace

std::optional<AblateOptions> parse_ablate_options(const std::vector<std::string>& args) {
  Groups g;
  describe(g);
  po::positional_options_description positional;
  positional.add("args", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(g.all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (po::error& e) {
    throw InputError(program_options_message(e));
  }
  if (vm.count("help") != 0) {
    std::cout << ablate_help();
    return std::nullopt;
  }
  std::vector<std::string> positionals;
  if (vm.count("args") != 0) positionals = vm["args"].as<std::vector<std::string>>();
  if (positionals.empty())
    throw InputError("no model given (valid: " + ablation::model_names_joined() + "); see 'csp ablate --help'");
  AblateOptions o;
  o.model = positionals.front();
  const ablation::ModelSpec& spec = ablation::find_model(o.model);
  o.inputs.files.assign(positionals.begin() + 1, positionals.end());
  if (!spec.takes_files && !o.inputs.files.empty())
    throw InputError(o.model + " takes no files (got '" + o.inputs.files.front() + "')");
  if (spec.takes_files && o.inputs.files.empty())
    throw InputError("no input files given (e.g. csp ablate " + o.model + " FILE...)");
  read_inputs(vm, spec, o);
  read_grid(vm, spec, o);
  o.grid = ablation::with_model_defaults(o.grid, spec);  // what the study does not vary: the model's default
  read_restart_parameters(vm, o);
  read_run_limits(vm, o);
  read_output_options(vm, o);

  // A grid whose every combination is refused (e.g. --learning 5 without --backjump cbj) is a usage error here, not
  // when the header is written: expand_grid throws InputError "no configuration left: ...".
  (void)ablation::expand_grid(o.grid);
  return o;
}

}  // namespace csp::cli
