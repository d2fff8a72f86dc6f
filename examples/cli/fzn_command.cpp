// csp fzn FILE.fzn: a FlatZinc solver with MiniZinc's conventions (flags -a -n -s -t -f -r -p, the "x = 3;" /
// "----------" / "==========" output, %%%mzn-stat statistics), so `minizinc --solver csp` runs csp; and the search
// options the model commands share (--seed, --restarts, --backjump, --consistency, --trace, --tree, ...).
#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/models/flatzinc/search.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "model_command.hpp"
#include "run_observers.hpp"
#include "subcommands.hpp"

namespace po = boost::program_options;
namespace fzn = csp::models::flatzinc;

namespace csp::cli {

namespace {

// What `csp fzn` searches with when the model has no search annotation, or with -f.
constexpr const char* kDefaultVariableOrdering = "dom-wdeg";
constexpr const char* kDefaultValueOrdering = "natural";
constexpr const char* kDefaultInference = "mac";

struct FznOptions {
  std::string file;
  SearchOptions search;
  std::uint64_t solutions = 1;  // 0: all
  bool all = false;
  bool statistics = false;
  bool free_search = false;
  bool var_given = false;
  bool val_given = false;
  AllDifferentMode all_different = AllDifferentMode::matching;
  Globals globals = Globals::native;
};

void write_statistics(std::ostream& out, const fzn::FlatZincModel& model, const SearchResult& r, double init_s) {
  const auto stat = [&](const char* name, const std::string& value) {
    out << "%%%mzn-stat: " << name << '=' << value << '\n';
  };
  stat("nodes", std::to_string(r.stats.assignments));
  stat("failures", std::to_string(r.stats.failures));
  stat("solutions", std::to_string(r.solution_count));
  stat("variables", std::to_string(model.problem.variable_count()));
  stat("propagators", std::to_string(model.problem.constraint_count()));
  stat("initTime", std::to_string(init_s));
  stat("solveTime", std::to_string(static_cast<double>(r.stats.elapsed_us) / 1e6));
  stat("peakDepth", std::to_string(r.stats.max_depth));
  stat("backtracks", std::to_string(r.stats.backtracks));
  stat("constraintChecks", std::to_string(r.stats.constraint_checks));
  stat("revisions", std::to_string(r.stats.revisions));
  stat("valuesPruned", std::to_string(r.stats.values_pruned));
  stat("wipeouts", std::to_string(r.stats.wipeouts));
  stat("backjumps", std::to_string(r.stats.backjumps));
  stat("nogoods", std::to_string(r.stats.nogoods));
  stat("restarts", std::to_string(r.stats.restarts));
  out << "%%%mzn-stat-end\n";
}

// solve satisfy: backtracking search; minimize / maximize: branch and bound (csp::optimize), every improving
// solution printed through on_solution; complete means the optimum is proved ("=========="). --trace goes to
// standard error (standard output is MiniZinc's protocol), --tree to its file.
SearchResult run_search(const fzn::FlatZincModel& model, const SearchOptions& options) {
  SolverConfig config = config_now(options);
  RunObservers observers(options.trace, false, std::cerr, options.tree_file, [](Value v) { return std::to_string(v); });
  config.observer = observers.observer();
  SearchResult result;
  if (model.goal == fzn::SolveItem::Goal::satisfy || !model.objective.is_var()) {  // or a constant objective
    result = backtracking_search(model.problem, config);
  } else {
    const Sense sense = model.goal == fzn::SolveItem::Goal::minimize ? Sense::minimize : Sense::maximize;
    result = optimize(model.problem, model.objective.var, sense, config);
  }
  observers.finish();
  return result;
}

// -r SEED / --random-seed SEED (MiniZinc's flag) and --seed N (the other commands' name): the same seed, so both
// given must agree.
void read_seed(const po::variables_map& vm, SearchOptions& search) {
  std::optional<std::uint64_t> seed;
  if (vm.count("random-seed") != 0) seed = parse_count("random-seed", vm["random-seed"].as<std::string>(), true);
  if (vm.count("seed") != 0) {
    const std::uint64_t n = parse_count("seed", vm["seed"].as<std::string>(), true);
    if (seed && *seed != n)
      throw UsageError("-r/--random-seed " + std::to_string(*seed) + " and --seed " + std::to_string(n) +
                       " disagree (they are the same option: give one)");
    seed = n;
  }
  search.seed = seed;
  if (seed) search.config.seed = *seed;
}

FznOptions read_options(const std::vector<std::string>& args, bool& help) {
  po::options_description mzn("MiniZinc solver flags", kHelpWidth);
  mzn.add_options()
      ("all-solutions,a", po::bool_switch(), "print every solution (satisfaction)")
      ("num-solutions,n", po::value<std::string>()->value_name("N"), "stop after N solutions")
      ("statistics,s", po::bool_switch(), "print %%%mzn-stat: lines (nodes, failures, solveTime, ...)")
      ("time-limit,t", po::value<std::string>()->value_name("MS"),
       "stop MS milliseconds after the start (reading and building included); then =====UNKNOWN===== or the "
       "solutions found")
      ("free-search,f", po::bool_switch(), "ignore the search annotation: search with --var / --val")
      ("intermediate,i", po::bool_switch(), "accepted (optimisation prints every improving solution anyway)")
      ("random-seed,r", po::value<std::string>()->value_name("SEED"),
       "the same as --seed: random tie-breaking of the orderings (0: ties by order, the default)")
      ("parallel,p", po::value<std::string>()->value_name("N"), "accepted; csp searches with one thread");
  po::options_description search("csp search", kHelpWidth);
  search.add_options()
      ("var", po::value<std::string>()->value_name("NAME")->default_value(kDefaultVariableOrdering),
       ("variable ordering (overrides the annotation's): " + variable_orderings().names_joined()).c_str())
      ("val", po::value<std::string>()->value_name("NAME")->default_value(kDefaultValueOrdering),
       ("value ordering (overrides the annotation's): " + value_orderings().names_joined()).c_str())
      ("inference", po::value<std::string>()->value_name("NAME")->default_value(kDefaultInference),
       ("inference after each assignment: " + inferences().names_joined()).c_str())
      ("alldiff", po::value<std::string>()->value_name("MODE")->default_value("matching"),
       "all_different_int as one constraint with Regin's matching (matching), simple rules (global), or binary !=")
      ("globals", po::value<std::string>()->value_name("MODE")->default_value("native"),
       "csp's global constraints (csp_cumulative, csp_regular, ...): native propagators, or decompose into linear, "
       "reified and table constraints")
      ("node-limit", po::value<std::string>()->value_name("N"), "stop after N assignments")
      ("seed", po::value<std::string>()->value_name("N"),
       "seed of the random choices: random tie-breaking of the variable and value orderings and --val random (0, "
       "the default: ties by order); -r SEED is the same (both given must agree)");
  add_engine_options(search);
  po::options_description output("csp output", kHelpWidth);
  add_observer_options(output,
                       "print every assignment, prune and wipe-out (with its constraint), value rejected by the "
                       "consistency check (--inference none) and backtrack, one line each, on standard error "
                       "(standard output is MiniZinc's)");
  output.add_options()("help,h", "print this help");
  po::options_description all;
  all.add(mzn).add(search).add(output);
  all.add_options()("file", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("file", 1);
  const po::variables_map vm = parse_command_line(args, all, positional);
  FznOptions o;
  help = vm.count("help") != 0;
  if (help) {
    po::options_description visible(kHelpWidth);
    visible.add(mzn).add(search).add(output);
    std::cout << "Usage: csp fzn FILE.fzn [OPTIONS]\n\n"
                 "Solves a FlatZinc model (MiniZinc 2.6) and prints its output items as MiniZinc solvers do:\n"
                 "'x = 3;' lines, '----------' after each solution, '==========' when the search completed,\n"
                 "=====UNSATISFIABLE===== or =====UNKNOWN=====. Each solution is checked against every FlatZinc\n"
                 "constraint, evaluated directly, before it is printed. Through MiniZinc (docs/minizinc.md):\n"
                 "  minizinc --solver csp model.mzn data.dzn\n\n"
              << help_text(visible)
              << "\nBuiltins: " << fzn::builtin_names().size()
              << " FlatZinc builtins over int and bool (int_*, int_lin_*, bool_*, array_*_element, set_in, ...)\n"
                 "and fzn_all_different_int / csp_table_int from csp's mznlib. Float and set variables are not\n"
                 "supported.\n"
                 "Exit status: 0 the search ran (solutions, UNSATISFIABLE or UNKNOWN printed), 1 a solution failed\n"
                 "the check (an internal error), 2 usage error or a malformed file (FILE:LINE: reason).\n\n"
                 "Examples:\n"
                 "  csp fzn model.fzn -a -s                      every solution, with statistics\n"
                 "  csp fzn model.fzn -f --var mrv --inference fc   csp's own search instead of the annotation\n"
                 "  csp fzn model.fzn -s --var dom-wdeg --restarts luby --seed 3   restarts, seeded tie-breaking\n"
                 "  minizinc -c model.mzn data.dzn -o model.fzn  (MiniZinc compiles a model to FlatZinc)\n";
    return o;
  }
  if (vm.count("file") == 0) throw UsageError("give a FlatZinc file, e.g. 'csp fzn model.fzn'");
  o.file = vm["file"].as<std::string>();
  o.all = vm["all-solutions"].as<bool>();
  o.statistics = vm["statistics"].as<bool>();
  o.free_search = vm["free-search"].as<bool>();
  if (vm.count("num-solutions") != 0) o.solutions = parse_count("num-solutions", vm["num-solutions"].as<std::string>(), false);
  if (o.all) o.solutions = 0;
  read_seed(vm, o.search);
  if (vm.count("parallel") != 0) (void)parse_count("parallel", vm["parallel"].as<std::string>(), false);
  o.var_given = !vm["var"].defaulted();
  o.val_given = !vm["val"].defaulted();
  SolverConfig& config = o.search.config;
  try {
    config.variable_ordering = parse_variable_ordering(vm["var"].as<std::string>());
    config.value_ordering = parse_value_ordering(vm["val"].as<std::string>());
    config.inference = parse_inference(vm["inference"].as<std::string>());
  } catch (const UnknownNameError& e) {
    throw UsageError(e.what());
  }
  read_engine_options(vm, o.search);
  read_observer_options(vm, o.search);
  if (vm.count("node-limit") != 0)
    config.limits.node_limit = parse_count("node-limit", vm["node-limit"].as<std::string>(), false);
  if (vm.count("time-limit") != 0)
    o.search.timeout_ms = static_cast<std::int64_t>(
        std::min<std::uint64_t>(parse_count("time-limit", vm["time-limit"].as<std::string>(), false),
                                1000ULL * 3600 * 24 * 365));
  o.all_different = read_all_different_mode(vm);
  try {
    o.globals = parse_globals(vm["globals"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--globals: ").append(e.what()));
  }
  return o;
}

}  // namespace

int run_fzn(const std::vector<std::string>& args) {
  const auto started = std::chrono::steady_clock::now();
  FznOptions o;
  fzn::FlatZincModel model;
  try {
    bool help = false;
    o = read_options(args, help);
    if (help) return 0;
    o.search.started = started;
    const fzn::Model ast = fzn::read_flatzinc_file(o.file);
    fzn::BuildOptions build;
    build.all_different = o.all_different;
    build.globals = o.globals;
    build.use_annotations = !o.free_search;
    model = fzn::build_flatzinc(ast, o.file == "-" ? "<stdin>" : o.file, build);
  } catch (const UsageError& e) {
    return usage_error("fzn", e.what());
  } catch (const ModelError& e) {  // FlatZincError included: FILE:LINE: reason
    return usage_error("fzn", e.what());
  }
  SolverConfig& config = o.search.config;
  if (!o.free_search && !model.search.phases.empty()) {  // each phase of the annotation among its own variables
    if (!o.var_given) config.variable_ordering = fzn::phased_variable_ordering(model.search, kDefaultVariableOrdering);
    if (!o.val_given) config.value_ordering = fzn::phased_value_ordering(model.search, kDefaultValueOrdering);
  }
  // Two solutions that differ only in auxiliary variables (model.search_variable_count) are one solution: with
  // such variables the engine enumerates every solution and the copies are skipped here.
  const bool optimising = model.goal != fzn::SolveItem::Goal::satisfy;
  if (optimising && model.objective.is_var() && config.backjumping != "none")  // as csp color --least refuses it
    return usage_error("fzn", "--backjump " + config.backjumping + " does not work with solve " +
                                  (model.goal == fzn::SolveItem::Goal::minimize ? "minimize" : "maximize") +
                                  " (branch and bound); it works with solve satisfy");
  const int distinct_by = model.search_variable_count;
  // Improving solutions differ in their objective: never duplicates.
  const bool deduplicate = !optimising && distinct_by < model.problem.variable_count();
  config.max_solutions = deduplicate ? 0 : o.solutions;
  config.keep_solutions = 0;
  const double init_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (!model.unsatisfiable.empty()) {
    std::cout << "=====UNSATISFIABLE=====\n";
    if (o.statistics) write_statistics(std::cout, model, SearchResult{}, init_s);
    return 0;
  }
  std::string wrong;  // a solution that failed the check
  std::set<std::vector<Value>> seen;
  std::uint64_t found = 0;
  bool capped = false;  // stopped here at -n N
  config.on_solution = [&](const Assignment& a) {
    if (std::string why = model.verify(a); !why.empty()) {
      wrong = why;
      return false;
    }
    if (deduplicate && !seen.emplace(a.values().begin(), a.values().begin() + distinct_by).second) return true;
    std::cout << model.format(a) << "----------\n";
    std::cout.flush();
    ++found;
    if (!optimising && deduplicate && o.solutions != 0 && found >= o.solutions) {
      capped = true;
      return false;
    }
    return true;
  };
  SearchResult result;
  try {
    result = run_search(model, o.search);
  } catch (const UsageError& e) {
    return usage_error("fzn", e.what());
  }
  if (!wrong.empty()) {
    std::cerr << "csp fzn: internal error: a solution violates " << wrong << '\n';
    return 1;
  }
  if (capped) result.complete = true;
  result.solution_count = found;
  // Satisfaction: every solution printed and the search over; optimisation: the optimum proved.
  const bool exhausted =
      optimising ? result.complete : result.complete && !capped && (o.solutions == 0 || found < o.solutions);
  if (found == 0 && result.complete) std::cout << "=====UNSATISFIABLE=====\n";
  else if (found == 0) std::cout << "=====UNKNOWN=====\n";
  else if (exhausted) std::cout << "==========\n";
  if (o.statistics) {
    for (const std::string& note : model.search.notes) std::cout << "%%%mzn-stat: searchNote=\"" << note << "\"\n";
    write_statistics(std::cout, model, result, init_s);
  }
  return 0;
}

}  // namespace csp::cli
