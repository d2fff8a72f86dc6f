// Clauses, reified and / or, exclusive or (FlatZinc bool_clause, array_bool_and / or / xor).
#include "csp/constraints/boolean.hpp"

#include <gtest/gtest.h>

#include "fzn_constraint_check.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::check_against_spec;
using test::random_boolean;
using test::Tuple;
using test::values_of;

constexpr std::uint32_t kSeeds = 200;

// n boolean variables b0..b{n-1}; `picks` of them drawn with repetition.
std::vector<VarId> draw(const std::vector<VarId>& pool, int picks, std::mt19937& rng) {
  std::vector<VarId> out;
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  for (int k = 0; k < picks; ++k) out.push_back(pool[pick(rng)]);
  return out;
}

std::vector<VarId> booleans(Problem& p, int n, std::mt19937& rng) {
  std::vector<VarId> out;
  for (int k = 0; k < n; ++k) out.push_back(random_boolean(p, std::string("b").append(std::to_string(k)), rng));
  return out;
}

TEST(Clause, AgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed);
    Problem p;
    const std::vector<VarId> pool = booleans(p, std::uniform_int_distribution<int>(1, 6)(rng), rng);
    std::vector<VarId> positive = draw(pool, std::uniform_int_distribution<int>(0, 4)(rng), rng);
    std::vector<VarId> negative = draw(pool, std::uniform_int_distribution<int>(positive.empty() ? 1 : 0, 3)(rng), rng);
    p.add_clause(positive, negative);
    const auto spec = [&](const Tuple& t) {
      for (VarId x : positive)
        if (t[static_cast<std::size_t>(x)] == 1) return true;
      for (VarId x : negative)
        if (t[static_cast<std::size_t>(x)] == 0) return true;
      return false;
    };
    check_against_spec(p, spec, seed, "clause");
    if (HasFatalFailure()) return;
  }
}

TEST(Clause, UnitPropagationAndErrors) {
  Problem p;
  const VarId a = p.add_variable("a", 0, 1);
  const VarId b = p.add_variable("b", 0, 1);
  const VarId c = p.add_variable("c", 0, 1);
  p.add_clause({a, b}, {c});  // a or b or not c
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.values_pruned, 0U);
  ASSERT_TRUE(s.assign(c, 1, nullptr));
  ASSERT_TRUE(s.assign(a, 0, nullptr));
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, b), std::vector<Value>{1});
  EXPECT_THROW(p.add_clause({}, {}), ModelError);
  const VarId x = p.add_variable("x", 0, 2);
  EXPECT_THROW(p.add_clause({x}, {}), ModelError);  // not boolean
}

TEST(BoolReif, AndOrAgreeWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    for (const bool conjunction : {true, false}) {
      std::mt19937 rng(seed);
      Problem p;
      const std::vector<VarId> pool = booleans(p, std::uniform_int_distribution<int>(1, 5)(rng), rng);
      const VarId r = random_boolean(p, "r", rng);
      const std::vector<VarId> xs = draw(pool, std::uniform_int_distribution<int>(0, 5)(rng), rng);
      if (conjunction) {
        p.add_and_reif(xs, r);
      } else {
        p.add_or_reif(xs, r);
      }
      const auto spec = [&](const Tuple& t) {
        bool all = true;
        bool any = false;
        for (VarId x : xs) {
          all = all && t[static_cast<std::size_t>(x)] == 1;
          any = any || t[static_cast<std::size_t>(x)] == 1;
        }
        return (t[static_cast<std::size_t>(r)] == 1) == (conjunction ? all : any);
      };
      check_against_spec(p, spec, seed, conjunction ? "and reif" : "or reif");
      if (HasFatalFailure()) return;
    }
  }
}

TEST(BoolReif, PropagatesBothWays) {
  Problem p;
  const VarId a = p.add_variable("a", 0, 1);
  const VarId b = p.add_variable("b", 0, 1);
  const VarId r = p.add_variable("r", 0, 1);
  p.add_and_reif({a, b}, r);
  {  // a = 0: r = 0
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(s.assign(a, 0, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, r), std::vector<Value>{0});
  }
  {  // r = 1: a = b = 1
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(s.assign(r, 1, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, a), std::vector<Value>{1});
    EXPECT_EQ(values_of(s, b), std::vector<Value>{1});
  }
  {  // r = 0 and a = 1: b = 0
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(s.assign(r, 0, nullptr));
    ASSERT_TRUE(s.assign(a, 1, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, b), std::vector<Value>{0});
  }
  EXPECT_THROW(p.add_or_reif({a, r}, r), ModelError);
  // Empty operand lists: and() is true, or() is false.
  p.add_and_reif({}, a);
  p.add_or_reif({}, b);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(1).propagate(s));
  ASSERT_TRUE(p.constraint(2).propagate(s));
  EXPECT_EQ(values_of(s, a), std::vector<Value>{1});
  EXPECT_EQ(values_of(s, b), std::vector<Value>{0});
}

TEST(Xor, AgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed);
    Problem p;
    const std::vector<VarId> pool = booleans(p, std::uniform_int_distribution<int>(1, 5)(rng), rng);
    std::vector<VarId> xs = draw(pool, std::uniform_int_distribution<int>(1, 5)(rng), rng);
    int odd = 0;  // variables listed an odd number of times (x xor x = 0)
    for (VarId x : pool) odd += std::count(xs.begin(), xs.end(), x) % 2 == 1 ? 1 : 0;
    if (odd == 0) {
      EXPECT_THROW(p.add_xor(xs), ModelError);
      continue;
    }
    p.add_xor(xs);
    const auto spec = [&](const Tuple& t) {
      int ones = 0;
      for (VarId x : xs) ones += t[static_cast<std::size_t>(x)];
      return ones % 2 == 1;
    };
    check_against_spec(p, spec, seed, "xor");
    if (HasFatalFailure()) return;
  }
}

// n 0/1 variables named prefix0, prefix1, ... and their exclusive or (the problem's constraint 0 when it had none).
std::vector<VarId> add_xor_of(Problem& p, int n, const std::string& prefix) {
  std::vector<VarId> xs;
  for (int k = 0; k < n; ++k) xs.push_back(p.add_variable(prefix + std::to_string(k), 0, 1));
  p.add_xor(xs);
  return xs;
}

TEST(Xor, TheLastOpenVariableMakesTheCountOdd) {
  Problem p;
  const std::vector<VarId> xs = add_xor_of(p, 4, "x");
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(s.assign(xs[0], 1, nullptr));
  ASSERT_TRUE(s.assign(xs[1], 1, nullptr));
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(stats.values_pruned, 0U);
  ASSERT_TRUE(s.assign(xs[2], 0, nullptr));
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, xs[3]), std::vector<Value>{1});  // 1 + 1 + 0 + x3 odd
  // 2^12 / 2 = 2048 assignments of 12 variables have an odd count.
  Problem q;
  add_xor_of(q, 12, "y");
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig config = SolverConfig::textbook();
    config.inference = inference;
    config.max_solutions = 0;
    EXPECT_EQ(backtracking_search(q, config).solution_count, 2048U) << inference;
  }
}

// The exclusive or remembers two open variables between calls (a hint checked first): when the others are fixed
// and one of those two is the last open variable, it is still set, whichever of the two it is.
TEST(Xor, TheLastOpenVariableIsSetWhicheverWatchItIs) {
  for (const int last : {0, 1}) {
    Problem p;
    const std::vector<VarId> xs = add_xor_of(p, 4, "x");
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(p.constraint(0).propagate(s));  // every variable open: x0 and x1 are remembered
    ASSERT_TRUE(s.assign(xs[static_cast<std::size_t>(1 - last)], 1, nullptr));
    ASSERT_TRUE(s.assign(xs[2], 0, nullptr));
    ASSERT_TRUE(s.assign(xs[3], 1, nullptr));
    ASSERT_TRUE(p.constraint(0).propagate(s));
    EXPECT_EQ(values_of(s, xs[static_cast<std::size_t>(last)]), std::vector<Value>{1}) << "last open x" << last;
  }
}

TEST(Boolean, LongClausesAndConjunctionsAreCheap) {
  // 2000 variables: one clause over all of them negated, and r <-> and(all). With r = 1 the conjunction sets every
  // variable to 1, and the clause then fails: unsatisfiable at the root, in one propagation each.
  Problem p;
  std::vector<VarId> xs;
  for (int k = 0; k < 2000; ++k) xs.push_back(p.add_variable(std::string("x").append(std::to_string(k)), 0, 1));
  const VarId r = p.add_variable("r", 0, 1);
  p.restrict_domain(r, 1);
  p.add_and_reif(xs, r);
  p.add_clause({}, xs);
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  const SearchResult result = backtracking_search(p, config);
  EXPECT_EQ(result.status, Status::unsatisfiable);
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.stats.assignments, 0U);
}

}  // namespace
}  // namespace csp
