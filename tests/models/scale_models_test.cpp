// The scale models of bench/scale_models.hpp on small instances: the builders post the constraints of
// chain.mzn, lin2.mzn, derangement.mzn and pathcolor.mzn (hand-made assignments accepted or rejected), and the
// benchmark configuration finds the known answers (derangement counts: OEIS A000166).
#include "scale_models.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

using bench::scale_chain;
using bench::scale_config;
using bench::scale_derangement;
using bench::scale_lin2;
using bench::scale_pathcolor;

Assignment complete(const std::vector<Value>& values) {
  Assignment a(static_cast<int>(values.size()));
  for (VarId x = 0; x < static_cast<VarId>(values.size()); ++x) a.assign(x, values[static_cast<std::size_t>(x)]);
  return a;
}

SearchResult solve(const Problem& p, SolverConfig config, std::uint64_t max_solutions = 1) {
  config.max_solutions = max_solutions;
  return backtracking_search(p, config);
}

TEST(ScaleModels, ChainPostsPrecedencesOverHorizonThreeHalvesN) {
  constexpr int n = 50;  // horizon 75
  const Problem p = scale_chain(n);
  ASSERT_EQ(p.variable_count(), n);
  EXPECT_EQ(p.constraint_count(), n - 1);
  EXPECT_EQ(p.variable(0).name(), "t[1]");
  EXPECT_EQ(p.variable(0).values().front(), 0);
  EXPECT_EQ(p.variable(0).values().back(), 75);
  std::vector<Value> t(n);
  for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = i + 25;  // the latest schedule ends at 74
  EXPECT_TRUE(p.is_solution(complete(t)));
  for (Value& v : t) ++v;  // ends at 75: still inside the horizon
  EXPECT_TRUE(p.is_solution(complete(t)));
  for (Value& v : t) ++v;  // ends at 76: outside
  EXPECT_FALSE(p.is_solution(complete(t)));
  for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = i;
  t[10] = t[9];  // t[10] + 1 <= t[11] broken (0-based 9 and 10)
  EXPECT_FALSE(p.is_solution(complete(t)));
}

TEST(ScaleModels, ChainFirstSolutionIsTheEarliestSchedule) {
  constexpr int n = 50;
  const Problem p = scale_chain(n);
  const SearchResult r = solve(p, scale_config());
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_TRUE(p.is_solution(r.solutions.front()));
  for (VarId i = 0; i < n; ++i) EXPECT_EQ(r.solutions.front().value(i), i) << "t[" << i + 1 << "]";
  EXPECT_EQ(r.stats.backtracks, 0U);  // MAC keeps every minimum supported on a chain
}

TEST(ScaleModels, Lin2HasOneSolution) {
  constexpr int h = 1'000;
  const Problem p = scale_lin2(h);
  ASSERT_EQ(p.variable_count(), 2);
  EXPECT_EQ(p.constraint_count(), 2);
  EXPECT_TRUE(p.is_solution(complete({501, 499})));
  EXPECT_FALSE(p.is_solution(complete({500, 500})));  // x - y = 0
  EXPECT_FALSE(p.is_solution(complete({502, 500})));  // x + y = 1002
  const SearchResult first = solve(p, scale_config());
  ASSERT_EQ(first.status, Status::solved);
  EXPECT_EQ(first.solutions.front().value(0), (h + 2) / 2);
  EXPECT_EQ(first.solutions.front().value(1), (h - 2) / 2);
  const SearchResult all = solve(p, scale_config(), 0);
  EXPECT_EQ(all.status, Status::solved);
  EXPECT_TRUE(all.complete);
  EXPECT_EQ(all.solution_count, 1U);
}

TEST(ScaleModels, DerangementFindsAPermutationWithoutFixedPoint) {
  constexpr int n = 20;
  const Problem p = scale_derangement(n);
  ASSERT_EQ(p.variable_count(), n);
  for (VarId i = 0; i < n; ++i) {
    EXPECT_EQ(p.initial_domain(i).size(), n - 1) << "p[" << i + 1 << "]";
    EXPECT_FALSE(p.initial_domain(i).contains(p.variable(i).index_of(i + 1))) << "p[" << i + 1 << "]";
  }
  const SearchResult r = solve(p, scale_config());
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_TRUE(p.is_solution(r.solutions.front()));
  std::vector<Value> values = r.solutions.front().values();
  for (VarId i = 0; i < n; ++i) EXPECT_NE(values[static_cast<std::size_t>(i)], i + 1) << "p[" << i + 1 << "]";
  std::sort(values.begin(), values.end());
  for (int v = 1; v <= n; ++v) EXPECT_EQ(values[static_cast<std::size_t>(v - 1)], v);
  // A permutation with a fixed point, or a repeated value, is not a solution.
  std::vector<Value> cycle(n);
  for (int i = 0; i < n; ++i) cycle[static_cast<std::size_t>(i)] = (i + 1) % n + 1;  // p[i] = i + 1 (mod n)
  EXPECT_TRUE(p.is_solution(complete(cycle)));
  std::swap(cycle[0], cycle[1]);  // p[2] = 2
  EXPECT_FALSE(p.is_solution(complete(cycle)));
  cycle[1] = cycle[2];
  EXPECT_FALSE(p.is_solution(complete(cycle)));
}

TEST(ScaleModels, DerangementCountsMatchA000166) {
  const std::uint64_t derangements[] = {0, 0, 1, 2, 9, 44, 265};  // n = 0..6
  for (int n = 2; n <= 6; ++n) {
    const SearchResult r = solve(scale_derangement(n), scale_config(), 0);
    EXPECT_TRUE(r.complete) << "n = " << n;
    EXPECT_EQ(r.solution_count, derangements[n]) << "n = " << n;
  }
}

TEST(ScaleModels, PathcolorAlternatesTheTwoColours) {
  constexpr int n = 1'000;
  const Problem p = scale_pathcolor(n);
  ASSERT_EQ(p.variable_count(), n);
  EXPECT_EQ(p.constraint_count(), n - 1);
  const SearchResult r = solve(p, scale_config(true));
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_TRUE(p.is_solution(r.solutions.front()));
  for (VarId i = 0; i < n; ++i) EXPECT_EQ(r.solutions.front().value(i), i % 2 + 1) << "c[" << i + 1 << "]";
  const SearchResult all = solve(p, scale_config(true), 0);
  EXPECT_TRUE(all.complete);
  EXPECT_EQ(all.solution_count, 2U);  // 1,2,1,2,... and 2,1,2,1,...
}

}  // namespace
}  // namespace csp
