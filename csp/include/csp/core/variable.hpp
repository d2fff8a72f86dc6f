// Variable: a name and a finite, sorted set of int values (a range lo..hi, or any list).
#pragma once

#include <cstdint>
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
/// (0 = smallest value). A range lo..hi is stored as its two ends (O(1) memory, whatever its width); any other
/// set as a sorted list, which variables with the same values may share (cheap to build and compare).
class Variable {
 public:
  /// Precondition (checked by `Problem::add_variable`): `values` is non-empty. Duplicates are removed.
  Variable(std::string name, std::vector<Value> values);
  /// Shares an already sorted, duplicate-free value list.
  Variable(std::string name, std::shared_ptr<const std::vector<Value>> sorted_values);
  /// The range lo..hi. Precondition (checked by `Problem::add_variable`): lo <= hi and at most
  /// Domain::kMaxCapacity values.
  Variable(std::string name, Value lo, Value hi);

  const std::string& name() const { return name_; }
  /// The values, ascending, as a new list: O(size) time and memory (prefer `value(i)`, `min_value`, `max_value`
  /// for wide ranges).
  std::vector<Value> values() const;
  /// True iff both variables have the same values (O(1) for ranges and shared lists).
  bool same_values(const Variable& other) const;
  /// Number of values (the capacity of this variable's `Domain`).
  int size() const { return size_; }
  /// True when the values are lo, lo+1, ..., hi (then value(i) = lo + i).
  bool is_range() const { return contiguous_; }
  /// The smallest and the largest value.
  Value min_value() const { return lo_; }
  Value max_value() const { return hi_; }
  /// The value with index i. Precondition: 0 <= i < size().
  Value value(int i) const { return contiguous_ ? lo_ + i : (*values_)[static_cast<std::size_t>(i)]; }
  /// Index of value v, or -1 when v is not one of this variable's values. O(1) for ranges and for lists spanning
  /// at most 64 integers (a bit mask), O(log size) otherwise.
  int index_of(Value v) const;
  /// Index of the smallest value >= v, or size() when every value is below v. Same costs as index_of.
  int lower_index(Value v) const;

 private:
  std::string name_;
  std::shared_ptr<const std::vector<Value>> values_;  // null for a range
  Value lo_ = 0;
  Value hi_ = -1;
  int size_ = 0;
  bool contiguous_ = false;  // values == lo, lo+1, ..., hi
  // A list spanning at most 64 integers: bit v - lo set for each value v (0 otherwise). The index of v is then the
  // number of bits below v's (one popcount), instead of a binary search (costas-array: 16% of its time).
  std::uint64_t mask_ = 0;
};

}  // namespace csp
