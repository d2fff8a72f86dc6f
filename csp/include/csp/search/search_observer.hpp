// SearchObserver: hooks called by search and propagation, for tracing and teaching.
#pragma once

#include "csp/core/assignment.hpp"
#include "csp/core/variable.hpp"

namespace csp {

class Constraint;
class Store;

/// Override what you need; every hook defaults to doing nothing. Calls come from the thread running the search.
/// `depth` counts search decisions on the current path (1 for the first decision).
class SearchObserver {
 public:
  virtual ~SearchObserver() = default;
  /// x = v was added to the assignment by a search decision.
  virtual void on_assign(const Store& /*store*/, VarId /*x*/, Value /*v*/, int /*depth*/) {}
  /// x = v is being retracted after its subtree failed (or was exhausted).
  virtual void on_backtrack(const Store& /*store*/, VarId /*x*/, Value /*v*/, int /*depth*/) {}
  /// Inference removed v from x's domain because of `cause` (null when no single constraint is the cause).
  virtual void on_prune(const Store& /*store*/, VarId /*x*/, Value /*v*/, const Constraint* /*cause*/) {}
  /// A solution was found (complete, consistent `solution`).
  virtual void on_solution(const Store& /*store*/, const Assignment& /*solution*/) {}
};

}  // namespace csp
