// MIN-CONFLICTS local search (AIMA 4th ed. §6.4, Fig. 6.8).
#pragma once

#include <cstdint>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

/// Options of `min_conflicts`.
struct MinConflictsConfig {
  std::uint64_t max_steps = 100000;  ///< the book's max_steps: variable changes before giving up
  std::uint64_t seed = 1;            ///< seed of the random choices (same seed, same run)
  StopCondition limits;              ///< optional time limit (node_limit is ignored; use max_steps)
};

/// MIN-CONFLICTS local search (AIMA 4th ed. Fig. 6.8).
///
/// Start: givens (single-value initial domains) take their value and never change; then each variable in turn
/// takes a value with the fewest conflicts with the variables before it (the book's greedy start), ties at random.
/// To keep this O(1) expected per variable when many values are free, a variable with more than 16 values first
/// draws up to 32 values at random (uniformly from its domain, or from a constraint's set of values that clash with
/// nothing, e.g. the values an all-different leaves unused) and takes the first with no conflict, which is a
/// min-conflicts value drawn uniformly among them; only when all draws clash does it score every value.
/// Steps: while some movable variable is in conflict, pick one uniformly at random and give it a value with the
/// fewest conflicts (ties uniformly at random; it may keep its value). Conflicts are `Constraint::conflicts`,
/// kept incrementally by each constraint's `ConflictCounter`: one step costs O(degree + d) counter work (d: the
/// variable's number of values), not a scan of every constraint.
///
/// Result: `solved` (with the solution, checked by `Problem::is_solution`) when no conflict is left; `gave_up`
/// when max_steps steps did not find one, or when only givens clash (nothing can move); `limit_reached` when the
/// time limit ran out (the clock is read between two steps, between two variables of the start and every 256
/// constraints while setting up). A local search proves nothing: `complete` is always false.
/// Statistics: `assignments` = steps (value changes after the start, max_steps at most); `constraint_checks` =
/// calls on the constraints' counters: one per constraint told a move (start included), one per constraint asked to
/// score one drawn value or all values of a variable. The same seed gives the same run.
SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config = {});

}  // namespace csp
