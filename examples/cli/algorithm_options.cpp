// --algorithm and the min-conflicts flags: the option group, its checks and the refusals.
#include "algorithm_options.hpp"

#include <boost/program_options.hpp>
#include <charconv>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/graph/constraint_graph.hpp"
#include "model_command.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

constexpr const char* kLocalFlags[] = {"max-steps", "walk", "tabu", "weighting", "restart-after"};
constexpr const char* kBacktrackingFlags[] = {
    "var",  "val",       "inference", "ac3",      "consistency", "max-solutions", "node-limit",    "trace",
    "tree", "branching", "backjump",  "learning", "restarts",    "restart-base",  "restart-factor"};

bool given(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0 || vm[name].defaulted()) return false;
  const boost::any& v = vm[name].value();
  if (const bool* b = boost::any_cast<bool>(&v)) return *b;  // a switch is always stored
  return true;
}

double parse_probability(const std::string& text) {
  double p = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), p);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(p >= 0.0 && p <= 1.0))
    throw UsageError("--walk expects a probability from 0 to 1, got '" + text + "'");
  return p;
}

// A cycle of the constraint graph as variable names "X - Y - Z - X" (a depth-first search: an edge to a variable
// still on the path closes one); "" when the graph is a forest. A long cycle shows its first and last variables.
}  // namespace

void add_algorithm_options(po::options_description& search) {
  search.add_options()(
      "algorithm", po::value<std::string>()->value_name("NAME")->default_value("backtracking"),
      "backtracking: the options above; min-conflicts: local search (AIMA Fig. 6.8, a solution or 'gave up', never "
      "a proof); tree: the tree-CSP solver (AIMA Fig. 6.11: binary constraints, a constraint graph without "
      "cycles); cutset: cutset conditioning (AIMA §6.5.1: a greedy cycle cutset, each consistent assignment of it "
      "then the tree solver). The last three find one solution.")(
      "max-steps", po::value<std::string>()->value_name("N"), "min-conflicts: give up after N steps (default 100000)")(
      "walk", po::value<std::string>()->value_name("P"),
      "min-conflicts: random walk: with probability P (0..1) a step gives the variable a random value")(
      "tabu", po::value<std::string>()->value_name("T"),
      "min-conflicts: a variable does not return to a value it left in the last T steps, unless that sets a new "
      "least number of conflicts (tabu search, Glover)")(
      "weighting", po::bool_switch(),
      "min-conflicts: constraint weighting (breakout, Morris 1993): at a local minimum every violated constraint "
      "weighs one more")(
      "restart-after", po::value<std::string>()->value_name("N"),
      "min-conflicts: start again from a new greedy start after N steps without a new least number of conflicts");
}

void read_algorithm_options(const po::variables_map& vm, SearchOptions& o) {
  o.algorithm = vm["algorithm"].as<std::string>();
  if (o.algorithm != "backtracking" && o.algorithm != "min-conflicts" && o.algorithm != "tree" &&
      o.algorithm != "cutset")
    throw UsageError("--algorithm: unknown algorithm '" + o.algorithm + "' (valid: " + kAlgorithms + ")");
  if (o.algorithm != "backtracking")
    for (const char* name : kBacktrackingFlags)
      if (given(vm, name))
        throw UsageError(std::string("--").append(name).append(" has no effect with --algorithm ").append(o.algorithm));
  if (o.algorithm != "min-conflicts") {
    for (const char* name : kLocalFlags)
      if (given(vm, name)) throw UsageError(std::string("--").append(name).append(" needs --algorithm min-conflicts"));
    return;
  }
  if (vm.count("max-steps") != 0)
    o.local.max_steps = parse_count("max-steps", vm["max-steps"].as<std::string>(), false);
  if (vm.count("walk") != 0) o.local.walk_probability = parse_probability(vm["walk"].as<std::string>());
  if (vm.count("tabu") != 0) o.local.tabu_tenure = parse_count("tabu", vm["tabu"].as<std::string>(), true);
  if (o.local.tabu_tenure > 1000000) throw UsageError("--tabu must be at most 1000000");
  o.local.weighting = vm.count("weighting") != 0 && vm["weighting"].as<bool>();
  if (vm.count("restart-after") != 0)
    o.local.restart_after = parse_count("restart-after", vm["restart-after"].as<std::string>(), true);
  o.local.seed = o.seed.value_or(1);
}

std::string algorithm_refusal(const Problem& problem, const SearchOptions& options) {
  const std::string& a = options.algorithm;
  if (a == "backtracking") return "";
  if (options.config.max_solutions != 1)
    return "--algorithm " + a + " finds one solution: counting (--max-solutions, --count, --all) needs backtracking";
  if (a != "tree") return "";
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
    const Constraint& con = problem.constraint(c);
    if (con.scope().size() > 2)
      return "--algorithm tree takes constraints of one or two variables; '" + con.name() + "' has " +
             std::to_string(con.scope().size()) + " (use --algorithm cutset or backtracking)";
  }
  if (const std::string cycle = find_cycle_text(problem); !cycle.empty())
    return "--algorithm tree: the constraint graph has a cycle: " + cycle + "; use --algorithm cutset";
  return "";
}

}  // namespace csp::cli
