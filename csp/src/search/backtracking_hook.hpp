// Internal to the engine: the hook branch and bound (optimize.cpp) sets on backtracking search.
#pragma once

#include <functional>

#include "csp/search/backtracking.hpp"
#include "csp/search/search_context.hpp"

namespace csp::detail {

/// Called by backtracking search at every node before it tries the node's next value (after the previous value was
/// retracted), and at the first value of each node. It may shrink domains through the store (trailed at the node's
/// level, so they are undone when the node's parent retracts its value); false means a wipe-out: the node fails and
/// search returns to its parent. Branch and bound uses it to keep the objective below the best value found.
using NodeBound = std::function<bool(SearchContext&)>;

/// `backtracking_search(problem, config)` with `bound` applied at every node (see NodeBound). With the "natural"
/// value ordering, variable `descending` (if not -1) has its values tried from the largest down (a maximised
/// objective, best value first).
SearchResult backtracking_search(const Problem& problem, const SolverConfig& config, const NodeBound& bound,
                                 VarId descending = -1);

}  // namespace csp::detail
