// Reified constraints: a boolean variable b tells whether a linear relation or a set membership holds (FlatZinc
// int_*_reif, int_lin_*_reif, set_in_reif and their _imp forms).
#pragma once

#include <utility>

#include "csp/core/constraint.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// b <-> sum(coefficients[i] * vars[i]) OP rhs (Reification::equivalence), or b -> ... (implication).
/// Scope: the distinct vars, then b (last); b must be boolean (values within 0..1).
///
/// Propagation (bounds, exact in 128 bits like `Linear`, with whose code it shares the arithmetic): when b = 1 the
/// relation is filtered as `Linear` filters it; when b = 0 (equivalence) its negation is (= becomes !=, != becomes
/// =, <= rhs becomes >= rhs + 1, >= rhs becomes <= rhs - 1); while b is open, a relation entailed by the current
/// bounds sets b = 1 (equivalence only) and one disentailed sets b = 0. Entailment is judged on bounds, and for =
/// and != also exactly once at most one variable is open (its value must be, or must not be, in its domain); an
/// equality whose coefficients' gcd does not divide rhs is always false. O(arity) per pass; never a loop over values.
/// Entailment and filtering read the same running sums of the term bounds as `Linear` (kept in the run's
/// `Store::memory`, re-synchronised with the current bounds on each call).
class LinearReif final : public Constraint {
 public:
  /// Precondition (checked by `Problem::add_linear_reif`): vars distinct, b not among them, sizes equal.
  LinearReif(std::vector<VarId> vars, std::vector<int> coefficients, LinearOp op, long long rhs, VarId b,
             Reification reification, std::string name);
  /// Throws ModelError when b is not boolean.
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// b's value: the terms' bounds that entail the relation or its negation; a term's value: b's value and the other
  /// terms' bounds (as Linear explains); none for what only the domains show.
  bool explain(const PastDomains& then, int pos, int index, Explanation& why) const override;
  PropagationCost propagation_cost() const override { return PropagationCost::bounds; }
  /// `bounds` for the terms of <= and >= (entailment and filtering read their bounds), `domain` for those of = and
  /// != (with one term open, whether its value is in its domain decides b), `fixed` for b.
  PropagationEvent wakes_on(int pos) const override {
    if (pos == static_cast<int>(coefficients_.size())) return PropagationEvent::fixed;
    return op_ == LinearOp::le || op_ == LinearOp::ge ? PropagationEvent::bounds : PropagationEvent::domain;
  }

 private:
  int truth(Store& store) const;  // +1 entailed, -1 disentailed, 0 open (on the current domains)

  std::vector<int> coefficients_;
  LinearOp op_;
  long long rhs_;
  Reification reification_;
  bool never_equal_ = false;  // sum = rhs has no integer solution (gcd of the coefficients does not divide rhs)
};

/// b <-> x in set (Reification::equivalence) or b -> x in set (FlatZinc set_in_reif, set_in_imp). Scope {x, b}; b
/// boolean. The set is kept as its maximal runs of consecutive values, so 1..1000000 costs two numbers.
///
/// Propagation: b open: x's domain inside the set sets b = 1 (equivalence), outside it b = 0. b = 1: x's bounds
/// move to the nearest values in the set, and the values of x between two runs are removed when at most 65,536 of
/// them lie there (a wider gap of an interval domain stays: bounds consistency there, domain consistency otherwise).
/// b = 0 (equivalence): the set's values are removed from x (a run covering a bound of x in one step; an inner run
/// of more than 65,536 values of x stays). O(runs x log) per call. Exact when x and b are single values.
class MemberReif final : public Constraint {
 public:
  /// `set` in any order, duplicates ignored; it may be empty (then x in set is false).
  MemberReif(VarId x, std::vector<Value> set, VarId b, Reification reification, std::string name);
  /// Throws ModelError when b is not boolean.
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// b's value: x's values then all in the set (b = 1) or all out of it (b = 0), as x's removals or its one value;
  /// a value of x: b's value.
  bool explain(const PastDomains& then, int pos, int index, Explanation& why) const override;

 private:
  int inside(const Store& store) const;   // values of x's domain in the set
  bool keep_inside(Store& store) const;   // x in set
  bool keep_outside(Store& store) const;  // x not in set
  bool contains(Value v) const;

  std::vector<std::pair<Value, Value>> runs_;  // ascending, disjoint, non-adjacent
  Reification reification_;
};

}  // namespace csp
