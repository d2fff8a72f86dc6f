// Cumulative and disjunctive: random instances against brute force and the time-indexed decomposition.
#include "csp/constraints/globals/scheduling.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "csp/core/errors.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

bool fits(const std::vector<Value>& s, const std::vector<int>& d, const std::vector<int>& r, int cap) {
  for (int t = -20; t < 40; ++t) {
    long long used = 0;
    for (std::size_t i = 0; i < s.size(); ++i)
      if (s[i] <= t && t < s[i] + d[i]) used += r[i];
    if (used > cap) return false;
  }
  return true;
}

TEST(Cumulative, RandomInstancesMatchBruteForceAndDecomposition) {
  const int satisfiable = test_support::check_random_instances("cumulative", 60, 25, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 2 + static_cast<int>(rng() % 3);
    std::vector<int> d;
    std::vector<int> r;
    for (int i = 0; i < n; ++i) {
      g.domains.push_back(test_support::random_values(rng, 0, 4));
      d.push_back(static_cast<int>(rng() % 4));  // 0 uses nothing
      r.push_back(static_cast<int>(rng() % 3));
    }
    const int cap = 1 + static_cast<int>(rng() % 3);
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) { post_cumulative(p, xs, d, r, cap, how); };
    g.relation = [=](const std::vector<Value>& s) { return fits(s, d, r, cap); };
    return g;
  });
  EXPECT_GT(satisfiable, 30);
}

TEST(Cumulative, SharedStartVariableCountsBothTasks) {
  // Two tasks share one start: they always overlap, so capacity 1 with resources 1 + 1 has no solution.
  Problem p;
  const VarId s = p.add_variable("s", 0, 3);
  post_cumulative(p, {s, s}, {2, 2}, {1, 1}, 1);
  EXPECT_TRUE(test_support::all_solutions(p).empty());
}

TEST(Disjunctive, ThreeTasksOfTwoInSixSlotsHaveSixOrders) {
  // Durations 2, starts 0..4, horizon 6: the tasks fill 0..5 exactly, one schedule per order: 3! = 6.
  Problem p;
  std::vector<VarId> s;
  for (int i = 0; i < 3; ++i) s.push_back(p.add_variable(test_support::numbered("s", i), 0, 4));
  post_disjunctive(p, s, {2, 2, 2});
  SolverConfig c;
  c.inference = "mac";
  c.max_solutions = 0;
  const auto expected = test_support::all_solutions(p).size();
  EXPECT_EQ(backtracking_search(p, c).solution_count, expected);
  EXPECT_EQ(expected, 6U);
}

TEST(Cumulative, RejectsMismatchedSizesAndNegativeDurations) {
  Problem p;
  const VarId s = p.add_variable("s", 0, 3);
  EXPECT_THROW(post_cumulative(p, {s}, {1, 2}, {1}, 1), ModelError);
  EXPECT_THROW(post_cumulative(p, {s}, {-1}, {1}, 1), ModelError);
}

}  // namespace
}  // namespace csp
