// Linear: bounds reasoning for =, !=, <=, >= and exact checks.
#include "csp/constraints/linear.hpp"

#include <gtest/gtest.h>

#include "csp/core/store.hpp"
#include "support/store_values.hpp"
#include "csp/propagation/ac3.hpp"

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
    p.add_variable("y", {-5, y_max});
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
  p.add_variable("x", {0, 3, 4});
  p.add_variable("y", {2, 3, 4});
  p.add_variable("z", {1, 4});
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
