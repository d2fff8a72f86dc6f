// Linear: sum(coefficient_i * x_i) OP rhs, for cryptarithms, cages and precedences.
#pragma once

#include "csp/core/constraint.hpp"
#include "csp/core/problem.hpp"

namespace csp {

namespace detail {
struct LinearTerms;
}

/// sum(coefficients[i] * scope[i]) OP rhs with OP in {=, !=, <=, >=}.
///
/// Arithmetic is exact: every product and sum is computed in 128 bits, so coefficients, values and rhs anywhere in
/// their types (INT_MIN..INT_MAX, any long long) never wrap.
///
/// Filtering is bounds reasoning (bounds consistency over the current domains, which may have holes):
/// from the other variables' current [min, max], scope[pos] keeps the values v whose term coefficient * v can
/// still complete a satisfying sum. Values are sorted, so this is one index range: it is cut in one step with
/// `Store::remove_below` / `remove_above` (O(1) on ranges, O(log size) on value lists; never a loop over values).
/// For != a value is removed only when all the others are single values. Exact when all domains are single
/// values. `revise(pos)` is one such step; `propagate` repeats the step over the scope, O(arity) per pass, until a
/// pass changes nothing (it calls `Store::tick` once per pass, so a time limit holds on slow-converging cycles).
/// The sums of the terms' bounds are kept between calls in the run's `Store::memory` of the constraint and
/// re-synchronised on each call: only the terms whose variable's bounds moved since are recomputed (O(arity)
/// integer compares otherwise); correct after any backtrack, since nothing in it is trailed.
/// An equality whose coefficients' gcd does not divide rhs fails at once. A <=, >= or != sum that its bounds
/// satisfy whatever the values left (sum of maxima <= rhs, ...) sleeps until search undoes past that point
/// (`Store::entail`): changes of its variables no longer wake it (Gecode calls this subsumption).
/// `is_consistent` uses the initial ranges of unassigned variables (exact once the scope is assigned).
class Linear final : public Constraint {
 public:
  /// Throws ModelError when the sizes of scope and coefficients differ.
  Linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs, std::string name);
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// Bounds: MAC runs it first, newest first, so a chain of precedences converges in one sweep.
  /// A value beyond a bound: the other terms' bounds then that exclude it ([x >= min] or [x <= max] per term, checked
  /// against the sum before it is given); != with the rest fixed: their values. Otherwise none.
  bool explain(const PastDomains& then, int pos, int index, Explanation& why) const override;
  PropagationCost propagation_cost() const override { return PropagationCost::bounds; }
  /// `bounds` (the filtering reads only the terms' bounds); `fixed` for != (it filters once all but one are fixed).
  PropagationEvent wakes_on(int /*pos*/) const override {
    return op_ == LinearOp::ne ? PropagationEvent::fixed : PropagationEvent::bounds;
  }

 private:
  detail::LinearTerms terms(Store& store) const;  // the bounds arithmetic, in 128 bits (linear_bounds.hpp)

  std::vector<int> coefficients_;
  LinearOp op_;
  long long rhs_;
  bool unsatisfiable_ = false;                            // an equality whose coefficients' gcd does not divide rhs
  std::vector<std::pair<long long, long long>> initial_;  // initial [min, max] of each term (a product fits)
};

}  // namespace csp
