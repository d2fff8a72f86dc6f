// CheckedConstraint: generic support search on small scopes, forward checking on the others.
#include "checked_constraint.hpp"

#include "csp/core/store.hpp"

namespace csp::models::flatzinc {

CheckedConstraint::CheckedConstraint(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred,
                                     std::string name, bool full_support)
    : Constraint(std::move(scope), std::move(name)), pred_(std::move(pred)), full_support_(full_support) {}

bool CheckedConstraint::revise(Store& store, int pos) const {
  if (full_support_) return Constraint::revise(store, pos);
  const std::vector<VarId>& s = scope();
  thread_local std::vector<Value> tuple;
  tuple.resize(s.size());
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (static_cast<int>(k) == pos) continue;
    const Domain& d = store.domain(s[k]);
    if (d.size() != 1) return true;  // another variable is open: nothing to filter yet
    tuple[k] = store.value(s[k], d.min());
  }
  const VarId x = s[static_cast<std::size_t>(pos)];
  const Domain& d = store.domain(x);
  for (int i = d.min(); i >= 0; i = d.next(i)) {
    tuple[static_cast<std::size_t>(pos)] = store.value(x, i);
    if (!pred_(tuple) && !store.remove(x, i, this)) return false;
  }
  return true;
}

bool CheckedConstraint::propagate(Store& store) const {
  if (full_support_) return Constraint::propagate(store);
  int open = -1;
  const std::vector<VarId>& s = scope();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (store.domain(s[k]).size() == 1) continue;
    if (open >= 0) return true;  // two open variables: nothing to do
    open = static_cast<int>(k);
  }
  return revise(store, open < 0 ? 0 : open);
}

}  // namespace csp::models::flatzinc
