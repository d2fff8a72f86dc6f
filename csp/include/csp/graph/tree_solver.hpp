// TREE-CSP-SOLVER (AIMA 4th ed. §6.5, Fig. 6.11) and cutset conditioning (AIMA 4th ed. §6.5.1).
// Library csp::graph (they walk the constraint graph with Boost.Graph); this header itself includes no Boost.
#pragma once

#include <cstdint>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

/// TREE-CSP-SOLVER (AIMA Fig. 6.11): solves a problem whose constraint graph is a tree (or a forest) in time
/// linear in the number of variables and quadratic in the domain size, without backtracking:
/// 1. node consistency: each unary constraint removes the values that violate it;
/// 2. for each tree, the root is its variable with the smallest id; a breadth-first search of the Boost.Graph
///    constraint graph gives a topological order (every parent before its children);
/// 3. for j = n down to 2: MAKE-ARC-CONSISTENT(PARENT(X_j), X_j) removes each value of the parent that no value of
///    X_j supports under all the constraints joining the two (directed arc consistency); a wipe-out means failure;
/// 4. for i = 1 to n: X_i takes the smallest value of its domain consistent with its parent's value.
/// Domains shrink through a `Store` (trailed and counted). The support test evaluates the constraints' relations
/// (`is_satisfied_by`) rather than `Constraint::revise`, because arc consistency on each constraint separately is
/// weaker than on their conjunction (two constraints on one arc) and some revisers (Linear) only reason on bounds;
/// either would break the backtrack-free guarantee of step 4.
/// Result: `solved` with the one solution found, or `unsatisfiable`; or `limit_reached` (complete = false) when
/// `limits.time_limit` passed first: the clock is checked inside every arc-consistency step (Store::tick), so the run
/// stops soon after it. `limits.node_limit` is ignored (the solver never backtracks). No recursion: a tree of a
/// million variables is fine.
/// Statistics: revisions = MAKE-ARC-CONSISTENT and unary REVISE calls; constraint_checks = relation evaluations;
/// values_pruned and wipeouts as usual; assignments = variables given a value in step 4; max_depth = the most
/// variables assigned at once; elapsed_us.
/// Preconditions, checked: every constraint has one or two variables, and the constraint graph has no cycle.
/// Throws ModelError naming the first constraint with more than two variables, or, for a cycle, giving the counts
/// of edges, variables and components (a forest has variables - components edges) and pointing to
/// `cutset_conditioning`.
SearchResult tree_csp_solver(const Problem& problem, const StopCondition& limits = {});

/// A cycle cutset (AIMA §6.5.1): variables whose removal leaves the constraint graph a forest, found greedily.
/// Repeatedly strips variables with at most one neighbour left (they lie on no cycle); if any variable remains,
/// the one with the most remaining neighbours (ties: smallest id) joins the cutset and is removed. Finally each
/// cutset variable that is not needed (the rest stays a forest without it) is dropped again.
/// Not always a minimum cutset (finding one is NP-hard), but small on near-trees: {SA} for Australia.
/// Returns the cutset in the order chosen (empty for a forest).
std::vector<VarId> find_cycle_cutset(const Problem& problem);

/// What `cutset_conditioning` reports.
struct CutsetResult {
  /// status (solved, unsatisfiable or limit_reached), the solution when solved, and the statistics of the whole
  /// run: the enumeration of the cutset (assignments, backtracks, constraint_checks) plus every tree-solver run.
  SearchResult search;
  /// The cycle cutset used, in the order its variables were enumerated.
  std::vector<VarId> cutset;
  /// Consistent complete assignments of the cutset that were handed to the tree solver.
  std::uint64_t cutset_assignments = 0;
};

/// Options of `cutset_conditioning`.
struct CutsetConfig {
  /// The cycle cutset to condition on (any order; duplicates are ignored). Empty: use `find_cycle_cutset`
  /// (which is itself empty when the constraint graph is already a forest).
  std::vector<VarId> cutset;
  /// `node_limit` bounds the cutset assignments handed to the tree solver (exactly), `time_limit` the wall-clock
  /// time, checked in the enumeration and inside each tree-solver run; reaching either gives Status::limit_reached.
  StopCondition limits;
};

/// Cutset conditioning (AIMA §6.5.1): takes a cycle cutset S (config.cutset, or `find_cycle_cutset`), then, for
/// each assignment of S consistent with the constraints among S (enumerated depth first in S's order, checked with
/// `Constraint::is_consistent`), removes from the other variables the values inconsistent with it and runs
/// TREE-CSP-SOLVER on the remaining forest; stops at the first solution. Time O(d^c (n - c) d^2) for a cutset of
/// size c. The enumeration runs on an explicit stack (no recursion). Constraints of any arity are accepted: once S is assigned, every constraint has at most two variables
/// outside S (three would form a cycle).
/// Throws ModelError for an unknown variable id in config.cutset, or when the constraint graph without it still
/// has a cycle.
CutsetResult cutset_conditioning(const Problem& problem, const CutsetConfig& config = {});

/// Adds "tree" and "cutset" to csp::algorithms() (csp/search/solve.hpp), so `csp::solve` runs them by name;
/// idempotent, returns true. Every program that includes this header calls it at start-up (below).
bool register_graph_algorithms();

namespace detail {
inline const bool graph_algorithms_registered = register_graph_algorithms();
}  // namespace detail

}  // namespace csp
