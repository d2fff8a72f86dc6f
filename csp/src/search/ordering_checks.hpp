// Internal to the engine: the checked extension points of backtracking search. What a variable or value ordering
// returns (a registered function, a plugin, a Python callable) is checked before the search uses it.
#pragma once

#include <string>
#include <vector>

#include "csp/core/store.hpp"

namespace csp::detail {

/// Throws Error naming the variable ordering `name` and why its answer x is wrong.
[[noreturn]] void wrong_variable(const Store& store, const std::string& name, VarId x);

/// What SELECT-UNASSIGNED-VARIABLE (the ordering `name`) returned must be an unassigned variable of the problem
/// (called only while one is left). Throws Error naming the ordering and the answer. O(1), inline: once per node.
inline void check_variable(const Store& store, const std::string& name, VarId x) {
  const Assignment& a = store.assignment();
  if (x < 0 || x >= a.variable_count() || a.is_assigned(x)) wrong_variable(store, name, x);
}

/// What ORDER-DOMAIN-VALUES (the ordering `name`) returned for x must be distinct indices of values in x's domain.
/// Throws Error naming the ordering, the variable and the index. O(k log k) for k values; `sorted` is scratch.
void check_values(const Store& store, const std::string& name, VarId x, const std::vector<int>& values,
                  std::vector<int>& sorted);

}  // namespace csp::detail
