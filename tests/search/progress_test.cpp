// SolverConfig::on_progress: a report after each accepted solution (under branch and bound each improved bound, in
// order, with the counters and the time growing), periodic reports with progress_interval, and the same through
// the portfolio.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "csp/search/optimize.hpp"
#include "csp/search/portfolio.hpp"
#include "csp/search/solve.hpp"
#include "support/weighted_distinct.hpp"

namespace csp {
namespace {

using test_support::weighted_distinct;

TEST(Progress, EachImprovedBoundIsReportedInOrder) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  SolverConfig c = SolverConfig::textbook();
  c.inference = "fc";
  c.value_ordering = "natural";
  std::vector<long long> solutions;
  c.on_solution = [&](const Assignment& a) {
    solutions.push_back(a.value(obj));
    return true;
  };
  std::vector<Progress> reports;
  c.on_progress = [&](const Progress& q) { reports.push_back(q); };
  const SearchResult r = maximize(p, obj, c);
  ASSERT_TRUE(r.complete);
  ASSERT_EQ(r.objective, 310);
  ASSERT_GE(reports.size(), 2U);
  ASSERT_EQ(reports.size(), solutions.size());  // one report per improving solution, nothing periodic
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_TRUE(reports[i].improved);
    ASSERT_TRUE(reports[i].objective.has_value());
    EXPECT_EQ(*reports[i].objective, solutions[i]) << "report " << i << " is the bound of solution " << i;
    EXPECT_EQ(reports[i].solutions, i + 1);
    if (i == 0) continue;
    EXPECT_GT(*reports[i].objective, *reports[i - 1].objective);
    EXPECT_GT(reports[i].stats.assignments, reports[i - 1].stats.assignments);
    EXPECT_GE(reports[i].stats.elapsed_us, reports[i - 1].stats.elapsed_us);
  }
  EXPECT_EQ(*reports.back().objective, 310);
  EXPECT_LE(reports.back().stats.assignments, r.stats.assignments);
}

TEST(Progress, PeriodicReportsComeWhileTheSearchRuns) {
  // 12 variables 0..10 pairwise different as binary constraints, plain backtracking: no solution, and 11! leaves
  // to refute, minutes of search: stopped by the time limit. (10 variables over 0..8 were refuted within the 300 ms
  // on an idle machine.)
  Problem p;
  for (int i = 0; i < 12; ++i) p.add_variable(std::string("x").append(std::to_string(i)), 0, 10);
  for (int i = 0; i < 12; ++i)
    for (int j = i + 1; j < 12; ++j) p.add_not_equal(i, j);
  RunSpec spec;
  spec.search = SolverConfig::textbook();
  spec.search.limits.time_limit = std::chrono::milliseconds(300);
  spec.search.progress_interval = std::chrono::milliseconds(20);
  std::vector<Progress> reports;
  spec.search.on_progress = [&](const Progress& q) { reports.push_back(q); };
  const RunResult r = solve(p, spec);
  ASSERT_EQ(r.stop, StopReason::time_limit);
  ASSERT_GE(reports.size(), 3U);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_FALSE(reports[i].improved);
    EXPECT_FALSE(reports[i].objective.has_value());
    if (i > 0) {
      EXPECT_GE(reports[i].stats.elapsed_us, reports[i - 1].stats.elapsed_us + 15000);
      EXPECT_GE(reports[i].stats.assignments, reports[i - 1].stats.assignments);
    }
  }
}

TEST(Progress, ThePortfolioReportsOnlyBoundsItReported) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  RunSpec spec;
  spec.search = SolverConfig::textbook();
  spec.search.inference = "fc";
  spec.objective = Objective{obj, Sense::maximize};
  std::vector<long long> solutions;
  spec.search.on_solution = [&](const Assignment& a) {
    solutions.push_back(a.value(obj));
    return true;
  };
  std::vector<long long> bounds;
  spec.search.on_progress = [&](const Progress& q) {
    if (q.improved) bounds.push_back(*q.objective);
  };
  for (const bool deterministic : {false, true}) {
    solutions.clear();
    bounds.clear();
    PortfolioOptions options;
    options.deterministic = deterministic;
    const PortfolioResult r = solve_portfolio(p, spec, 2, options);
    ASSERT_EQ(r.objective, 310);
    ASSERT_FALSE(bounds.empty());
    EXPECT_EQ(bounds.back(), 310);
    for (std::size_t i = 1; i < bounds.size(); ++i) EXPECT_GT(bounds[i], bounds[i - 1]);
    // Every bound reported is a solution reported before it.
    for (const long long b : bounds) EXPECT_NE(std::find(solutions.begin(), solutions.end(), b), solutions.end());
  }
}

}  // namespace
}  // namespace csp
