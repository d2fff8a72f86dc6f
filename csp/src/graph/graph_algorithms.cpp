// "tree" and "cutset" in csp::algorithms(): the tree-CSP solver and cutset conditioning through csp::solve, with
// the tree solver's refusal (a constraint on three or more variables, a cycle named by its variables).
#include <string>
#include <utility>
#include <vector>

#include "csp/graph/constraint_graph.hpp"
#include "csp/graph/tree_solver.hpp"
#include "csp/search/solve.hpp"

namespace csp {

namespace {

RunResult run_tree(const Problem& problem, const RunSpec& spec) {
  RunResult result;
  static_cast<SearchResult&>(result) = tree_csp_solver(problem, spec.search.limits);
  return result;
}

RunResult run_cutset(const Problem& problem, const RunSpec& spec) {
  CutsetConfig config;
  config.limits = spec.search.limits;
  CutsetResult run = cutset_conditioning(problem, config);
  RunResult result;
  static_cast<SearchResult&>(result) = std::move(run.search);
  result.algorithm_counters = {{"cutset_size", run.cutset.size()}, {"cutset_assignments", run.cutset_assignments}};
  return result;
}

std::string tree_refusal(const Problem& problem, const RunSpec&) {
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
    const Constraint& con = problem.constraint(c);
    if (con.scope().size() > 2)
      return "algorithm 'tree' takes constraints of one or two variables; '" + con.name() + "' has " +
             std::to_string(con.scope().size()) + " (use algorithm 'cutset' or 'backtracking')";
  }
  if (const std::string cycle = find_cycle_text(problem); !cycle.empty())
    return "algorithm 'tree': the constraint graph is not a tree or forest: it has a cycle: " + cycle +
           "; use algorithm 'cutset'";
  return "";
}

}  // namespace

bool register_graph_algorithms() {
  Registry<Algorithm>& r = algorithms();
  if (r.contains("tree")) return true;
  r.add("tree", "the tree-CSP solver (AIMA Fig. 6.11): binary constraints, a constraint graph without cycles",
        Algorithm{run_tree, tree_refusal, false});
  r.add("cutset",
        "cutset conditioning (AIMA §6.5.1): a greedy cycle cutset, each consistent assignment of it then "
        "the tree solver",
        Algorithm{run_cutset, nullptr, false});
  return true;
}

}  // namespace csp
