// NaryPredicate: any callable on the scope's values.
#pragma once

#include <functional>

#include "csp/core/constraint.hpp"

namespace csp {

/// pred(values in scope order) must hold. Checked only once the whole scope is assigned; revise and propagate are
/// the generic support search of `Constraint` (generalised arc consistency, exponential in the arity).
class NaryPredicate final : public Constraint {
 public:
  /// pred(values in scope order); `pred` is copied. Usually built by Problem::add_predicate.
  NaryPredicate(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred, std::string name)
      : Constraint(std::move(scope), std::move(name)), pred_(std::move(pred)) {}
  bool is_satisfied_by(std::span<const Value> values) const override { return pred_(values); }

 private:
  std::function<bool(std::span<const Value>)> pred_;
};

}  // namespace csp
