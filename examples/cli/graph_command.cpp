// csp graph MODEL ...: the constraint graph of a model (Boost.Graph, AIMA 4th ed. §6.1): its size, degrees,
// components and whether it is a tree, and with --dot FILE its Graphviz text.
#include <boost/program_options.hpp>
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <optional>

#include "csp/core/errors.hpp"
#include "csp/graph/constraint_graph.hpp"
#include "csp/graph/tree_solver.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku.hpp"
#include "csp/models/sudoku_format.hpp"
#include "csp/models/sudoku_io.hpp"
#include "csp/models/text_input.hpp"
#include "csp/models/zebra.hpp"
#include "model_command.hpp"
#include "output.hpp"
#include "subcommands.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

constexpr const char* kModels = "queens N, australia, usa, color FILE.col (or just FILE.col), sudoku FILE, zebra, "
                                "cryptarithm TEXT";

std::string ends_with_col(const std::string& s) { return s.size() > 4 && s.substr(s.size() - 4) == ".col" ? s : ""; }

// A model's problem; a Sudoku keeps its model, which owns the problem.
struct Built {
  Problem problem;
  std::optional<models::Sudoku> sudoku;
  const Problem& get() const { return sudoku ? sudoku->problem() : problem; }
};

// The problem named by the positional arguments. Throws UsageError for an unknown model, missing or extra
// arguments, or an unreadable or malformed file.
Built build(const std::vector<std::string>& words, const std::string& formulation, AllDifferentMode mode,
            std::optional<models::BoxShape> box) {
  if (words.empty()) throw UsageError(std::string("give a model (valid: ").append(kModels).append(")"));
  const std::string& name = words[0];
  const auto want = [&](std::size_t count, const char* what) {
    if (words.size() != count + 1)
      throw UsageError(std::string("'").append(name).append("' takes ").append(what));
  };
  try {
    if (name == "queens") {
      want(1, "the board size N");
      const std::uint64_t n = parse_count("N", words[1], false);
      if (n > 1000) throw UsageError("N must be at most 1000");
      return {models::n_queens(static_cast<int>(n), models::parse_queens_formulation(formulation)), {}};
    }
    if (name == "australia" || name == "usa") {
      want(0, "no argument");
      return {models::map_coloring(name == "usa" ? models::usa() : models::australia(), 3), {}};
    }
    if (name == "zebra") {
      want(0, "no argument");
      return {models::zebra(mode), {}};
    }
    if (name == "cryptarithm") {
      want(1, "the puzzle text, e.g. SEND+MORE=MONEY");
      return {models::cryptarithm(words[1], mode), {}};
    }
    if (name == "color" || name == "sudoku" || !ends_with_col(name).empty()) {
      const bool bare = name != "color" && name != "sudoku";
      if (!bare) want(1, "a file");
      else want(0, "nothing after the file");
      const std::string& path = bare ? name : words[1];
      if (box && name != "sudoku") throw UsageError("--box applies to 'sudoku FILE' only");
      if (name != "sudoku") return {models::graph_coloring(models::read_dimacs_file(path), 3), {}};
      // The first puzzle of the file, read as csp sudoku reads it (one open, the same --box).
      models::TextInput input(path, models::kMaxPuzzleFileBytes);
      if (!input.open_error().empty()) throw UsageError(input.open_error());
      models::PuzzleReader reader(input.stream(), input.name(), box);
      models::PuzzleRecord record;
      const bool any = reader.next(record);
      if (const std::string why = input.read_error(); !why.empty() && (!any || !record.ok())) throw UsageError(why);
      if (!any) throw UsageError(std::string(input.name()).append(": no puzzle in the file"));
      if (!record.ok()) throw UsageError(record.location().append(": ").append(record.reason));
      return {Problem{}, models::Sudoku(*record.grid, mode)};
    }
  } catch (const UnknownNameError& e) {
    throw UsageError(e.what());
  } catch (const Error& e) {
    throw UsageError(e.what());
  }
  throw UsageError(std::string("unknown model '").append(name).append("' (valid: ").append(kModels).append(")"));
}

}  // namespace

int run_graph(const std::vector<std::string>& args) {
  po::options_description opts{"Options", kHelpWidth};
  opts.add_options()
      ("dot", po::value<std::string>()->value_name("FILE"), "write the graph in Graphviz DOT to FILE ('-': stdout)")
      ("box", po::value<std::string>()->value_name("RxC"),
       "sudoku: the box shape of the puzzle, as 'csp sudoku --box' (needed for 6x6 as 3x2, 12x12 as 4x3, ...)")
      ("formulation", po::value<std::string>()->value_name("NAME")->default_value("binary"),
       "queens: binary or all-different")
      ("help,h", "print this help");
  add_all_different_option(opts, "binary",
                           "sudoku's units, zebra's groups, a cryptarithm's letters (a global constraint adds a clique "
                           "over its scope either way)");
  po::options_description hidden;
  hidden.add_options()("model", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description positional;
  positional.add("model", -1);

  std::string dot;
  Built built;
  std::string title;
  try {
    const po::variables_map vm = parse_command_line(args, all, positional);
    if (vm.count("help") != 0) {
      std::cout << "Usage: csp graph MODEL [ARGS] [--dot FILE]\n\n"
                   "Builds a model's constraint graph (vertices: variables; an edge joins two variables that share a\n"
                   "constraint, AIMA 4th ed. §6.1) with Boost.Graph and prints its size, degrees (min, max, mean),\n"
                   "connected components, whether it is a tree (then the tree-CSP solver applies) and a cycle\n"
                   "cutset (AIMA §6.5.1: variables whose removal leaves a forest; found greedily, not always the least).\n"
                   "MODEL: "
                << kModels << ".\n"
                << help_text(opts)
                << "\nExit status: 0 done, 2 usage error (unknown model or option, unreadable or malformed file).\n\n"
                   "Examples:\n"
                   "  csp graph queens 8 --dot queens8.dot && dot -Tsvg queens8.dot > queens8.svg\n"
                   "  csp graph australia --dot -\n"
                   "  csp graph myciel3.col\n"
                   "  csp graph sudoku puzzles/classic.txt       the first puzzle's graph (20 neighbours per cell)\n"
                   "  csp graph sudoku --box 3x2 six.txt         a 6x6 puzzle with boxes of 3 rows and 2 columns\n";
      return 0;
    }
    if (vm.count("dot") != 0) dot = vm["dot"].as<std::string>();
    AllDifferentMode mode{};
    mode = read_all_different_mode(vm);
    const std::vector<std::string> words =
        vm.count("model") != 0 ? vm["model"].as<std::vector<std::string>>() : std::vector<std::string>{};
    std::optional<models::BoxShape> box;
    if (vm.count("box") != 0) {
      try {
        box = models::parse_box(vm["box"].as<std::string>());
      } catch (const Error& e) {
        throw UsageError(std::string("--box: ") + e.what());
      }
    }
    built = build(words, vm["formulation"].as<std::string>(), mode, box);
    for (const std::string& w : words) title.append(title.empty() ? "" : " ").append(w);
  } catch (const UsageError& e) {
    return usage_error("graph", e.what());
  }

  const Problem& problem = built.get();
  const ConstraintGraph graph(problem);
  std::ostream& out = dot == "-" ? std::cerr : std::cout;  // the DOT text alone on stdout with --dot -
  const int n = graph.vertex_count();
  int lo = 0;
  int hi = 0;
  for (VarId x = 0; x < n; ++x) {
    lo = x == 0 ? graph.degree(x) : std::min(lo, graph.degree(x));
    hi = std::max(hi, graph.degree(x));
  }
  const double mean = n == 0 ? 0.0 : 2.0 * graph.edge_count() / n;
  const auto count = [](auto k, const char* one, const char* many) {
    return std::to_string(k).append(" ").append(k == 1 ? one : many);
  };
  out << "constraint graph of " << title << ": " << count(n, "variable", "variables") << ", "
      << count(graph.edge_count(), "edge", "edges") << " (" << count(problem.constraint_count(), "constraint", "constraints")
      << ")\n"
      << "degree: min " << lo << ", max " << hi << ", mean " << std::fixed << std::setprecision(2) << mean << '\n'
      << "components: " << graph.component_count() << '\n'
      << "tree: " << (graph.is_tree() ? "yes" : "no") << " (forest: " << (graph.is_forest() ? "yes" : "no") << ")\n";
  // A cycle cutset (AIMA §6.5.1, found greedily by find_cycle_cutset): its size, then its variables (the first 20).
  const std::vector<VarId> cutset = find_cycle_cutset(problem);
  out << "cycle cutset: " << count(cutset.size(), "variable", "variables");
  for (std::size_t i = 0; i < cutset.size() && i < 20; ++i)
    out << (i == 0 ? ": " : ", ") << problem.variable(cutset[i]).name();
  if (cutset.size() > 20) out << ", ...";
  out << (cutset.empty() ? " (a forest: --algorithm tree applies)\n" : " (--algorithm cutset conditions on them)\n");
  if (dot == "-") {
    graph.write_dot(std::cout);
  } else if (!dot.empty()) {
    OutputFile file("--dot", dot);  // every write and the close checked: a full disk is an error (exit 2)
    graph.write_dot(file.stream());
    file.close();
    out << "wrote " << dot << '\n';
  }
  return 0;
}

}  // namespace csp::cli
