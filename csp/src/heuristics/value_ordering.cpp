// Value ordering heuristics: natural order and LCV.
#include "csp/heuristics/value_ordering.hpp"

#include <algorithm>
#include <utility>

namespace csp {

void natural_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  order.clear();
  ctx.store().domain(x).for_each([&](int i) { order.push_back(i); });
}

void lcv(SearchContext& ctx, VarId x, std::vector<int>& order) {
  const Store& store = ctx.store();
  const Problem& p = ctx.problem();
  std::vector<std::pair<int, int>> scored;  // (values ruled out, index)
  store.domain(x).for_each([&](int i) {
    int ruled_out = 0;
    for (ConstraintId c : p.constraints_of(x)) {
      const Constraint& con = p.constraint(c);
      ruled_out += con.count_ruled_out(store, con.position_of(x), i);
    }
    scored.emplace_back(ruled_out, i);
  });
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  order.clear();
  for (const auto& s : scored) order.push_back(s.second);
}

Registry<ValueOrdering>& value_orderings() {
  static Registry<ValueOrdering> registry = [] {
    Registry<ValueOrdering> r("value ordering");
    r.add("natural", "ascending values", natural_order);
    r.add("lcv", "least-constraining value first", lcv);
    return r;
  }();
  return registry;
}

}  // namespace csp
