// csp graph MODEL ...: the constraint graph of a model (Boost.Graph, AIMA 4th ed. §6.1): its size, degrees,
// components and whether it is a tree, and with --dot FILE its Graphviz text.
#include <algorithm>
#include <boost/program_options.hpp>
#include <iomanip>
#include <iostream>
#include <optional>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/graph/constraint_graph.hpp"
#include "csp/graph/tree_solver.hpp"
#include "csp/models/catalog.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku/format.hpp"
#include "output/output.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// The argument an entry of the catalogue takes after its name: its file, its text, or its size (a colouring's number
// of colours does not change its graph: it takes none); "" when it takes nothing.
std::string argument_of(const models::CatalogEntry& e) {
  if (e.name == "graph") return "FILE.col";
  if (e.takes_files) return "FILE";
  if (e.takes_puzzles) return "TEXT";
  if (!e.number_option.empty() && !e.value_symmetry) return "N";
  return "";
}

// "sudoku FILE, queens N, australia, ...": the catalogue's models and their arguments.
std::string model_list() {
  std::string out;
  for (const models::CatalogEntry& e : models::catalog()) {
    out.append(out.empty() ? "" : ", ").append(e.name);
    if (const std::string arg = argument_of(e); !arg.empty()) out.append(" ").append(arg);
    if (e.name == "graph") out.append(" (or just FILE.col)");
  }
  return out;
}

bool ends_with_col(const std::string& s) { return s.size() > 4 && s.substr(s.size() - 4) == ".col"; }

// The catalogue's inputs for `entry` from the word after its name (`arg`, "" when none).
models::CatalogInputs inputs_of(const models::CatalogEntry& entry, const std::string& arg,
                                std::optional<models::BoxShape> box) {
  models::CatalogInputs inputs;
  const std::string kind = argument_of(entry);
  if (entry.takes_files) inputs.files = {arg};
  if (entry.takes_puzzles) inputs.puzzles = {arg};
  if (kind == "N") inputs.numbers = {static_cast<int>(parse_count("N", arg, false))};
  if (kind == "N" && inputs.numbers[0] > entry.max_number)
    throw UsageError(std::string("N must be at most ").append(std::to_string(entry.max_number)));
  if (entry.value_symmetry) inputs.numbers = {3};  // any number of colours: the graph is the same
  if (box && !entry.takes_box) throw UsageError("--box applies to 'sudoku FILE' only");
  inputs.box = box;
  return inputs;
}

// The model named by the positional arguments (a catalogue entry and its argument; "color FILE" and a bare
// FILE.col are the entry "graph"), built with `choices`. Throws UsageError for an unknown model, missing or extra
// arguments, or an unreadable or malformed file.
std::unique_ptr<models::BuiltModel> build(std::vector<std::string> words, const models::BuildChoices& choices,
                                          std::optional<models::BoxShape> box) {
  if (words.empty()) throw UsageError(std::string("give a model (valid: ").append(model_list()).append(")"));
  if (ends_with_col(words[0])) words.insert(words.begin(), "graph");
  if (words[0] == "color") words[0] = "graph";
  const models::CatalogEntry* entry = nullptr;
  for (const models::CatalogEntry& e : models::catalog())
    if (e.name == words[0]) entry = &e;
  if (entry == nullptr)
    throw UsageError(
        std::string("unknown model '").append(words[0]).append("' (valid: ").append(model_list()).append(")"));
  const std::string kind = argument_of(*entry);
  if (words.size() != (kind.empty() ? 1U : 2U))
    throw UsageError(std::string("'").append(words[0]).append("' takes ").append(kind.empty() ? "no argument" : kind));
  return build_model(entry->name, inputs_of(*entry, kind.empty() ? "" : words[1], box), choices);
}

// The options of csp graph: --dot, --box, --formulation, --help and --alldiff.
void add_graph_options(po::options_description& opts) {
  opts.add_options()("dot", po::value<std::string>()->value_name("FILE"),
                     "write the graph in Graphviz DOT to FILE ('-': stdout)")(
      "box", po::value<std::string>()->value_name("RxC"),
      "sudoku: the box shape of the puzzle, as 'csp sudoku --box' (needed for 6x6 as 3x2, 12x12 as 4x3, ...)")(
      "formulation", po::value<std::string>()->value_name("NAME")->default_value("binary"),
      "queens: binary or all-different")("help,h", "print this help");
  add_all_different_option(opts, AllDifferentMode::binary,
                           "sudoku's units, zebra's groups, a cryptarithm's letters (a global constraint adds a clique "
                           "over its scope either way)");
}

// Prints `csp graph --help`; returns 0.
int print_help(const po::options_description& options) {
  std::cout << "Usage: csp graph MODEL [ARGS] [--dot FILE]\n\n"
               "Builds a model's constraint graph (vertices: variables; an edge joins two variables that share a\n"
               "constraint, AIMA 4th ed. §6.1) with Boost.Graph and prints its size, degrees (min, max, mean),\n"
               "connected components, whether it is a tree (then the tree-CSP solver applies) and a cycle\n"
               "cutset (AIMA §6.5.1: variables whose removal leaves a forest; found greedily, not always the least).\n"
               "MODEL: "
            << model_list() << ".\n"
            << help_text(options)
            << "\nExit status: 0 done, 2 usage error (unknown model or option, unreadable or malformed file).\n\n"
               "Examples:\n"
               "  csp graph queens 8 --dot queens8.dot && dot -Tsvg queens8.dot > queens8.svg\n"
               "  csp graph australia --dot -\n"
               "  csp graph myciel3.col\n"
               "  csp graph sudoku puzzles/classic.txt       the first puzzle's graph (20 neighbours per cell)\n"
               "  csp graph sudoku --box 3x2 six.txt         a 6x6 puzzle with boxes of 3 rows and 2 columns\n";
  return 0;
}

// queens: --formulation all-different posts its all-different constraints as --alldiff says, binary the pairwise
// predicates; other models keep `mode`. Throws UsageError for an unknown formulation.
AllDifferentMode queens_mode(const po::variables_map& vm, const std::vector<std::string>& words,
                             AllDifferentMode mode) {
  const std::string formulation = vm["formulation"].as<std::string>();
  try {
    if (!words.empty() && words[0] == "queens")
      return models::parse_queens_formulation(formulation) == models::QueensFormulation::binary
                 ? AllDifferentMode::binary
                 : AllDifferentMode::value;
  } catch (const UnknownNameError& e) {
    throw UsageError(e.what());
  }
  return mode;
}

// What csp graph shows: the model, its title (the words that name it) and the --dot target ("" none, "-" stdout).
struct GraphRun {
  std::string dot;
  std::unique_ptr<models::BuiltModel> built;
  std::string title;
};

// Reads the options and builds the model the words name. Throws UsageError.
GraphRun read_graph(const po::variables_map& vm) {
  GraphRun run;
  if (vm.count("dot") != 0) run.dot = vm["dot"].as<std::string>();
  models::BuildChoices choices;
  choices.alldiff = read_all_different_mode(vm);
  const std::vector<std::string> words =
      vm.count("model") != 0 ? vm["model"].as<std::vector<std::string>>() : std::vector<std::string>{};
  const std::optional<models::BoxShape> box = read_box_option(vm);
  choices.alldiff = queens_mode(vm, words, choices.alldiff);
  run.built = build(words, choices, box);
  for (const std::string& w : words) run.title.append(run.title.empty() ? "" : " ").append(w);
  return run;
}

// "K noun" with the noun for one or many.
template <typename Count>
std::string counted(Count k, const char* one, const char* many) {
  return std::to_string(k).append(" ").append(k == 1 ? one : many);
}

// The graph's size, degrees (min, max, mean), components and whether it is a tree or a forest.
void write_shape(std::ostream& out, const Problem& problem, const ConstraintGraph& graph, const std::string& title) {
  const int n = graph.vertex_count();
  int lo = 0;
  int hi = 0;
  for (VarId x = 0; x < n; ++x) {
    lo = x == 0 ? graph.degree(x) : std::min(lo, graph.degree(x));
    hi = std::max(hi, graph.degree(x));
  }
  const double mean = n == 0 ? 0.0 : 2.0 * graph.edge_count() / n;
  out << "constraint graph of " << title << ": " << counted(n, "variable", "variables") << ", "
      << counted(graph.edge_count(), "edge", "edges") << " ("
      << counted(problem.constraint_count(), "constraint", "constraints") << ")\n"
      << "degree: min " << lo << ", max " << hi << ", mean " << std::fixed << std::setprecision(2) << mean << '\n'
      << "components: " << graph.component_count() << '\n'
      << "tree: " << (graph.is_tree() ? "yes" : "no") << " (forest: " << (graph.is_forest() ? "yes" : "no") << ")\n";
}

// A cycle cutset (AIMA §6.5.1, found greedily by find_cycle_cutset): its size, then its variables (the first 20).
void write_cutset(std::ostream& out, const Problem& problem) {
  const std::vector<VarId> cutset = find_cycle_cutset(problem);
  out << "cycle cutset: " << counted(cutset.size(), "variable", "variables");
  for (std::size_t i = 0; i < cutset.size() && i < 20; ++i)
    out << (i == 0 ? ": " : ", ") << problem.variable(cutset[i]).name();
  if (cutset.size() > 20) out << ", ...";
  out << (cutset.empty() ? " (a forest: --algorithm tree applies)\n" : " (--algorithm cutset conditions on them)\n");
}

// --dot FILE: the Graphviz text on stdout ("-") or in FILE (every write and the close checked: a full disk is an
// error, exit 2), then "wrote FILE" on `out`.
void write_dot(std::ostream& out, const ConstraintGraph& graph, const std::string& dot) {
  if (dot == "-") {
    graph.write_dot(std::cout);
  } else if (!dot.empty()) {
    OutputFile file("--dot", dot);
    graph.write_dot(file.stream());
    file.close();
    out << "wrote " << dot << '\n';
  }
}

}  // namespace

int run_graph(const std::vector<std::string>& args) {
  po::options_description opts{"Options", kHelpWidth};
  add_graph_options(opts);
  po::options_description hidden;
  hidden.add_options()("model", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description positional;
  positional.add("model", -1);
  GraphRun run;
  try {
    const po::variables_map vm = parse_command_line(args, all, positional);
    if (vm.count("help") != 0) return print_help(opts);
    run = read_graph(vm);
  } catch (const UsageError& e) {
    return usage_error("graph", e.what());
  }
  const Problem& problem = run.built->problem();
  const ConstraintGraph graph(problem);
  std::ostream& out = run.dot == "-" ? std::cerr : std::cout;  // the DOT text alone on stdout with --dot -
  write_shape(out, problem, graph, run.title);
  write_cutset(out, problem);
  write_dot(out, graph, run.dot);
  return 0;
}

}  // namespace csp::cli
