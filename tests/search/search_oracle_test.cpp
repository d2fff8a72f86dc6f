// Every strategy combination finds exactly the brute-force oracle's solutions on small random CSPs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

// 300 random problems; 100 under a sanitizer (324 strategy combinations, each with its own brute force).
const auto kProblems = static_cast<std::uint32_t>(test_support::sized(300, 100));

using Combination = std::tuple<std::string, std::string, std::string, bool>;

std::string param_name(const ::testing::TestParamInfo<Combination>& info) {
  std::string s = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param) +
                  (std::get<3>(info.param) ? "_ac3" : "");
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

class SearchOracle : public ::testing::TestWithParam<Combination> {};

TEST_P(SearchOracle, FindsExactlyTheOraclesSolutions) {
  const auto& [var, val, inference, ac3] = GetParam();
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.ac3_preprocess = ac3;
  c.max_solutions = 0;
  c.keep_solutions = 1U << 20U;
  std::uint64_t total = 0;
  for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
    const SearchResult result = backtracking_search(r.problem, c);
    const std::vector<test_support::Tuple> found = test_support::sorted_tuples(result.solutions);
    EXPECT_EQ(found, expected) << "problem " << seed << ", " << to_string(c) << ":\n" << r.description;
    EXPECT_EQ(result.solution_count, expected.size()) << "problem " << seed;
    EXPECT_TRUE(result.complete) << "problem " << seed;
    EXPECT_EQ(result.status, expected.empty() ? Status::unsatisfiable : Status::solved) << "problem " << seed;
    EXPECT_EQ(result.stats.backtracks, result.stats.assignments) << "problem " << seed;
    total += expected.size();
  }
  EXPECT_GT(total, kProblems);  // the sample holds many solutions, not only unsatisfiable problems
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, SearchOracle,
                         ::testing::Combine(::testing::ValuesIn(variable_orderings().names()),
                                            ::testing::ValuesIn(value_orderings().names()),
                                            ::testing::ValuesIn(inferences().names()), ::testing::Bool()),
                         param_name);

TEST(SearchOracle, FirstSolutionIsOneOfTheOracles) {
  // With max_solutions = 1 every combination stops at a solution the oracle knows, or proves there is none.
  for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
    for (const std::string& inference : inferences().names()) {
      SolverConfig c = SolverConfig::textbook();
      c.variable_ordering = "dom-wdeg";
      c.value_ordering = "lcv";
      c.inference = inference;
      const SearchResult result = backtracking_search(r.problem, c);
      if (expected.empty()) {
        EXPECT_EQ(result.status, Status::unsatisfiable) << "problem " << seed;
        continue;
      }
      ASSERT_EQ(result.status, Status::solved) << "problem " << seed << ":\n" << r.description;
      ASSERT_EQ(result.solutions.size(), 1U);
      EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), result.solutions[0].values()))
          << "problem " << seed;
      EXPECT_EQ(result.solution_count, 1U);
    }
  }
}

}  // namespace
}  // namespace csp
