// Binary branching (SolverConfig::branching "binary": x = v, then x != v propagated and the variable chosen again)
// against d-way branching and the brute-force oracle: the same solutions under every ordering and inference, the same
// tree where the refutation cannot propagate, the same optimum under branch and bound.
#include <gtest/gtest.h>

#include <string>

#include "csp/core/errors.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

SolverConfig config(const std::string& var, const std::string& val, const std::string& inference,
                    const std::string& branching) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.branching = branching;
  c.max_solutions = 0;
  c.keep_solutions = 1U << 20U;
  return c;
}

TEST(BinaryBranching, FindsExactlyTheOraclesSolutionsOnRandomCsps) {
  std::uint64_t total = 0;
  for (const char* var : {"first", "mrv", "dom-wdeg"})
    for (const char* val : {"natural", "lcv", "max"})
      for (const char* inference : {"none", "fc", "mac"}) {
        const SolverConfig c = config(var, val, inference, "binary");
        for (std::uint32_t seed = 1; seed <= 60; ++seed) {
          const test_support::RandomCsp r = test_support::make_random_csp(seed);
          const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
          const SearchResult result = backtracking_search(r.problem, c);
          EXPECT_EQ(test_support::sorted_tuples(result.solutions), expected)
              << "problem " << seed << ", " << to_string(c) << ":\n"
              << r.description;
          EXPECT_EQ(result.solution_count, expected.size()) << "problem " << seed << ", " << to_string(c);
          EXPECT_TRUE(result.complete);
          total += expected.size();
        }
      }
  EXPECT_GT(total, 27U * 60U);
}

TEST(BinaryBranching, EightQueensHas92SolutionsAndTheSameTreeWithoutInference) {
  const Problem p = models::n_queens(8);
  for (const char* var : {"first", "mrv"})
    for (const char* inference : {"none", "fc", "mac"}) {
      const SearchResult d = backtracking_search(p, config(var, "natural", inference, "d-way"));
      const SearchResult b = backtracking_search(p, config(var, "natural", inference, "binary"));
      EXPECT_EQ(b.solution_count, 92U) << var << " " << inference;
      EXPECT_EQ(test_support::sorted_tuples(b.solutions), test_support::sorted_tuples(d.solutions));
      // Without inference x != v removes a value nobody else sees: the same decisions as d-way (2,056 with
      // first, 1,360 with mrv, the counts of csp queens 8 --count --inference none). With fc / mac the refutation
      // propagates, so binary needs fewer.
      if (std::string(inference) == "none") {
        EXPECT_EQ(b.stats.assignments, d.stats.assignments) << var;
        EXPECT_EQ(b.stats.assignments, std::string(var) == "first" ? 2056U : 1360U) << var;
      } else {
        EXPECT_LT(b.stats.assignments, d.stats.assignments) << var << " " << inference;
      }
    }
}

TEST(BinaryBranching, BranchAndBoundProvesTheSameOptimum) {
  // Maximise the row of the queen in the last column of 8 queens: 8 (a solution has it in the top row).
  const Problem p = models::n_queens(8);
  for (const char* inference : {"fc", "mac"})
    for (const char* branching : {"d-way", "binary"}) {
      SolverConfig c = config("mrv", "natural", inference, branching);
      c.max_solutions = 1;
      const SearchResult r = optimize(p, 7, Sense::maximize, c);
      ASSERT_FALSE(r.solutions.empty()) << inference << " " << branching;
      EXPECT_EQ(r.solutions.back().value(7), 8) << inference << " " << branching;
      EXPECT_TRUE(r.complete) << inference << " " << branching;
    }
}

TEST(BinaryBranching, RestartsCountEverySolutionOnce) {
  SolverConfig c = config("dom-wdeg", "natural", "fc", "binary");
  c.restarts = "luby";
  c.restart_base = 4;
  c.seed = 3;
  EXPECT_EQ(backtracking_search(models::n_queens(8), c).solution_count, 92U);
}

TEST(BinaryBranching, NamesAreCheckedAndCbjIsRefused) {
  EXPECT_EQ(parse_branching("binary"), "binary");
  EXPECT_THROW(parse_branching("two-way"), UnknownNameError);
  SolverConfig c = config("first", "natural", "fc", "binary");
  c.backjumping = "cbj";
  EXPECT_THROW(c.validate(), OptionConflictError);
  c.branching = "sideways";
  EXPECT_THROW(c.validate(), UnknownNameError);
}

// Split branching ("split": x <= m, then x > m; "reverse-split": x > m first), MiniZinc's indomain_split.

TEST(SplitBranching, FindsExactlyTheOraclesSolutionsOnRandomCsps) {
  std::uint64_t total = 0;
  for (const char* branching : {"split", "reverse-split"})
    for (const char* var : {"first", "mrv", "dom-wdeg"})
      for (const char* inference : {"none", "fc", "mac"}) {
        const SolverConfig c = config(var, "natural", inference, branching);
        for (std::uint32_t seed = 1; seed <= 60; ++seed) {
          const test_support::RandomCsp r = test_support::make_random_csp(seed);
          const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
          const SearchResult result = backtracking_search(r.problem, c);
          EXPECT_EQ(test_support::sorted_tuples(result.solutions), expected)
              << "problem " << seed << ", " << to_string(c) << ":\n"
              << r.description;
          EXPECT_EQ(result.solution_count, expected.size()) << "problem " << seed << ", " << to_string(c);
          EXPECT_TRUE(result.complete);
          total += expected.size();
        }
      }
  EXPECT_GT(total, 18U * 60U);
}

// One variable of 8 values and no constraint: split halves 1..8 into 1..4 | 5..8, then 1..2 | 3..4, ...: 7 split
// decisions and 8 assignments, 15 nodes, solutions in ascending order (reverse-split: descending).
TEST(SplitBranching, BisectsTheDomainAndCountsEachHalfAsANode) {
  Problem p;
  p.add_variable("x", 1, 8);
  for (const char* branching : {"split", "reverse-split"}) {
    const SearchResult r = backtracking_search(p, config("first", "natural", "fc", branching));
    EXPECT_EQ(r.solution_count, 8U) << branching;
    EXPECT_EQ(r.stats.assignments, 15U) << branching;
    EXPECT_EQ(r.stats.max_depth, 4U) << branching;  // three halvings, then x = v
    ASSERT_EQ(r.solutions.size(), 8U) << branching;
    const bool up = std::string(branching) == "split";
    for (int k = 0; k < 8; ++k) EXPECT_EQ(r.solutions[static_cast<std::size_t>(k)].value(0), up ? k + 1 : 8 - k);
  }
}

TEST(SplitBranching, EightQueensOptimumAndRestarts) {
  const Problem p = models::n_queens(8);
  for (const char* inference : {"none", "fc", "mac"})
    EXPECT_EQ(backtracking_search(p, config("mrv", "natural", inference, "split")).solution_count, 92U) << inference;
  for (const char* branching : {"split", "reverse-split"}) {
    SolverConfig c = config("mrv", "natural", "mac", branching);
    c.max_solutions = 1;
    const SearchResult r = optimize(p, 7, Sense::maximize, c);
    ASSERT_FALSE(r.solutions.empty()) << branching;
    EXPECT_EQ(r.solutions.back().value(7), 8) << branching;
    EXPECT_TRUE(r.complete) << branching;
  }
  SolverConfig c = config("dom-wdeg", "natural", "fc", "split");
  c.restarts = "luby";
  c.restart_base = 4;
  c.seed = 3;
  EXPECT_EQ(backtracking_search(p, c).solution_count, 92U);
}

TEST(SplitBranching, CbjAndObserversAreRefused) {
  EXPECT_EQ(parse_branching("split"), "split");
  EXPECT_EQ(parse_branching("reverse-split"), "reverse-split");
  SolverConfig c = config("first", "natural", "fc", "split");
  c.backjumping = "cbj";
  EXPECT_THROW(c.validate(), OptionConflictError);
  c.backjumping = "none";
  SearchObserver observer;
  c.observer = &observer;
  EXPECT_THROW(c.validate(), OptionConflictError);
  c.branching = "binary";
  EXPECT_NO_THROW(c.validate());
}

// SolverConfig::assign_fixed: a variable the inference leaves with one value is assigned without a decision.

TEST(AssignFixed, FindsExactlyTheOraclesSolutionsOnRandomCsps) {
  for (const char* branching : {"d-way", "binary", "split"})
    for (const char* var : {"first", "mrv", "dom-wdeg"})
      for (const char* inference : {"none", "fc", "mac"}) {
        SolverConfig c = config(var, "natural", inference, branching);
        c.assign_fixed = true;
        if (std::string(var) == "dom-wdeg") {
          c.restarts = "luby";
          c.restart_base = 3;
          c.seed = 11;
        }
        for (std::uint32_t seed = 1; seed <= 60; ++seed) {
          const test_support::RandomCsp r = test_support::make_random_csp(seed);
          const SearchResult result = backtracking_search(r.problem, c);
          EXPECT_EQ(test_support::sorted_tuples(result.solutions), test_support::all_solutions(r.problem))
              << "problem " << seed << ", " << to_string(c) << ":\n"
              << r.description;
          EXPECT_TRUE(result.complete);
        }
      }
}

// x, y in 1..3 with x = y: the decision x = v fixes y, which is then assigned without a node: 3 nodes for the 3
// solutions (6 without: y = v is a decision of one value each time). Under inference none nothing is filtered, so
// nothing is fixed: 6 nodes either way.
TEST(AssignFixed, FixedVariablesCostNoNode) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 3);
  const VarId y = p.add_variable("y", 1, 3);
  p.add_linear({x, y}, {1, -1}, LinearOp::eq, 0);
  for (const char* inference : {"fc", "mac", "none"}) {
    SolverConfig c = config("first", "natural", inference, "d-way");
    const SearchResult plain = backtracking_search(p, c);
    c.assign_fixed = true;
    const SearchResult fixed = backtracking_search(p, c);
    EXPECT_EQ(plain.solution_count, 3U);
    EXPECT_EQ(fixed.solution_count, 3U);
    EXPECT_EQ(plain.stats.assignments, 6U) << inference;
    EXPECT_EQ(fixed.stats.assignments, std::string(inference) == "none" ? 6U : 3U) << inference;
    EXPECT_EQ(test_support::sorted_tuples(fixed.solutions), test_support::sorted_tuples(plain.solutions));
  }
}

// 8 queens: 92 solutions, the optimum of branch and bound, and fewer nodes than without (the last queen of each
// solution is fixed by forward checking).
TEST(AssignFixed, EightQueensCountsAndOptimum) {
  const Problem p = models::n_queens(8);
  for (const char* inference : {"fc", "mac"})
    for (const char* branching : {"d-way", "binary"}) {
      SolverConfig c = config("mrv", "natural", inference, branching);
      const SearchResult plain = backtracking_search(p, c);
      c.assign_fixed = true;
      const SearchResult fixed = backtracking_search(p, c);
      EXPECT_EQ(fixed.solution_count, 92U) << inference << " " << branching;
      EXPECT_LT(fixed.stats.assignments, plain.stats.assignments) << inference << " " << branching;
      c.max_solutions = 1;
      const SearchResult best = optimize(p, 7, Sense::maximize, c);
      ASSERT_FALSE(best.solutions.empty());
      EXPECT_EQ(best.solutions.back().value(7), 8) << inference << " " << branching;
      EXPECT_TRUE(best.complete);
    }
}

}  // namespace
}  // namespace csp
