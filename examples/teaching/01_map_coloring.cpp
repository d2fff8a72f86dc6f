// 01 Map colouring (AIMA 4th ed. §6.1.1, Fig. 6.1): colour Australia with three colours so that no two
// neighbouring regions share one. Compares the textbook baseline with MRV + forward checking, then shows the
// constraint graph's cycle cutset (§6.5.1).
#include <iostream>

#include "csp/csp.hpp"
#include "csp/graph.hpp"  // find_cycle_cutset, cutset_conditioning: library csp::graph (Boost.Graph)
#include "csp/models/map_coloring.hpp"

namespace {

void solve_and_print(const csp::Problem& problem, const std::string& ordering, const std::string& inference) {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = ordering;
  config.inference = inference;
  const csp::SearchResult result = csp::backtracking_search(problem, config);
  std::cout << csp::to_string(config) << " -> " << csp::to_string(result.status) << '\n';
  if (result.status == csp::Status::solved) {
    const csp::Assignment& colours = result.solutions.front();
    for (csp::VarId x = 0; x < problem.variable_count(); ++x)
      std::cout << "  " << problem.variable(x).name() << " = " << csp::models::color_name(colours.value(x)) << '\n';
  }
  std::cout << "  " << result.stats << '\n';
}

}  // namespace

int main() {
  const csp::Problem australia = csp::models::map_coloring(csp::models::australia(), 3);
  std::cout << australia.variable_count() << " variables, " << australia.constraint_count() << " constraints\n";

  solve_and_print(australia, "first", "none");  // AIMA Fig. 6.5 exactly
  solve_and_print(australia, "mrv", "fc");      // §6.3: fewest remaining values, forward checking

  // Remove South Australia and the rest is a tree: cutset conditioning solves it without backtracking search.
  const csp::CutsetResult cut = csp::cutset_conditioning(australia);
  std::cout << "cycle cutset:";
  for (csp::VarId x : cut.cutset) std::cout << ' ' << australia.variable(x).name();
  std::cout << " -> " << csp::to_string(cut.search.status) << "\n  " << cut.search.stats << '\n';

  const bool two_fail = csp::backtracking_search(csp::models::map_coloring(csp::models::australia(), 2)).status ==
                        csp::Status::unsatisfiable;
  std::cout << "two colours: " << (two_fail ? "impossible (WA, NT, SA form a triangle)" : "??") << '\n';
  return two_fail && cut.search.status == csp::Status::solved ? 0 : 1;
}
