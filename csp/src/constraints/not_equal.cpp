// NotEqual: x != y.
#include "csp/constraints/not_equal.hpp"

#include "binary_conflict_counter.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

NotEqual::NotEqual(VarId x, VarId y, std::string name) : Constraint({x, y}, std::move(name)) {}

bool NotEqual::is_consistent(const Assignment& a) const {
  const VarId x = scope()[0];
  const VarId y = scope()[1];
  return !(a.is_assigned(x) && a.is_assigned(y) && a.unchecked_value(x) == a.unchecked_value(y));
}

bool NotEqual::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  const Domain& dy = store.domain(y);
  if (!dy.is_singleton()) return true;  // every value of x keeps a support in y
  const int i = store.problem().variable(x).index_of(store.value(y, dy.min()));
  return i < 0 || store.remove(x, i, this);
}

bool NotEqual::propagate(Store& store) const { return revise(store, 0) && revise(store, 1); }

bool NotEqual::explain(const PastDomains& then, int pos, int index, Explanation& why) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  const int j = then.fixed_index(y);
  if (j < 0 || then.problem().variable(y).value(j) != then.problem().variable(x).value(index)) return false;
  why.fixed(y);
  return true;
}

int NotEqual::count_ruled_out(const Store& store, int pos, int index) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  if (store.assignment().is_assigned(y)) return 0;
  const int j = store.problem().variable(y).index_of(store.value(x, index));
  return store.domain(y).contains(j) ? 1 : 0;
}

}  // namespace csp

namespace csp {

int NotEqual::conflicts(const Assignment& a, int pos, Value v) const {
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  return a.is_assigned(y) && a.unchecked_value(y) == v ? 1 : 0;
}

namespace {

auto differ = [](int /*pos*/, Value v, Value w) { return v != w; };

// Scoring all values: only the other variable's value clashes.
class NotEqualConflictCounter final : public detail::BinaryConflictCounter<decltype(differ)> {
 public:
  explicit NotEqualConflictCounter(const std::vector<VarId>& scope) : BinaryConflictCounter(scope, differ) {}
  void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const override {
    const VarId other = pos == 0 ? y_ : x_;
    if (!a.is_assigned(other)) return;
    const int i = var.index_of(a.value(other));
    if (i >= 0) ++counts[static_cast<std::size_t>(i)];
  }
};

}  // namespace

std::unique_ptr<ConflictCounter> NotEqual::make_conflict_counter(const Problem& /*problem*/) const {
  return std::make_unique<NotEqualConflictCounter>(scope());
}

}  // namespace csp
