// MIN-CONFLICTS local search (AIMA 4th ed. §6.4, Fig. 6.8).
#pragma once

#include <cstdint>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

/// Options of `min_conflicts`. The default is the book's algorithm (AIMA Fig. 6.8) unchanged; each variant below is
/// off by default and may be combined with the others.
struct MinConflictsConfig {
  std::uint64_t max_steps = 100000;  ///< the book's max_steps: variable changes before giving up (all restarts)
  std::uint64_t seed = 1;            ///< seed of the random choices (same seed, same run)
  StopCondition limits;              ///< optional time limit (node_limit is ignored; use max_steps)

  /// Random walk (Selman, Kautz & Cohen 1994, the "noise" of WalkSAT; AIMA 4th ed. §4.1.1, §7.6.2): at each step,
  /// with this probability the conflicted variable drawn takes a value drawn uniformly from its domain instead of a
  /// min-conflicts value. In [0, 1]; 0 = off.
  double walk_probability = 0.0;
  /// Tabu search (Glover 1989; AIMA 4th ed. §6.4): after a variable leaves value v, the pair (variable, v) is tabu
  /// for this many steps: the variable does not take v again then, unless v would bring the number of conflicts
  /// below the least seen since the start (the aspiration criterion). 0 = off.
  std::uint64_t tabu_tenure = 0;
  /// Constraint weighting (the breakout method, Morris 1993; AIMA 4th ed. §6.4): every constraint has a weight,
  /// 1 at the start, and a value's score is the weighted sum of its conflicts. When the variable drawn has no value
  /// with a lower score than its own (a local minimum for it), each constraint on it that is violated gets weight +1.
  bool weighting = false;
  /// Restarts: after this many steps in a row without a new least number of conflicts (since the last start), the
  /// search starts again from a new greedy start (new random tie-breaks), weights back to 1, tabu list empty; the
  /// steps keep counting towards max_steps. 0 = off.
  std::uint64_t restart_after = 0;
};

/// What `min_conflicts_run` reports: the search result as `min_conflicts` gives it, and the variants' counts.
struct MinConflictsResult {
  SearchResult search;
  std::uint64_t restarts = 0;          ///< starts after the first (also in search.stats.restarts)
  std::uint64_t walk_steps = 0;        ///< steps that took a random value (counted in search.stats.assignments)
  std::uint64_t tabu_rejections = 0;   ///< best-scored values refused because they were tabu
  std::uint64_t weight_increases = 0;  ///< local minima at which constraint weights were raised
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
/// score one drawn value or all values of a variable; `restarts` = starts after the first (restart_after). The same
/// seed gives the same run.
/// The variants of `config` (walk_probability, tabu_tenure, weighting, restart_after) change only how a step picks a
/// value and when the search starts again; with all four off the run is the same as before, step for step.
/// Throws std::invalid_argument when walk_probability is not in [0, 1].
SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config = {});

/// `min_conflicts` with the variants' counts. Conflict numbers compared by tabu's aspiration and by restarts are
/// the unweighted conflicts of `Constraint::conflicts` (pairs of clashing variables for AllDifferent, 1 per
/// violated constraint for most others), kept relative to the start by adding each move's difference.
MinConflictsResult min_conflicts_run(const Problem& problem, const MinConflictsConfig& config = {});

}  // namespace csp
