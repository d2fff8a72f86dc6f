// Table, binary predicate, not-equal and n-ary predicate: checks and (generalised) arc consistent revise.
#include "csp/constraints/table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "csp/constraints/binary_predicate.hpp"
#include "csp/constraints/not_equal.hpp"
#include "csp/core/store.hpp"
#include "fzn_constraint_check.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::check_against_spec;
using test::random_variable;
using test::Tuple;
using test::values_of;

// Random tables over random domains (ranges and lists, 1 to 4 variables, up to 300 tuples: several words of Compact-
// Table's bitsets, some tuples outside the initial domains): the search under none / fc / mac (MAC runs Compact-Table,
// backtracking through its reversible bitset) finds exactly the brute force's solutions, and propagate on random sub-
// domains keeps exactly the values of the tuples still valid (generalised arc consistency, not only soundness).
TEST(Table, CompactTableAgreesWithBruteForceAndIsGeneralisedArcConsistent) {
  for (std::uint32_t seed = 0; seed < 150; ++seed) {
    std::mt19937 rng(seed + 31000);
    Problem p;
    const int vars = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int k = 0; k < vars; ++k) random_variable(p, std::string("v").append(std::to_string(k)), -2, 5, rng);
    std::vector<VarId> scope;
    for (VarId x = 0; x < vars; ++x) scope.push_back(x);
    // Tuples over the universes (values of each variable), some repeated; a few restricted away below.
    std::vector<std::vector<Value>> allowed;
    const int count = std::uniform_int_distribution<int>(0, seed % 3 == 0 ? 300 : 20)(rng);
    for (int t = 0; t < count; ++t) {
      std::vector<Value> tuple;
      for (VarId x : scope) {
        const std::vector<Value> values = p.variable(x).values();
        tuple.push_back(values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)]);
      }
      allowed.push_back(tuple);
    }
    p.add_table(scope, allowed, "t");
    if (seed % 4 == 1 && p.variable(0).size() > 1) p.restrict_domain(0, p.variable(0).values().front());
    const auto spec = [&](const Tuple& v) {
      std::vector<Value> tuple;
      for (VarId x : scope) tuple.push_back(v[static_cast<std::size_t>(x)]);
      return std::find(allowed.begin(), allowed.end(), tuple) != allowed.end();
    };
    check_against_spec(p, spec, seed, "table");
    if (HasFatalFailure()) return;
    // GAC: after propagate, a value stays iff some tuple valid in the domains holds it.
    std::mt19937 removal_rng(seed);
    for (int trial = 0; trial < 4; ++trial) {
      Statistics stats;
      Store s(p, stats);
      if (trial > 0) test::random_removals(s, removal_rng);
      std::vector<std::vector<Value>> kept(scope.size());
      for (const auto& tuple : allowed) {
        bool valid = true;
        for (std::size_t k = 0; k < scope.size() && valid; ++k) {
          const int i = p.variable(scope[k]).index_of(tuple[k]);
          valid = s.domain(scope[k]).contains(i);
        }
        if (valid)
          for (std::size_t k = 0; k < scope.size(); ++k) kept[k].push_back(tuple[k]);
      }
      const bool ok = p.constraint(0).propagate(s);
      bool any = false;
      for (const auto& k : kept) any = any || !k.empty();
      ASSERT_EQ(ok, any) << "seed " << seed << " trial " << trial;
      if (!ok) continue;
      for (std::size_t k = 0; k < scope.size(); ++k) {
        std::sort(kept[k].begin(), kept[k].end());
        kept[k].erase(std::unique(kept[k].begin(), kept[k].end()), kept[k].end());
        EXPECT_EQ(values_of(s, scope[k]), kept[k]) << "seed " << seed << " trial " << trial << " position " << k;
      }
    }
  }
}

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
  p.add_binary(
      0, 1, [](Value a, Value b) { return a < b; }, "x<y");
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
  p.add_binary(
      0, 1, [](Value x, Value y) { return y == x * x; }, "Y=X^2");
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
  p.add_predicate(
      {0, 1, 2}, [](std::span<const Value> v) { return (v[0] + v[1] + v[2]) % 2 == 0; }, "even");
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
