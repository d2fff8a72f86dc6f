// INFERENCE strategies run after each assignment (AIMA 4th ed. §6.3.2) and their registry.
#pragma once

#include <functional>

#include "csp/strategy/registry.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp {

/// Called after x was assigned (its domain is then that one value); x = -1 means "the root": the givens were
/// just assigned and all constraints may filter. Shrinks domains through the store; returns false on failure.
/// Long loops report work to `Store::tick` and fail once it returns false: a failure with
/// `store().interrupted()` set is the time limit, not a dead end.
using Inference = std::function<bool(SearchContext&, VarId x)>;

/// No inference: search checks each value against the assignment instead.
bool no_inference(SearchContext& ctx, VarId x);
/// Forward checking (AIMA §6.3.2, Fig. 6.7): for each constraint C on x, the arc (Y, C) of each unassigned
/// variable Y in C's scope is revised once (`Store::revise`); assigned variables never lose a value, and
/// consequences are not propagated further (for n-ary constraints: one revise per unassigned variable, no
/// fixpoint). A constraint whose scope is all assigned is checked once instead (its revise on single values). At the
/// root, the same from each given (variable assigned at the root), in id order.
bool forward_checking(SearchContext& ctx, VarId x);
/// Maintaining arc consistency (AIMA §6.3.2): propagate from the constraints on x until no domain changes.
/// Runs AC-3 with constraints instead of arcs in the queue (the coarse-grained AC-3 of Gecode and MiniCP;
/// each constraint filters its whole scope with `Store::propagate`):
/// the same fixpoint as arc-based AC-3 for binary constraints, with fewer queue operations.
bool mac(SearchContext& ctx, VarId x);

/// The registry: "none", "fc", "mac" built in. `SearchContext::domains_filtered()` is false only for "none".
Registry<Inference>& inferences();

}  // namespace csp
