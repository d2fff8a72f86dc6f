// 07 A plugin: a variable ordering of your own, chosen by name in the shipped csp program (AIMA 4th ed. §6.3.1).
// Build it as a shared library (CMake: add_library(mine MODULE 07_plugin.cpp), or
//   g++ -std=c++20 -O2 -shared -fPIC -I<csp>/csp/include 07_plugin.cpp -o mine.so)
// and load it into any command:
//   csp queens 8 --count --plugin ./mine.so --var mrv-middle
//   csp ablate queens --n 8,16,32 --plugin ./mine.so --var mrv-middle,mrv --inference fc
#include <cstdlib>

#include "csp/plugin.hpp"

namespace {

// MRV (fewest legal values first), ties broken towards the middle of the variable list instead of the smallest id.
// On n-queens (variable = column) this starts from the centre of the board, where a queen removes the most squares.
csp::VarId mrv_middle(csp::SearchContext& ctx) {
  const int n = ctx.problem().variable_count();
  csp::VarId best = -1;
  int best_size = 0;
  int best_distance = 0;
  for (csp::VarId x = 0; x < n; ++x) {
    if (ctx.assignment().is_assigned(x)) continue;
    const int size = ctx.remaining_values(x);
    const int distance = std::abs(2 * x - (n - 1));  // twice the distance to the middle, in variables
    if (best < 0 || size < best_size || (size == best_size && distance < best_distance)) {
      best = x;
      best_size = size;
      best_distance = distance;
    }
  }
  return best;
}

void register_strategies() {
  csp::variable_orderings().add("mrv-middle", "MRV, ties broken towards the middle variable (plugin example 07)",
                                mrv_middle);
}

}  // namespace

CSP_PLUGIN(register_strategies)
