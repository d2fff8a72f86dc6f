// Boolean variables (0..1 integer variables) as seen by the FlatZinc constraints (internal header).
#pragma once

#include <string>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp::detail {

/// Throws ModelError "constraint 'name': ROLE variable 'x' is not boolean (values lo..hi)" unless every value of x
/// is 0 or 1.
void require_boolean(const Problem& problem, VarId x, const std::string& constraint_name, const char* role);

/// The value of x when its domain is one value, else -1.
inline int fixed_value(const Store& store, VarId x) {
  const Domain& d = store.domain(x);
  if (!d.is_singleton()) return -1;
  return store.value(x, d.min());
}

/// Removes value v (0 or 1) from boolean x when present. False iff x's domain became empty.
bool remove_bool(Store& store, VarId x, int v, const Constraint* cause);

/// Makes x = v (0 or 1): removes the other value. False iff x's domain became empty (v was not left).
inline bool set_bool(Store& store, VarId x, int v, const Constraint* cause) {
  return remove_bool(store, x, 1 - v, cause);
}

}  // namespace csp::detail

namespace csp::detail {

/// For `revise(pos)` of a constraint whose own reasoning is not exact: when every scope variable is one value and
/// the relation is violated, empties scope[pos] (no value of it has a support) and returns false; else true.
bool fail_if_violated(const Constraint& c, Store& store, int pos);

}  // namespace csp::detail
