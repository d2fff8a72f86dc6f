// NotEqual: x != y, the binary constraint of map colouring and of the textbook Sudoku.
#pragma once

#include "csp/core/constraint.hpp"

namespace csp {

/// x != y (compares values, so x and y may have different value sets). Arc consistent revise: x loses y's value
/// when y's domain is a single value.
class NotEqual final : public Constraint {
 public:
  /// x != y. Throws ModelError when x == y. Usually built by Problem::add_not_equal.
  NotEqual(VarId x, VarId y, std::string name);
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override { return values[0] != values[1]; }
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// `fixed`: a value leaves the other variable only once this one is a single value.
  PropagationEvent wakes_on(int /*pos*/) const override { return PropagationEvent::fixed; }
  /// x lost v because y was v: the reason is [y = v].
  bool explain(const PastDomains& then, int pos, int index, Explanation& why) const override;
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;
  /// O(1) per move, per value scored and per variable scored.
  std::unique_ptr<ConflictCounter> make_conflict_counter(const Problem& problem) const override;
};

}  // namespace csp
