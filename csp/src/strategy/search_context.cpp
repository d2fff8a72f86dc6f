// SearchContext: consistency checks and the measures used by the heuristics.
#include "csp/strategy/search_context.hpp"

#include <algorithm>

namespace csp {

VarId SearchContext::first_unassigned() {
  const Assignment& a = store_->assignment();
  const VarId n = a.variable_count();
  while (first_free_ < n && a.is_assigned(first_free_)) ++first_free_;
  return first_free_ < n ? first_free_ : -1;
}

void SearchContext::set_candidates(Candidates c) {
  const VarId n = store_->problem().variable_count();
  c.begin = std::clamp(c.begin, VarId{0}, n);
  c.end = std::clamp(c.end, c.begin, n);
  candidates_ = c;
  all_candidates_ = c.begin == 0 && c.end == n && !c.fixed_first;
}

VarId SearchContext::first_candidate() {
  const VarId first = first_unassigned();
  if (all_candidates_ || first < 0) return first;
  const Assignment& a = store_->assignment();
  for (VarId x = std::max(first, candidates_.begin); x < candidates_.end; ++x)
    if (!a.is_assigned(x)) return x;
  return -1;
}

const Constraint* SearchContext::violated_constraint(VarId x, int i) {
  Assignment& a = store_->assignment();
  const Problem& p = store_->problem();
  a.assign(x, store_->value(x, i));
  const Constraint* violated = nullptr;
  for (ConstraintId c : p.constraints_of(x)) {
    ++store_->stats().constraint_checks;
    store_->tick();
    if (!p.constraint(c).is_consistent(a)) {
      violated = &p.constraint(c);
      break;
    }
  }
  a.unassign(x);
  return violated;
}

int SearchContext::count_legal_values(VarId x) {
  const Domain& d = store_->domain(x);
  int n = 0;
  for (int i = d.min(); i >= 0 && !store_->interrupted(); i = d.next(i)) n += is_consistent(x, i) ? 1 : 0;
  return n;
}

int SearchContext::dynamic_degree(VarId x) const {
  const Problem& p = store_->problem();
  const Assignment& a = store_->assignment();
  int n = 0;
  for (ConstraintId c : p.constraints_of(x)) {
    for (VarId y : p.constraint(c).scope()) {
      if (y != x && !a.is_assigned(y)) {
        ++n;
        break;
      }
    }
  }
  return n;
}

}  // namespace csp
