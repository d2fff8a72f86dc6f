// The bounds helpers of PastDomains and Explanation (csp/core/explanation.hpp).
#include "csp/core/explanation.hpp"

#include "csp/core/problem.hpp"

namespace csp {

int PastDomains::min_index(VarId x) const {
  const int n = problem().variable(x).size();
  for (int i = 0; i < n; ++i)
    if (contains(x, i)) return i;
  return -1;
}

int PastDomains::max_index(VarId x) const {
  for (int i = problem().variable(x).size() - 1; i >= 0; --i)
    if (contains(x, i)) return i;
  return -1;
}

void Explanation::at_least(const PastDomains& then, VarId x, int i) {
  if (then.fixed_index(x) >= 0) {
    fixed(x);
    return;
  }
  for (int k = 0; k < i; ++k) removed(x, k);
}

void Explanation::at_most(const PastDomains& then, VarId x, int i) {
  if (then.fixed_index(x) >= 0) {
    fixed(x);
    return;
  }
  for (int k = then.problem().variable(x).size() - 1; k > i; --k) removed(x, k);
}

}  // namespace csp
