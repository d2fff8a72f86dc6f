// Branch and bound (optimize / minimize / maximize): the optimum equals the brute-force oracle's on random CSPs
// with every strategy combination; unsatisfiable problems, limits, wide objectives, kept solutions.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"
#include "support/weighted_distinct.hpp"

namespace csp {
namespace {

using test_support::Tuple;

// 150 random problems; 50 under a sanitizer (every strategy combination repeats the brute force).
const auto kProblems = static_cast<std::uint32_t>(test_support::sized(150, 50));

// Objective values of a solution: one of its variables, or a weighted sum (posted as a new variable below).
long long weighted_sum(const Tuple& t) {
  long long s = 0;
  for (std::size_t i = 0; i < t.size(); ++i) s += (i % 2 == 0 ? 1 : -2) * static_cast<long long>(t[i]);
  return s;
}

// `p` plus a variable obj = sum of (1, -2, 1, -2, ...) * x_i over the first n variables, posted with add_linear.
VarId add_sum_objective(Problem& p, int n) {
  long long lo = 0;
  long long hi = 0;
  std::vector<VarId> scope;
  std::vector<int> coefficients;
  for (VarId x = 0; x < n; ++x) {
    const int c = x % 2 == 0 ? 1 : -2;
    const long long a = static_cast<long long>(c) * p.variable(x).min_value();
    const long long b = static_cast<long long>(c) * p.variable(x).max_value();
    lo += std::min(a, b);
    hi += std::max(a, b);
    scope.push_back(x);
    coefficients.push_back(c);
  }
  const VarId obj = p.add_variable("obj", static_cast<Value>(lo), static_cast<Value>(hi));
  scope.push_back(obj);
  coefficients.push_back(-1);
  p.add_linear(scope, coefficients, LinearOp::eq, 0, "obj = weighted sum");
  return obj;
}

using Combination = std::tuple<std::string, std::string, std::string>;

std::string param_name(const ::testing::TestParamInfo<Combination>& info) {
  std::string s = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param);
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

// The best weighted_sum over the oracle's solutions (empty: none).
std::optional<long long> best_weighted_sum(const std::vector<Tuple>& solutions, Sense sense) {
  std::optional<long long> best;
  for (const Tuple& t : solutions) {
    const long long v = weighted_sum(t);
    if (!best || (sense == Sense::minimize ? v < *best : v > *best)) best = v;
  }
  return best;
}

class OptimizeOracle : public ::testing::TestWithParam<Combination> {};

// Checks one optimisation run against the optimum `expected` (empty: no solution) over the oracle's `solutions`;
// `value` gives a solution's objective value from its first n values.
void check_run(const SearchResult& r, Sense sense, const std::optional<long long>& expected,
               const std::vector<Tuple>& solutions, int n, long long (*value)(const Tuple&, VarId), VarId objective,
               const std::string& what) {
  ASSERT_TRUE(r.complete) << what;
  if (!expected) {
    EXPECT_EQ(r.status, Status::unsatisfiable) << what;
    EXPECT_FALSE(r.objective.has_value()) << what;
    EXPECT_TRUE(r.solutions.empty()) << what;
    return;
  }
  ASSERT_EQ(r.status, Status::solved) << what;
  ASSERT_TRUE(r.objective.has_value()) << what;
  EXPECT_EQ(*r.objective, *expected) << what;
  ASSERT_FALSE(r.solutions.empty()) << what;
  EXPECT_EQ(r.solutions.size(), r.solution_count) << what << " (every improving solution kept)";
  std::optional<long long> previous;
  for (const Assignment& a : r.solutions) {
    Tuple t;
    for (VarId x = 0; x < n; ++x) t.push_back(a.value(x));
    EXPECT_TRUE(std::binary_search(solutions.begin(), solutions.end(), t)) << what << ": not a solution";
    const long long v = value(t, objective);
    EXPECT_EQ(static_cast<long long>(a.value(objective)), v) << what;
    if (previous) {
      EXPECT_TRUE(sense == Sense::minimize ? v < *previous : v > *previous) << what << ": not improving";
    }
    previous = v;
  }
  EXPECT_EQ(*previous, *expected) << what << ": the best solution is last";
}

TEST_P(OptimizeOracle, OptimumEqualsTheOraclesOverAllSolutions) {
  const auto& [var, val, inference] = GetParam();
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.keep_solutions = 1U << 20U;
  int solved = 0;
  int improved = 0;  // runs that found more than one solution: the bound was tightened during the search
  for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
    const test_support::RandomCsp rc = test_support::make_random_csp(seed);
    const std::vector<Tuple> solutions = test_support::all_solutions(rc.problem);  // ascending
    const int n = rc.problem.variable_count();
    for (const Sense sense : {Sense::minimize, Sense::maximize}) {
      // 1. The objective is one of the problem's variables.
      const VarId objective = static_cast<VarId>(seed % static_cast<std::uint32_t>(n));
      std::optional<long long> expected;
      for (const Tuple& t : solutions) {
        const long long v = t[static_cast<std::size_t>(objective)];
        if (!expected || (sense == Sense::minimize ? v < *expected : v > *expected)) expected = v;
      }
      const std::string what = "problem " + std::to_string(seed) + " " + to_string(sense) + " " +
                               rc.problem.variable(objective).name() + ", " + to_string(c) + ":\n" + rc.description;
      const SearchResult r = optimize(rc.problem, objective, sense, c);
      check_run(
          r, sense, expected, solutions, n,
          [](const Tuple& t, VarId x) { return static_cast<long long>(t[static_cast<std::size_t>(x)]); }, objective,
          what);
      // 2. The objective is a weighted sum of all variables, posted as a new variable.
      Problem p = rc.problem;
      const VarId obj = add_sum_objective(p, n);
      const std::optional<long long> best_sum = best_weighted_sum(solutions, sense);
      const SearchResult s = sense == Sense::minimize ? minimize(p, obj, c) : maximize(p, obj, c);
      check_run(
          s, sense, best_sum, solutions, n, [](const Tuple& t, VarId) { return weighted_sum(t); }, obj,
          "weighted sum, " + what);
      solved += expected ? 2 : 0;
      improved += (r.solution_count > 1 ? 1 : 0) + (s.solution_count > 1 ? 1 : 0);
    }
  }
  EXPECT_GT(solved, static_cast<int>(kProblems));  // most problems have solutions
  EXPECT_GT(improved, 20);                         // and many runs improved on a first solution
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, OptimizeOracle,
                         ::testing::Combine(::testing::ValuesIn(variable_orderings().names()),
                                            ::testing::ValuesIn(value_orderings().names()),
                                            ::testing::ValuesIn(inferences().names())),
                         param_name);

// Binary and split branching under branch and bound: after x = v's subtree found a solution, x != v (or the other
// half) is searched at the parent's level, where the bound must be the new one too: every reported solution
// strictly improves on the one before, and the last is the optimum (an equal or worse solution there once replaced
// the best).
TEST(Optimize, EveryBranchingReportsStrictlyImprovingSolutionsAndTheOptimum) {
  int improved = 0;
  for (const char* branching : {"binary", "split", "reverse-split"})
    for (const char* inference : {"fc", "mac"})
      for (const char* var : {"first", "mrv", "dom-wdeg"})
        for (const int variant : {0, 1, 2}) {  // plain, assign_fixed, assign_fixed with restarts every few failures
          const bool assign_fixed = variant > 0;
          SolverConfig c = SolverConfig::textbook();
          if (variant == 2) {
            c.restarts = "luby";
            c.restart_base = 2;
          }
          c.variable_ordering = var;
          c.inference = inference;
          c.branching = branching;
          c.assign_fixed = assign_fixed;
          c.keep_solutions = 1U << 20U;
          for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
            const test_support::RandomCsp rc = test_support::make_random_csp(seed);
            const std::vector<Tuple> solutions = test_support::all_solutions(rc.problem);
            const int n = rc.problem.variable_count();
            for (const Sense sense : {Sense::minimize, Sense::maximize}) {
              Problem p = rc.problem;
              const VarId obj = add_sum_objective(p, n);
              const std::optional<long long> best_sum = best_weighted_sum(solutions, sense);
              const SearchResult s = sense == Sense::minimize ? minimize(p, obj, c) : maximize(p, obj, c);
              const std::string what = std::string(branching) + " " + inference + " " + var +
                                       (assign_fixed ? " assign_fixed" : "") + (variant == 2 ? " luby" : "") +
                                       ", problem " + std::to_string(seed) + " " + to_string(sense);
              check_run(
                  s, sense, best_sum, solutions, n, [](const Tuple& t, VarId) { return weighted_sum(t); }, obj, what);
              if (HasFatalFailure()) return;
              improved += s.solution_count > 1 ? 1 : 0;
            }
          }
        }
  EXPECT_GT(improved, 100);  // many runs improved on a first solution
}

// Three variables over two values, pairwise different: no solution at all.
Problem pigeons() {
  Problem p;
  const VarId a = p.add_variable("a", 0, 1);
  const VarId b = p.add_variable("b", 0, 1);
  const VarId c = p.add_variable("c", 0, 1);
  p.add_not_equal(a, b);
  p.add_not_equal(b, c);
  p.add_not_equal(a, c);
  return p;
}

TEST(Optimize, UnsatisfiableIsAProofWithoutObjective) {
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig c = SolverConfig::textbook();
    c.inference = inference;
    for (const Sense sense : {Sense::minimize, Sense::maximize}) {
      const SearchResult r = optimize(pigeons(), 0, sense, c);
      EXPECT_EQ(r.status, Status::unsatisfiable) << inference;
      EXPECT_TRUE(r.complete) << inference;
      EXPECT_FALSE(r.objective.has_value()) << inference;
      EXPECT_TRUE(r.solutions.empty()) << inference;
      EXPECT_EQ(r.solution_count, 0U) << inference;
    }
  }
}

using test_support::weighted_distinct;

TEST(Optimize, WeightedDistinctReachesTheKnownOptimum) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  // (Inference "none" is left out: it checks the sum only on complete assignments, so it enumerates 151,200
  // assignments of x0..x5; the oracle test covers it on small problems.)
  for (const char* inference : {"fc", "mac"}) {
    SolverConfig c = SolverConfig::textbook();
    c.inference = inference;
    c.keep_solutions = 1;  // unset would keep every improving solution
    const SearchResult r = maximize(p, obj, c);
    ASSERT_EQ(r.status, Status::solved) << inference;
    EXPECT_TRUE(r.complete) << inference;
    EXPECT_EQ(r.objective, 310) << inference;
    ASSERT_EQ(r.solutions.size(), 1U) << inference << ": keep_solutions = 1 keeps the best only";
    EXPECT_EQ(r.solutions.back().value(obj), 310) << inference;
    EXPECT_EQ(r.solutions.back().value(0), 9) << inference;
    EXPECT_EQ(r.solutions.back().value(5), 4) << inference;
    // minimize: 10*0 + 9*1 + 8*2 + 7*3 + 6*4 + 5*5 = 95
    EXPECT_EQ(minimize(p, obj, c).objective, 95) << inference;
  }
}

TEST(Optimize, NodeLimitKeepsTheBestFoundSoFar) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  SolverConfig c = SolverConfig::textbook();
  c.inference = "fc";
  c.keep_solutions = 1000;
  const SearchResult full = maximize(p, obj, c);
  ASSERT_TRUE(full.complete);
  ASSERT_GT(full.solution_count, 3U);
  // A node limit half way through the full run: after the first solution (found early), before the proof.
  c.limits.node_limit = full.stats.assignments / 2;
  const SearchResult r = maximize(p, obj, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.assignments, c.limits.node_limit);
  ASSERT_TRUE(r.objective.has_value());
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back().value(obj), *r.objective);
  EXPECT_LE(*r.objective, 310);
  EXPECT_GE(r.solution_count, 1U);
  // The same search, cut short: its improving solutions are the first ones of the full run.
  ASSERT_LE(r.solutions.size(), full.solutions.size());
  for (std::size_t i = 0; i < r.solutions.size(); ++i)
    EXPECT_EQ(r.solutions[i].value(obj), full.solutions[i].value(obj)) << i;
  // A limit before any solution: limit_reached without objective.
  c.limits.node_limit = 2;
  const SearchResult none = maximize(p, obj, c);
  EXPECT_EQ(none.status, Status::limit_reached);
  EXPECT_FALSE(none.objective.has_value());
  EXPECT_TRUE(none.solutions.empty());
}

TEST(Optimize, OnSolutionSeesEveryImprovingSolutionAndMayStop) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  SolverConfig c = SolverConfig::textbook();
  c.inference = "mac";
  std::vector<Value> seen;
  c.on_solution = [&](const Assignment& a) {
    seen.push_back(a.value(obj));
    return true;
  };
  const SearchResult r = maximize(p, obj, c);
  ASSERT_EQ(seen.size(), r.solution_count);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "strictly improving";
  EXPECT_EQ(seen.back(), 310);
  seen.clear();
  c.on_solution = [&](const Assignment& a) {
    seen.push_back(a.value(obj));
    return false;  // stop at the first
  };
  const SearchResult first = maximize(p, obj, c);
  EXPECT_EQ(first.status, Status::limit_reached);
  EXPECT_FALSE(first.complete);
  ASSERT_EQ(seen.size(), 1U);
  EXPECT_EQ(first.objective, seen.front());
}

TEST(Optimize, KeepsTheLastKeepSolutionsAndAlwaysTheBest) {
  VarId obj = -1;
  const Problem p = weighted_distinct(obj);
  SolverConfig c = SolverConfig::textbook();
  c.inference = "fc";
  c.keep_solutions = 1000;
  const SearchResult all = maximize(p, obj, c);
  ASSERT_GT(all.solutions.size(), 2U);
  c.keep_solutions = 2;
  const SearchResult two = maximize(p, obj, c);
  ASSERT_EQ(two.solutions.size(), 2U);
  EXPECT_EQ(two.solutions[0].value(obj), all.solutions[all.solutions.size() - 2].value(obj));
  EXPECT_EQ(two.solutions[1].value(obj), 310);
  c.keep_solutions = 0;
  const SearchResult zero = maximize(p, obj, c);
  ASSERT_EQ(zero.solutions.size(), 1U);
  EXPECT_EQ(zero.solutions[0].value(obj), 310);
  EXPECT_EQ(zero.solution_count, all.solution_count);
}

// obj in 0..10^9, x in 0..3: minimize obj subject to obj + 10^8 x >= 3 * 10^8 (optimum 0 at x = 3), maximize obj
// subject to obj + 10^8 x <= 10^9 (optimum 10^9 at x = 0). Neither may step through the objective's values: after
// each solution the bound cuts the rest of the range in O(1).
TEST(Optimize, WideObjectiveIsNotSteppedThroughValueByValue) {
  // The built-in orderings (other tests of this binary register broken ones on purpose in the same registry).
  for (const std::string var : {"first", "mrv", "degree", "mrv-degree", "dom-wdeg"}) {
    for (const char* inference : {"fc", "mac"}) {
      for (const bool objective_first : {true, false}) {
        SolverConfig c = SolverConfig::textbook();
        c.variable_ordering = var;
        c.inference = inference;
        c.keep_solutions = 100;
        c.limits.node_limit = 10'000;
        const std::string what = var + " " + inference + std::string(objective_first ? " objective first" : " x first");
        {
          Problem p;
          VarId obj = objective_first ? p.add_variable("obj", 0, 1'000'000'000) : -1;
          const VarId x = p.add_variable("x", 0, 3);
          if (!objective_first) obj = p.add_variable("obj", 0, 1'000'000'000);
          p.add_linear({obj, x}, {1, 100'000'000}, LinearOp::ge, 300'000'000);
          const SearchResult r = minimize(p, obj, c);
          EXPECT_EQ(r.status, Status::solved) << what;
          EXPECT_TRUE(r.complete) << what;
          EXPECT_EQ(r.objective, 0) << what;
          EXPECT_LT(r.stats.assignments, 50U) << what;
        }
        {
          Problem p;
          VarId obj = objective_first ? p.add_variable("obj", 0, 1'000'000'000) : -1;
          const VarId x = p.add_variable("x", 0, 3);
          if (!objective_first) obj = p.add_variable("obj", 0, 1'000'000'000);
          p.add_linear({obj, x}, {1, 100'000'000}, LinearOp::le, 1'000'000'000);
          const SearchResult r = maximize(p, obj, c);
          EXPECT_EQ(r.status, Status::solved) << what;
          EXPECT_TRUE(r.complete) << what;
          EXPECT_EQ(r.objective, 1'000'000'000) << what;
          EXPECT_LT(r.stats.assignments, 50U) << what;
        }
      }
    }
  }
}

// Sparse values: the bound is on the objective's values, not on positions in a range.
TEST(Optimize, SparseObjectiveValues) {
  Problem p;
  const VarId a = p.add_variable("a", std::vector<int>{-7, -3, 0, 5, 12});
  const VarId b = p.add_variable("b", std::vector<int>{-3, 5, 40});
  p.add_not_equal(a, b);
  p.add_binary(
      a, b, [](Value x, Value y) { return x + y != 9 && x < y + 20; }, "a + b != 9, a < b + 20");
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig c = SolverConfig::textbook();
    c.inference = inference;
    EXPECT_EQ(minimize(p, a, c).objective, -7) << inference;
    EXPECT_EQ(maximize(p, a, c).objective, 12) << inference;
    EXPECT_EQ(minimize(p, b, c).objective, -3) << inference;
    EXPECT_EQ(maximize(p, b, c).objective, 40) << inference;
  }
}

TEST(Optimize, GivenObjectiveAndSingleSolution) {
  Problem p;
  const VarId a = p.add_variable("a", 4, 4);
  const VarId b = p.add_variable("b", 0, 9);
  p.add_linear({a, b}, {1, 1}, LinearOp::eq, 10);
  const SearchResult r = maximize(p, a);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.objective, 4);
  EXPECT_EQ(r.solution_count, 1U);
}

TEST(Optimize, UnknownObjectiveIsAModelError) {
  const Problem p = pigeons();
  EXPECT_THROW(minimize(p, 3), ModelError);
  EXPECT_THROW(maximize(p, -1), ModelError);
  SolverConfig c = SolverConfig::textbook();
  c.inference = "nonsense";
  EXPECT_THROW(minimize(p, 0, c), UnknownNameError);
}

TEST(Optimize, SenseNames) {
  EXPECT_EQ(to_string(Sense::minimize), "minimize");
  EXPECT_EQ(to_string(Sense::maximize), "maximize");
}

}  // namespace
}  // namespace csp
