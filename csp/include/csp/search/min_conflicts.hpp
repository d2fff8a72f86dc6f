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

/// Starts from a greedy complete assignment (each variable in turn takes a value with the fewest conflicts with
/// the variables before it; ties at random), then repeats up to max_steps times: pick a conflicted variable at
/// random, give it the value with the fewest conflicts (ties at random). Conflicts are counted by
/// `Constraint::conflicts`. Returns `solved` with the solution, or `gave_up` (it cannot prove there is none), or
/// `limit_reached` on the time limit. stats.assignments counts the value changes, constraint_checks the
/// `conflicts` calls. Givens (single-value domains) never change.
SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config = {});

}  // namespace csp
