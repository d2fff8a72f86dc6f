// Linear: bounds reasoning for =, !=, <=, >= and exact checks.
#include "csp/constraints/linear.hpp"

#include <gtest/gtest.h>

#include <climits>

#include "csp/core/store.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::values_of;

std::vector<Value> range(Value lo, Value hi) {
  std::vector<Value> out;
  for (Value v = lo; v <= hi; ++v) out.push_back(v);
  return out;
}

TEST(Linear, SumEqualsTenRemovesZeroFromBothDigits) {
  Problem p;
  p.add_variable("x", 0, 9);
  p.add_variable("y", 0, 9);
  p.add_linear({0, 1}, {1, 1}, LinearOp::eq, 10, "x+y=10");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).revise(s, 0));
  EXPECT_EQ(values_of(s, 0), range(1, 9));  // x = 0 would need y = 10
  EXPECT_EQ(values_of(s, 1), range(0, 9));  // revise changes only its own position
  const Ac3Result r = ac3(s);
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(values_of(s, 1), range(1, 9));
  EXPECT_EQ(stats.values_pruned, 2U);
}

TEST(Linear, BoundsFollowTheOtherDomainsAndNegativeCoefficients) {
  // 2x - 3y <= -4 with x in 0..5, y in 0..2: y = 2 gives 2x <= 2 so x <= 1 survives; y <= 1 can't help x >= 2.
  Problem p;
  p.add_variable("x", 0, 5);
  p.add_variable("y", 0, 2);
  p.add_linear({0, 1}, {2, -3}, LinearOp::le, -4, "c");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(ac3(s).consistent);
  EXPECT_EQ(values_of(s, 0), range(0, 1));
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{2});  // y <= 1 would need 2x <= -1
}

TEST(Linear, GreaterOrEqualPrunesFromBelowAndCanWipeOut) {
  for (Value y_max : {2, 1}) {
    Problem p;
    p.add_variable("x", 0, 3);
    p.add_variable("y", std::vector<Value>{-5, y_max});
    p.add_linear({0, 1}, {1, 1}, LinearOp::ge, 5, "c");
    Statistics stats;
    Store s(p, stats);
    const Ac3Result r = ac3(s);
    if (y_max == 2) {  // x >= 3 and then y >= 2
      EXPECT_TRUE(r.consistent);
      EXPECT_EQ(values_of(s, 0), std::vector<Value>{3});
      EXPECT_EQ(values_of(s, 1), std::vector<Value>{2});
    } else {  // x would have to be 4
      EXPECT_FALSE(r.consistent);
      EXPECT_EQ(stats.wipeouts, 1U);
    }
  }
}

TEST(Linear, NotEqualPrunesOnlyWhenTheOthersAreFixed) {
  Problem p;
  p.add_variable("x", 0, 3);
  p.add_variable("y", 0, 3);
  p.add_variable("z", 0, 3);
  p.add_linear({0, 1, 2}, {1, 1, 1}, LinearOp::ne, 4, "c");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.values_pruned, 0U);
  ASSERT_TRUE(s.assign(1, 1, nullptr));  // y = 1
  EXPECT_TRUE(p.constraint(0).revise(s, 0));
  EXPECT_EQ(values_of(s, 0), range(0, 3));  // z is not fixed yet
  ASSERT_TRUE(s.assign(2, 3, nullptr));     // z = 3
  EXPECT_TRUE(p.constraint(0).revise(s, 0));
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{1, 2, 3}));  // x = 0 gives 0 + 1 + 3 = 4
}

TEST(Linear, Ac3AndPropagateRevisitTheOtherPositionsOfTheSameConstraint) {
  // x + y + 2z = 5, x in {0, 3, 4}, y in {2, 3, 4}, z in {1, 4}. One pass of revise over x, y, z gives x = 0,
  // y in {2, 3}, z = 1; only a second visit of y (after z changed) finds y = 3.
  Problem p;
  p.add_variable("x", std::vector<Value>{0, 3, 4});
  p.add_variable("y", std::vector<Value>{2, 3, 4});
  p.add_variable("z", std::vector<Value>{1, 4});
  p.add_linear({0, 1, 2}, {1, 1, 2}, LinearOp::eq, 5, "c");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(ac3(s).consistent);
  EXPECT_EQ(values_of(s, 0), std::vector<Value>{0});
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{3});
  EXPECT_EQ(values_of(s, 2), std::vector<Value>{1});
  Store t(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(t));
  EXPECT_EQ(t.domains(), s.domains());
}

TEST(Linear, ChecksCompleteAndPartialAssignments) {
  Problem p;
  p.add_variable("x", 0, 9);
  p.add_variable("y", 0, 9);
  p.add_linear({0, 1}, {1, 1}, LinearOp::eq, 10, "x+y=10");
  const Constraint& c = p.constraint(0);
  EXPECT_TRUE(c.is_satisfied_by(std::vector<Value>{3, 7}));
  EXPECT_FALSE(c.is_satisfied_by(std::vector<Value>{3, 6}));
  Assignment a(2);
  a.assign(0, 0);
  EXPECT_FALSE(c.is_consistent(a));  // y would have to be 10: detected before y is assigned
  a.assign(0, 1);
  EXPECT_TRUE(c.is_consistent(a));
}

}  // namespace
}  // namespace csp

namespace csp {
namespace {

using test::values_of;

// Solutions counted by search with each inference; the expected counts are worked out by hand in each test.
std::vector<std::uint64_t> counts_by_inference(const Problem& p) {
  std::vector<std::uint64_t> out;
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig c = SolverConfig::textbook();
    c.inference = inference;
    c.max_solutions = 0;
    out.push_back(backtracking_search(p, c).solution_count);
  }
  return out;
}

TEST(LinearOverflow, SumsBeyond64BitsAreExact) {
  // x, y, z in {INT_MAX - 1, INT_MAX}, each times INT_MAX: every sum is about 1.38e19 > LLONG_MAX (9.22e18).
  // In 64 bits the sums wrap to negative numbers: "<= LLONG_MAX" then held for all 8 tuples (none is right)
  // and ">= 0" for none of them (all 8 are right).
  for (const bool le : {true, false}) {
    Problem p;
    for (const char* name : {"x", "y", "z"}) p.add_variable(name, std::vector<Value>{INT_MAX - 1, INT_MAX});
    p.add_linear({0, 1, 2}, {INT_MAX, INT_MAX, INT_MAX}, le ? LinearOp::le : LinearOp::ge, le ? LLONG_MAX : 0);
    EXPECT_EQ(test_support::all_solutions(p).size(), le ? 0U : 8U);
    EXPECT_EQ(counts_by_inference(p), (std::vector<std::uint64_t>(3, le ? 0U : 8U))) << (le ? "<=" : ">=");
  }
}

TEST(LinearOverflow, NegativeExtremesAndMixedSigns) {
  // INT_MIN * INT_MIN = 2^62; two such terms are 2^63, one past LLONG_MAX. x = y = INT_MIN is the only
  // solution of INT_MIN*x + INT_MIN*y >= LLONG_MAX over {INT_MIN, -1, 0}.
  Problem p;
  p.add_variable("x", std::vector<Value>{INT_MIN, -1, 0});
  p.add_variable("y", std::vector<Value>{INT_MIN, -1, 0});
  p.add_linear({0, 1}, {INT_MIN, INT_MIN}, LinearOp::ge, LLONG_MAX);
  EXPECT_EQ(test_support::all_solutions(p), (std::vector<test_support::Tuple>{{INT_MIN, INT_MIN}}));
  EXPECT_EQ(counts_by_inference(p), (std::vector<std::uint64_t>{1, 1, 1}));
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 0), std::vector<Value>{INT_MIN});
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{INT_MIN});
}

TEST(LinearBounds, PrunesAWideRangeInOneStepPerBound) {
  // x + y = 10^9 and x - y = 2 over 0..10^9: one propagate cuts x to 2..10^9 and y to 0..10^9 - 2.
  Problem p;
  const VarId x = p.add_variable("x", 0, 1000000000);
  const VarId y = p.add_variable("y", 0, 1000000000);
  p.add_linear({x, y}, {1, -1}, LinearOp::eq, 2);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(s.propagate(p.constraint(0)));
  EXPECT_EQ(s.value(x, s.domain(x).min()), 2);
  EXPECT_EQ(s.value(y, s.domain(y).max()), 1000000000 - 2);
  EXPECT_EQ(stats.values_pruned, 4U);
  EXPECT_EQ(stats.revisions, 1U);
  EXPECT_EQ(stats.constraint_checks, 4U);  // bounds reasoning tests the two bounds of each variable, not 10^9 values
}

TEST(LinearBounds, SparseValuesJumpToTheNextValueInside) {
  // 3x <= y and x >= -4, x in {-1000000, -5, 0, 7, 1000000}, y in {-20, 21}: x >= -4 leaves {0, 7, 1000000};
  // 3x <= 21 leaves x in {0, 7}; y >= 3 * 0 leaves y = 21. Bounds fall between values and jump to the next one.
  Problem p;
  const VarId x = p.add_variable("x", std::vector<Value>{-1000000, -5, 0, 7, 1000000});
  const VarId y = p.add_variable("y", std::vector<Value>{-20, 21});
  p.add_linear({x, y}, {3, -1}, LinearOp::le, 0);
  p.add_linear({x}, {1}, LinearOp::ge, -4);  // x >= -4: only 0 and 7 left
  Statistics stats;
  Store s(p, stats);
  SearchContext ctx(s, true);
  ASSERT_TRUE(mac(ctx, -1));
  EXPECT_EQ(values_of(s, x), (std::vector<Value>{0, 7}));
  EXPECT_EQ(values_of(s, y), std::vector<Value>{21});
}

TEST(LinearBounds, EqualityWhoseGcdDoesNotDivideTheRightHandSideFailsAtOnce) {
  // 2x - 2y = 1 has no integer solution; bounds alone would shave one value per pass over 0..10^9.
  Problem p;
  p.add_variable("x", 0, 1000000000);
  p.add_variable("y", 0, 1000000000);
  p.add_linear({0, 1}, {2, -2}, LinearOp::eq, 1);
  Statistics stats;
  Store s(p, stats);
  EXPECT_FALSE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.wipeouts, 1U);
  Problem small;  // the same over 0..100, small enough for search without inference to enumerate
  small.add_variable("x", 0, 100);
  small.add_variable("y", 0, 100);
  small.add_linear({0, 1}, {2, -2}, LinearOp::eq, 1);
  EXPECT_EQ(counts_by_inference(small), (std::vector<std::uint64_t>{0, 0, 0}));
}

TEST(LinearBounds, NotEqualWithAZeroCoefficientFailsOnlyWhenTheOthersHitTheRightHandSide) {
  Problem p;
  p.add_variable("x", 0, 3);
  p.add_variable("y", std::vector<Value>{5});
  p.add_linear({0, 1}, {0, 1}, LinearOp::ne, 5);  // 0x + y != 5 with y = 5: violated whatever x is
  EXPECT_EQ(counts_by_inference(p), (std::vector<std::uint64_t>{0, 0, 0}));
  Problem q;
  q.add_variable("x", 0, 3);
  q.add_variable("y", std::vector<Value>{4});
  q.add_linear({0, 1}, {0, 1}, LinearOp::ne, 5);
  EXPECT_EQ(counts_by_inference(q), (std::vector<std::uint64_t>{4, 4, 4}));
}

TEST(LinearBounds, TwoEquationsOverAMillionValuesAreSolvedThroughTheApi) {
  // lin2: x + y = h, x - y = 2 over 0..h, h = 1,000,000: the one solution is x = 500,001, y = 499,999.
  constexpr int h = 1000000;
  Problem p;
  const VarId x = p.add_variable("x", 0, h);
  const VarId y = p.add_variable("y", 0, h);
  p.add_linear({x, y}, {1, 1}, LinearOp::eq, h);
  p.add_linear({x, y}, {1, -1}, LinearOp::eq, 2);
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "mrv";
  c.inference = "mac";
  const SearchResult r = backtracking_search(p, c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions.front().value(x), 500001);
  EXPECT_EQ(r.solutions.front().value(y), 499999);
  EXPECT_TRUE(p.is_solution(r.solutions.front()));
}

}  // namespace
}  // namespace csp
