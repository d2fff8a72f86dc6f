// Value ordering heuristics: natural order, LCV, descending and median-first.
#include "csp/heuristics/value_ordering.hpp"

#include <algorithm>
#include <cstdlib>
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
  // x = median, else x != median and again: the median of what is left. Taking the middle of a sorted list keeps
  // what is left two runs, below (`below` values) and above (`above`), with above - below in {0, 1}; the lower
  // median of what is left is then the top of the run below when they are equal, else the bottom of the one above.
  const auto n = static_cast<std::ptrdiff_t>(ascending.size());
  if (n == 0) return;
  std::ptrdiff_t lo = (n - 1) / 2;
  order.push_back(ascending[static_cast<std::size_t>(lo)]);
  std::ptrdiff_t hi = lo + 1;
  --lo;
  while (lo >= 0 || hi < n) {
    const std::ptrdiff_t below = lo + 1;
    const std::ptrdiff_t above = n - hi;
    if (below >= above && lo >= 0)
      order.push_back(ascending[static_cast<std::size_t>(lo--)]);
    else
      order.push_back(ascending[static_cast<std::size_t>(hi++)]);
  }
}

void middle_order(SearchContext& ctx, VarId x, std::vector<int>& order) {
  std::vector<int> index;  // ascending value indices and their values
  std::vector<long long> value;
  ctx.store().domain(x).for_each([&](int i) {
    index.push_back(i);
    value.push_back(ctx.store().value(x, i));
  });
  order.clear();
  // The values of [l, r] in the order "closest to the mean of the bounds, ties to the smaller": while both bounds
  // are left the mean stays, and what is left closest to it is next to the values already taken (lo or hi); once
  // one side is used up, the other side is a new range with new bounds.
  std::ptrdiff_t l = 0;
  std::ptrdiff_t r = static_cast<std::ptrdiff_t>(index.size()) - 1;
  while (l <= r) {
    const long long twice_mean = value[static_cast<std::size_t>(l)] + value[static_cast<std::size_t>(r)];
    const auto distance = [&](std::ptrdiff_t k) {
      return std::llabs(2 * value[static_cast<std::size_t>(k)] - twice_mean);
    };
    // the first value at or above the mean (value r is), or the one below it when that one is as close or closer
    std::ptrdiff_t k =
        std::partition_point(value.begin() + l, value.begin() + r, [&](long long v) { return 2 * v < twice_mean; }) -
        value.begin();
    if (k > l && distance(k - 1) <= distance(k)) --k;
    std::ptrdiff_t lo = k - 1;
    std::ptrdiff_t hi = k + 1;
    order.push_back(index[static_cast<std::size_t>(k)]);
    while (lo >= l && hi <= r) {
      if (distance(lo) <= distance(hi))
        order.push_back(index[static_cast<std::size_t>(lo--)]);
      else
        order.push_back(index[static_cast<std::size_t>(hi++)]);
    }
    if (lo >= l)
      r = lo;  // what is left: one run, with new bounds
    else
      l = hi;
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
    r.add("median", "the median value first, then the median of the rest (MiniZinc's indomain_median)", median_order);
    r.add("middle", "the value closest to the mean of the bounds first (MiniZinc's indomain_middle)", middle_order);
    r.add("random", "a random order, drawn from --seed (MiniZinc's indomain_random)", random_order);
    return r;
  }();
  return registry;
}

}  // namespace csp
