// Restarts (Luby, geometric) and seeded random tie-breaking: the oracle's solutions on random CSPs, exact counts,
// determinism for a seed, restarts that really happen, and the cutoff sequences.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "csp/constraints/not_equal.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/restarts.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

// 150 random problems; 50 under a sanitizer (every strategy combination repeats the brute force).
const auto kProblems = static_cast<std::uint32_t>(test_support::sized(150, 50));

// restarts, variable ordering, value ordering, seed
using Combination = std::tuple<std::string, std::string, std::string, std::uint64_t>;

std::string param_name(const ::testing::TestParamInfo<Combination>& info) {
  std::string s = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param) + "_seed" +
                  std::to_string(std::get<3>(info.param));
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

SolverConfig restart_config(const Combination& p) {
  SolverConfig c = SolverConfig::textbook();
  c.restarts = std::get<0>(p);
  c.variable_ordering = std::get<1>(p);
  c.value_ordering = std::get<2>(p);
  c.seed = std::get<3>(p);
  c.restart_base = 1;  // restart after every failure (then 1, 2, 1, 1, 2, 4, ...): many restarts on small problems
  c.restart_factor = 1.5;
  return c;
}

class RestartOracle : public ::testing::TestWithParam<Combination> {};

// Counting all solutions with restarts: exactly the oracle's solution set, for every inference.
TEST_P(RestartOracle, CountsExactlyTheOraclesSolutions) {
  std::uint64_t restarts = 0;
  for (const std::string& inference : inferences().names()) {
    SolverConfig c = restart_config(GetParam());
    c.inference = inference;
    c.max_solutions = 0;
    c.keep_solutions = 1U << 20U;
    for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
      const test_support::RandomCsp r = test_support::make_random_csp(seed);
      const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
      const SearchResult result = backtracking_search(r.problem, c);
      EXPECT_EQ(test_support::sorted_tuples(result.solutions), expected)
          << "problem " << seed << ", " << to_string(c) << ":\n"
          << r.description;
      EXPECT_EQ(result.solution_count, expected.size()) << "problem " << seed;
      EXPECT_TRUE(result.complete) << "problem " << seed;
      EXPECT_EQ(result.status, expected.empty() ? Status::unsatisfiable : Status::solved) << "problem " << seed;
      // A restart undoes the path as backtracks, so every assignment is still undone once when counting all.
      EXPECT_EQ(result.stats.backtracks, result.stats.assignments) << "problem " << seed;
      restarts += result.stats.restarts;
    }
  }
  if (std::get<0>(GetParam()) == "none") {
    EXPECT_EQ(restarts, 0U);
  } else {
    EXPECT_GT(restarts, 0U);  // the sample did restart
  }
}

// Finding one solution with restarts: one of the oracle's, or a proof that there is none.
TEST_P(RestartOracle, FirstSolutionIsOneOfTheOracles) {
  for (const std::string& inference : inferences().names()) {
    SolverConfig c = restart_config(GetParam());
    c.inference = inference;
    for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
      const test_support::RandomCsp r = test_support::make_random_csp(seed);
      const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
      const SearchResult result = backtracking_search(r.problem, c);
      EXPECT_TRUE(result.complete) << "problem " << seed;
      if (expected.empty()) {
        EXPECT_EQ(result.status, Status::unsatisfiable) << "problem " << seed << ", " << to_string(c);
        continue;
      }
      ASSERT_EQ(result.status, Status::solved) << "problem " << seed << ", " << to_string(c) << ":\n" << r.description;
      ASSERT_EQ(result.solutions.size(), 1U);
      EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), result.solutions[0].values()))
          << "problem " << seed << ", " << to_string(c);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(RestartsAndSeeds, RestartOracle,
                         ::testing::Combine(::testing::Values("none", "luby", "geometric"),
                                            ::testing::Values("mrv", "degree", "mrv-degree", "dom-wdeg"),
                                            ::testing::Values("natural", "lcv", "random"),
                                            ::testing::Values(std::uint64_t{0}, std::uint64_t{7})),
                         param_name);

// The pigeonhole problem: n + 1 variables, n values, pairwise different. Unsatisfiable, and forward checking
// meets many dead ends before it proves it.
Problem pigeonhole(int n) {
  Problem p;
  std::vector<VarId> x;
  for (int i = 0; i <= n; ++i) x.push_back(p.add_variable("x" + std::to_string(i), range(1, n)));
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) p.add_constraint(std::make_unique<NotEqual>(x[i], x[j], "ne"));
  return p;
}

TEST(Restarts, ProveUnsatisfiabilityAfterRestarting) {
  for (const char* strategy : {"luby", "geometric"}) {
    SolverConfig c = SolverConfig::textbook();
    c.variable_ordering = "dom-wdeg";
    c.inference = "fc";
    c.restarts = strategy;
    c.restart_base = 2;
    c.seed = 3;
    const SearchResult result = backtracking_search(pigeonhole(6), c);
    EXPECT_EQ(result.status, Status::unsatisfiable) << strategy;
    EXPECT_TRUE(result.complete) << strategy;
    EXPECT_GT(result.stats.restarts, 0U) << strategy;
    EXPECT_EQ(result.solution_count, 0U);
  }
}

bool valid_queens(int n, const Assignment& a) {
  for (VarId i = 0; i < n; ++i)
    for (VarId j = i + 1; j < n; ++j) {
      const int di = a.value(i) - a.value(j);
      if (di == 0 || di == j - i || di == i - j) return false;
    }
  return true;
}

TEST(Restarts, QueensWithRestartsFindValidBoards) {
  // 30 queens under mrv + forward checking meet dead ends: base 1 makes the search restart.
  std::uint64_t restarts = 0;
  for (const char* strategy : {"luby", "geometric"}) {
    for (std::uint64_t seed = 0; seed <= 5; ++seed) {
      SolverConfig c = SolverConfig::textbook();
      c.variable_ordering = "mrv";
      c.inference = "fc";
      c.restarts = strategy;
      c.restart_base = 1;
      c.seed = seed;
      const Problem p = models::n_queens(30);
      const SearchResult result = backtracking_search(p, c);
      ASSERT_EQ(result.status, Status::solved) << strategy << " seed " << seed;
      EXPECT_TRUE(valid_queens(30, result.solutions.front())) << strategy << " seed " << seed;
      restarts += result.stats.restarts;
    }
  }
  EXPECT_GT(restarts, 0U);
}

TEST(Restarts, CountsStayExact) {
  // After the first solution no more restarts happen, so the count of the last run's tree is exact: 8-queens = 92.
  for (const char* strategy : {"none", "luby", "geometric"}) {
    for (std::uint64_t seed : {0, 1, 2}) {
      SolverConfig c = SolverConfig::textbook();
      c.variable_ordering = "dom-wdeg";
      c.value_ordering = "lcv";
      c.inference = "fc";
      c.restarts = strategy;
      c.restart_base = 1;
      c.seed = seed;
      c.max_solutions = 0;
      c.keep_solutions = 0;
      const SearchResult result = backtracking_search(models::n_queens(8), c);
      EXPECT_EQ(result.solution_count, 92U) << strategy << " seed " << seed;
      EXPECT_TRUE(result.complete);
    }
  }
}

TEST(Seeds, EightQueensWithAnySeedFindsAValidBoard) {
  std::set<std::vector<Value>> boards;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    for (const char* val : {"natural", "lcv", "random"}) {
      SolverConfig c = SolverConfig::textbook();
      c.variable_ordering = "mrv";
      c.value_ordering = val;
      c.inference = "fc";
      c.seed = seed;
      const SearchResult result = backtracking_search(models::n_queens(8), c);
      ASSERT_EQ(result.status, Status::solved) << "seed " << seed << " " << val;
      ASSERT_TRUE(valid_queens(8, result.solutions.front())) << "seed " << seed << " " << val;
      boards.insert(result.solutions.front().values());
    }
  }
  // Ties broken at random reach different boards (with seed 0 every run finds the same one).
  EXPECT_GT(boards.size(), 5U);
}

TEST(Seeds, SameSeedSameSearch) {
  for (const char* var : {"mrv", "degree", "mrv-degree", "dom-wdeg"}) {
    std::set<std::uint64_t> assignments;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      SolverConfig c = SolverConfig::textbook();
      c.variable_ordering = var;
      c.value_ordering = "lcv";
      c.inference = "fc";
      c.restarts = "luby";
      c.restart_base = 4;
      c.seed = seed;
      const Problem p = models::n_queens(24);
      const SearchResult a = backtracking_search(p, c);
      const SearchResult b = backtracking_search(p, c);
      EXPECT_EQ(a.stats.assignments, b.stats.assignments) << var << " seed " << seed;
      EXPECT_EQ(a.stats.failures, b.stats.failures) << var << " seed " << seed;
      EXPECT_EQ(a.stats.restarts, b.stats.restarts) << var << " seed " << seed;
      ASSERT_EQ(a.status, Status::solved);
      EXPECT_EQ(a.solutions.front().values(), b.solutions.front().values()) << var << " seed " << seed;
      assignments.insert(a.stats.assignments);
    }
    EXPECT_GT(assignments.size(), 1U) << var << ": the seed changes the search";
  }
}

TEST(RestartSchedules, LubySequence) {
  const std::vector<std::uint64_t> expected = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(luby(i + 1), expected[i]) << "i = " << i + 1;
  EXPECT_EQ(luby((std::uint64_t{1} << 20) - 1), std::uint64_t{1} << 19);
  EXPECT_THROW((void)luby(0), Error);
}

TEST(RestartSchedules, Cutoffs) {
  SolverConfig c = SolverConfig::textbook();
  c.restart_base = 100;
  EXPECT_EQ(luby_cutoff(c, 0), 100U);
  EXPECT_EQ(luby_cutoff(c, 2), 200U);
  EXPECT_EQ(luby_cutoff(c, 6), 400U);
  EXPECT_EQ(geometric_cutoff(c, 0), 100U);
  EXPECT_EQ(geometric_cutoff(c, 1), 150U);
  EXPECT_EQ(geometric_cutoff(c, 2), 225U);
  EXPECT_EQ(geometric_cutoff(c, 3), 338U);          // 337.5 rounded up
  EXPECT_EQ(geometric_cutoff(c, 200), UINT64_MAX);  // saturates
  c.restart_base = UINT64_MAX / 2;
  EXPECT_EQ(luby_cutoff(c, 6), UINT64_MAX);
  EXPECT_EQ(restart_strategies().names(), (std::vector<std::string>{"none", "luby", "geometric"}));
}

TEST(RestartSchedules, GeometricCutoffGrowsWhateverTheFactor) {
  // A factor barely above 1 rounds to the same cutoff run after run; the schedule still grows by one a run, so a
  // count ends (it repeated 1-failure runs for ever: csp queens 8 --count --restarts geometric --restart-base 1
  // --restart-factor 1.0000000001 never finished).
  SolverConfig c = SolverConfig::textbook();
  c.restart_base = 1;
  c.restart_factor = 1.0000000001;
  for (std::uint64_t k = 0; k < 6; ++k) EXPECT_EQ(geometric_cutoff(c, k), k + 1) << k;
  c.variable_ordering = "mrv";
  c.inference = "fc";
  c.restarts = "geometric";
  c.max_solutions = 0;
  c.keep_solutions = 0;
  const SearchResult result = backtracking_search(models::n_queens(8), c);
  EXPECT_EQ(result.solution_count, 92U);
  EXPECT_TRUE(result.complete);
  EXPECT_GT(result.stats.restarts, 0U);
}

TEST(RestartConfig, ValidateRefusesBadValues) {
  SolverConfig c = SolverConfig::textbook();
  c.restarts = "sometimes";
  try {
    c.validate();
    FAIL() << "no exception";
  } catch (const UnknownNameError& e) {
    EXPECT_NE(std::string(e.what()).find("none, luby, geometric"), std::string::npos) << e.what();
  }
  c.restarts = "luby";
  c.restart_base = 0;
  EXPECT_THROW(c.validate(), Error);
  c.restart_base = 10;
  c.validate();
  c.restarts = "geometric";
  c.restart_factor = 1.0;
  EXPECT_THROW(c.validate(), Error);
  c.restart_factor = 2.0;
  c.validate();
}

TEST(RestartConfig, ReportsShowOnlyChangedFields) {
  SolverConfig c = SolverConfig::textbook();
  EXPECT_EQ(to_string(c), "var=first val=natural inference=none ac3=off max_solutions=1");
  c.restarts = "geometric";
  c.restart_factor = 2;
  c.seed = 9;
  EXPECT_EQ(to_string(c),
            "var=first val=natural inference=none ac3=off max_solutions=1 restarts=geometric restart_factor=2 seed=9");
  Statistics s;
  std::ostringstream without;
  without << s;
  EXPECT_EQ(without.str().find("restarts"), std::string::npos);
  s.restarts = 3;
  std::ostringstream with;
  with << s;
  EXPECT_NE(with.str().find(" restarts=3"), std::string::npos);
}

}  // namespace
}  // namespace csp
