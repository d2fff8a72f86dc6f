// The shared search options: the option group, its checks, and the SolverConfig they fill.
#include "options/search_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <limits>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/observers/search_tree.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/run_options.hpp"
#include "csp/search/solve.hpp"
#include "options/algorithm_options.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// The run options (csp/search/run_options.hpp) that are no flag of the csp program: pc2 is --consistency pc2, and
// the commands set keep-solutions, check-solutions and assign-fixed themselves.
bool program_flag(const RunOption& row) {
  for (const char* name : {"pc2", "keep-solutions", "check-solutions", "assign-fixed"})
    if (std::string_view(row.name) == name) return false;
  return true;
}

// Whether add_search_options declares the run option `row` (--algorithm and min-conflicts' are
// add_algorithm_options'); csp fzn reads MiniZinc's -n and -t instead of --max-solutions and --timeout.
bool search_flag(const RunOption& row, bool minizinc) {
  const std::string_view name = row.name;
  if (row.group == OptionGroup::local || name == "algorithm" || !program_flag(row)) return false;
  return !(minizinc && (name == "max-solutions" || name == "timeout"));
}

bool named(const RunOption& row, const char* name) { return std::string_view(row.name) == name; }

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out.append(out.empty() ? "" : ", ").append(n);
  return out;
}

// The default --help shows: the model's var, val, inference and restarts, the command's max-solutions, RunSpec{}'s
// for the other names and for learning; none for the rest (whose absence means something: no limit, no seed).
std::optional<std::string> shown_default(const RunOption& row, const SearchDefaults& defaults) {
  const models::ModelDefaults& m = defaults.model;
  if (named(row, "var")) return m.variable_ordering;
  if (named(row, "val")) return m.value_ordering;
  if (named(row, "inference")) return m.inference;
  if (named(row, "restarts")) return m.restarts;
  if (named(row, "max-solutions")) return std::to_string(defaults.max_solutions);
  if (row.kind == OptionKind::name || named(row, "learning")) return row.get(RunSpec{});
  return std::nullopt;
}

// The --help of a run option: its help line (csp/search/run_options.hpp), with what the command adds: csp fzn's
// annotation, the command's own inferences, the local-search seed.
std::string option_help(const RunOption& row, const SearchDefaults& defaults) {
  if (row.kind != OptionKind::name) {
    if (!named(row, "seed")) return help_line(row);
    return help_line(row) + (defaults.minizinc ? "; -r SEED is the same (both given must agree)"
                                               : "; local search: its random choices (default 1)");
  }
  const bool ordering = named(row, "var") || named(row, "val");
  std::string help = std::string(row.help) + (defaults.minizinc && ordering ? " (overrides the annotation's)" : "") +
                     ": " + join_names(row.values());
  if (named(row, "inference"))
    for (const ModelInference& m : defaults.model_inferences)
      help.append(", ").append(m.name).append(" (").append(m.help).append(")");
  help += row.detail;
  if (named(row, "branching") && defaults.minizinc)
    help +=
        "; an annotated search branches binary (split where every phase says indomain_split) unless given, or with "
        "--backjump cbj";
  return help;
}

// --consistency: the place of the pc2 run option (and of ac3 as a level).
void add_consistency_option(po::options_description& search) {
  search.add_options()("consistency", po::value<std::string>()->value_name("NAME"),
                       "consistency before search: none, ac3 (the same as --ac3), pc2 (PC-2 on the binary "
                       "constraints, then AC-3; at most 1024 variables and n*n*d*d up to 2^24)");
}

// --timeout MS: the program's own (the whole command, reading and building the model included).
void add_timeout_option(po::options_description& search) {
  search.add_options()("timeout", po::value<std::string>()->value_name("MS"),
                       "give up MS milliseconds after the command started (reading and building the model "
                       "included)");
}

}  // namespace

void add_run_option(po::options_description& group, const RunOption& row, const std::string& help,
                    const std::optional<std::string>& default_value) {
  if (row.kind == OptionKind::flag) {
    group.add_options()(row.name, po::bool_switch(), help.c_str());
    return;
  }
  auto* value = po::value<std::string>()->value_name(row.value_name);
  if (default_value) value->default_value(*default_value);
  group.add_options()(row.name, value, help.c_str());
}

void add_search_options(po::options_description& search, po::options_description& output,
                        const SearchDefaults& defaults) {
  const std::string preset_help =
      std::string(
          "textbook: the defaults of --var, --val, --inference and --restarts become first, natural, none, "
          "none (AIMA Fig. 6.5's plain backtracking, the seeds' configuration; csp sudoku: and --alldiff "
          "binary); default: the defaults shown, ") +
      (defaults.minizinc ? "the engine's generic default" : "this model's own (docs/search.md says why)");
  search.add_options()("preset", po::value<std::string>()->value_name("NAME"), preset_help.c_str());
  // One flag per run option, in the table's order; --consistency at pc2's place, the program's own --timeout.
  for (const RunOption& row : run_options()) {
    if (named(row, "pc2")) add_consistency_option(search);
    if (!search_flag(row, defaults.minizinc)) continue;
    if (named(row, "timeout"))
      add_timeout_option(search);
    else
      add_run_option(search, row, option_help(row, defaults), shown_default(row, defaults));
  }
  if (!defaults.minizinc)
    output.add_options()("stats", po::bool_switch(),
                         "print the search statistics (--algorithm min-conflicts, cutset: and a line of their own "
                         "counters)");
  output.add_options()("why-unsat", po::bool_switch(),
                       "when the search proves there is no solution, print a minimal set of the model's constraints "
                       "and givens that has none: without any one of them the rest has a solution (QuickXplain, "
                       "the search as the oracle; the timeout bounds it too, and without --node-limit each check of "
                       "a part of the model stops after 10x the nodes of the whole proof, at least 10,000)");
  add_observer_options(output,
                       defaults.minizinc
                           ? "print every assignment, prune and wipe-out (with its constraint), value rejected by the "
                             "consistency check (--inference none) and backtrack, one line each, on standard error "
                             "(standard output is MiniZinc's)"
                           : "print every assignment, prune and wipe-out (with its constraint), value rejected by the "
                             "consistency check (--inference none) and backtrack, one line each (csp sudoku --format "
                             "json: JSON lines on standard error)");
}

void add_observer_options(po::options_description& output, const std::string& trace_help) {
  output.add_options()("trace", po::bool_switch(), trace_help.c_str())(
      "tree", po::value<std::string>()->value_name("FILE"),
      "write the search tree of the run to FILE.dot (Graphviz), FILE.json or FILE.svg (when built with Graphviz): "
      "each decision, what its inference removed, wipe-outs and solutions; the first 2000 nodes");
}

namespace {

// Sets run option `row` to `text`; an unknown name or a bad value is a usage error naming the flag.
void set_option(const RunOption& row, RunSpec& spec, const std::string& text) {
  try {
    row.set(spec, text);
  } catch (const UnknownNameError& e) {
    throw UsageError(std::string("--").append(row.name).append(": ").append(e.what()));
  } catch (const OptionValueError& e) {
    throw UsageError(std::string("--").append(e.what()));
  }
}

// --inference: a model inference runs as its engine inference; one of another command is named as such.
void read_inference(const RunOption& row, const std::string& inference,
                    const std::vector<ModelInference>& model_inferences, SearchOptions& o, RunSpec& spec) {
  const auto model = std::find_if(model_inferences.begin(), model_inferences.end(),
                                  [&](const ModelInference& m) { return m.name == inference; });
  if (model != model_inferences.end()) {
    o.model_inference = model->name;
    spec.search.inference = model->engine_inference;
    return;
  }
  for (const ModelInference& m : models::model_inferences())  // one of another command: say where it belongs
    if (inference == m.name)
      throw UsageError(
          "--inference: '" + m.name + "' (" + m.help +
          ") exists only for csp sudoku and csp ablate sudoku (valid here: " + inferences().names_joined() + ")");
  if (model_inferences.empty() || inferences().contains(inference)) return set_option(row, spec, inference);
  std::string valid = inferences().names_joined();
  for (const ModelInference& m : model_inferences) valid.append(", ").append(m.name);
  throw UsageError(
      std::string("--inference: unknown inference '").append(inference).append("' (valid: ").append(valid).append(")"));
}

// --restart-base and --restart-factor: only with a restart strategy that uses them (--algorithm lcg always restarts:
// the base is its Luby unit); the factor above 1 and at most 1000.
std::string restart_parameter(const RunOption& row, const std::string& text, const RunSpec& spec, bool lcg) {
  if (named(row, "restart-base")) {
    if (spec.search.restarts == "none" && !lcg)
      throw UsageError("--restart-base needs --restarts luby or geometric (or --algorithm lcg)");
    return std::to_string(parse_count(row.name, text, false));
  }
  if (spec.search.restarts != "geometric") throw UsageError("--restart-factor needs --restarts geometric");
  double f = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), f);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError("--restart-factor expects a number, got '" + text + "'");
  if (!(f > 1.0) || f > 1000.0)
    throw UsageError("--restart-factor must be above 1 and at most 1000, got '" + text + "'");
  return text;
}

// --consistency none|ac3|pc2 into the ac3 and pc2 run options.
void read_consistency(const po::variables_map& vm, RunSpec& spec) {
  if (vm.count("consistency") == 0) return;
  const std::string level = vm["consistency"].as<std::string>();
  if (level != "none" && level != "ac3" && level != "pc2")
    throw UsageError("--consistency: unknown level '" + level + "' (valid: none, ac3, pc2)");
  if (level == "none" && spec.search.ac3_preprocess)
    throw UsageError("--ac3 and --consistency none contradict each other");
  if (level == "ac3") run_option("ac3").set(spec, "on");
  run_option("pc2").set(spec, level == "pc2" ? "on" : "off");
}

// The run options of add_search_options, in the table's order: a name (its default as --preset says; --inference
// with the command's own inferences), a switch, or a number (checked as the program checks numbers: --node-limit
// and --restart-base at least 1); --consistency at pc2's place, --timeout in milliseconds since the start.
void read_run_options(const po::variables_map& vm, const std::vector<ModelInference>& model_inferences,
                      SearchOptions& o, RunSpec& spec) {
  RunSpec textbook;
  textbook.search = SolverConfig::textbook();
  const bool preset_textbook = read_preset(vm) == "textbook";
  for (const RunOption& row : run_options()) {
    if (named(row, "pc2")) read_consistency(vm, spec);
    if (row.group == OptionGroup::local || named(row, "algorithm") || !program_flag(row) || vm.count(row.name) == 0)
      continue;
    if (named(row, "timeout")) {
      const std::uint64_t ms = parse_count("timeout", vm["timeout"].as<std::string>(), false);
      if (ms > 1000ULL * 3600 * 24 * 365) throw UsageError("--timeout is more than a year");
      o.timeout_ms = static_cast<std::int64_t>(ms);
      spec.search.limits.time_limit = std::chrono::milliseconds(o.timeout_ms);
      continue;
    }
    if (row.kind == OptionKind::flag) {
      set_option(row, spec, vm[row.name].as<bool>() ? "on" : "off");
      continue;
    }
    const std::string text = preset_textbook && vm[row.name].defaulted() && row.kind == OptionKind::name
                                 ? row.get(textbook)
                                 : vm[row.name].as<std::string>();
    if (named(row, "inference")) {
      read_inference(row, text, model_inferences, o, spec);
    } else if (named(row, "restart-base") || named(row, "restart-factor")) {
      const bool lcg = vm.count("algorithm") != 0 && vm["algorithm"].as<std::string>() == "lcg";
      set_option(row, spec, restart_parameter(row, text, spec, lcg));
    } else if (row.kind == OptionKind::count) {
      const std::uint64_t n = parse_count(row.name, text, !named(row, "node-limit"));
      if (named(row, "seed")) o.seed = n;
      set_option(row, spec, std::to_string(n));
    } else {
      set_option(row, spec, text);
    }
  }
  // A model's own inference (csp sudoku's techniques) adds propagators whose explanations are not tested.
  if (spec.search.backjumping == "cbj" && !o.model_inference.empty())
    throw UsageError("--backjump cbj works with --inference none, fc or mac, not '" + o.model_inference + "'");
}

// The csp program's option for a SolverConfig field named by OptionConflictError ("" for one it has none of).
std::string option_of(const std::string& field) {
  static const std::pair<const char*, const char*> options[] = {
      {"variable_ordering", "var"}, {"value_ordering", "val"},        {"inference", "inference"},
      {"backjumping", "backjump"},  {"learning", "learning"},         {"restarts", "restarts"},
      {"branching", "branching"},   {"restart_base", "restart-base"}, {"restart_factor", "restart-factor"}};
  for (const auto& [f, option] : options)
    if (field == f) return option;
  return "";
}

}  // namespace

std::string usage_message(const OptionConflictError& e) {
  std::string text = e.what();
  for (const std::string& field : {e.first(), e.second()}) {
    const std::string option = option_of(field);
    if (option.empty()) continue;
    // The first occurrence of the field as a whole word.
    for (std::size_t at = text.find(field); at != std::string::npos; at = text.find(field, at + 1)) {
      const bool starts = at == 0 || text[at - 1] == ' ' || text[at - 1] == '(';
      const std::size_t end = at + field.size();
      const bool ends = end == text.size() || text[end] == ' ' || text[end] == ')' || text[end] == ',';
      if (!starts || !ends) continue;
      text.replace(at, field.size(), "--" + option);
      break;
    }
  }
  return text;
}

std::string read_preset(const po::variables_map& vm) {
  if (vm.count("preset") == 0) return "";
  const std::string name = vm["preset"].as<std::string>();
  if (name != "textbook" && name != "default")
    throw UsageError("--preset: unknown preset '" + name + "' (valid: default, textbook)");
  return name;
}

SearchOptions read_search_options(const po::variables_map& vm, const std::vector<ModelInference>& model_inferences) {
  SearchOptions o;
  RunSpec spec;
  read_run_options(vm, model_inferences, o, spec);
  spec.search.keep_solutions = 1;
  o.config = spec.search;
  o.local = spec.local;
  o.stats = vm.count("stats") != 0 && vm["stats"].as<bool>();
  o.why_unsat = vm.count("why-unsat") != 0 && vm["why-unsat"].as<bool>();
  read_observer_options(vm, o);
  if (vm.count("algorithm") != 0) read_algorithm_options(vm, o);  // local: the model commands' --algorithm
  try {
    o.config.validate();  // the one place of the rules between options
  } catch (const OptionConflictError& e) {
    throw UsageError(usage_message(e));
  }
  return o;
}

void read_observer_options(const po::variables_map& vm, SearchOptions& o) {
  o.trace = vm["trace"].as<bool>();
  if (vm.count("tree") != 0) {
    o.tree_file = vm["tree"].as<std::string>();
    if (const std::string why = search_tree_format_error(o.tree_file); !why.empty())
      throw UsageError(std::string("--tree: ").append(why));
  }
}

std::uint64_t parse_count(const std::string& option, const std::string& text, bool allow_zero) {
  // An option is named with its dashes; a positional argument (upper case, e.g. "N") as it is.
  const std::string name = !option.empty() && option[0] >= 'a' && option[0] <= 'z' ? "--" + option : option;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    throw UsageError(std::string(name)
                         .append(" is too large: '")
                         .append(text)
                         .append("' is above the maximum ")
                         .append(std::to_string(std::numeric_limits<std::uint64_t>::max())));
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError(std::string(name).append(" expects a whole number, got '").append(text).append("'"));
  if (v == 0 && !allow_zero) throw UsageError(std::string(name).append(" must be at least 1"));
  return v;
}

void add_all_different_option(po::options_description& options, AllDifferentMode default_mode, const std::string& what,
                              bool grid) {
  std::string help = what;
  if (grid)
    help.append(
        ": grid (all of them in one propagator over bitmasks: naked and hidden singles, pointing and "
        "claiming, naked and hidden pairs; digit-major bitboards on a 9x9 grid), grid-cells (the same on one "
        "candidate word per cell: the same search, another cost), or each as all-different: gac (");
  else
    help.append(" as all-different: gac (");
  help.append(
      "one constraint, Regin's matching: generalised arc consistency), value (one constraint: single values, "
      "pigeonhole, hidden singles) or binary (!= between each pair); the old names matching, global, pairwise "
      "are accepted");
  options.add_options()("alldiff", po::value<std::string>()->value_name("MODE")->default_value(to_string(default_mode)),
                        help.c_str());
}

AllDifferentMode read_all_different_mode(const po::variables_map& vm, bool grid) {
  const std::string& name = vm["alldiff"].as<std::string>();
  AllDifferentMode mode;
  try {
    mode = parse_all_different_mode(name);
  } catch (const UnknownNameError&) {
    throw UsageError("--alldiff: unknown mode '" + name + "' (valid: binary, value, gac" +
                     (grid ? ", grid, grid-cells" : "") + "; the old names pairwise, global, matching are accepted)");
  }
  if ((mode == AllDifferentMode::grid || mode == AllDifferentMode::grid_cells) && !grid)
    throw UsageError("--alldiff: " + name +
                     " is csp sudoku's mode (all the units of a Sudoku grid in one propagator); here take gac, value "
                     "or binary");
  return mode;
}

}  // namespace csp::cli
