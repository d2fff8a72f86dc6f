// INFERENCE strategies run after each assignment (AIMA 4th ed. §6.3.2) and their registry.
#pragma once

#include <functional>

#include "csp/search/registry.hpp"
#include "csp/search/search_context.hpp"

namespace csp {

/// Called after x was assigned (its domain is then that one value); x = -1 means "the root": the givens were
/// just assigned and all constraints may filter. Shrinks domains through the store; returns false on failure.
/// Long loops report work to `Store::tick` and fail once it returns false: a failure with
/// `store().interrupted()` set is the time limit, not a dead end.
using Inference = std::function<bool(SearchContext&, VarId x)>;

/// No inference: search checks each value against the assignment instead.
bool no_inference(SearchContext& ctx, VarId x);
/// Forward checking (AIMA §6.3.2): each constraint on x filters its scope once (`Constraint::propagate`);
/// consequences are not propagated further. At the root, every constraint filters once.
bool forward_checking(SearchContext& ctx, VarId x);
/// Maintaining arc consistency (AIMA §6.3.2): propagate from the constraints on x until no domain changes.
/// Runs AC-3 with constraints instead of arcs in the queue (the coarse-grained AC-3 of Gecode and MiniCP):
/// the same fixpoint as arc-based AC-3 for binary constraints, with fewer queue operations.
bool mac(SearchContext& ctx, VarId x);

/// The registry: "none", "fc", "mac" built in. `SearchContext::domains_filtered()` is false only for "none".
Registry<Inference>& inferences();

}  // namespace csp
