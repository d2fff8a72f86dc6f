// Value ordering heuristics: natural order, LCV, descending and median-first.
#include "csp/heuristics/value_ordering.hpp"

#include <algorithm>
#include <utility>

namespace csp {

void natural_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  order.clear();
  ctx.store().domain(x).for_each([&](int i) { order.push_back(i); });
}

void descending_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  order.clear();
  ctx.store().domain(x).for_each([&](int i) { order.push_back(i); });
  std::reverse(order.begin(), order.end());
}

void median_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  std::vector<int> ascending;
  ctx.store().domain(x).for_each([&](int i) { ascending.push_back(i); });
  order.clear();
  // The median (the lower one of an even count), then outwards: the next above, the next below, ...
  const auto n = static_cast<std::ptrdiff_t>(ascending.size());
  std::ptrdiff_t lo = (n - 1) / 2;
  std::ptrdiff_t hi = lo + 1;
  while (lo >= 0 || hi < n) {
    if (lo >= 0) order.push_back(ascending[static_cast<std::size_t>(lo--)]);
    if (hi < n) order.push_back(ascending[static_cast<std::size_t>(hi++)]);
  }
}

void random_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  order.clear();
  ctx.store().domain(x).for_each([&](int i) { order.push_back(i); });
  for (std::size_t k = order.size(); k > 1; --k)
    std::swap(order[k - 1], order[static_cast<std::size_t>(ctx.uniform(k))]);
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
  if (ctx.random_ties()) {  // shuffle each run of equal scores (Fisher-Yates with the run's own draws)
    for (std::size_t begin = 0, end = 0; begin < scored.size(); begin = end) {
      while (end < scored.size() && scored[end].first == scored[begin].first) ++end;
      for (std::size_t k = end - begin; k > 1; --k)
        std::swap(scored[begin + k - 1], scored[begin + static_cast<std::size_t>(ctx.uniform(k))]);
    }
  }
  order.clear();
  for (const auto& s : scored) order.push_back(s.second);
}

Registry<ValueOrdering>& value_orderings() {
  static Registry<ValueOrdering> registry = [] {
    Registry<ValueOrdering> r("value ordering");
    r.add("natural", "ascending values", natural_order);
    r.add("lcv", "least-constraining value first", lcv);
    r.add("max", "descending values (MiniZinc's indomain_max)", descending_order);
    r.add("median", "the median value first, then outwards (MiniZinc's indomain_median)", median_order);
    r.add("random", "a random order, drawn from --seed (MiniZinc's indomain_random)", random_order);
    return r;
  }();
  return registry;
}

}  // namespace csp
