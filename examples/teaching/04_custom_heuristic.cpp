// 04 A custom variable ordering (AIMA 4th ed. §6.3.1), registered by name and chosen on the command line.
// Usage: 04_custom_heuristic [ORDERING]   e.g. largest-domain (ours, the default), mrv, first, dom-wdeg
#include <iostream>

#include "csp/csp.hpp"
#include "csp/models/n_queens.hpp"

namespace {

// The opposite of MRV: the unassigned variable with the MOST legal values left (ties: smallest id).
// A strategy is one plain function: read the search context, return a variable (or -1 when none is left).
csp::VarId largest_domain(csp::SearchContext& ctx) {
  csp::VarId best = -1;
  int best_size = -1;
  for (csp::VarId x = 0; x < ctx.problem().variable_count(); ++x) {
    if (ctx.assignment().is_assigned(x)) continue;
    const int size = ctx.remaining_values(x);
    if (size > best_size) {
      best = x;
      best_size = size;
    }
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  // Register once at program start; from now on "largest-domain" is as good a name as "mrv".
  csp::variable_orderings().add("largest-domain", "most legal values first (anti-MRV, for comparison)", largest_domain);

  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = argc > 1 ? argv[1] : "largest-domain";
  config.inference = "fc";
  config.max_solutions = 0;
  try {
    const csp::SearchResult result = csp::backtracking_search(csp::models::n_queens(10), config);
    std::cout << "10-queens, " << csp::to_string(config) << ": " << result.solution_count << " solutions\n"
              << "  " << result.stats << '\n';
    return result.solution_count == 724 ? 0 : 1;
  } catch (const csp::UnknownNameError& e) {  // the message lists every registered name
    std::cerr << e.what() << '\n';
    return 2;
  }
}
