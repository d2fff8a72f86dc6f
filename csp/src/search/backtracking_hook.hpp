// Internal to the engine: the hooks branch and bound (optimize.cpp) sets on backtracking search.
#pragma once

#include <functional>

#include "csp/heuristics/variable_ordering.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp::detail {

/// What branch and bound changes in a backtracking run.
struct SearchHooks {
  /// Called at every node before it tries its next value (after the previous value was retracted), and before
  /// its first value. It may shrink domains through the store (trailed at the node's level, so undone when the
  /// node's parent retracts its value); false means a wipe-out: the node fails and search returns to its parent.
  /// Branch and bound keeps the objective better than the best value found with it.
  std::function<bool(SearchContext&)> bound;
  /// When set, used instead of config.variable_ordering (its answers are checked the same way).
  VariableOrdering select;
  /// -1, or a variable whose values the "natural" value ordering tries from the largest down (a maximised
  /// objective: best value first).
  VarId descending = -1;
};

/// `backtracking_search(problem, config)` changed by `hooks`.
SearchResult backtracking_search(const Problem& problem, const SolverConfig& config, const SearchHooks& hooks);

}  // namespace csp::detail
