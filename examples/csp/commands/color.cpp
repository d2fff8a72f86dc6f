// csp color: graph colouring of a DIMACS .col file or of a bundled map (Australia, USA) with K colours, or the
// least K (the chromatic number) by branch and bound (models::least_coloring, RunSpec::objective).
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/search/solve.hpp"
#include "options/algorithm_options.hpp"
#include "output/run_observers.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// What is coloured: the catalogue's instance (csp/models/catalog.hpp: australia, usa or graph) and its title.
struct Instance {
  std::string title;
  models::CatalogInstance colouring;  // its graph (the header, --least) and its build (-k K)
  const models::Graph& graph() const { return *colouring.graph; }
};

// --map NAME or FILE.col as the catalogue's instance with `colors` colours (any K >= 1 for --least, which only reads
// the graph and the vertex names). Throws UsageError for an unknown map or an unreadable or malformed file.
Instance load(const po::variables_map& vm, int colors) {
  const bool has_map = vm.count("map") != 0;
  Instance instance;
  models::CatalogInputs inputs;
  inputs.numbers = {colors};
  std::string entry = "graph";
  if (has_map) {
    entry = vm["map"].as<std::string>();
    if (entry != "australia" && entry != "usa")
      throw UsageError(std::string("--map: unknown map '").append(entry).append("' (valid: australia, usa)"));
    instance.title = entry;
  } else {
    instance.title = vm["file"].as<std::string>();
    inputs.files = {instance.title};  // opened once, at most 256 MiB (text_input.hpp)
  }
  try {
    instance.colouring = models::catalog_instances(entry, inputs).front();
  } catch (const Error& e) {
    throw UsageError(e.what());
  }
  for (const std::string& w : instance.graph().warnings) std::cerr << "csp color: warning: " << w << '\n';
  return instance;
}

// Prints the colouring, one "name = colour" line each (the catalogue's picture of `model`), after checking it is
// proper. Returns false when not.
bool print_coloring(const Instance& instance, const models::BuiltModel& model, const Assignment& a, int colors) {
  if (!models::is_proper_coloring(instance.graph(), a)) {
    std::cerr << "csp color: internal error: the solver returned a colouring that is not proper\n";
    return false;
  }
  std::cout << instance.title << ": " << colors << (colors == 1 ? " colour" : " colours")
            << " (checked: no edge joins two vertices of one colour)\n"
            << model.picture(a);
  return true;
}

// Adds the colouring options to the Model group: --map, -k, --least, --break-symmetry.
void add_color_options(ModelCommandLine& cl) {
  cl.model.add_options()("map", po::value<std::string>()->value_name("NAME"),
                         "colour a bundled map instead of a file: australia, usa")(
      "colors,k", po::value<std::string>()->value_name("K"), "the number of colours")(
      "least", po::bool_switch(), "find the least K (the chromatic number) by branch and bound, and prove it")(
      "break-symmetry", po::bool_switch(),
      "colours are interchangeable: keep one colouring per renaming of the colours (value precedence)");
}

// Prints `csp color --help`.
void print_help(const ModelCommandLine& cl) {
  std::cout << "Usage: csp color FILE.col -k K [OPTIONS]\n"
               "       csp color --map australia|usa -k K [OPTIONS]\n"
               "       csp color (FILE.col | --map NAME) --least [OPTIONS]\n\n"
               "Colours the vertices of a graph (a DIMACS .col file: 'p edge V E', then 'e U W' lines) or the\n"
               "regions of a map so that neighbours differ (AIMA 4th ed. §6.1.1). Prints one 'name = colour' line\n"
               "per vertex or region; every colouring is checked to be proper before it is printed.\n\n"
               "--least minimises a variable 'colors' (vertex < colors for every vertex) by branch and bound\n"
               "(Dechter, Constraint Processing, ch. 13): one search that, after each colouring with K colours,\n"
               "allows only K - 1 from then on, until none is left, which proves the last K least. It prints\n"
               "the bounds (a clique, whose vertices are pre-coloured to cut symmetric colourings, and a greedy\n"
               "colouring, which caps every vertex's colours), each better colouring found ('coloured with K')\n"
               "and the least K with the proof that K - 1 is impossible (the clique, or the complete search).\n\n"
               "--break-symmetry declares the colours interchangeable (AIMA 4th ed. §6.5): vertex 1 (the first\n"
               "region) takes colour 1 and each next one at most one more than the largest colour used before\n"
               "it, so of the colourings that differ only by renaming the colours one is kept (Australia with\n"
               "3 colours: 18 colourings, 3 with it; a proof that K colours fail needs 1/K! of the search).\n"
            << help_text(cl.visible())
            << "\nExit status: 0 coloured (with --least: the least K proved), 1 no colouring with K colours or a\n"
               "limit stopped the search (--least then prints the best colouring found and the bounds), 2 usage\n"
               "error (unknown option or map, unreadable or malformed file), 130 / 143 SIGINT / SIGTERM stopped the\n"
               "search (the colouring found so far, or --least's best and its bounds, printed first).\n\n"
               "Examples:\n"
               "  csp color --map australia -k 3               AIMA Fig. 6.1\n"
               "  csp color --map australia -k 3 --max-solutions 0 --break-symmetry   3 colourings (18 without)\n"
               "  csp color --map usa --least --stats           4 colours; 3 proved impossible\n"
               "  csp color myciel3.col --least\n"
               "  csp color queen5_5.col -k 5 --var dom-wdeg --inference mac\n";
}

// What csp color runs: the instance, the search options, K (0 with --least) and the switches.
struct ColorRun {
  Instance instance;
  SearchOptions options;
  int colors = 0;
  bool least = false;
  bool break_symmetry = false;
};

// -k K (1..10000), 0 when not given.
int read_colors(const po::variables_map& vm) {
  if (vm.count("colors") == 0) return 0;
  const std::uint64_t k = parse_count("-k", vm["colors"].as<std::string>(), false);
  if (k > 10000) throw UsageError("-k must be at most 10000");
  return static_cast<int>(k);
}

// The options --least refuses: --max-solutions, an --algorithm that does not optimise, --backjump cbj, --why-unsat.
void check_least(const SearchOptions& options) {
  if (options.config.max_solutions != 1) throw UsageError("--least finds one colouring: drop --max-solutions");
  if (!algorithms().get(options.algorithm).fn.optimises)
    throw UsageError("--least is branch and bound (backtracking or lcg): drop --algorithm " + options.algorithm);
  if (options.config.backjumping != "none") throw UsageError("--least (branch and bound) does not take --backjump cbj");
  if (options.why_unsat)
    throw UsageError(
        "--least always finds a colouring, so there is no unsatisfiability to explain: drop --why-unsat "
        "(or ask it with -k K)");
}

// Reads and checks the options, and loads the instance. Throws UsageError.
ColorRun read_color(const po::variables_map& vm) {
  const bool has_file = vm.count("file") != 0;
  const bool has_map = vm.count("map") != 0;
  if (has_file == has_map) throw UsageError("give either a .col file or --map NAME (valid: australia, usa)");
  ColorRun run;
  run.least = vm["least"].as<bool>();
  run.colors = read_colors(vm);
  if (run.least == (run.colors != 0)) throw UsageError("give either -k K or --least");
  run.break_symmetry = vm["break-symmetry"].as<bool>();
  if (run.least && run.break_symmetry)
    throw UsageError("--break-symmetry works with -k K; --least already pre-colours a clique to cut the symmetry");
  run.options = read_search_options(vm);
  if (run.least) check_least(run.options);
  run.instance = load(vm, run.least ? 1 : run.colors);
  return run;
}

// `message` with the option named -k (Boost.Program_options names it by its long alias, --colors).
std::string with_k(std::string message) {
  for (std::size_t at; (at = message.find("'--colors'")) != std::string::npos;) message.replace(at, 10, "'-k'");
  return message;
}

// "TITLE: V vertices, E edges".
void print_size(const Instance& instance) {
  const models::Graph& graph = instance.graph();
  const std::size_t edges = graph.edges.size();
  std::cout << instance.title << ": " << graph.vertex_count << (graph.vertex_count == 1 ? " vertex, " : " vertices, ")
            << edges << (edges == 1 ? " edge\n" : " edges\n");
}

// -k K: one colouring (or with --max-solutions the count and the first), or why there is none.
int run_k_colors(const ColorRun& run) {
  models::BuildChoices choices;
  choices.break_symmetry = run.break_symmetry;
  const std::unique_ptr<models::BuiltModel> model = run.instance.colouring.build(choices);
  const SearchOptions& options = run.options;
  return solve_model("color", *model, options, [&](const RunResult& result) {
    if (result.solutions.empty()) {
      std::cout << "no colouring with " << run.colors << (run.colors == 1 ? " colour: " : " colours: ")
                << ending(result, options) << '\n';
      return true;
    }
    if (options.config.max_solutions != 1)
      std::cout << count_text(result, options, "colouring", "colourings") << "; the first:\n";
    return print_coloring(run.instance, *model, result.solutions.front(), run.colors);
  });
}

// --least: the branch and bound model over the catalogue's vertex names (map regions, or v1..vN), its bounds printed.
models::LeastColoring least_model(const Instance& instance, const models::BuiltModel& model) {
  const models::Graph& graph = instance.graph();
  std::vector<std::string> names;
  for (VarId v = 0; v < graph.vertex_count; ++v) names.push_back(model.problem().variable(v).name());
  models::LeastColoring m = models::least_coloring(graph, names);
  std::cout << "bounds: a clique of " << m.clique << (m.clique == 1 ? " vertex" : " vertices")
            << " (at least as many colours), a greedy colouring with " << m.greedy
            << (m.greedy == 1 ? " colour\n" : " colours\n");
  return m;
}

// --least's search: minimise `colors`, the vertices' colouring checked, "coloured with K (MS ms)" at each better one.
RunResult solve_least(const models::LeastColoring& m, const models::BuiltModel& model, const SearchOptions& options) {
  RunSpec spec = run_spec(options, model);  // the vertices' colouring checked; `colors` is not read
  spec.objective = Objective{m.colors, Sense::minimize};
  spec.search.on_solution = [&](const Assignment& a) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - options.started);
    std::cout << "coloured with " << a.value(m.colors) << " (" << ms.count() << " ms)\n";
    return true;
  };
  return solve(m.problem, options, std::move(spec));
}

// The complete search's answer: the least K, why K - 1 fails (the clique, or the search), the colouring.
bool print_least(const Instance& instance, const models::BuiltModel& model, const models::LeastColoring& m,
                 const RunResult& result, const Assignment& best) {
  const int k = static_cast<int>(*result.objective);
  std::cout << "least number of colours: " << k;
  if (k > 1) {
    std::cout << " (" << k - 1 << " proved impossible: ";
    if (k == m.clique)
      std::cout << "a clique of " << k << " vertices)";
    else
      std::cout << "search complete, " << result.stats.assignments << " assignments, " << result.stats.backtracks
                << " backtracks, " << result.stats.elapsed_us << " us)";
  }
  std::cout << '\n';
  return print_coloring(instance, model, best, k);
}

// --least: branch and bound on the number of colours (models::least_coloring, RunSpec::objective).
int run_least(const ColorRun& run) {
  const Instance& instance = run.instance;
  const SearchOptions& options = run.options;
  const std::unique_ptr<models::BuiltModel> model = instance.colouring.build({});
  const models::LeastColoring m = least_model(instance, *model);
  const RunResult result = solve_least(m, *model, options);
  if (report_wrong_solution("color", result)) return 1;
  std::optional<Assignment> best;  // the last colouring found, on the vertices only
  if (!result.solutions.empty()) {
    best = Assignment(instance.graph().vertex_count);
    for (VarId v = 0; v < instance.graph().vertex_count; ++v) best->assign(v, result.solutions.back().value(v));
  }
  if (result.status == Status::solved) {  // complete: the last colouring is optimal
    const bool ok = print_least(instance, *model, m, result, *best);
    write_stats(std::cout, result, options);
    return ok ? 0 : 1;
  }
  // A limit stopped the search (the model always has a solution: the greedy colouring's number of colours).
  std::cout << ending(result, options) << '\n' << "least number of colours: unknown (at least " << m.clique;
  if (best) std::cout << ", at most " << *result.objective;
  std::cout << ")\n";
  if (best && !print_coloring(instance, *model, *best, static_cast<int>(*result.objective))) return 1;
  write_stats(std::cout, result, options);
  return exit_status(result);  // 1, or 128 + the signal after SIGINT / SIGTERM
}

}  // namespace

int run_color(const std::vector<std::string>& args) {
  ModelCommandLine cl(model_search_defaults("graph"), "file");  // australia and usa share graph's (catalog.cpp)
  add_color_options(cl);
  ColorRun run;
  const auto read = [&run](const po::variables_map& vm) { run = read_color(vm); };
  if (const std::optional<int> ended = read_command_line(
          "color", cl, args, [&cl] { print_help(cl); }, read, with_k))
    return *ended;
  print_size(run.instance);
  return run.least ? run_least(run) : run_k_colors(run);
}

}  // namespace csp::cli
