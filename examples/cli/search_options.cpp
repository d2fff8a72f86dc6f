// The shared search options: the option group, its checks, and the SolverConfig they fill.
#include "search_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <limits>

#include "algorithm_options.hpp"
#include "csp/ablation/search_tree.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

template <class Parse>
std::string strategy(Parse parse, const std::string& option, const std::string& name) {
  try {
    return parse(name);
  } catch (const UnknownNameError& e) {
    throw UsageError(std::string("--").append(option).append(": ").append(e.what()));
  }
}

// --restarts, --restart-base, --restart-factor into config (the base and factor only with a strategy that uses them);
// --preset textbook makes the default of --restarts the textbook's (none).
void read_restart_options(const po::variables_map& vm, SolverConfig& config) {
  const bool textbook = vm["restarts"].defaulted() && read_preset(vm) == "textbook";
  config.restarts = strategy(parse_restarts, "restarts",
                             textbook ? SolverConfig::textbook().restarts : vm["restarts"].as<std::string>());
  if (vm.count("restart-base") != 0) {
    if (config.restarts == "none") throw UsageError("--restart-base needs --restarts luby or geometric");
    config.restart_base = parse_count("restart-base", vm["restart-base"].as<std::string>(), false);
  }
  if (vm.count("restart-factor") != 0) {
    if (config.restarts != "geometric") throw UsageError("--restart-factor needs --restarts geometric");
    const std::string& text = vm["restart-factor"].as<std::string>();
    double f = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), f);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
      throw UsageError("--restart-factor expects a number, got '" + text + "'");
    if (!(f > 1.0) || f > 1000.0)
      throw UsageError("--restart-factor must be above 1 and at most 1000, got '" + text + "'");
    config.restart_factor = f;
  }
}

}  // namespace

namespace {

// --preset, --var, --val, --inference (the strategies; with the command's model inferences listed).
void add_strategy_options(po::options_description& search, const SearchDefaults& defaults) {
  const std::string overrides = defaults.minizinc ? " (overrides the annotation's)" : "";
  const std::string var_help = "variable ordering" + overrides + ": " + variable_orderings().names_joined();
  const std::string val_help = "value ordering" + overrides + ": " + value_orderings().names_joined();
  std::string inference_help = "inference after each assignment: " + inferences().names_joined();
  for (const ModelInference& m : defaults.model_inferences)
    inference_help.append(", ").append(m.name).append(" (").append(m.help).append(")");
  const std::string preset_help =
      std::string(
          "textbook: the defaults of --var, --val, --inference and --restarts become first, natural, none, "
          "none (AIMA Fig. 6.5's plain backtracking, the seeds' configuration; csp sudoku: and --alldiff "
          "binary); default: the defaults shown, ") +
      (defaults.minizinc ? "the engine's generic default" : "this model's own (docs/search.md says why)");
  search.add_options()("preset", po::value<std::string>()->value_name("NAME"), preset_help.c_str())(
      "var", po::value<std::string>()->value_name("NAME")->default_value(defaults.model.variable_ordering),
      var_help.c_str())("val",
                        po::value<std::string>()->value_name("NAME")->default_value(defaults.model.value_ordering),
                        val_help.c_str())(
      "inference", po::value<std::string>()->value_name("NAME")->default_value(defaults.model.inference),
      inference_help.c_str());
}

// --max-solutions, --node-limit, --timeout, --seed (csp fzn: --node-limit and --seed; -n, -t and -r are MiniZinc's).
void add_limit_options(po::options_description& search, const SearchDefaults& defaults) {
  if (!defaults.minizinc)
    search.add_options()(
        "max-solutions",
        po::value<std::string>()->value_name("K")->default_value(std::to_string(defaults.max_solutions)),
        "stop after K solutions: 1 finds one, 2 tells unique from multiple, 0 counts all");
  search.add_options()("node-limit", po::value<std::string>()->value_name("N"), "give up after N assignments");
  if (!defaults.minizinc)
    search.add_options()("timeout", po::value<std::string>()->value_name("MS"),
                         "give up MS milliseconds after the command started (reading and building the model "
                         "included)");
  const std::string seed_help =
      std::string(
          "seed of the random choices: random tie-breaking of the variable and value orderings and --val "
          "random (0, the default: ties by order)") +
      (defaults.minizinc ? "; -r SEED is the same (both given must agree)"
                         : "; local search: its random choices (default 1)");
  search.add_options()("seed", po::value<std::string>()->value_name("N"), seed_help.c_str());
}

// --ac3, --consistency, --restarts, --restart-base, --restart-factor, --backjump, --learning.
void add_engine_options(po::options_description& search, const SearchDefaults& defaults) {
  // pc2sym
  search.add_options()("ac3", po::bool_switch(), "run AC-3 once before search")(
      "consistency", po::value<std::string>()->value_name("NAME"),
      "consistency before search: none, ac3 (the same as --ac3), pc2 (PC-2 on the binary constraints, then AC-3; "
      "at most 1024 variables and n*n*d*d up to 2^24)");
  // restarts
  const std::string restarts_help = "restart strategy: " + restart_strategies().names_joined() +
                                    " (restart at a failure cutoff; use with --seed, --var dom-wdeg or --learning)";
  search.add_options()("restarts", po::value<std::string>()->value_name("NAME")->default_value(defaults.model.restarts),
                       restarts_help.c_str())(
      "restart-base", po::value<std::string>()->value_name("N"),
      "failures before the first restart (Luby unit, first geometric cutoff; default 100)")(
      "restart-factor", po::value<std::string>()->value_name("F"),
      "growth of the geometric cutoff, above 1 (default 1.5)");
  const std::string branching_help =
      std::string(
          "how a node branches: d-way (one child per value, AIMA Fig. 6.5), binary (x = v, then x != v "
          "propagated and the variable chosen again, as MiniZinc's int_search in Gecode), split (x <= m, then "
          "x > m, m the middle of x's values: indomain_split) or reverse-split (x > m first); none with "
          "--backjump cbj, the splits not with --trace or --tree") +
      (defaults.minizinc ? "; an annotated search branches binary (split where every phase says indomain_split) "
                           "unless given, or with --backjump cbj"
                         : "");
  search.add_options()("branching", po::value<std::string>()->value_name("NAME")->default_value("d-way"),
                       branching_help.c_str());
  // cbj
  search.add_options()(
      "backjump", po::value<std::string>()->value_name("NAME")->default_value("none"),
      "backjumping: none (chronological) or cbj (conflict-directed, AIMA 6.3.3; with --inference none, fc or mac)")(
      "learning", po::value<std::string>()->value_name("N")->default_value("0"),
      "with --backjump cbj: record nogoods of at most N variables on dead ends (0: off); they are kept "
      "across restarts");
}

}  // namespace

void add_search_options(po::options_description& search, po::options_description& output,
                        const SearchDefaults& defaults) {
  add_strategy_options(search, defaults);
  add_limit_options(search, defaults);
  add_engine_options(search, defaults);
  if (!defaults.minizinc)
    output.add_options()("stats", po::bool_switch(),
                         "print the search statistics (--algorithm min-conflicts, cutset: and a line of their own "
                         "counters)");
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

// --var, --val, --inference (a model inference runs as its engine inference), their defaults as --preset says.
void read_strategies(const po::variables_map& vm, const std::vector<ModelInference>& model_inferences,
                     SearchOptions& o) {
  const bool textbook = read_preset(vm) == "textbook";
  const SolverConfig book = SolverConfig::textbook();
  const auto value = [&](const char* name, const std::string& textbook_default) {
    return textbook && vm[name].defaulted() ? textbook_default : vm[name].as<std::string>();
  };
  o.config.variable_ordering = strategy(parse_variable_ordering, "var", value("var", book.variable_ordering.name()));
  o.config.value_ordering = strategy(parse_value_ordering, "val", value("val", book.value_ordering.name()));
  const std::string inference = value("inference", book.inference);
  const auto model = std::find_if(model_inferences.begin(), model_inferences.end(),
                                  [&](const ModelInference& m) { return m.name == inference; });
  if (model != model_inferences.end()) {
    o.model_inference = model->name;
    o.config.inference = model->engine_inference;
    return;
  }
  if (inference == "techniques")  // a model inference of another command: say where it belongs
    throw UsageError(
        "--inference: 'techniques' (the human Sudoku techniques as a propagator) exists only for "
        "csp sudoku and csp ablate sudoku (valid here: " +
        inferences().names_joined() + ")");
  try {
    o.config.inference = parse_inference(inference);
  } catch (const UnknownNameError& e) {
    if (model_inferences.empty()) throw UsageError(std::string("--inference: ").append(e.what()));
    std::string valid = inferences().names_joined();
    for (const ModelInference& m : model_inferences) valid.append(", ").append(m.name);
    throw UsageError(std::string("--inference: unknown inference '")
                         .append(inference)
                         .append("' (valid: ")
                         .append(valid)
                         .append(")"));
  }
}

// --max-solutions (kept at 1 when not declared), --node-limit, --timeout, --seed.
void read_limits(const po::variables_map& vm, SearchOptions& o) {
  if (vm.count("max-solutions") != 0)
    o.config.max_solutions = parse_count("max-solutions", vm["max-solutions"].as<std::string>(), true);
  o.config.keep_solutions = 1;
  if (vm.count("node-limit") != 0)
    o.config.limits.node_limit = parse_count("node-limit", vm["node-limit"].as<std::string>(), false);
  if (vm.count("timeout") != 0) {
    const std::uint64_t ms = parse_count("timeout", vm["timeout"].as<std::string>(), false);
    if (ms > 1000ULL * 3600 * 24 * 365) throw UsageError("--timeout is more than a year");
    o.timeout_ms = static_cast<std::int64_t>(ms);
    o.config.limits.time_limit = std::chrono::milliseconds(o.timeout_ms);
  }
  if (vm.count("seed") != 0) o.seed = parse_count("seed", vm["seed"].as<std::string>(), true);
  if (o.seed) o.config.seed = *o.seed;
}

// --ac3, --consistency, --restarts (and its base and factor), --backjump and --learning (their combinations are
// SolverConfig::validate's).
void read_engine_options(const po::variables_map& vm, SearchOptions& o) {
  o.config.ac3_preprocess = vm["ac3"].as<bool>();
  // pc2sym
  if (vm.count("consistency") != 0) {
    const std::string level = vm["consistency"].as<std::string>();
    if (level != "none" && level != "ac3" && level != "pc2")
      throw UsageError("--consistency: unknown level '" + level + "' (valid: none, ac3, pc2)");
    if (level == "none" && o.config.ac3_preprocess)
      throw UsageError("--ac3 and --consistency none contradict each other");
    o.config.ac3_preprocess = o.config.ac3_preprocess || level == "ac3";
    o.config.pc2_preprocess = level == "pc2";
  }
  read_restart_options(vm, o.config);
  o.config.backjumping = strategy(parse_backjumping, "backjump", vm["backjump"].as<std::string>());
  o.config.branching = strategy(parse_branching, "branching", vm["branching"].as<std::string>());
  o.config.learning = static_cast<std::size_t>(parse_count("learning", vm["learning"].as<std::string>(), true));
  // A model's own inference (csp sudoku's techniques) adds propagators whose explanations are not tested.
  if (o.config.backjumping == "cbj" && !o.model_inference.empty())
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
  read_strategies(vm, model_inferences, o);
  read_limits(vm, o);
  read_engine_options(vm, o);
  o.stats = vm.count("stats") != 0 && vm["stats"].as<bool>();
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
    if (const std::string why = ablation::search_tree_format_error(o.tree_file); !why.empty())
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
        "claiming, naked and hidden pairs), or each as all-different: gac (");
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
    throw UsageError("--alldiff: unknown mode '" + name + "' (valid: binary, value, gac" + (grid ? ", grid" : "") +
                     "; the old names pairwise, global, matching are accepted)");
  }
  if (mode == AllDifferentMode::grid && !grid)
    throw UsageError(
        "--alldiff: grid is csp sudoku's mode (all the units of a Sudoku grid in one propagator); here "
        "take gac, value or binary");
  return mode;
}

}  // namespace csp::cli
