// Reasons for clause learning (Constraint::explain) from a linear relation's bounds: shared by Linear and LinearReif.
#pragma once

#include <span>

#include "csp/core/explanation.hpp"
#include "csp/core/problem.hpp"
#include "linear_bounds.hpp"

namespace csp::detail {

/// Whether `extra + sum(coefficients[i] * scope[i]) op rhs` (every i but `skip`; skip -1: none) has no solution in
/// the domains `then`, judged by their bounds (a != by all terms fixed). When so, writes the bounds that show it to
/// `why`: the least side of each term when the sum is too large, the greatest when too small, each term's value
/// for a !=; and returns true.
bool explain_violation(const PastDomains& then, std::span<const VarId> scope, std::span<const int> coefficients,
                       int skip, Wide extra, LinearOp op, Wide rhs, Explanation& why);

/// The relation that holds when `op rhs` does not: < is <= rhs - 1, > is >= rhs + 1, = is !=, != is =.
std::pair<LinearOp, Wide> negated(LinearOp op, Wide rhs);

}  // namespace csp::detail
