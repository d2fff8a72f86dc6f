// SELECT-UNASSIGNED-VARIABLE strategies (AIMA 4th ed. §6.3.1) and their registry.
#pragma once

#include <functional>
#include <vector>

#include "csp/strategy/registry.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp {

/// Picks the next variable to assign among the candidates (SearchContext::candidates(): every variable, unless a
/// search annotation's phase narrowed them to its own, as MiniCP's `firstFail(x)` or Gecode's
/// `branch(home, x, INT_VAR_SIZE_MIN(), ...)` choose among x): an unassigned candidate, or -1 when every
/// candidate is assigned. Search checks the answer and throws Error naming the ordering and the bad id otherwise.
/// The tie rules below ("ties go to the smallest id") hold with seed 0; with another seed (SolverConfig::seed)
/// every ordering but first picks uniformly at random among the equally good variables (first stays the static
/// order). With Candidates::fixed_first and filtered domains, every ordering but first takes a candidate left with
/// one value before ranking the others (mrv does so anyway).
using VariableOrdering = std::function<VarId(SearchContext&)>;

/// Static order: the unassigned candidate with the smallest id (SearchContext::first_candidate).
VarId first_unassigned(SearchContext& ctx);
/// Minimum remaining values (AIMA §6.3.1): fewest legal values; ties go to the smallest id.
VarId mrv(SearchContext& ctx);
/// Degree heuristic: most constraints on other unassigned variables; ties go to the smallest id.
VarId degree(SearchContext& ctx);
/// MRV, ties broken by the degree heuristic, then by the smallest id.
VarId mrv_degree(SearchContext& ctx);
/// dom/wdeg (Boussemart et al., ECAI 2004): smallest domain size / sum of the failure weights of the constraints
/// on x that involve another unassigned variable; weights start at 1 and grow on each failure a constraint causes.
VarId dom_wdeg(SearchContext& ctx);
/// dom/wdeg's weights in this run, per variable id: for each unassigned x, the sum of the weights
/// (Store::weights) of the constraints on x that involve another unassigned variable (other entries: meaningless).
/// Kept up to date incrementally in ctx.strategy_state() (each call applies the variables assigned or unassigned
/// and the weights increased since the last one) instead of re-summed over every constraint at each node.
const std::vector<long long>& weighted_degrees(SearchContext& ctx);

/// MiniZinc's anti_first_fail: the most values left (ties go to the smallest id).
VarId anti_mrv(SearchContext& ctx);
/// MiniZinc's smallest: the smallest value in its domain (ties go to the smallest id).
VarId smallest_value(SearchContext& ctx);
/// MiniZinc's largest: the largest value in its domain (ties go to the smallest id).
VarId largest_value(SearchContext& ctx);
/// MiniZinc's max_regret: the largest difference between the two smallest values of its domain (a single value:
/// difference 0; ties go to the smallest id).
VarId max_regret(SearchContext& ctx);
/// max_regret's measure: the second smallest value of x's current domain minus the smallest (0 for one value).
long long regret(const Store& store, VarId x);

/// The registry: "first", "mrv", "degree", "mrv-degree", "dom-wdeg", "anti-mrv", "smallest", "largest",
/// "max-regret" built in. Add your own with
/// `variable_orderings().add("name", "help", fn)` at program start.
Registry<VariableOrdering>& variable_orderings();

}  // namespace csp
