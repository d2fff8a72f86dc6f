// Inference after an assignment: none, forward checking, MAC.
#include "csp/propagation/inference.hpp"

namespace csp {

bool no_inference(SearchContext& /*ctx*/, VarId /*x*/) { return true; }

bool forward_checking(SearchContext& ctx, VarId x) {
  Store& store = ctx.store();
  const Problem& p = store.problem();
  if (x < 0) {
    for (ConstraintId c = 0; c < p.constraint_count(); ++c)
      if (!p.constraint(c).propagate(store)) return false;
    return true;
  }
  for (ConstraintId c : p.constraints_of(x))
    if (!p.constraint(c).propagate(store)) return false;
  return true;
}

bool mac(SearchContext& ctx, VarId x) {
  Store& store = ctx.store();
  const Problem& p = store.problem();
  if (x >= 0 && !ctx.decision_shrank_domain()) return true;  // x was already one value: the fixpoint holds
  if (x < 0) {
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) store.schedule(c);
  } else {
    store.schedule_constraints_of(x);
  }
  store.set_scheduling(true);
  bool ok = true;
  for (ConstraintId c = store.next_scheduled(); c >= 0; c = store.next_scheduled()) {
    if (!p.constraint(c).propagate(store)) {
      ok = false;
      store.clear_schedule();
      break;
    }
  }
  store.set_scheduling(false);
  return ok;
}

Registry<Inference>& inferences() {
  static Registry<Inference> registry = [] {
    Registry<Inference> r("inference");
    r.add("none", "no inference: check each value against the assignment", no_inference);
    r.add("fc", "forward checking: filter the constraints on the assigned variable once", forward_checking);
    r.add("mac", "maintain arc consistency: propagate until nothing changes", mac);
    return r;
  }();
  return registry;
}

}  // namespace csp
