// The parallel portfolio (csp/search/portfolio.hpp): on random CSPs its answers (satisfiable or not, a solution
// of the problem, the optimum) equal the brute-force oracle's, racing and in the deterministic mode; the
// deterministic winner follows its rule and repeats; the schedule of portfolio_specs; a count runs one search;
// the caller's interrupt stops every search.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/search/portfolio.hpp"
#include "csp/search/solve.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

using test_support::Tuple;

Tuple values_of(const Assignment& a, int n) {
  Tuple t;
  for (VarId x = 0; x < n; ++x) t.push_back(a.value(x));
  return t;
}

RunSpec textbook_spec() {
  RunSpec spec;
  spec.search = SolverConfig::textbook();
  spec.search.inference = "fc";
  return spec;
}

class PortfolioOracle : public ::testing::TestWithParam<bool> {};  // deterministic or racing

TEST_P(PortfolioOracle, SatisfactionAnswersAsTheOracle) {
  PortfolioOptions options;
  options.deterministic = GetParam();
  int satisfiable = 0;
  for (std::uint32_t seed = 1; seed <= 80; ++seed) {
    const test_support::RandomCsp rc = test_support::make_random_csp(seed);
    const std::vector<Tuple> solutions = test_support::all_solutions(rc.problem);
    const int n = rc.problem.variable_count();
    RunSpec spec = textbook_spec();
    std::vector<Tuple> reported;
    spec.search.on_solution = [&](const Assignment& a) {
      reported.push_back(values_of(a, n));
      return true;
    };
    const PortfolioResult r = solve_portfolio(rc.problem, spec, 3, options);
    const std::string what = "problem " + std::to_string(seed) + ":\n" + rc.description;
    ASSERT_TRUE(r.complete) << what;
    ASSERT_EQ(r.search_stats.size(), 3U) << what;
    ASSERT_GE(r.winner, 0) << what;
    if (solutions.empty()) {
      EXPECT_EQ(r.status, Status::unsatisfiable) << what;
      EXPECT_TRUE(reported.empty()) << what;
      continue;
    }
    ++satisfiable;
    ASSERT_EQ(r.status, Status::solved) << what;
    ASSERT_EQ(reported.size(), 1U) << what << ": the winner's one solution is reported";
    EXPECT_TRUE(std::binary_search(solutions.begin(), solutions.end(), reported[0])) << what;
    EXPECT_EQ(values_of(r.solution(), n), reported[0]) << what;
  }
  EXPECT_GT(satisfiable, 20);
}

TEST_P(PortfolioOracle, OptimumEqualsTheOracles) {
  PortfolioOptions options;
  options.deterministic = GetParam();
  for (std::uint32_t seed = 1; seed <= 80; ++seed) {
    const test_support::RandomCsp rc = test_support::make_random_csp(seed);
    const std::vector<Tuple> solutions = test_support::all_solutions(rc.problem);
    const int n = rc.problem.variable_count();
    for (const Sense sense : {Sense::minimize, Sense::maximize}) {
      const VarId obj = static_cast<VarId>(seed % static_cast<std::uint32_t>(n));
      std::optional<long long> expected;
      for (const Tuple& t : solutions) {
        const long long v = t[static_cast<std::size_t>(obj)];
        if (!expected || (sense == Sense::minimize ? v < *expected : v > *expected)) expected = v;
      }
      RunSpec spec = textbook_spec();
      spec.objective = Objective{obj, sense};
      std::vector<long long> reported;
      spec.search.on_solution = [&](const Assignment& a) {
        EXPECT_TRUE(std::binary_search(solutions.begin(), solutions.end(), values_of(a, n)));
        reported.push_back(a.value(obj));
        return true;
      };
      const PortfolioResult r = solve_portfolio(rc.problem, spec, 3, options);
      const std::string what = "problem " + std::to_string(seed) + " " + to_string(sense) + ":\n" + rc.description;
      ASSERT_TRUE(r.complete) << what;
      EXPECT_EQ(r.stop, StopReason::complete) << what;
      EXPECT_EQ(r.objective, expected) << what;
      if (!expected) {
        EXPECT_EQ(r.status, Status::unsatisfiable) << what;
        EXPECT_TRUE(reported.empty()) << what;
        continue;
      }
      ASSERT_FALSE(reported.empty()) << what;
      EXPECT_EQ(reported.back(), *expected) << what << ": the optimum is reported last";
      for (std::size_t i = 1; i < reported.size(); ++i)
        EXPECT_TRUE(sense == Sense::minimize ? reported[i] < reported[i - 1] : reported[i] > reported[i - 1])
            << what << ": the reports improve strictly";
      EXPECT_EQ(static_cast<long long>(r.solutions.back().value(obj)), *expected) << what << ": the best is kept last";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, PortfolioOracle, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& param_info) {
                           return std::string(param_info.param ? "deterministic" : "race");
                         });

// 8 queens as not-equal constraints: many solutions, so the searches of a portfolio find different first ones.
Problem queens(int n) {
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(std::string("q").append(std::to_string(i)), 0, n - 1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int d = j - i;
      p.add_binary(i, j, [d](Value a, Value b) { return a != b && a - b != d && b - a != d; });
    }
  return p;
}

TEST(Portfolio, TheDeterministicWinnerMadeTheFewestAssignmentsAndRepeats) {
  const Problem p = queens(10);
  RunSpec spec = textbook_spec();
  spec.search.variable_ordering = "mrv";
  PortfolioOptions options;
  options.deterministic = true;
  const PortfolioResult a = solve_portfolio(p, spec, 4, options);
  const PortfolioResult b = solve_portfolio(p, spec, 4, options);
  ASSERT_EQ(a.status, Status::solved);
  ASSERT_GE(a.winner, 0);
  ASSERT_EQ(a.search_stats.size(), 4U);
  for (int k = 0; k < 4; ++k) {  // fewest assignments; ties go to the lower index
    const auto nodes = a.search_stats[static_cast<std::size_t>(k)].assignments;
    const auto winner_nodes = a.search_stats[static_cast<std::size_t>(a.winner)].assignments;
    EXPECT_TRUE(winner_nodes < nodes || (winner_nodes == nodes && a.winner <= k)) << "search " << k;
  }
  EXPECT_EQ(a.winner, b.winner);
  EXPECT_EQ(a.search_stats[0].assignments, b.search_stats[0].assignments);
  EXPECT_EQ(values_of(a.solution(), 10), values_of(b.solution(), 10));
  EXPECT_TRUE(p.is_solution(a.solution()));
  std::uint64_t sum = 0;
  for (const Statistics& s : a.search_stats) sum += s.assignments;
  EXPECT_EQ(a.stats.assignments, sum);
}

TEST(Portfolio, SpecsFollowTheSchedule) {
  RunSpec spec = textbook_spec();
  spec.search.seed = 10;
  const std::vector<RunSpec> specs = portfolio_specs(spec, 4);
  ASSERT_EQ(specs.size(), 4U);
  EXPECT_EQ(specs[0].search.seed, 10U);
  EXPECT_EQ(specs[0].search.restarts, "none");
  EXPECT_EQ(specs[0].search.variable_ordering.name(), "first");
  EXPECT_EQ(specs[1].search.seed, 11U);
  EXPECT_EQ(specs[1].search.restarts, "luby");
  EXPECT_EQ(specs[1].search.variable_ordering.name(), "first");
  EXPECT_EQ(specs[2].search.seed, 12U);
  EXPECT_EQ(specs[2].search.variable_ordering.name(), "dom-wdeg");
  EXPECT_EQ(specs[3].search.variable_ordering.name(), "first");
  spec.objective = Objective{0, Sense::minimize};
  EXPECT_EQ(portfolio_specs(spec, 2)[1].search.restarts, "none");  // branch and bound: no restarts added
  EXPECT_THROW(portfolio_specs(spec, 0), Error);
}

TEST(Portfolio, ACountRunsOneSearchAndStaysExact) {
  RunSpec spec = textbook_spec();
  spec.search.max_solutions = 0;
  const PortfolioResult r = solve_portfolio(queens(8), spec, 3);
  EXPECT_EQ(r.solution_count, 92U);  // the 8-queens count
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.search_stats.size(), 1U);
}

TEST(Portfolio, SpecsThatDisagreeAreRefused) {
  RunSpec a = textbook_spec();
  RunSpec b = a;
  b.objective = Objective{0, Sense::maximize};
  EXPECT_THROW(solve_portfolio(queens(4), std::vector<RunSpec>{a, b}), Error);
  EXPECT_THROW(solve_portfolio(queens(4), std::vector<RunSpec>{}), Error);
}

// Pigeons: 11 variables over 10 values pairwise different, as binary constraints with plain backtracking: no
// solution, and a tree far too large to finish, so only the interrupt ends it.
TEST(Portfolio, TheCallersInterruptStopsEverySearch) {
  Problem p;
  for (int i = 0; i < 11; ++i) p.add_variable(std::string("x").append(std::to_string(i)), 0, 9);
  for (int i = 0; i < 11; ++i)
    for (int j = i + 1; j < 11; ++j) p.add_not_equal(i, j);
  std::atomic<bool> stop{true};
  RunSpec spec;
  spec.search = SolverConfig::textbook();
  spec.search.limits.interrupt = &stop;
  const PortfolioResult r = solve_portfolio(p, spec, 2);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stop, StopReason::interrupted);
  EXPECT_EQ(r.winner, -1);
}

}  // namespace
}  // namespace csp
