// Assigning fixed variables without a decision (implied_assignments.hpp).
#include "implied_assignments.hpp"

namespace csp::detail {

ImpliedAssignments::ImpliedAssignments(Store& store, SearchContext& ctx, const Inference& infer, bool on)
    : store_(store), ctx_(ctx), infer_(infer), on_(on) {
  store_.set_fixed_log(on);
}

bool ImpliedAssignments::assign_fixed() {
  Assignment& a = store_.assignment();
  for (;;) {
    store_.take_fixed(fixed_);
    if (fixed_.empty()) return true;
    for (const VarId y : fixed_) {
      const Domain& d = store_.domain(y);
      if (a.is_assigned(y) || !d.is_singleton()) continue;
      a.assign(y, store_.value(y, d.min()));
      implied_.push_back(y);
      ctx_.set_decision_shrank_domain(false);
      if (!infer_(ctx_, y)) return false;
    }
  }
}

}  // namespace csp::detail
