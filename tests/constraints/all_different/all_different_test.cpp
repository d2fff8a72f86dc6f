// AllDifferent: singleton elimination, pigeonhole, hidden singles (only for a permutation), offsets; on both the
// bit-mask path (one shared value list) and the general path (different value lists).
#include "csp/constraints/all_different.hpp"

#include <gtest/gtest.h>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::values_of;

// Removes value v from x through the store (as a search would).
void drop(Store& s, VarId x, Value v) {
  const int i = s.problem().variable(x).index_of(v);
  ASSERT_GE(i, 0);
  ASSERT_TRUE(s.remove(x, i, nullptr));
}

TEST(AllDifferent, HiddenSingleOnTheBitMaskPath) {
  Problem p;
  for (const char* name : {"a", "b", "c"}) p.add_variable(name, 1, 3);
  p.add_all_different({0, 1, 2});
  Statistics stats;
  Store s(p, stats);
  drop(s, 0, 3);
  drop(s, 1, 3);
  const std::uint64_t before = stats.values_pruned;
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 2), std::vector<Value>{3});  // 3 fits nowhere else
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{1, 2}));
  EXPECT_EQ(stats.values_pruned - before, 2U);  // c lost 1 and 2
}

TEST(AllDifferent, HiddenSingleOnTheGeneralPath) {
  Problem p;
  p.add_variable("a", std::vector<Value>{1, 2});
  p.add_variable("b", std::vector<Value>{1, 2});
  p.add_variable("c", std::vector<Value>{1, 2, 3});
  p.add_all_different({0, 1, 2});
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 2), std::vector<Value>{3});
  // revise of one position applies the same rule
  Store t(p, stats);
  EXPECT_TRUE(p.constraint(0).revise(t, 2));
  EXPECT_EQ(values_of(t, 2), std::vector<Value>{3});
}

TEST(AllDifferent, SingletonIsRemovedFromTheOthersAndChainsToAFixpoint) {
  Problem p;
  for (const char* name : {"a", "b", "c", "d"}) p.add_variable(name, 1, 4);
  p.add_all_different({0, 1, 2, 3});
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(s.assign(0, 0, nullptr));  // a = 1
  drop(s, 1, 3);
  drop(s, 1, 4);  // b in {1, 2} -> b = 2 once a = 1 is removed
  drop(s, 2, 4);  // c in {1, 2, 3} -> c = 3 once 1 and 2 are gone, then d = 4
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{2});
  EXPECT_EQ(values_of(s, 2), std::vector<Value>{3});
  EXPECT_EQ(values_of(s, 3), std::vector<Value>{4});
}

TEST(AllDifferent, PigeonholeFailsWithoutAWipeout) {
  for (bool uniform : {true, false}) {
    SCOPED_TRACE(uniform ? "bit-mask path" : "general path");
    Problem p;
    p.add_variable("a", std::vector<Value>{1, 2});
    p.add_variable("b", std::vector<Value>{1, 2});
    p.add_variable("c", uniform ? std::vector<Value>{1, 2} : std::vector<Value>{1, 2, 5});
    p.add_all_different({0, 1, 2});
    Statistics stats;
    Store s(p, stats);
    if (!uniform) drop(s, 2, 5);
    EXPECT_FALSE(p.constraint(0).propagate(s));  // three variables, two values
    EXPECT_EQ(s.weights()[0], 2U);               // the failure is blamed on the constraint (dom/wdeg)
  }
}

TEST(AllDifferent, TwoEqualSingletonsFail) {
  Problem p;
  for (const char* name : {"a", "b", "c"}) p.add_variable(name, 1, 5);
  p.add_all_different({0, 1, 2});
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(s.assign(0, 1, nullptr));
  ASSERT_TRUE(s.assign(2, 1, nullptr));
  EXPECT_FALSE(p.constraint(0).propagate(s));
}

TEST(AllDifferent, NoHiddenSinglesWhenThereAreMoreValuesThanVariables) {
  for (bool uniform : {true, false}) {
    SCOPED_TRACE(uniform ? "bit-mask path" : "general path");
    Problem p;
    p.add_variable("a", uniform ? std::vector<Value>{1, 2, 3, 4} : std::vector<Value>{1, 2});
    p.add_variable("b", uniform ? std::vector<Value>{1, 2, 3, 4} : std::vector<Value>{1, 2});
    p.add_variable("c", std::vector<Value>{1, 2, 3, 4});
    p.add_all_different({0, 1, 2});
    Statistics stats;
    Store s(p, stats);
    if (uniform) {
      for (VarId x : {0, 1}) {
        drop(s, x, 3);
        drop(s, x, 4);
      }
    }
    // 3 and 4 each fit only c, but with 4 values for 3 variables one of them stays unused: c keeps everything.
    EXPECT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, 2), (std::vector<Value>{1, 2, 3, 4}));
    EXPECT_TRUE(p.constraint(0).revise(s, 2));
    EXPECT_EQ(values_of(s, 2), (std::vector<Value>{1, 2, 3, 4}));
  }
}

TEST(AllDifferent, OffsetsShiftTheValues) {
  // Queens diagonals: q0 + 0, q1 + 1 all different; q0 = 2 forbids q1 = 1.
  Problem p;
  p.add_variable("q0", 1, 3);
  p.add_variable("q1", 1, 3);
  p.add_all_different_shifted({0, 1}, {0, 1}, "diag");
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(s.assign(0, 1, nullptr));  // q0 = 2
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 1), (std::vector<Value>{2, 3}));
  Assignment a(2);
  a.assign(0, 2);
  a.assign(1, 1);
  EXPECT_FALSE(p.constraint(0).is_consistent(a));
  a.assign(1, 2);
  EXPECT_TRUE(p.constraint(0).is_consistent(a));
  const std::vector<Value> clash{3, 2};
  EXPECT_FALSE(p.constraint(0).is_satisfied_by(clash));
}

TEST(AllDifferent, IsConsistentOnPartialAssignments) {
  Problem p;
  for (const char* name : {"a", "b", "c"}) p.add_variable(name, 1, 3);
  p.add_all_different({0, 1, 2});
  Assignment a(3);
  a.assign(0, 2);
  EXPECT_TRUE(p.constraint(0).is_consistent(a));
  a.assign(2, 2);
  EXPECT_FALSE(p.constraint(0).is_consistent(a));  // b is still unassigned, but a and c clash already
}

}  // namespace
}  // namespace csp
