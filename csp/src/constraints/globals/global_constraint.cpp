// GlobalConstraint: occurrences onto a scope, revise / propagate through one filter, value edits.
#include "global_constraint.hpp"

#include <algorithm>

#include "constraints/linear_bounds.hpp"
#include "csp/core/problem.hpp"

namespace csp::globals_detail {

std::vector<VarId> distinct(const std::vector<VarId>& occurrences) {
  std::vector<VarId> scope;
  for (VarId x : occurrences)
    if (std::find(scope.begin(), scope.end(), x) == scope.end()) scope.push_back(x);
  return scope;
}

GlobalConstraint::GlobalConstraint(const std::vector<VarId>& occurrences, std::string name)
    : Constraint(distinct(occurrences), std::move(name)) {
  for (VarId x : occurrences) occ_.push_back(position_of(x));
}

bool GlobalConstraint::is_satisfied_by(std::span<const Value> values) const {
  std::vector<Value> args;
  args.reserve(occ_.size());
  for (int p : occ_) args.push_back(values[static_cast<std::size_t>(p)]);
  return holds(args);
}

namespace {
// False iff every scope variable is one value and the relation is violated.
bool exact_when_fixed(const Constraint& c, const Store& s) {
  std::vector<Value> tuple;
  tuple.reserve(c.scope().size());
  for (VarId x : c.scope()) {
    const Domain& d = s.domain(x);
    if (!d.is_singleton()) return true;
    tuple.push_back(s.value(x, d.min()));
  }
  return c.is_satisfied_by(tuple);
}
}  // namespace

bool GlobalConstraint::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  if (!filter(store, pos) || store.domain(x).empty()) return false;
  return exact_when_fixed(*this, store) || store.remove_above(x, -1, this);
}

bool GlobalConstraint::propagate(Store& store) const {
  if (!filter(store, -1)) return false;
  return exact_when_fixed(*this, store) || store.remove_above(scope().front(), -1, this);
}

bool GlobalConstraint::has(const Store& s, int j, long long v) const { return detail::holds_value(s, var(j), v); }

bool GlobalConstraint::remove_value(Store& s, int only, int j, long long v) const {
  if (only >= 0 && position(j) != only) return true;
  const VarId x = var(j);
  const int i = v < INT32_MIN || v > INT32_MAX ? -1 : s.problem().variable(x).index_of(static_cast<Value>(v));
  if (i < 0 || !s.domain(x).contains(i)) return true;
  return s.remove(x, i, this);
}

bool GlobalConstraint::keep_at_least(Store& s, int only, int j, long long v) const {
  if (only >= 0 && position(j) != only) return true;
  const VarId x = var(j);
  const int i = detail::first_index_at_least(s.problem().variable(x), v);
  return i <= s.domain(x).min() || s.remove_below(x, i, this);
}

bool GlobalConstraint::keep_at_most(Store& s, int only, int j, long long v) const {
  if (only >= 0 && position(j) != only) return true;
  const VarId x = var(j);
  const int i = detail::last_index_at_most(s.problem().variable(x), v);
  return i >= s.domain(x).max() || s.remove_above(x, i, this);
}

long long GlobalConstraint::total_size(const Store& s) const {
  long long n = 0;
  for (VarId x : scope()) n += s.domain(x).size();
  return n;
}

}  // namespace csp::globals_detail
