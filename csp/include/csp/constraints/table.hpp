// Table: the scope must take one of a list of allowed tuples (extensional constraint).
#pragma once

#include "csp/core/constraint.hpp"

namespace csp {

/// The scope takes one of `allowed` (tuples of values in scope order). Revise scans the tuples that are still
/// valid in the current domains (generalised arc consistency, O(tuples x arity) per call).
class Table final : public Constraint {
 public:
  /// The scope takes one of `allowed` (duplicates ignored); the tuples are checked by `attach`.
  Table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name);
  /// Throws ModelError for a tuple of the wrong length or holding a value outside its variable's values.
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;

 private:
  bool tuple_valid(const Store& store, std::size_t t) const;
  std::vector<std::vector<Value>> allowed_;  // sorted, unique
  std::vector<std::vector<int>> indices_;    // the same tuples as value indices, filled by attach
};

}  // namespace csp
