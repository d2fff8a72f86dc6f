// The check the whole-grid Sudoku propagators make when they are added to a problem (grid, techniques).
#pragma once

#include <string>

#include "csp/core/constraint.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"

namespace csp::models::detail {

/// Throws ModelError naming `c` and the first variable of its scope whose values are not exactly 1..n (value index
/// i is digit i+1, which both propagators' candidate words assume).
inline void require_digit_cells(const Constraint& c, const Problem& problem, int n) {
  for (VarId x : c.scope()) {
    const Variable& v = problem.variable(x);
    bool digits = v.size() == n;
    for (int i = 0; digits && i < n; ++i) digits = v.value(i) == i + 1;
    if (!digits)
      throw ModelError(std::string("constraint '")
                           .append(c.name())
                           .append("': variable ")
                           .append(v.name())
                           .append(" must take exactly the values 1..")
                           .append(std::to_string(n)));
  }
}

}  // namespace csp::models::detail
