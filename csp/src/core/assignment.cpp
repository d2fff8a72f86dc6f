// Assignment: construction for a problem and the error paths of reading it.
#include "csp/core/assignment.hpp"

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"

namespace csp {

Assignment::Assignment(const Problem& problem) : Assignment(problem.variable_count()) {
  names_ = problem.variable_names();
}

VarId Assignment::id_of(const std::string& name) const {
  if (!names_)
    throw Error("assignment: cannot read variable '" + name +
                "' by name: this assignment was made without its problem's names (Assignment(int))");
  const VarId x = names_->find(name);
  if (x < 0 || x >= variable_count())
    throw UnknownNameError("assignment: no variable named '" + name + "' (the problem has " +
                           std::to_string(variable_count()) + (variable_count() == 1 ? " variable)" : " variables)"));
  return x;
}

void Assignment::throw_not_assigned(VarId x) const {
  const int n = variable_count();
  if (x < 0 || x >= n)
    throw Error("assignment: unknown variable id " + std::to_string(x) + " (the assignment has " + std::to_string(n) +
                (n == 1 ? " variable)" : " variables)"));
  const std::string who =
      names_ && x < names_->count() ? "variable '" + names_->name(x) + "'" : "variable id " + std::to_string(x);
  throw Error("assignment: " + who + " has no value (not assigned)");
}

}  // namespace csp
