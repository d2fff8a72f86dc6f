// Reasons from a linear relation's bounds (linear_explain.hpp).
#include "linear_explain.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace csp::detail {

bool explain_violation(const PastDomains& then, std::span<const VarId> scope, std::span<const int> coefficients,
                       int skip, Wide extra, LinearOp op, Wide rhs, Explanation& why) {
  const Problem& p = then.problem();
  Wide low = extra;
  Wide high = extra;
  bool all_fixed = true;
  std::vector<std::pair<int, int>> bounds(scope.size());
  for (std::size_t i = 0; i < coefficients.size(); ++i) {
    if (static_cast<int>(i) == skip) continue;
    const VarId x = scope[i];
    const int lo = then.min_index(x);
    const int hi = then.max_index(x);
    if (lo < 0) return false;
    bounds[i] = {lo, hi};
    all_fixed = all_fixed && lo == hi;
    const Wide at_lo = Wide{coefficients[i]} * p.variable(x).value(lo);
    const Wide at_hi = Wide{coefficients[i]} * p.variable(x).value(hi);
    low += std::min(at_lo, at_hi);
    high += std::max(at_lo, at_hi);
  }
  const bool too_large = (op == LinearOp::le || op == LinearOp::eq) && low > rhs;
  const bool too_small = !too_large && (op == LinearOp::ge || op == LinearOp::eq) && high < rhs;
  const bool equal = op == LinearOp::ne && all_fixed && low == rhs;
  if (!too_large && !too_small && !equal) return false;
  for (std::size_t i = 0; i < coefficients.size(); ++i) {
    if (static_cast<int>(i) == skip) continue;
    const VarId x = scope[i];
    if (equal)
      why.fixed(x);
    else if ((coefficients[i] > 0) == too_large)
      why.at_least(then, x, bounds[i].first);  // the term's least: x's least value (its greatest when a < 0)
    else
      why.at_most(then, x, bounds[i].second);
  }
  return true;
}

std::pair<LinearOp, Wide> negated(LinearOp op, Wide rhs) {
  switch (op) {
    case LinearOp::le:
      return {LinearOp::ge, rhs + 1};
    case LinearOp::ge:
      return {LinearOp::le, rhs - 1};
    case LinearOp::eq:
      return {LinearOp::ne, rhs};
    case LinearOp::ne:
      break;
  }
  return {LinearOp::eq, rhs};
}

}  // namespace csp::detail
