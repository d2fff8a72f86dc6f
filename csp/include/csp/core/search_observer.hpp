// SearchObserver: hooks called by search and propagation, for tracing and teaching.
#pragma once

#include <span>

#include "csp/core/assignment.hpp"
#include "csp/core/variable.hpp"

namespace csp {

class Constraint;
class Store;

/// One assignment x = v of a learned nogood (SearchObserver::on_nogood).
struct NogoodLiteral {
  VarId var;
  Value value;
};

/// Override what you need; every hook defaults to doing nothing. Calls come from the thread running the search.
/// `depth` counts search decisions on the current path: 1 for the first decision, 0 at the root (givens, root
/// inference, AC-3 preprocessing). A hook of propagation (`on_prune`, `on_wipeout`) gets the depth of the decision
/// whose inference runs.
class SearchObserver {
 public:
  virtual ~SearchObserver() = default;
  /// x = v was added to the assignment by a search decision.
  virtual void on_assign(const Store& /*store*/, VarId /*x*/, Value /*v*/, int /*depth*/) {}
  /// x = v is being retracted after its subtree failed (or was exhausted).
  virtual void on_backtrack(const Store& /*store*/, VarId /*x*/, Value /*v*/, int /*depth*/) {}
  /// Inference removed v from x's domain because of `cause` (null when no single constraint is the cause).
  virtual void on_prune(const Store& /*store*/, VarId /*x*/, Value /*v*/, const Constraint* /*cause*/, int /*depth*/) {}
  /// Inference emptied x's domain (a wipe-out, AIMA §6.3.2); `cause` removed its last value (null when no single
  /// constraint is the cause). Called after the `on_prune` of that value.
  virtual void on_wipeout(const Store& /*store*/, VarId /*x*/, const Constraint* /*cause*/, int /*depth*/) {}
  /// Inference none: the consistency check rejected x = v because it violates `constraint` with the current
  /// assignment (the first violated constraint on x, in the order of `Problem::constraints_of(x)`). `depth` is the
  /// depth x = v would have had. Not called for MRV's legal-value counts.
  virtual void on_reject(const Store& /*store*/, VarId /*x*/, Value /*v*/, const Constraint& /*constraint*/,
                         int /*depth*/) {}
  /// Conflict-directed backjumping learned a nogood (SolverConfig::learning, AIMA 4th ed. §6.3.3): no solution holds
  /// every x = v of `literals` at once. They are decisions on the current path, all holding now, in the order they
  /// were made; called at the dead end at `depth`, before search backs up to the deepest of them.
  virtual void on_nogood(const Store& /*store*/, std::span<const NogoodLiteral> /*literals*/, int /*depth*/) {}
  /// A solution was found (complete, consistent `solution`).
  virtual void on_solution(const Store& /*store*/, const Assignment& /*solution*/) {}
};

}  // namespace csp
