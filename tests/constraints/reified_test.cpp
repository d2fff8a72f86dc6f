// Reified linear relations and set membership (FlatZinc int_*_reif, int_lin_*_reif, set_in_reif, _imp).
#include "csp/constraints/reified.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <climits>

#include "csp/search/backtracking.hpp"
#include "fzn_constraint_check.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::check_against_spec;
using test::random_boolean;
using test::random_variable;
using test::Tuple;
using test::values_of;

constexpr std::uint32_t kSeeds = 250;

bool compare(LinearOp op, long long sum, long long rhs) {
  switch (op) {
    case LinearOp::eq:
      return sum == rhs;
    case LinearOp::ne:
      return sum != rhs;
    case LinearOp::le:
      return sum <= rhs;
    case LinearOp::ge:
      return sum >= rhs;
  }
  return false;
}

TEST(LinearReif, AgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed);
    Problem p;
    const int n = std::uniform_int_distribution<int>(1, 3)(rng);
    std::vector<VarId> xs;
    for (int k = 0; k < n; ++k)
      xs.push_back(random_variable(p, std::string("x").append(std::to_string(k)), -3, 3, rng));
    const VarId b = random_boolean(p, "b", rng);
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    for (int k = 0; k < n + (seed % 5 == 0 ? 1 : 0); ++k) {  // every fifth problem lists a variable twice
      scope.push_back(xs[static_cast<std::size_t>(k % n)]);
      coefficients.push_back(std::uniform_int_distribution<int>(-3, 3)(rng));
    }
    const auto op = static_cast<LinearOp>(std::uniform_int_distribution<int>(0, 3)(rng));
    const long long rhs = std::uniform_int_distribution<int>(-5, 5)(rng);
    const auto r = seed % 3 == 0 ? Reification::implication : Reification::equivalence;
    p.add_linear_reif(scope, coefficients, op, rhs, b, r);
    const auto spec = [&](const Tuple& t) {
      long long sum = 0;
      for (std::size_t k = 0; k < scope.size(); ++k) sum += coefficients[k] * t[static_cast<std::size_t>(scope[k])];
      const bool c = compare(op, sum, rhs);
      const Value bv = t[static_cast<std::size_t>(b)];
      return r == Reification::equivalence ? (bv == 1) == c : bv == 0 || c;
    };
    check_against_spec(p, spec, seed, "linear reif");
    if (HasFatalFailure()) return;
  }
}

TEST(LinearReif, GcdAndEmptySums) {
  // 2x + 4y = 3 has no integer solution: b = 0; 2x + 4y != 3 always holds: b = 1. An empty sum is 0.
  for (const LinearOp op : {LinearOp::eq, LinearOp::ne}) {
    Problem p;
    const VarId x = p.add_variable("x", -3, 3);
    const VarId y = p.add_variable("y", -3, 3);
    const VarId b = p.add_variable("b", 0, 1);
    p.add_linear_reif({x, y}, {2, 4}, op, 3, b);
    check_against_spec(
        p, [&](const Tuple& t) { return t[2] == (op == LinearOp::ne ? 1 : 0); }, 0, "gcd");
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, b), std::vector<Value>{op == LinearOp::ne ? 1 : 0});
  }
  Problem p;
  const VarId b = p.add_variable("b", 0, 1);
  p.add_linear_reif({}, {}, LinearOp::le, -1, b);  // 0 <= -1 is false
  check_against_spec(
      p, [](const Tuple& t) { return t[0] == 0; }, 0, "empty sum");
}

TEST(LinearReif, EntailmentAndDisentailmentFixB) {
  // x in 0..5, y in 6..9: x < y (x - y <= -1) is entailed, x + y = 20 disentailed, x + y != 20 entailed.
  struct Case {
    std::vector<int> coefficients;
    LinearOp op;
    long long rhs;
    Reification r;
    std::vector<Value> b_left;
  };
  const std::vector<Case> cases{
      {{1, -1}, LinearOp::le, -1, Reification::equivalence, {1}},
      {{1, -1}, LinearOp::le, -1, Reification::implication, {0, 1}},  // b -> true says nothing of b
      {{1, 1}, LinearOp::eq, 20, Reification::equivalence, {0}},
      {{1, 1}, LinearOp::eq, 20, Reification::implication, {0}},
      {{1, 1}, LinearOp::ne, 20, Reification::equivalence, {1}},
      {{1, 1}, LinearOp::ge, 6, Reification::equivalence, {1}},
      {{1, 1}, LinearOp::ge, 15, Reification::equivalence, {0}},     // x + y <= 5 + 9 = 14
      {{1, 1}, LinearOp::ge, 12, Reification::equivalence, {0, 1}},  // open: 6..14 holds 12
  };
  for (const Case& c : cases) {
    Problem p;
    const VarId x = p.add_variable("x", 0, 5);
    const VarId y = p.add_variable("y", 6, 9);
    const VarId b = p.add_variable("b", 0, 1);
    p.add_linear_reif({x, y}, c.coefficients, c.op, c.rhs, b, c.r);
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, b), c.b_left) << static_cast<int>(c.op) << ' ' << c.rhs;
    EXPECT_EQ(values_of(s, x).size(), 6U);  // b open or entailment: x and y untouched
  }
}

TEST(LinearReif, EqualityWithOneOpenVariableLooksAtItsHoles) {
  // x = 3 + y with y = 1 fixed and x in {0, 2, 6}: x would have to be 4, a hole: b = 0 (bounds alone say open).
  Problem p;
  const VarId x = p.add_variable("x", std::vector<int>{0, 2, 6});
  const VarId y = p.add_variable("y", std::vector<int>{1});
  const VarId b = p.add_variable("b", 0, 1);
  p.add_linear_reif({x, y}, {1, -1}, LinearOp::eq, 3, b);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, b), std::vector<Value>{0});
}

TEST(LinearReif, FixedBPostsTheRelationOrItsNegation) {
  // b = 1: x + y <= 4 cuts x to 0..4 (y >= 0); b = 0: x + y >= 5 with y <= 3 cuts x to 2..9.
  for (const int bv : {1, 0}) {
    Problem p;
    const VarId x = p.add_variable("x", 0, 9);
    const VarId y = p.add_variable("y", 0, 3);
    const VarId b = p.add_variable("b", 0, 1);
    p.restrict_domain(b, bv);
    p.add_linear_reif({x, y}, {1, 1}, LinearOp::le, 4, b);
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));
    const std::vector<Value> xs = values_of(s, x);
    EXPECT_EQ(xs.front(), bv == 1 ? 0 : 2);
    EXPECT_EQ(xs.back(), bv == 1 ? 4 : 9);
  }
}

TEST(LinearReif, WideDomainsAndExtremeValuesStayExact) {
  // x, y in 0..10^9: b <-> x - y >= 999999999 holds only at x = 10^9, y in 0..1 or x = 10^9 - 1, y = 0.
  Problem p;
  const VarId x = p.add_variable("x", 0, 1000000000);
  const VarId y = p.add_variable("y", 0, 1000000000);
  const VarId b = p.add_variable("b", 0, 1);
  p.restrict_domain(b, 1);
  p.add_linear_reif({x, y}, {1, -1}, LinearOp::ge, 999999999, b);
  const auto start = std::chrono::steady_clock::now();
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  config.variable_ordering = "mrv";
  config.max_solutions = 0;
  const SearchResult r = backtracking_search(p, config);
  EXPECT_EQ(r.solution_count, 3U);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, x), (std::vector<Value>{999999999, 1000000000}));
  EXPECT_EQ(values_of(s, y), (std::vector<Value>{0, 1}));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // a guard, not a speed target
  // Sums past 64 bits: INT_MAX * (u + v + w) with u, v, w in {INT_MAX - 1, INT_MAX} is about 1.38e19 > LLONG_MAX,
  // so "<= LLONG_MAX" is disentailed (in 64 bits the sums would wrap to negative numbers and seem to hold).
  Problem q;
  const VarId u = q.add_variable("u", std::vector<int>{INT_MAX - 1, INT_MAX});
  const VarId v = q.add_variable("v", std::vector<int>{INT_MAX - 1, INT_MAX});
  const VarId w = q.add_variable("w", std::vector<int>{INT_MAX - 1, INT_MAX});
  const VarId c = q.add_variable("c", 0, 1);
  q.add_linear_reif({u, v, w}, {INT_MAX, INT_MAX, INT_MAX}, LinearOp::le, LLONG_MAX, c);
  Statistics qstats;
  Store t(q, qstats);
  ASSERT_TRUE(q.constraint(0).propagate(t));
  EXPECT_EQ(values_of(t, c), std::vector<Value>{0});
}

TEST(LinearReif, BadModelsAreModelErrors) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 3);
  const VarId b = p.add_variable("b", 0, 2);
  const VarId c = p.add_variable("c", 0, 1);
  EXPECT_THROW(p.add_linear_reif({x}, {1}, LinearOp::eq, 1, b), ModelError);              // b not boolean
  EXPECT_THROW(p.add_linear_reif({x, c}, {1, 1}, LinearOp::eq, 1, c), ModelError);        // c in the sum
  EXPECT_THROW(p.add_linear_reif({x}, {1, 2}, LinearOp::eq, 1, c), ModelError);           // sizes
  EXPECT_THROW(p.add_linear_reif({x, x}, {INT_MAX, 1}, LinearOp::eq, 1, c), ModelError);  // merged past INT_MAX
  EXPECT_THROW(p.add_linear_reif({x}, {1}, LinearOp::eq, 1, 7), ModelError);              // unknown id
  try {
    p.add_linear_reif({x}, {1}, LinearOp::eq, 1, b);
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("'b' is not boolean"), std::string::npos) << e.what();
  }
}

TEST(MemberReif, AgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed + 1000);
    Problem p;
    const VarId x = random_variable(p, "x", -4, 4, rng);
    const VarId b = random_boolean(p, "b", rng);
    std::vector<Value> set;
    std::bernoulli_distribution keep(0.4);
    for (Value v = -6; v <= 6; ++v)
      if (keep(rng)) set.push_back(v);
    if (seed % 4 == 0 && !set.empty()) set.push_back(set.front());  // duplicates are ignored
    const auto r = seed % 3 == 0 ? Reification::implication : Reification::equivalence;
    p.add_member_reif(x, set, b, r);
    const auto spec = [&](const Tuple& t) {
      const bool in = std::find(set.begin(), set.end(), t[static_cast<std::size_t>(x)]) != set.end();
      const Value bv = t[static_cast<std::size_t>(b)];
      return r == Reification::equivalence ? (bv == 1) == in : bv == 0 || in;
    };
    check_against_spec(p, spec, seed, "member reif");
    if (HasFatalFailure()) return;
  }
}

TEST(MemberReif, EntailmentAndWideDomains) {
  {  // x in 3..5 inside 1..10: b = 1; x in 11..12: b = 0.
    Problem p;
    const VarId x = p.add_variable("x", 3, 5);
    const VarId b = p.add_variable("b", 0, 1);
    p.add_member_reif(x, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, b);
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, b), std::vector<Value>{1});
  }
  // x in 0..10^9, set {5, 6, 7, 10, 500000000, 999999999}: b = 1 gives bounds 5..999999999 and removes the gap
  // 8..9; the gap 11..499999999 is too wide to remove value by value and stays (bounds consistency there).
  const auto start = std::chrono::steady_clock::now();
  Problem p;
  const VarId x = p.add_variable("x", 0, 1000000000);
  const VarId b = p.add_variable("b", 0, 1);
  p.add_member_reif(x, {5, 6, 7, 10, 500000000, 999999999}, b);
  {
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(s.domain(b).size(), 2);
    ASSERT_TRUE(s.assign(b, 1, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(s.value(x, s.domain(x).min()), 5);
    EXPECT_EQ(s.value(x, s.domain(x).max()), 999999999);
    EXPECT_FALSE(s.domain(x).contains(8));  // 8, 9: a gap of two values, removed
    EXPECT_FALSE(s.domain(x).contains(9));
    EXPECT_TRUE(s.domain(x).contains(11));  // inside a gap of ~5 * 10^8 values: kept (bounds consistency)
  }
  {
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(s.remove_above(x, 7, nullptr));  // x in 0..7
    ASSERT_TRUE(s.assign(b, 0, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, x), (std::vector<Value>{0, 1, 2, 3, 4}));
  }
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  Problem q = p;
  q.restrict_domain(b, 1);
  q.restrict_range(x, 400000000, 1000000000);
  const SearchResult r = backtracking_search(q, config);  // the root cuts x to 500000000..999999999
  EXPECT_EQ(r.stats.assignments, 1U);
  ASSERT_EQ(r.solutions.size(), 1U);
  EXPECT_EQ(r.solutions[0].value(x), 500000000);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // a guard, not a speed target
}

}  // namespace
}  // namespace csp
