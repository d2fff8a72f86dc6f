// BACKTRACKING-SEARCH (AIMA 4th ed. §6.3, Fig. 6.5) with pluggable ordering and inference.
#pragma once

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solver_config.hpp"

namespace csp {

/// Depth-first backtracking search over `problem`, configured by `config`:
/// - root: variables whose initial domain is a single value (givens) are assigned without counting as nodes and
///   checked against each other; optional AC-3; then the inference runs once for the root (x = -1);
/// - each node: SELECT-UNASSIGNED-VARIABLE (config.variable_ordering), ORDER-DOMAIN-VALUES (config.value_ordering);
///   with inference "none" a value is tried only if consistent with the assignment; then INFERENCE
///   (config.inference); a failure undoes the trail to the mark set before the value.
/// Finds one solution, counts or enumerates them (config.max_solutions), within config.limits. With
/// config.backjumping "cbj" a dead end jumps back to the deepest variable of its conflict set (AIMA §6.3.3), and
/// config.learning records nogoods there; counts stay exact.
/// Throws UnknownNameError for an unregistered strategy name, and Error (naming the strategy and the bad value)
/// when a variable ordering returns an assigned or unknown variable, or -1 while variables are unassigned, or a
/// value ordering returns an index twice or an index not in the variable's current domain. Thread-safe for distinct runs on one Problem.
SearchResult backtracking_search(const Problem& problem, const SolverConfig& config = {});

}  // namespace csp
