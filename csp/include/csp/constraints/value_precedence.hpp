// ValuePrecedence: interchangeable values used in order along a sequence of variables (value-symmetry breaking,
// AIMA 4th ed. §6.5 on symmetric values; Law & Lee, "Global constraints for integer and set value precedence",
// CP 2004).
#pragma once

#include <vector>

#include "csp/core/constraint.hpp"

namespace csp {

/// The values v_1, ..., v_m (in the given order) are used in order along the scope X_1, ..., X_n: v_1 is the first of
/// them to appear, and each X_j takes v_{i+1} only if some earlier X_k took v_i. So X_1 takes v_1 (or a value outside
/// the list), and each next variable at most "one more" than the largest listed value used before it. Posting it
/// keeps exactly one solution of each class of solutions that differ by a permutation of v_1..v_m, when those values
/// are interchangeable (a graph colouring: of the k! renamings of a colouring that uses all k colours, one is kept).
/// Values outside the list are unconstrained. Propagation: one forward pass bounds, for each X_j, the largest list
/// position it may take (one more than the largest position any earlier variable can still take) and removes the
/// listed values above it; exact when the domains are single values (not generalised arc consistent).
class ValuePrecedence final : public Constraint {
 public:
  /// Throws ModelError when `values` is empty or lists a value twice.
  ValuePrecedence(std::vector<VarId> scope, std::vector<Value> values, std::string name);
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  int count_ruled_out(const Store& store, int pos, int index) const override;

 private:
  /// The list position of v (0-based), or -1 when v is not listed.
  int list_position(Value v) const;
  /// Removes from scope[pos] the listed values above `bound`. False on a wipe-out.
  bool prune(Store& store, int pos, int bound) const;

  std::vector<Value> values_;                  // the list, in precedence order
  std::vector<std::pair<Value, int>> sorted_;  // (value, list position), by value
  std::vector<std::vector<int>> index_;        // index_[k][p]: value index of values_[p] in scope[k]'s variable, or -1
};

}  // namespace csp
