// BinaryPredicate: any callable on two values, e.g. the n-queens "no attack" relation.
#pragma once

#include <functional>

#include "csp/core/constraint.hpp"

namespace csp {

/// pred(value of x, value of y) must hold. Revise is AIMA's REVISE (Fig. 6.3) with two savings, same result:
/// - residual supports (AC-3rm; Lecoutre & Hemery, IJCAI 2007): the support last found for each value (in both
///   directions) is kept and checked first; still in the other domain, it needs no predicate call. Kept per run in
///   the `Store` (`ConstraintMemory`, so parallel runs over one const Problem never share them), made on the first
///   revise that needs more than 4 predicate calls per value, for domains of at most 2^20 values each;
/// - the search for a new support starts at the support of the previous value (or the residue) and walks outward in
///   both directions, so relations such as x < y, x == y or x + y == k find each support in a few calls.
/// Worst case O(d^2) predicate calls per revise (a predicate is a black box); a long revise calls `Store::tick`,
/// so a time limit holds inside it.
class BinaryPredicate final : public Constraint {
 public:
  /// pred(value of x, value of y); `pred` is copied (capture by value, see docs/tutorial.md). Usually built by Problem::add_binary.
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
