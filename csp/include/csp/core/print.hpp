// Printing: operator<< for Domain, Assignment and Problem (a readable dump of X, D and C).
#pragma once

#include <iosfwd>
#include <string>

#include "csp/core/assignment.hpp"
#include "csp/core/domain.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/variable.hpp"

namespace csp {

/// A domain's value *indices*, ascending, in braces; runs of three or more consecutive indices as `a..b`:
/// `{0..3, 5, 7, 8}`, `{}` when empty. At most 100 items are written, then `, ... (N values)}`. Wide domains cost
/// O(runs * log capacity), never O(size).
std::ostream& operator<<(std::ostream& os, const Domain& d);

/// The same for the values of `var` that `d` (a domain of `var`) holds: `{1..9}`, `{-3, 0, 7}`.
std::string domain_values(const Domain& d, const Variable& var);

/// The assigned variables by id, ascending: `{#0=3, #2=5}` (`{}` when none). Problem::to_string(a) gives names.
std::ostream& operator<<(std::ostream& os, const Assignment& a);

/// X, D and C, one item per line: the variables with their initial domains (values), then each constraint's name
/// and scope by variable name:
///     2 variables:
///       x in {1..9}
///       y in {1, 9}
///     1 constraint:
///       x!=y on (x, y)
std::ostream& operator<<(std::ostream& os, const Problem& p);

}  // namespace csp
