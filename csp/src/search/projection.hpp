// Internal to the engine: projected counting (SolverConfig::projection), a filter on the solutions of backtracking
// search: solutions that differ only outside the projection variables count once.
#pragma once

#include <set>
#include <vector>

#include "csp/core/store.hpp"

namespace csp::detail {

/// The projection variables and the projected tuples seen so far. The set makes the count exact whatever the
/// ordering; backtracking.cpp also backs up past the nodes that can only repeat a tuple (while fixed() holds), so
/// the enumeration of the variables outside the projection (MiniZinc's hidden variables) does not multiply the work.
class ProjectionFilter {
 public:
  /// Each of `ids` once, in order. Throws Error for an id that is not a variable of a problem of `variable_count`.
  ProjectionFilter(const std::vector<VarId>& ids, int variable_count);

  /// No projection: every solution counts.
  bool empty() const { return ids_.empty(); }
  /// The projection variables, each once, in order.
  const std::vector<VarId>& ids() const { return ids_; }
  /// True when the projected values of the complete assignment `a` are new; records them.
  bool fresh(const Assignment& a);
  /// True when every projection variable has one value left in the store.
  bool fixed(const Store& store) const;

 private:
  std::vector<VarId> ids_;
  std::set<std::vector<Value>> seen_;
};

}  // namespace csp::detail
