// Variable: a name and a finite, sorted set of int values.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace csp {

/// Dense variable id: 0..n-1 in the order variables were added (also the Boost.Graph vertex index).
using VarId = int;
/// A value a variable can take. Any int; each variable has its own finite set.
using Value = int;

/// A CSP variable X_i with its universe of values (AIMA 4th ed. §6.1); its initial domain may be a subset
/// (see `Problem::restrict_domain`). Values are kept sorted and unique; a `Domain` refers to them by index
/// (0 = smallest value). Variables with the same values may share one value list (cheap to build and compare).
class Variable {
 public:
  /// Precondition (checked by `Problem::add_variable`): `values` is non-empty. Duplicates are removed.
  Variable(std::string name, std::vector<Value> values);
  /// Shares an already sorted, duplicate-free value list.
  Variable(std::string name, std::shared_ptr<const std::vector<Value>> sorted_values);

  const std::string& name() const { return name_; }
  /// The values, ascending.
  const std::vector<Value>& values() const { return *values_; }
  /// True iff both variables have the same values (O(1) when the list is shared).
  bool same_values(const Variable& other) const { return values_ == other.values_ || *values_ == *other.values_; }
  /// Number of values (the capacity of this variable's `Domain`).
  int size() const { return static_cast<int>(values_->size()); }
  /// The value with index i. Precondition: 0 <= i < size().
  Value value(int i) const { return (*values_)[static_cast<std::size_t>(i)]; }
  /// Index of value v, or -1 when v is not one of this variable's values. O(1) for ranges lo..hi.
  int index_of(Value v) const;

 private:
  std::string name_;
  std::shared_ptr<const std::vector<Value>> values_;
  Value lo_ = 0;
  bool contiguous_ = false;  // values == lo, lo+1, ..., hi
};

}  // namespace csp
