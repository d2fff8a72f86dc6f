// BinaryPredicate: REVISE over a callable.
#include "csp/constraints/binary_predicate.hpp"

#include "csp/core/store.hpp"
#include "binary_conflict_counter.hpp"

namespace csp {

BinaryPredicate::BinaryPredicate(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name)
    : Constraint({x, y}, std::move(name)), pred_(std::move(pred)) {}

bool BinaryPredicate::revise(Store& store, int pos) const {
  ++store.stats().revisions;
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  const Domain& dx = store.domain(x);
  const Domain& dy = store.domain(y);
  for (int i = dx.min(); i >= 0; i = dx.next(i)) {
    const Value a = store.value(x, i);
    bool supported = false;
    for (int j = dy.min(); j >= 0 && !supported; j = dy.next(j)) supported = holds(pos, a, store.value(y, j));
    if (!supported && !store.remove(x, i, this)) return false;
  }
  return true;
}

int BinaryPredicate::count_ruled_out(const Store& store, int pos, int index) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  if (store.assignment().is_assigned(y)) return 0;
  const Value a = store.value(x, index);
  int n = 0;
  store.domain(y).for_each([&](int j) { n += holds(pos, a, store.value(y, j)) ? 0 : 1; });
  return n;
}

}  // namespace csp

namespace csp {

int BinaryPredicate::conflicts(const Assignment& a, int pos, Value v) const {
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  return a.is_assigned(y) && !holds(pos, v, a.value(y)) ? 1 : 0;
}

std::unique_ptr<ConflictCounter> BinaryPredicate::make_conflict_counter(const Problem& /*problem*/) const {
  auto holds = [this](int pos, Value v, Value w) { return this->holds(pos, v, w); };
  return std::make_unique<detail::BinaryConflictCounter<decltype(holds)>>(scope(), holds);
}

}  // namespace csp
