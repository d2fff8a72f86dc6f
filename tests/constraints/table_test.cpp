// Table, binary predicate, not-equal and n-ary predicate: checks and (generalised) arc consistent revise.
#include "csp/constraints/table.hpp"

#include <gtest/gtest.h>

#include "csp/constraints/binary_predicate.hpp"
#include "csp/constraints/not_equal.hpp"
#include "csp/core/store.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::values_of;

TEST(Table, ReviseKeepsOnlySupportedValues) {
  Problem p;
  p.add_variable("x", std::vector<Value>{-3, 0, 7});
  p.add_variable("y", 1, 3);
  p.add_variable("z", std::vector<Value>{5, 6});
  p.add_table({0, 1, 2}, {{-3, 1, 5}, {7, 3, 6}, {7, 1, 6}, {-3, 1, 5}}, "t");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{-3, 7}));
  EXPECT_EQ(values_of(s, 1), (std::vector<Value>{1, 3}));
  EXPECT_EQ(values_of(s, 2), (std::vector<Value>{5, 6}));
  ASSERT_TRUE(s.remove(2, 1, nullptr));  // z = 5: only (-3, 1, 5) is left
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 0), std::vector<Value>{-3});
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{1});
}

TEST(Table, ChecksPartialAndCompleteAssignments) {
  Problem p;
  p.add_variable("x", 0, 2);
  p.add_variable("y", 0, 2);
  p.add_table({0, 1}, {{0, 1}, {1, 2}}, "t");
  const Constraint& c = p.constraint(0);
  Assignment a(2);
  EXPECT_TRUE(c.is_consistent(a));
  a.assign(0, 2);
  EXPECT_FALSE(c.is_consistent(a));  // no allowed tuple starts with 2
  a.assign(0, 1);
  EXPECT_TRUE(c.is_consistent(a));
  a.assign(1, 2);
  EXPECT_TRUE(c.is_consistent(a));
  a.assign(1, 1);
  EXPECT_FALSE(c.is_consistent(a));
  EXPECT_TRUE(c.is_satisfied_by(std::vector<Value>{0, 1}));
  EXPECT_FALSE(c.is_satisfied_by(std::vector<Value>{1, 0}));
}

TEST(Table, NoAllowedTupleWipesOut) {
  Problem p;
  p.add_variable("x", 0, 2);
  p.add_variable("y", 0, 2);
  p.add_table({0, 1}, {}, "nothing");
  Statistics stats;
  Store s(p, stats);
  EXPECT_FALSE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.wipeouts, 1U);
}

TEST(BinaryPredicate, ReviseIsTheBooksRevise) {
  // x < y with x, y in 1..4: x loses 4, y loses 1 (AIMA §6.2.2's example uses y = x^2).
  Problem p;
  p.add_variable("x", 1, 4);
  p.add_variable("y", 1, 4);
  p.add_binary(0, 1, [](Value a, Value b) { return a < b; }, "x<y");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(s.revise(p.constraint(0), 0));  // the engine's call: counted
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{1, 2, 3}));
  EXPECT_EQ(values_of(s, 1), (std::vector<Value>{1, 2, 3, 4}));
  EXPECT_TRUE(s.revise(p.constraint(0), 1));
  EXPECT_EQ(values_of(s, 1), (std::vector<Value>{2, 3, 4}));
  EXPECT_EQ(stats.revisions, 2U);
  EXPECT_EQ(stats.constraint_checks, 4U + 4U);  // the 4 values of x, then the 4 of y
  EXPECT_EQ(stats.values_pruned, 2U);
}

TEST(BinaryPredicate, SquareRelationOfTheBook) {
  // AIMA §6.2.2: Y = X^2 over the digits: X in {0,1,2,3}, Y in {0,1,4,9}.
  Problem p;
  p.add_variable("X", 0, 9);
  p.add_variable("Y", 0, 9);
  p.add_binary(0, 1, [](Value x, Value y) { return y == x * x; }, "Y=X^2");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{0, 1, 2, 3}));
  EXPECT_EQ(values_of(s, 1), (std::vector<Value>{0, 1, 4, 9}));
}

TEST(NotEqual, RevisePrunesOnlyAgainstASingleValue) {
  Problem p;
  p.add_variable("x", std::vector<Value>{-3, 0, 7});
  p.add_variable("y", std::vector<Value>{0, 7});
  p.add_not_equal(0, 1);
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.values_pruned, 0U);
  ASSERT_TRUE(s.assign(1, 1, nullptr));  // y = 7 (different value lists: the value, not the index, counts)
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 0), (std::vector<Value>{-3, 0}));
  s.undo_to(0);
  ASSERT_TRUE(s.assign(0, 1, nullptr));  // x = 0: y loses 0
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{7});
  EXPECT_FALSE(s.remove(1, 1, nullptr));  // removing y's last value is a wipe-out
}

TEST(NaryPredicate, GeneralisedArcConsistency) {
  // x + y + z is even, x in {1}, y in {1, 2}, z in {2}: y must be 1.
  Problem p;
  p.add_variable("x", 1, 1);
  p.add_variable("y", 1, 2);
  p.add_variable("z", 2, 2);
  p.add_predicate({0, 1, 2}, [](std::span<const Value> v) { return (v[0] + v[1] + v[2]) % 2 == 0; }, "even");
  Statistics stats;
  Store s(p, stats);
  EXPECT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, 1), std::vector<Value>{1});
  Assignment a(3);
  a.assign(0, 1);
  a.assign(1, 2);
  EXPECT_TRUE(p.constraint(0).is_consistent(a));  // checked only once the whole scope is assigned
  a.assign(2, 2);
  EXPECT_FALSE(p.constraint(0).is_consistent(a));
}

}  // namespace
}  // namespace csp
