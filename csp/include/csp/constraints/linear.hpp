// Linear: sum(coefficient_i * x_i) OP rhs, for cryptarithms and cages.
#pragma once

#include "csp/constraints/constraint.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// sum(coefficients[i] * scope[i]) OP rhs with OP in {=, !=, <=, >=}; sums are computed in 64 bits.
/// Revise is bounds reasoning: a value of x is kept iff some choice within the other variables' current
/// [min, max] ranges can satisfy the relation (for !=: removed only when all others are single values).
/// Exact when all domains are single values. `is_consistent` uses the initial ranges of unassigned variables.
class Linear final : public Constraint {
 public:
  /// Throws ModelError when the sizes of scope and coefficients differ.
  Linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs, std::string name);
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;

 private:
  bool feasible(long long lo, long long hi) const;  // can some sum in [lo, hi] satisfy OP rhs?
  std::vector<int> coefficients_;
  LinearOp op_;
  long long rhs_;
  std::vector<std::pair<long long, long long>> initial_;  // initial [min, max] of each term
};

}  // namespace csp
