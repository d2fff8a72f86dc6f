// The CONFLICTS of MIN-CONFLICTS (AIMA 4th ed. Fig. 6.8), kept incrementally: a complete assignment, one
// ConflictCounter per constraint told each value change, and the set of movable variables in conflict.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/constraint.hpp"
#include "csp/core/problem.hpp"

namespace csp::detail {

/// Every constraint has a ConflictCounter; each reports the scope variables that entered or left a conflict when
/// told a move, so the conflicted set is kept in O(degree) per move (plus O(arity) for a constraint with the
/// scanning default counter) and a random conflicted variable is drawn in O(1). Each call on a counter adds one to
/// `checks` (the run's constraint_checks).
class ConflictState {
 public:
  /// A constraint on a variable, with the variable's position in its scope (O(1) instead of `position_of`).
  struct Arc {
    ConstraintId c;
    int pos;
  };

  ConflictState(const Problem& p, std::uint64_t& checks) : p_(p), checks_(checks), current_(p) {}

  /// Builds the arcs, finds the givens (single-value initial domains) and makes the counters. False when
  /// `out_of_time` said so (asked every 256 constraints while the counters are made).
  bool set_up(const std::function<bool()>& out_of_time);
  /// Back to the empty assignment with fresh counters and no conflict (a restart). False when out of time.
  bool reset(const std::function<bool()>& out_of_time);

  const Assignment& current() const { return current_; }
  /// Not a given: the search may change its value.
  bool movable(VarId x) const { return movable_[static_cast<std::size_t>(x)] != 0; }
  std::span<const Arc> arcs(VarId x) const {
    const auto b = arc_start_[static_cast<std::size_t>(x)];
    return {arcs_.data() + b, arc_start_[static_cast<std::size_t>(x) + 1] - b};
  }
  /// The movable variables in conflict somewhere, in no particular order.
  const std::vector<VarId>& conflicted() const { return conflicted_; }
  /// The counter of the constraint of `arc`, to be asked about conflicts: counts one check.
  const ConflictCounter& ask(const Arc& arc) {
    ++checks_;
    return counter(arc);
  }
  /// The counter of the constraint of `arc`, for its proposals (no check counted).
  const ConflictCounter& counter(const Arc& arc) const { return *counters_[static_cast<std::size_t>(arc.c)]; }

  /// The conflicts of x = v with the current values of the others (unweighted), summed over x's constraints.
  std::int64_t conflicts_of(VarId x, Value v);
  /// No constraint on x is in conflict with x = v.
  bool in_no_conflict(VarId x, Value v);
  /// x = v, told to the counters of x's constraints; the conflicted set follows.
  void set(VarId x, Value v);

 private:
  bool make_counters(const std::function<bool()>& out_of_time);
  // y entered (or left) a conflict in one constraint (here, to be inlined into set: it runs for every change).
  void update(VarId y, bool entered) {
    const auto i = static_cast<std::size_t>(y);
    int& in = conflicted_in_[i];
    in += entered ? 1 : -1;
    if (!movable_[i]) return;
    if (entered && in == 1) {
      where_[i] = static_cast<int>(conflicted_.size());
      conflicted_.push_back(y);
    } else if (!entered && in == 0) {
      const VarId last = conflicted_.back();
      conflicted_[static_cast<std::size_t>(where_[i])] = last;
      where_[static_cast<std::size_t>(last)] = where_[i];
      conflicted_.pop_back();
      where_[i] = -1;
    }
  }

  const Problem& p_;
  std::uint64_t& checks_;
  Assignment current_;
  std::vector<std::unique_ptr<ConflictCounter>> counters_;  // per constraint
  std::vector<std::size_t> arc_start_;                      // arcs of x: arcs_[arc_start_[x] .. arc_start_[x+1])
  std::vector<Arc> arcs_;
  std::vector<char> movable_;       // per variable: not a given
  std::vector<int> conflicted_in_;  // per variable: constraints in which it is in conflict
  std::vector<VarId> conflicted_;   // the movable variables in conflict somewhere, in any order
  std::vector<int> where_;          // position of each in conflicted_, or -1
  std::vector<ConflictCounter::Change> changes_;
};

}  // namespace csp::detail
