// The checks of what the variable and value orderings return (ordering_checks.hpp).
#include "ordering_checks.hpp"

#include <algorithm>

#include "csp/core/errors.hpp"

namespace csp::detail {

void wrong_variable(const Store& store, const std::string& name, VarId x) {
  const Assignment& a = store.assignment();
  std::string why;
  if (x == -1) {
    why = "none left, but " + std::to_string(a.variable_count() - a.assigned_count()) + " unassigned";
  } else if (x < 0 || x >= a.variable_count()) {
    why = "not a variable id (the problem has " + std::to_string(a.variable_count()) + " variable" +
          (a.variable_count() == 1 ? "" : "s") + ")";
  } else {
    why = "variable '" + store.problem().variable(x).name() + "' is already assigned";
  }
  throw Error("variable ordering '" + name + "' returned " + std::to_string(x) + ": " + why);
}

void check_values(const Store& store, const std::string& name, VarId x, const std::vector<int>& values,
                  std::vector<int>& sorted) {
  const Domain& d = store.domain(x);
  const auto fail = [&](int i, const std::string& why) {
    throw Error("value ordering '" + name + "' returned index " + std::to_string(i) + " for variable '" +
                store.problem().variable(x).name() + "': " + why);
  };
  for (const int i : values)
    if (!d.contains(i))
      fail(i, "not the index of a value in its domain (a value index is 0.." + std::to_string(d.capacity() - 1) +
                  "; was a value given instead of its index?)");
  sorted.assign(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end()) fail(*twice, "given twice");
}

}  // namespace csp::detail
