// The base of the native global constraints (internal header): argument occurrences mapped onto a scope of distinct
// variables, one filtering routine shared by propagate and revise, and domain edits by value.
#pragma once

#include <string>
#include <vector>

#include "csp/core/constraint.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp::globals_detail {

/// A global constraint over `occurrences`, the variables of its arguments in argument order (a variable may occur
/// several times: a constant shared by two arguments, x in both arrays of a lex). The scope holds each variable once,
/// in order of first occurrence; subclasses address arguments by occurrence index j.
///
/// Subclasses implement `filter(store, only)`: their propagation algorithm, where every removal goes through the edit
/// helpers below. With `only` >= 0 (REVISE of scope[only], forward checking) the helpers drop the removals from other
/// scope positions, so only scope[only] changes; the reasoning stays sound (it sees larger domains than `only = -1`
/// would leave, and each removal it makes is of a value with no solution of the constraint). `propagate` is filter(-1);
/// both end with an exact check when every scope variable is one value, so the contract of Constraint (fail exactly on
/// a violation once all is fixed) holds whatever the filtering's strength.
class GlobalConstraint : public Constraint {
 public:
  GlobalConstraint(const std::vector<VarId>& occurrences, std::string name);
  bool is_satisfied_by(std::span<const Value> values) const final;
  bool revise(Store& store, int pos) const final;
  bool propagate(Store& store) const final;
  PropagationCost propagation_cost() const override { return PropagationCost::expensive; }

 protected:
  /// The relation on the values of the occurrences (one per occurrence, in argument order).
  virtual bool holds(const std::vector<Value>& args) const = 0;
  /// The propagation algorithm (see the class comment). False on a wipe-out.
  virtual bool filter(Store& store, int only) const = 0;

  int occurrences() const { return static_cast<int>(occ_.size()); }
  VarId var(int j) const { return scope()[static_cast<std::size_t>(occ_[static_cast<std::size_t>(j)])]; }
  int position(int j) const { return occ_[static_cast<std::size_t>(j)]; }

  Value lo(const Store& s, int j) const { return s.value(var(j), s.domain(var(j)).min()); }
  Value hi(const Store& s, int j) const { return s.value(var(j), s.domain(var(j)).max()); }
  bool fixed(const Store& s, int j) const { return s.domain(var(j)).is_singleton(); }
  bool has(const Store& s, int j, long long v) const;

  // Domain edits of occurrence j by value; each is skipped (returns true) when `only` >= 0 names another scope
  // position, and returns false iff the domain is wiped out.
  bool remove_value(Store& s, int only, int j, long long v) const;
  /// Keeps the values >= v.
  bool keep_at_least(Store& s, int only, int j, long long v) const;
  /// Keeps the values <= v.
  bool keep_at_most(Store& s, int only, int j, long long v) const;
  bool fix(Store& s, int only, int j, long long v) const {
    return keep_at_least(s, only, j, v) && keep_at_most(s, only, j, v);
  }
  /// Removes every value of occurrence j for which drop(value) holds.
  template <class F>
  bool remove_if(Store& s, int only, int j, F&& drop) const {
    if (only >= 0 && position(j) != only) return true;
    const VarId x = var(j);
    std::vector<int> gone;
    s.domain(x).for_each([&](int i) {
      if (drop(s.value(x, i))) gone.push_back(i);
    });
    for (int i : gone)
      if (!s.remove(x, i, this)) return false;
    return !s.domain(x).empty();
  }
  /// The sum of the scope's domain sizes (for fixpoint loops).
  long long total_size(const Store& s) const;
  /// Runs `step(s, only)` until it changes no domain (one run when `only` names one scope position, as forward
  /// checking asks); false as soon as a step fails.
  template <class Step>
  bool to_fixpoint(Store& s, int only, Step&& step) const {
    for (;;) {
      const long long before = total_size(s);
      if (!step(s, only)) return false;
      if (only >= 0 || total_size(s) == before) return true;
    }
  }

 private:
  std::vector<int> occ_;  // occ_[j]: the scope position of occurrence j
};

/// A global that reasons about a maximum and serves the minimum too, by reading every value through the mirror
/// v -> -v (maximum / minimum, arg_max / arg_min): `low` of an occurrence is its worst end, `high` its best one.
class MirroredGlobal : public GlobalConstraint {
 public:
  MirroredGlobal(std::vector<VarId> occurrences, std::string name, bool minimum)
      : GlobalConstraint(std::move(occurrences), std::move(name)), minimum_(minimum) {}

 protected:
  bool minimum() const { return minimum_; }
  long long low(const Store& s, int j) const { return minimum_ ? -static_cast<long long>(hi(s, j)) : lo(s, j); }
  long long high(const Store& s, int j) const { return minimum_ ? -static_cast<long long>(lo(s, j)) : hi(s, j); }
  /// Keeps the values whose mirrored value is >= v.
  bool keep_low_at_least(Store& s, int only, int j, long long v) const {
    return minimum_ ? keep_at_most(s, only, j, -v) : keep_at_least(s, only, j, v);
  }
  /// Keeps the values whose mirrored value is <= v.
  bool keep_high_at_most(Store& s, int only, int j, long long v) const {
    return minimum_ ? keep_at_least(s, only, j, -v) : keep_at_most(s, only, j, v);
  }

 private:
  bool minimum_;
};

/// The scope of distinct variables of `occurrences`, in order of first occurrence.
std::vector<VarId> distinct(const std::vector<VarId>& occurrences);

}  // namespace csp::globals_detail

namespace csp::globals_detail {

/// `base` made unique among the problem's variable names (a decomposition posted twice names its auxiliary variables
/// apart): base#k, k the number of variables so far.
inline std::string aux_name(const Problem& p, const std::string& base) {
  return base + "#" + std::to_string(p.variable_count());
}

}  // namespace csp::globals_detail
