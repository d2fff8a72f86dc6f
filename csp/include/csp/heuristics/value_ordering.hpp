// ORDER-DOMAIN-VALUES strategies (AIMA 4th ed. §6.3.1) and their registry.
#pragma once

#include <functional>
#include <vector>

#include "csp/strategy/registry.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp {

/// Fills `order` (cleared by search before the call) with value indices (0-based positions in x's initial
/// domain, not the values themselves) of x's current domain in the order to try them, each at most once; a
/// subset is allowed. Search checks them and throws Error naming the ordering and the bad index otherwise.
using ValueOrdering = std::function<void(SearchContext&, VarId x, std::vector<int>& order)>;

/// Ascending values.
void natural_order(SearchContext& ctx, VarId x, std::vector<int>& order);
/// Least-constraining value (AIMA §6.3.1): fewest values ruled out in the current domains of unassigned
/// neighbours first (ties keep ascending order with seed 0, and are shuffled with another seed). Uses
/// `Constraint::count_ruled_out`.
void lcv(SearchContext& ctx, VarId x, std::vector<int>& order);

/// Descending values (MiniZinc's indomain_max).
void descending_order(SearchContext& ctx, VarId x, std::vector<int>& order);
/// MiniZinc's indomain_median, branch after branch (x = median, else x != median, as Gecode's INT_VAL_MED): the
/// median of the current domain (the lower one of an even count), then the median of the values left, and so on;
/// 1..5 gives 3, 2, 4, 1, 5.
void median_order(SearchContext& ctx, VarId x, std::vector<int>& order);
/// MiniZinc's indomain_middle, branch after branch: the value closest to the mean of the bounds of what is left
/// (ties to the smaller); {1, 2, 3, 10} gives 3, 2, 1, 10.
void middle_order(SearchContext& ctx, VarId x, std::vector<int>& order);

/// A uniformly random order of x's current domain (Fisher-Yates), drawn from the run's seed (SolverConfig::seed;
/// seed 0 is a fixed stream too, so every run is reproducible). MiniZinc's indomain_random.
void random_order(SearchContext& ctx, VarId x, std::vector<int>& order);

/// The registry: "natural", "lcv", "max", "median", "middle", "random" built in.
Registry<ValueOrdering>& value_orderings();

}  // namespace csp
