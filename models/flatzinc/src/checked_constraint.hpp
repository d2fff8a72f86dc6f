// CheckedConstraint: a FlatZinc builtin that has no native engine constraint yet, posted as its checker.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "csp/core/constraint.hpp"

namespace csp::models::flatzinc {

/// pred(values in scope order) must hold. Small scopes (the product of the initial domain sizes at most
/// kFullSupportLimit) get the engine's generic generalised arc consistency; larger ones are checked forward: a
/// variable is filtered once it is the only unfixed one of the scope (no exponential support search).
class CheckedConstraint final : public Constraint {
 public:
  static constexpr long long kFullSupportLimit = 4096;

  /// `full_support`: use generalised arc consistency (the engine's enumerating revise).
  CheckedConstraint(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred, std::string name,
                    bool full_support);
  bool is_satisfied_by(std::span<const Value> values) const override { return pred_(values); }
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  std::function<bool(std::span<const Value>)> pred_;
  bool full_support_;
};

}  // namespace csp::models::flatzinc
