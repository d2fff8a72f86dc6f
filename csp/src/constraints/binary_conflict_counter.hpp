// The min-conflicts counter of a binary constraint: O(1) per move, one relation test per value scored.
#pragma once

#include <vector>

#include "csp/core/constraint.hpp"

namespace csp::detail {

/// `holds(pos, v, w)`: the relation holds with scope[pos] = v and the other scope variable = w. Both positions are in
/// conflict exactly when both variables are assigned and the relation fails (`Constraint::conflicts` semantics).
template <class Holds>
class BinaryConflictCounter : public ConflictCounter {
 public:
  BinaryConflictCounter(const std::vector<VarId>& scope, Holds holds) : x_(scope[0]), y_(scope[1]), holds_(holds) {}

  void moved(const Assignment& a, int /*pos*/, bool /*had_value*/, Value /*from*/, Value /*to*/,
             std::vector<Change>& changes) override {
    const bool now = a.is_assigned(x_) && a.is_assigned(y_) && !holds_(0, a.unchecked_value(x_), a.unchecked_value(y_));
    if (now == violated_) return;
    violated_ = now;
    changes.push_back({0, now});
    changes.push_back({1, now});
  }
  int conflicts(const Assignment& a, int pos, Value v) const override {
    const VarId other = pos == 0 ? y_ : x_;
    return a.is_assigned(other) && !holds_(pos, v, a.unchecked_value(other)) ? 1 : 0;
  }
  void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const override {
    const VarId other = pos == 0 ? y_ : x_;
    if (!a.is_assigned(other)) return;
    const Value w = a.value(other);
    const std::vector<Value>& values = var.values();
    for (std::size_t i = 0; i < values.size(); ++i) counts[i] += holds_(pos, values[i], w) ? 0 : 1;
  }

 protected:
  VarId x_;
  VarId y_;

 private:
  Holds holds_;
  bool violated_ = false;
};

}  // namespace csp::detail
