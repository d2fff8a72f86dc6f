// BinaryPredicate: any callable on two values, e.g. the n-queens "no attack" relation.
#pragma once

#include <functional>

#include "csp/constraints/constraint.hpp"

namespace csp {

/// pred(value of x, value of y) must hold. Revise is AIMA's REVISE (Fig. 6.3): O(d^2) predicate calls.
class BinaryPredicate final : public Constraint {
 public:
  /// pred(value of x, value of y); `pred` is copied (capture by value, see README). Usually built by Problem::add_binary.
  BinaryPredicate(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name);
  bool is_satisfied_by(std::span<const Value> values) const override { return pred_(values[0], values[1]); }
  bool revise(Store& store, int pos) const override;
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;
  /// One predicate call per move and per value scored.
  std::unique_ptr<ConflictCounter> make_conflict_counter(const Problem& problem) const override;

 private:
  bool holds(int pos, Value a, Value b) const { return pos == 0 ? pred_(a, b) : pred_(b, a); }
  std::function<bool(Value, Value)> pred_;
};

}  // namespace csp
