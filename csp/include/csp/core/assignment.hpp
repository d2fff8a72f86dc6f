// Assignment: which variables have a value, and which (AIMA 4th ed. §6.1).
#pragma once

#include <vector>

#include "csp/core/variable.hpp"

namespace csp {

/// A partial or complete assignment {X_i = v_i}. Stores values (not indices), one slot per variable.
class Assignment {
 public:
  Assignment() = default;
  /// An empty assignment over n variables.
  explicit Assignment(int n) : values_(static_cast<std::size_t>(n), 0), assigned_(static_cast<std::size_t>(n), 0) {}

  /// Number of variables this assignment ranges over.
  int variable_count() const { return static_cast<int>(values_.size()); }
  /// Number of assigned variables.
  int assigned_count() const { return count_; }
  bool is_complete() const { return count_ == variable_count(); }
  bool is_assigned(VarId x) const { return assigned_[static_cast<std::size_t>(x)] != 0; }
  /// The value of x. Precondition: is_assigned(x).
  Value value(VarId x) const { return values_[static_cast<std::size_t>(x)]; }
  /// Sets x = v (overwrites an earlier value of x).
  void assign(VarId x, Value v) {
    auto i = static_cast<std::size_t>(x);
    if (!assigned_[i]) ++count_;
    assigned_[i] = 1;
    values_[i] = v;
  }
  /// Removes x from the assignment (no-op when unassigned).
  void unassign(VarId x) {
    auto i = static_cast<std::size_t>(x);
    if (assigned_[i]) --count_;
    assigned_[i] = 0;
  }
  /// All values in variable order (meaningful for assigned variables only).
  const std::vector<Value>& values() const { return values_; }

  friend bool operator==(const Assignment& a, const Assignment& b) {
    if (a.variable_count() != b.variable_count()) return false;
    for (VarId x = 0; x < a.variable_count(); ++x) {
      if (a.is_assigned(x) != b.is_assigned(x)) return false;
      if (a.is_assigned(x) && a.value(x) != b.value(x)) return false;
    }
    return true;
  }

 private:
  std::vector<Value> values_;
  std::vector<char> assigned_;
  int count_ = 0;
};

}  // namespace csp
