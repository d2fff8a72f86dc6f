// csp fzn FILE.fzn: a FlatZinc solver with MiniZinc's conventions (flags -a -n -s -t -f -r -p, the "x = 3;" /
// "----------" / "==========" output, %%%mzn-stat statistics), so `minizinc --solver csp` runs csp; and the search
// options the model commands share (--seed, --restarts, --backjump, --consistency, --trace, --tree, ...).
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <vector>

#include "batch/interrupt.hpp"
#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/models/flatzinc/search.hpp"
#include "csp/models/flatzinc/why_unsat.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/portfolio.hpp"
#include "csp/search/solve.hpp"
#include "options/algorithm_options.hpp"
#include "output/run_observers.hpp"
#include "output/why_unsat_output.hpp"

namespace po = boost::program_options;
namespace fzn = csp::models::flatzinc;

namespace csp::cli {

namespace {

// What `csp fzn` searches with when the model has no search annotation, or with -f: the engine's generic default
// (models::ModelDefaults{}: SolverConfig{}'s strategies, gac all-different; what csp.msc shows too), also where an
// annotation leaves a choice open.
const SearchDefaults kDefaults = [] {
  SearchDefaults d;  // d.model: ModelDefaults{}
  d.minizinc = true;
  return d;
}();
struct FznOptions {
  std::string file;
  SearchOptions search;
  std::uint64_t solutions = 1;  // 0: all
  bool all = false;
  bool intermediate = false;  // -a or -i: an optimisation prints each improving solution as it is found
  bool statistics = false;
  bool free_search = false;
  int parallel = 1;            // -p N: N searches on N threads (csp/search/portfolio.hpp)
  bool deterministic = false;  // --deterministic: the portfolio's reproducible mode
  double progress_s = 0;   // --progress, --progress-interval SECONDS: a line on standard error every SECONDS (0: none)
  bool var_given = false;  // --var overrides the annotation's variable ordering
  bool val_given = false;
  bool branching_given = false;  // --branching overrides the annotation's binary branching
  AllDifferentMode all_different = kDefaults.model.alldiff;
  Globals globals = Globals::native;
  std::string algorithm = "backtracking";  // --algorithm: backtracking or lcg
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

// solve satisfy: backtracking search; minimize / maximize: branch and bound (RunSpec::objective), the improving
// solutions passed to on_solution; complete means the optimum is proved ("=========="). --trace goes to
// standard error (standard output is MiniZinc's protocol), --tree to its file.
// With -p N (N > 1) the portfolio of csp/search/portfolio.hpp: N searches by its fixed schedule (the first is the
// one -p 1 runs; --trace and --tree follow that one), the first answer or the shared bound; --deterministic its
// reproducible mode. The counters are then every search's sum.
RunResult run_search(const fzn::FlatZincModel& model, const FznOptions& o, RunSpec spec, std::size_t& searches) {
  const SearchOptions& options = o.search;
  RunObservers observers(options.trace, false, std::cerr, options.tree_file, [](Value v) { return std::to_string(v); });
  spec.search.observer = observers.observer();
  RunResult result;
  if (o.parallel > 1) {
    PortfolioOptions portfolio;
    portfolio.deterministic = o.deterministic;
    PortfolioResult run = csp::solve_portfolio(model.problem, spec, o.parallel, portfolio);
    searches = run.search_stats.size();
    result = std::move(run);
  } else {
    result = csp::solve(model.problem, spec);
  }
  observers.finish();
  return result;
}

// -s under branch and bound with -a or -i: after each improving solution its objective, nodes, failures and time as
// a statistics block (MiniZinc passes %%%mzn-stat lines through); --progress: the counters on standard error.
void watch_progress(const FznOptions& o, bool optimising, RunSpec& spec) {
  const bool statistics = o.statistics && optimising && o.intermediate;
  const bool lines = o.progress_s > 0;
  if (!statistics && !lines) return;
  if (lines) spec.search.progress_interval = std::chrono::milliseconds(static_cast<std::int64_t>(o.progress_s * 1000));
  spec.search.on_progress = [statistics](const Progress& p) {
    const double seconds = static_cast<double>(p.stats.elapsed_us) / 1e6;
    if (p.improved && statistics && p.objective) {
      std::cout << "%%%mzn-stat: objective=" << *p.objective << "\n%%%mzn-stat: nodes=" << p.stats.assignments
                << "\n%%%mzn-stat: failures=" << p.stats.failures
                << "\n%%%mzn-stat: solveTime=" << std::to_string(seconds) << "\n%%%mzn-stat-end" << std::endl;
    }
    if (p.improved) return;
    std::cerr << "csp fzn: " << std::to_string(seconds) << " s, " << p.stats.assignments << " nodes, "
              << p.stats.failures << " failures, " << p.solutions << " solutions";
    if (p.objective) std::cerr << ", best " << *p.objective;
    std::cerr << std::endl;
  };
}

// --progress-interval SECONDS: a positive number of seconds (0.5, 3).
double parse_seconds(const char* option, const std::string& text) {
  std::size_t used = 0;
  double seconds = 0;
  try {
    seconds = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(seconds > 0) || seconds > 86400)
    throw UsageError(std::string("--").append(option).append(": '").append(text).append(
        "' is not a number of seconds between 0 and 86400 (e.g. 0.5 or 3)"));
  return seconds;
}

// -r SEED / --random-seed SEED (MiniZinc's flag) and --seed N (read by read_search_options): the same seed, so
// both given must agree.
void read_seed(const po::variables_map& vm, SearchOptions& search) {
  if (vm.count("random-seed") == 0) return;
  const std::uint64_t seed = parse_count("random-seed", vm["random-seed"].as<std::string>(), true);
  if (search.seed && *search.seed != seed)
    throw UsageError("-r/--random-seed " + std::to_string(seed) + " and --seed " + std::to_string(*search.seed) +
                     " disagree (they are the same option: give one)");
  search.seed = seed;
  search.config.seed = seed;
}

// The text of `csp fzn --help`: usage, the option groups, the builtins, exit status and examples.
void print_help(const po::options_description& mzn, const po::options_description& search,
                const po::options_description& output) {
  po::options_description visible(kHelpWidth);
  visible.add(mzn).add(search).add(output);
  std::cout << "Usage: csp fzn FILE.fzn [OPTIONS]\n\n"
               "Solves a FlatZinc model (MiniZinc 2.6) and prints its output items as MiniZinc solvers do:\n"
               "'x = 3;' lines, '----------' after each solution, '==========' when the search completed,\n"
               "=====UNSATISFIABLE===== or =====UNKNOWN=====. Each solution is checked against every FlatZinc\n"
               "constraint, evaluated directly, before it is printed. Through MiniZinc (docs/minizinc.md):\n"
               "  minizinc --solver csp model.mzn data.dzn\n\n"
            << help_text(visible) << "\nBuiltins: " << fzn::builtin_names().size()
            << " FlatZinc builtins over int and bool (int_*, int_lin_*, bool_*, array_*_element, set_in, ...)\n"
               "and fzn_all_different_int / csp_table_int from csp's mznlib. Float and set variables are not\n"
               "supported.\n"
               "Exit status: 0 the search ran (solutions, UNSATISFIABLE or UNKNOWN printed), 1 a solution failed\n"
               "the check (an internal error), 2 usage error or a malformed file (FILE:LINE: reason).\n\n"
               "Examples:\n"
               "  csp fzn model.fzn -a -s                      every solution, with statistics\n"
               "  csp fzn model.fzn -f --var mrv --inference fc   csp's own search instead of the annotation\n"
               "  csp fzn model.fzn -s --var dom-wdeg --restarts luby --seed 3   restarts, seeded tie-breaking\n"
               "  csp fzn model.fzn -p 2 -s --progress    two searches at once, a progress line every 3 s\n"
               "  minizinc -c model.mzn data.dzn -o model.fzn  (MiniZinc compiles a model to FlatZinc)\n";
}

// The option groups of csp fzn: MiniZinc's solver flags, csp's search options and csp's output options.
struct FznGroups {
  po::options_description mzn{"MiniZinc solver flags", kHelpWidth};
  po::options_description search{"csp search", kHelpWidth};
  po::options_description output{"csp output", kHelpWidth};
};

// Adds MiniZinc's solver flags (-a -n -s -t -f -i -r -p) to `mzn`.
void add_minizinc_flags(po::options_description& mzn) {
  mzn.add_options()("all-solutions,a", po::bool_switch(),
                    "print every solution (satisfaction), each improving one (optimisation)")(
      "num-solutions,n", po::value<std::string>()->value_name("N"),
      "satisfaction: stop after N solutions, also with -a (0: no bound); an optimisation ignores it")(
      "statistics,s", po::bool_switch(), "print %%%mzn-stat: lines (nodes, failures, solveTime, ...)")(
      "time-limit,t", po::value<std::string>()->value_name("MS"),
      "stop MS milliseconds after the start (reading and building included); then =====UNKNOWN===== or the "
      "solutions found (an optimisation without -a or -i: the best one)")(
      "free-search,f", po::bool_switch(), "ignore the search annotation: search with --var / --val")(
      "intermediate,i", po::bool_switch(),
      "optimisation: print each improving solution as it is found (without -a or -i: the best one, at the end)")(
      "random-seed,r", po::value<std::string>()->value_name("SEED"),
      "the same as --seed: random tie-breaking of the orderings (0: ties by order, the default)")(
      "parallel,p", po::value<std::string>()->value_name("N"),
      "N searches on N threads, a portfolio (different seeds, orderings, restarts): the first answer wins, the "
      "bound of an optimisation is shared (1: one search, the default)");
}

// Adds every group's options: MiniZinc's flags, the shared search options (without -n, -t and -s's), --alldiff,
// --globals, --deterministic, --progress, --progress-interval and --help.
void add_fzn_options(FznGroups& g) {
  add_minizinc_flags(g.mzn);
  add_search_options(g.search, g.output, kDefaults);  // the options every command shares, without -n, -t and -s's
  add_all_different_option(g.search, kDefaults.model.alldiff, "all_different_int");
  g.search.add_options()(
      "globals", po::value<std::string>()->value_name("MODE")->default_value("native"),
      "csp's global constraints (csp_cumulative, csp_regular, ...): native propagators, or decompose into linear, "
      "reified and table constraints");
  g.search.add_options()(
      "algorithm", po::value<std::string>()->value_name("NAME")->default_value("backtracking"),
      "the search: backtracking (the options above and the search annotation; branch and bound for minimize and "
      "maximize) or lcg (clause learning over domain literals, 1-UIP, VSIDS, restarts; -a and -n N by blocking "
      "clauses, branch and bound for minimize and maximize; its own search order; --node-limit counts its "
      "decisions)");
  g.search.add_options()(
      "deterministic", po::bool_switch(),
      "with -p N: the searches run to their own ends without racing and the answer of the one with the fewest "
      "nodes is printed (the same output on every run)");
  g.output.add_options()(
      "progress", po::bool_switch(),
      "a line on standard error every few seconds (--progress-interval): elapsed time, nodes, failures, solutions, "
      "best objective")("progress-interval", po::value<std::string>()->value_name("SECONDS"),
                        "seconds between the --progress lines (default 3; a decimal, e.g. 0.5); implies --progress");
  g.output.add_options()("help,h", "print this help");
}

// The count of option `name` (written `flag` on the command line), at most `cap`: a larger value is capped, and
// standard error says so (a flag is never changed silently).
std::uint64_t capped_count(const po::variables_map& vm, const char* name, const char* flag, std::uint64_t cap,
                           const char* unit) {
  const std::string& text = vm[name].as<std::string>();
  const std::uint64_t n = parse_count(name, text, false);
  if (n <= cap) return n;
  std::cerr << "csp fzn: warning: " << flag << ' ' << text << " is more than csp's limit of " << cap << ' ' << unit
            << "; using " << cap << '\n';
  return cap;
}

// -p N (at most 256), --deterministic, --progress and --progress-interval.
void read_parallel_and_progress(const po::variables_map& vm, FznOptions& o) {
  if (vm.count("parallel") != 0) o.parallel = static_cast<int>(capped_count(vm, "parallel", "-p", 256, "searches"));
  o.deterministic = vm["deterministic"].as<bool>();
  if (vm["progress"].as<bool>()) o.progress_s = 3;
  if (vm.count("progress-interval") != 0)
    o.progress_s = parse_seconds("progress-interval", vm["progress-interval"].as<std::string>());
}

// --algorithm: backtracking, or lcg (its refusals).
void read_algorithm(const po::variables_map& vm, FznOptions& o) {
  o.algorithm = vm["algorithm"].as<std::string>();
  if (o.algorithm == "backtracking") return;
  if (o.algorithm != "lcg")
    throw UsageError("--algorithm: unknown name '" + o.algorithm + "' (csp fzn runs backtracking or lcg)");
  refuse_backtracking_flags(vm, o.algorithm);
  if (o.parallel > 1) throw UsageError("-p N runs backtracking searches: not with --algorithm lcg");
}

// The options of a parsed command line (not --help). Throws UsageError.
FznOptions read_values(const po::variables_map& vm) {
  if (vm.count("file") == 0) throw UsageError("give a FlatZinc file, e.g. 'csp fzn model.fzn'");
  FznOptions o;
  o.file = vm["file"].as<std::string>();
  o.all = vm["all-solutions"].as<bool>();
  o.intermediate = o.all || vm["intermediate"].as<bool>();
  o.statistics = vm["statistics"].as<bool>();
  o.free_search = vm["free-search"].as<bool>();
  // MiniZinc's -n N is an upper bound on the solutions printed, also with -a; -n 0 is no bound (as Gecode reads it).
  if (o.all) o.solutions = 0;
  if (vm.count("num-solutions") != 0)
    o.solutions = parse_count("num-solutions", vm["num-solutions"].as<std::string>(), true);
  o.search = read_search_options(vm);  // --var .. --learning, --trace, --tree (and the rules between them)
  read_seed(vm, o.search);
  read_parallel_and_progress(vm, o);
  o.var_given = !vm["var"].defaulted();
  o.val_given = !vm["val"].defaulted();
  o.branching_given = !vm["branching"].defaulted();
  if (vm.count("time-limit") != 0)
    o.search.timeout_ms =
        static_cast<std::int64_t>(capped_count(vm, "time-limit", "-t", 1000ULL * 3600 * 24 * 365, "ms (a year)"));
  o.all_different = read_all_different_mode(vm);
  read_algorithm(vm, o);
  try {
    o.globals = parse_globals(vm["globals"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--globals: ").append(e.what()));
  }
  return o;
}

// Parses the command line; with --help prints the help and sets `help`. Throws UsageError.
FznOptions read_options(const std::vector<std::string>& args, bool& help) {
  FznGroups g;
  add_fzn_options(g);
  po::options_description all;
  all.add(g.mzn).add(g.search).add(g.output);
  all.add_options()("file", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("file", 1);
  const po::variables_map vm = parse_command_line(args, all, positional);
  help = vm.count("help") != 0;
  if (help) {
    print_help(g.mzn, g.search, g.output);
    return FznOptions{};
  }
  return read_values(vm);
}

std::string source_name(const FznOptions& o) { return o.file == "-" ? "<stdin>" : o.file; }

// The build options of -g, -f and --alldiff; SIGINT / SIGTERM or -t's time limit stop a build as they stop a search.
fzn::BuildOptions build_options(const FznOptions& o) {
  const std::atomic<bool>* interrupted = interrupt_flag();
  const auto deadline = o.search.started + std::chrono::milliseconds(o.search.timeout_ms);
  const bool timed = o.search.timeout_ms > 0;
  fzn::BuildOptions build;
  build.all_different = o.all_different;
  build.globals = o.globals;
  build.use_annotations = !o.free_search;
  build.stop = [=] {
    return interrupted->load(std::memory_order_relaxed) || (timed && std::chrono::steady_clock::now() >= deadline);
  };
  return build;
}

// Reads and builds the FlatZinc model of o.file (with --why-unsat, keeps its syntax tree in `syntax`); SIGINT /
// SIGTERM or -t's time limit stop the read. Throws UsageError, ModelError (FlatZincError: FILE:LINE: reason),
// fzn::ReadStopped.
fzn::FlatZincModel read_model(const FznOptions& o, std::optional<fzn::Model>& syntax) {
  const fzn::BuildOptions build = build_options(o);
  fzn::Model ast = fzn::read_flatzinc_file(o.file, build.stop);
  if (o.search.why_unsat) syntax = ast;  // --why-unsat builds subsets of the items again
  return fzn::build_flatzinc(std::move(ast), source_name(o), build);
}

// --why-unsat after a proof of no solution: a minimal set of the model's items (or of the MiniZinc constraints they
// came from) without a solution, on standard error (standard output is MiniZinc's).
void write_why_unsat(const fzn::Model& syntax, const FznOptions& o, const RunSpec& spec) {
  const std::vector<fzn::FlatZincPart> parts = fzn::flatzinc_parts(syntax, source_name(o));
  std::vector<ModelPart> named;  // for the text: every part is constraints
  for (const fzn::FlatZincPart& p : parts) named.push_back({p.name, {0}, {}});
  RunSpec each = spec;  // -t: what is left of it
  if (o.search.timeout_ms > 0) {
    const auto left =
        o.search.started + std::chrono::milliseconds(o.search.timeout_ms) - std::chrono::steady_clock::now();
    each.search.limits.time_limit =
        std::max(std::chrono::microseconds(1), std::chrono::duration_cast<std::chrono::microseconds>(left));
  }
  each.search.limits.interrupt = interrupt_flag();
  try {  // a subset builds as the whole model did; should one not, the answer is lost, not the run's output
    std::cerr << why_unsat_text(named, fzn::flatzinc_why_unsat(syntax, source_name(o), build_options(o), parts, each));
  } catch (const Error& e) {
    std::cerr << "csp fzn: --why-unsat: " << e.what() << '\n';
  }
}

// Each phase of the search annotation among its own variables (not with -f); where the annotation leaves a choice
// open, and for what --var / --val do not give, the default (or --preset's) orderings.
void apply_annotation(const fzn::FlatZincModel& model, FznOptions& o) {
  if (o.free_search || model.search.phases.empty()) return;
  SolverConfig& config = o.search.config;
  if (!o.var_given)
    config.variable_ordering = fzn::phased_variable_ordering(model.search, config.variable_ordering.name());
  if (!o.val_given) config.value_ordering = fzn::phased_value_ordering(model.search, config.value_ordering.name());
  // int_search branches as MiniZinc's solvers do (fzn::phased_branching: binary, or split where every phase says
  // indomain_split) unless --branching says otherwise or --backjump cbj needs d-way. Measured on the corpus's 32
  // annotated models (bench/LOG.md): 0.96x d-way's time in geometric mean, Gecode's very tree on parity-learning,
  // nonogram and solbat, city-position 3.7x and fillomino 1.3x faster, p1f and rcpsp a few ms slower.
  if (!o.branching_given && config.backjumping == "none") config.branching = "binary";
  // Under binary branching an annotation's split is followed to the letter (x <= m, then x > m):
  // SolverConfig::branching is one choice for the whole search. Not with --val, nor with --trace or --tree, which
  // show assignments only.
  if (config.branching != "binary" || o.val_given || o.search.trace || !o.search.tree_file.empty()) return;
  config.branching = fzn::phased_branching(model.search);
}

// The variables solutions are distinct on (MiniZinc's semantics: hidden variables are not always marked as
// introduced): the output variables; without output items, the model's own variables (model.search_variable_count).
std::vector<VarId> distinct_variables(const fzn::FlatZincModel& model) {
  std::vector<VarId> distinct_by;
  for (const fzn::OutputItem& item : model.outputs)
    for (const fzn::Term& t : item.terms)
      if (t.is_var()) distinct_by.push_back(t.var);
  if (model.outputs.empty())
    for (VarId x = 0; x < model.search_variable_count; ++x) distinct_by.push_back(x);
  std::sort(distinct_by.begin(), distinct_by.end());
  distinct_by.erase(std::unique(distinct_by.begin(), distinct_by.end()), distinct_by.end());
  return distinct_by;
}

// solve minimize / maximize of a constant (MiniZinc flattens `solve minimize 3` so): every solution is optimal.
bool constant_objective(const fzn::FlatZincModel& model) {
  return model.goal != fzn::SolveItem::Goal::satisfy && !model.objective.is_var();
}

// The run specification: each solution verified against the FlatZinc constraints; minimize / maximize of a variable
// is branch and bound (RunSpec::objective), satisfaction stops after -n N solutions, counted by the engine's
// projection on distinct_variables (improving solutions differ in their objective: never duplicates).
RunSpec fzn_spec(const fzn::FlatZincModel& model, const FznOptions& o) {
  RunSpec spec;
  spec.algorithm = o.algorithm;
  spec.search = config_now(o.search);
  spec.search.keep_solutions = 0;
  spec.search.assign_fixed = true;  // a fixed variable is assigned, as MiniZinc solvers count nodes (decisions only)
  spec.verify = [&model](const Assignment& a) { return model.verify(a); };
  const bool optimising = model.goal != fzn::SolveItem::Goal::satisfy;
  if (optimising && !constant_objective(model)) {
    const Sense sense = model.goal == fzn::SolveItem::Goal::minimize ? Sense::minimize : Sense::maximize;
    spec.objective = Objective{model.objective.var, sense};
  } else {  // a constant objective: any solution is optimal, so the first one ends the search (write_ending)
    spec.search.max_solutions = constant_objective(model) ? 1 : o.solutions;
  }
  std::vector<VarId> distinct_by = distinct_variables(model);
  if (!optimising && static_cast<int>(distinct_by.size()) < model.problem.variable_count())
    spec.search.projection = std::move(distinct_by);
  return spec;
}

// The line after the solutions: =====UNSATISFIABLE===== (none, search complete), =====UNKNOWN===== (none, a limit),
// ========== (satisfaction: every solution printed; optimisation: the optimum proved, by any solution when the
// objective is a constant), or nothing.
void write_ending(const fzn::FlatZincModel& model, const RunResult& result, std::uint64_t found) {
  const bool exhausted = result.stop == StopReason::complete || constant_objective(model);
  const bool claims_all = (found == 0 && result.complete) || (found > 0 && exhausted);
  if (found == 0 && result.complete)
    std::cout << "=====UNSATISFIABLE=====\n";
  else if (found == 0)
    std::cout << "=====UNKNOWN=====\n";
  else if (exhausted)
    std::cout << "==========\n";
  if (claims_all && !model.unbounded.empty())  // the answer's scope, never left unsaid
    std::cerr << "csp fzn: note: " << model.unbounded.size() << " variable"
              << (model.unbounded.size() == 1 ? " was" : "s were") << " declared without bounds (var int, e.g. '"
              << model.problem.variable(model.unbounded.front()).name() << "') and searched within -"
              << fzn::kWidestDomain << ".." << fzn::kWidestDomain << ": the answer holds within that range\n";
}

// With -s: the search annotation's notes, with -p N the number of searches, then the %%%mzn-stat block.
void write_run_statistics(const fzn::FlatZincModel& model, const FznOptions& o, const RunResult& result,
                          std::size_t searches, double init_s) {
  if (!o.statistics) return;
  if (o.algorithm == "backtracking")
    for (const std::string& note : model.search.notes) std::cout << "%%%mzn-stat: searchNote=\"" << note << "\"\n";
  else
    std::cout << "%%%mzn-stat: searchNote=\"--algorithm " << o.algorithm << ": its own search order\"\n";
  if (o.parallel > 1) std::cout << "%%%mzn-stat: searches=" << searches << '\n';
  for (const auto& [name, value] : result.algorithm_counters)
    std::cout << "%%%mzn-stat: " << name << '=' << value << '\n';
  write_statistics(std::cout, model, result, init_s);
}

// Searches the built model, printing each solution as MiniZinc does ("x = 3;" lines, "----------"), then the
// ending and with -s the statistics. An optimisation without -a or -i prints only its best solution, once the
// search ends (at the optimum, a limit or SIGINT / SIGTERM), as the FlatZinc standard options say and Gecode does:
// city-position's 668 improving solutions were 1,336 writes, a fifth of its time through a pipe. Returns the
// exit status (usage errors of the search: 2; a wrong solution: 1).
int search_and_print(const fzn::FlatZincModel& model, const std::optional<fzn::Model>& syntax, const FznOptions& o,
                     RunSpec spec, double init_s) {
  const RunSpec why_spec = spec;
  std::uint64_t found = 0;
  const bool best_only = spec.objective.has_value() && !o.intermediate;
  std::string best;                                     // best_only: the latest (best) solution, formatted
  spec.search.on_solution = [&](const Assignment& a) {  // verified by csp::solve; calls are serialised
    ++found;
    if (best_only) {
      best = model.format(a);
      return true;
    }
    std::cout << model.format(a) << "----------\n";
    std::cout.flush();
    return true;
  };
  spec.search.limits.interrupt = interrupt_flag();  // SIGINT / SIGTERM (caught from the start: run_fzn)
  RunResult result;
  std::size_t searches = 1;       // -p N: how many searches ran (a count or an enumeration runs one)
  if (interrupt_signal() != 0) {  // the signal came while the model was read or built: no search, no answer
    result.stop = StopReason::interrupted;
    write_ending(model, result, 0);
    write_run_statistics(model, o, result, 0, init_s);
    return 0;
  }
  try {
    watch_progress(o, model.goal != fzn::SolveItem::Goal::satisfy, spec);
    result = run_search(model, o, std::move(spec), searches);
  } catch (const UsageError& e) {
    return usage_error("fzn", e.what());
  }
  if (result.stop == StopReason::wrong_solution) {
    std::cerr << "csp fzn: internal error: a solution violates " << result.wrong << '\n';
    return 1;
  }
  result.solution_count = found;
  if (best_only && found > 0) std::cout << best << "----------\n";
  write_ending(model, result, found);
  if (syntax && found == 0 && result.complete)
    write_why_unsat(*syntax, o, why_spec);
  else if (syntax)
    std::cerr << why_unsat_not_asked(found > 0);
  write_run_statistics(model, o, result, searches, init_s);
  return 0;
}

}  // namespace

int run_fzn(const std::vector<std::string>& args) {
  const auto started = std::chrono::steady_clock::now();
  FznOptions o;
  fzn::FlatZincModel model;
  std::optional<fzn::Model> syntax;  // --why-unsat: the items, to build subsets of them again
  try {
    bool help = false;
    o = read_options(args, help);
    if (help) return 0;
    catch_interrupts();  // from here on SIGINT / SIGTERM stop the run as a time limit does
    o.search.started = started;
    model = read_model(o, syntax);
  } catch (const UsageError& e) {
    return usage_error("fzn", e.what());
  } catch (const ModelError& e) {  // FlatZincError included: FILE:LINE: reason
    return usage_error("fzn", e.what());
  } catch (const fzn::ReadStopped&) {  // a signal or -t during the read: as a search stopped before any solution
    std::cout << "=====UNKNOWN=====\n";
    if (o.statistics)
      std::cout << "%%%mzn-stat: initTime="
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
                << "\n%%%mzn-stat: solveTime=0\n%%%mzn-stat-end\n";
    return 0;
  }
  apply_annotation(model, o);
  const std::string& backjumping = o.search.config.backjumping;
  if (model.goal != fzn::SolveItem::Goal::satisfy && model.objective.is_var() && backjumping != "none")
    return usage_error("fzn", "--backjump " + backjumping + " does not work with solve " +  // as csp color --least
                                  (model.goal == fzn::SolveItem::Goal::minimize ? "minimize" : "maximize") +
                                  " (branch and bound); it works with solve satisfy");
  RunSpec spec = fzn_spec(model, o);
  const double init_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!model.unsatisfiable.empty()) {
    std::cout << "=====UNSATISFIABLE=====\n";
    if (syntax) write_why_unsat(*syntax, o, spec);
    if (o.statistics) write_statistics(std::cout, model, SearchResult{}, init_s);
    return 0;
  }
  return search_and_print(model, syntax, o, std::move(spec), init_s);
}

}  // namespace csp::cli
