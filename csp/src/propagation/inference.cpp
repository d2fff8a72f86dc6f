// Inference after an assignment: none, forward checking, MAC.
//
// Every revise / propagate goes through Store::revise / Store::propagate, which count revisions and constraint
// checks and report the work to Store::tick (which reads the clock about every millisecond); once the deadline has
// passed they fail at once, and search tells that failure from a dead end by Store::interrupted().
#include "csp/propagation/inference.hpp"

namespace csp {

namespace {

// FORWARD-CHECK after x was assigned (AIMA 4th ed. §6.3.2, Fig. 6.7): for each constraint C on x, REVISE the arc
// (Y, C) of each unassigned variable Y in C's scope once; nothing propagates further, and no assigned variable
// loses a value. A constraint left with no unassigned variable is checked once instead (REVISE of x's arc on
// single values, which fails exactly when the assignment violates C).
bool forward_check(Store& store, VarId x) {
  const Problem& p = store.problem();
  const Assignment& a = store.assignment();
  for (ConstraintId c : p.constraints_of(x)) {
    if (store.entailed(c)) continue;  // satisfied by whatever values are left
    const Constraint& con = p.constraint(c);
    const std::vector<VarId>& scope = con.scope();
    bool open = false;
    for (int pos = 0; pos < con.arity(); ++pos) {
      if (a.is_assigned(scope[static_cast<std::size_t>(pos)])) continue;
      open = true;
      if (!store.revise(con, pos)) return false;
    }
    if (!open && !store.revise(con, con.position_of(x))) return false;
  }
  return true;
}

}  // namespace

bool no_inference(SearchContext& /*ctx*/, VarId /*x*/) { return true; }

bool forward_checking(SearchContext& ctx, VarId x) {
  Store& store = ctx.store();
  if (x >= 0) return forward_check(store, x);
  const Assignment& a = store.assignment();
  for (VarId g = 0; g < a.variable_count(); ++g)
    if (a.is_assigned(g) && !forward_check(store, g)) return false;
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
    if (!store.propagate(p.constraint(c))) {
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
    r.add("fc", "forward checking: revise the unassigned neighbours of the assigned variable once", forward_checking);
    r.add("mac", "maintain arc consistency: propagate until nothing changes", mac);
    return r;
  }();
  return registry;
}

}  // namespace csp
