// RelaxedConstraint: what Problem::relax_constraint leaves in a constraint's place, a relation that always holds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "csp/core/constraint.hpp"

namespace csp {

/// Holds for every tuple and prunes nothing, over the scope and under the name of the constraint it replaces, so
/// ids, scopes and the constraint lists of the variables stay as they were (why_unsat's relaxations).
class RelaxedConstraint final : public Constraint {
 public:
  RelaxedConstraint(std::vector<VarId> scope, std::string name) : Constraint(std::move(scope), std::move(name)) {}
  bool is_consistent(const Assignment& /*a*/) const override { return true; }
  bool is_satisfied_by(std::span<const Value> /*values*/) const override { return true; }
  bool revise(Store& /*store*/, int /*pos*/) const override { return true; }
  bool propagate(Store& /*store*/) const override { return true; }
  PropagationEvent wakes_on(int /*pos*/) const override { return PropagationEvent::fixed; }
  bool bounds_reasoning(int /*pos*/) const override { return true; }
  int count_ruled_out(const Store& /*store*/, int /*pos*/, int /*index*/) const override { return 0; }
  int conflicts(const Assignment& /*a*/, int /*pos*/, Value /*v*/) const override { return 0; }
  void add_conflicts(const Assignment& /*a*/, int /*pos*/, const Variable& /*var*/,
                     std::vector<int>& /*counts*/) const override {}
};

}  // namespace csp
