// Element: result = array[index - offset], over an array of constants or of variables (FlatZinc
// array_int_element, array_bool_element with offset 1; array_var_int_element, array_var_bool_element).
#pragma once

#include "csp/core/constraint.hpp"

namespace csp {

/// result = array[index - offset] with a constant array: index must lie in offset..offset+n-1 (n = array size).
/// Scope {index, result} ({index} when they are the same variable).
///
/// Propagation: index keeps the positions whose array value is still in result's domain (its bounds are first cut to
/// offset..offset+n-1 in one step, so a wide index domain costs nothing); result keeps the array values at index's
/// positions: every value checked when result has at most 65,536 values (domain consistency), else its bounds move
/// to the nearest such value (bounds consistency on a wide interval domain). O(n log n) per call.
class Element final : public Constraint {
 public:
  /// Throws ModelError when the array is empty.
  Element(VarId index, std::vector<Value> array, VarId result, int offset, std::string name);
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  bool filter_index(Store& store) const;
  bool filter_result(Store& store) const;

  std::vector<Value> array_;
  int offset_;
};

/// result = array[index - offset] with an array of variables (a variable may appear several times, and may also be
/// the index or the result). Scope: index, result, then the distinct array variables.
///
/// Propagation, repeated to a fixpoint: index keeps offset..offset+n-1 and the positions whose variable's domain
/// meets result's (checked value by value when the smaller domain has at most 4,096 values, by bounds otherwise);
/// result is cut to the bounds of the union of those variables' domains, and checked value by value when
/// |result| x |index| <= 65,536; once index is one value, result and that array variable keep their common values
/// (bounds only for more than 65,536 values). Exact when every variable is one value. When result and every array
/// variable range over at most 64 consecutive values (fillomino's areas and sizes), each of those tests is one
/// machine word: a shift and an AND (the same prunings, also above the 65,536 pairs).
class VarElement final : public Constraint {
 public:
  /// Throws ModelError when the array is empty.
  VarElement(VarId index, std::vector<VarId> array, VarId result, int offset, std::string name);
  /// Notes whether result and the array variables are ranges of at most 64 values (the one-word filtering).
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  VarId element(int k) const { return scope()[static_cast<std::size_t>(element_pos_[static_cast<std::size_t>(k)])]; }
  int size() const { return static_cast<int>(element_pos_.size()); }
  bool filter_index(Store& store) const;
  bool filter_result(Store& store) const;
  bool filter_chosen(Store& store, bool only_element, int pos) const;

  int result_pos_;
  std::vector<int> element_pos_;  // scope position of array[k]
  int offset_;
  // Set by attach when result and every array variable are ranges of at most 64 values: then shift_[k] = the
  // smallest value of array[k] minus result's, and domain word 0 of each is its set of values from its smallest.
  bool one_word_ = false;
  std::vector<long long> shift_;
};

}  // namespace csp
