// Boolean variables for the FlatZinc constraints: validation and the two shrinking steps.
#include "bool_support.hpp"

#include "csp/core/errors.hpp"

namespace csp::detail {

void require_boolean(const Problem& problem, VarId x, const std::string& constraint_name, const char* role) {
  const Variable& var = problem.variable(x);
  if (var.min_value() < 0 || var.max_value() > 1)
    throw ModelError("constraint '" + constraint_name + "': " + role + " variable '" + var.name() +
                     "' is not boolean (values " + std::to_string(var.min_value()) + ".." +
                     std::to_string(var.max_value()) + ", expected 0..1)");
}

bool remove_bool(Store& store, VarId x, int v, const Constraint* cause) {
  const int i = store.problem().variable(x).index_of(v);
  if (i < 0 || !store.domain(x).contains(i)) return !store.domain(x).empty();
  return store.remove(x, i, cause);
}

}  // namespace csp::detail

namespace csp::detail {

bool fail_if_violated(const Constraint& c, Store& store, int pos) {
  std::vector<Value> tuple;
  tuple.reserve(c.scope().size());
  for (VarId x : c.scope()) {
    const Domain& d = store.domain(x);
    if (!d.is_singleton()) return true;
    tuple.push_back(store.value(x, d.min()));
  }
  return c.is_satisfied_by(tuple) || store.remove_above(c.scope()[static_cast<std::size_t>(pos)], -1, &c);
}

}  // namespace csp::detail
