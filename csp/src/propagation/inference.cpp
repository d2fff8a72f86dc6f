// Inference after an assignment: none, forward checking, MAC.
//
// Time limits: each propagate call reports kWorkPerScopeVariable units per scope variable to Store::tick (which
// reads the clock every 256 units), so the clock is read at least every 4 propagate calls even when a constraint
// reports nothing itself; once the deadline has passed the loop fails at once, and search tells that failure from a
// dead end by Store::interrupted().
#include "csp/propagation/inference.hpp"

namespace csp {

namespace {

constexpr std::uint64_t kWorkPerScopeVariable = 32;

// Reports the work of one propagate call of c; false once the store's deadline has passed.
bool tick_for(Store& store, const Constraint& c) {
  return store.tick(kWorkPerScopeVariable * static_cast<std::uint64_t>(c.arity()));
}

}  // namespace

bool no_inference(SearchContext& /*ctx*/, VarId /*x*/) { return true; }

bool forward_checking(SearchContext& ctx, VarId x) {
  Store& store = ctx.store();
  const Problem& p = store.problem();
  if (x < 0) {
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
      const Constraint& con = p.constraint(c);
      if (!tick_for(store, con) || !con.propagate(store)) return false;
    }
    return true;
  }
  for (ConstraintId c : p.constraints_of(x)) {
    const Constraint& con = p.constraint(c);
    if (!tick_for(store, con) || !con.propagate(store)) return false;
  }
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
    const Constraint& con = p.constraint(c);
    if (!tick_for(store, con) || !con.propagate(store)) {
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
