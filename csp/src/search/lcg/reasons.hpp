// The reasons of the literal trail's events, as conflict analysis reads them (lcg_search.cpp): a decision's, a
// constraint's (Constraint::explain, else its scope's domains then), a learned clause's, a fixed literal's.
#pragma once

#include <vector>

#include "clause_database.hpp"
#include "csp/core/problem.hpp"
#include "csp/search/lcg.hpp"
#include "literal_trail.hpp"

namespace csp::detail::lcg {

/// What failed: a constraint's propagate call (which read the trail up to `start`) or an all-false clause.
struct Conflict {
  Reason reason = Reason::constraint;
  int ref = -1;
  int start = 0;
};

/// The reasons of a search's events, read from its trail and clauses.
class Reasons {
 public:
  Reasons(const Problem& p, const LiteralTrail& trail, const ClauseDatabase& clauses, LearningCounters& counters)
      : p_(p), trail_(trail), clauses_(clauses), counters_(counters) {}
  /// The earlier events that imply event e, appended to out. `count`: add the constraints' reasons to the counters
  /// (own_explanations, scope_explanations); false when the analysis is only drawn again.
  void antecedents(int e, std::vector<int>& out, bool count = true);
  /// The events that together contradict the model at `failure`, appended to out.
  void conflict_events(const Conflict& failure, std::vector<int>& out) const;

 private:
  void constraint_reason(const Event& ev, std::vector<int>& out, bool count);
  void scope_reason(const Constraint& c, int start, std::vector<int>& out) const {
    for (const VarId y : c.scope()) trail_.domain_events(y, start, out);
  }

  const Problem& p_;
  const LiteralTrail& trail_;
  const ClauseDatabase& clauses_;
  LearningCounters& counters_;
};

}  // namespace csp::detail::lcg
