// Scheduling globals: cumulative and disjunctive resources (MiniZinc cumulative, disjunctive).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// Cumulative resource: task i starts at starts[i], runs durations[i] time units and uses resources[i] units of a
/// resource of `capacity` units while it runs: for every time t, the sum of resources[i] over the tasks with starts[i]
/// <= t < starts[i] + durations[i] is at most capacity. Tasks of duration or resource 0 use nothing.
///
/// Native propagation: time-tabling (Beldiceanu & Carlsson 2002; Baptiste, Le Pape & Nuijten, "Constraint-Based
/// Scheduling", §2.1): the profile of the compulsory parts [max start, min start + duration) of the tasks; each start
/// value that would put its task over a segment where the other tasks' compulsory parts leave too little capacity is
/// removed, to a fixpoint (parts grow as starts shrink). Not generalised arc consistent. O(n^2 + n d) per round.
/// Decomposition: time-indexed, one boolean b[i][t] <-> (starts[i] in t-d+1..t) per task and time of the horizon and
/// one linear sum(resources[i] * b[i][t]) <= capacity per time. Throws ModelError when the sizes differ or a duration
/// or resource is negative.
void post_cumulative(Problem& problem, const std::vector<VarId>& starts, const std::vector<int>& durations,
                     const std::vector<int>& resources, int capacity, Globals how = Globals::native,
                     const std::string& name = "cumulative");

/// Unary resource: no two tasks of positive duration overlap (cumulative with every resource 1 and capacity 1, and the
/// same propagation). Throws ModelError as post_cumulative.
void post_disjunctive(Problem& problem, const std::vector<VarId>& starts, const std::vector<int>& durations,
                      Globals how = Globals::native, const std::string& name = "disjunctive");

}  // namespace csp
