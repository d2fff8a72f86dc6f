// Entailment (Store::entail): a constraint satisfied by every combination of the values left sleeps until search
// undoes past the point where it was found so. Random models of reified constraints that share variables (so one
// constraint sleeps while others keep changing its variables, and wakes again after a backtrack) against brute force,
// under every inference, both branchings and restarts; and the sleep itself, its wake-up and what it skips.
#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/strategy/search_context.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

// 3-5 integer variables over -2..3, 3-4 booleans, 6 reified constraints of the four kinds that sleep.
Problem random_reified_model(std::uint32_t seed) {
  std::mt19937 rng(seed);
  Problem p;
  const int ints = 3 + static_cast<int>(rng() % 3);
  const int bools = 3 + static_cast<int>(rng() % 2);
  for (int k = 0; k < ints; ++k) p.add_variable(std::string("x").append(std::to_string(k)), -2, 3);
  for (int k = 0; k < bools; ++k) p.add_variable(std::string("b").append(std::to_string(k)), 0, 1);
  const auto some_int = [&] { return static_cast<VarId>(rng() % static_cast<unsigned>(ints)); };
  const auto some_bool = [&] {
    return static_cast<VarId>(ints + static_cast<int>(rng() % static_cast<unsigned>(bools)));
  };
  for (int c = 0; c < 6; ++c) {
    const auto r = rng() % 4 == 0 ? Reification::implication : Reification::equivalence;
    switch (rng() % 4) {
      case 0: {  // b <-> x in S
        std::vector<Value> set;
        for (Value v = -2; v <= 3; ++v)
          if (rng() % 3 == 0) set.push_back(v);
        if (set.empty()) set.push_back(0);
        p.add_member_reif(some_int(), set, some_bool(), r);
        break;
      }
      case 1: {  // b <-> a x + c y OP rhs
        VarId x = some_int();
        VarId y = some_int();
        if (y == x) y = (x + 1) % ints;
        const auto op = static_cast<LinearOp>(rng() % 4);
        p.add_linear_reif({x, y}, {1 + static_cast<int>(rng() % 2), -1}, op, static_cast<long long>(rng() % 5) - 2,
                          some_bool(), r);
        break;
      }
      case 2: {  // a clause over two or three booleans
        const VarId a = some_bool();
        const VarId b = some_bool();
        if (a == b)
          p.add_clause({a}, {});
        else
          p.add_clause({a}, {b});
        break;
      }
      default: {  // r <-> (a or b) / (a and b)
        const VarId r0 = some_bool();
        std::vector<VarId> xs;
        for (VarId b = ints; b < ints + bools; ++b)
          if (b != r0 && xs.size() < 2) xs.push_back(b);
        if (rng() % 2 == 0)
          p.add_or_reif(xs, r0);
        else
          p.add_and_reif(xs, r0);
        break;
      }
    }
  }
  return p;
}

// Every solution of models make(1) .. make(models) under each configuration, compared with brute force (computed once
// per model); returns how many solutions the models have.
std::uint64_t expect_brute_force_solutions(Problem (*make)(std::uint32_t), std::uint32_t models,
                                           const std::vector<SolverConfig>& configs) {
  std::uint64_t total = 0;
  for (std::uint32_t seed = 1; seed <= models; ++seed) {
    const Problem p = make(seed);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(p);
    for (SolverConfig c : configs) {
      c.max_solutions = 0;
      c.keep_solutions = 1U << 20U;
      const SearchResult r = backtracking_search(p, c);
      EXPECT_EQ(test_support::sorted_tuples(r.solutions), expected) << "model " << seed << ", " << to_string(c);
    }
    total += expected.size();
  }
  return total;
}

// The search configurations the random models run under: fc and mac, d-way and binary branching, each ordering
// given (dom-wdeg with Luby restarts).
std::vector<SolverConfig> configs_of(std::initializer_list<const char*> orderings) {
  std::vector<SolverConfig> out;
  for (const char* inference : {"fc", "mac"})
    for (const char* branching : {"d-way", "binary"})
      for (const char* var : orderings) {
        SolverConfig c = SolverConfig::textbook();
        c.variable_ordering = var;
        c.inference = inference;
        c.branching = branching;
        if (std::string(var) == "dom-wdeg") {
          c.restarts = "luby";
          c.restart_base = 2;
          c.seed = 5;
        }
        out.push_back(c);
      }
  return out;
}

TEST(Entailment, SleepingConstraintsKeepTheSolutionsOfRandomReifiedModels) {
  const std::uint64_t total =
      expect_brute_force_solutions(random_reified_model, 80, configs_of({"first", "mrv", "dom-wdeg"}));
  EXPECT_GT(total, 80U);  // the models have solutions: the comparison is not between empty sets
}

// x in {1, 2} <-> b with b = 1 and x in 1..2: entailed, it sleeps; MAC after a change of x does not run it again
// (one revision fewer); undoing past the sleep wakes it.
TEST(Entailment, SleepIsTrailedAndSkipsWakeUps) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 5);
  const VarId b = p.add_variable("b", 0, 1);
  const Constraint& member = p.add_member_reif(x, {1, 2}, b);
  Statistics stats;
  Store s(p, stats);
  SearchContext ctx(s, true);
  ASSERT_TRUE(mac(ctx, -1));
  EXPECT_FALSE(s.entailed(member.id()));
  const Trail::Mark mark = s.mark();
  ASSERT_TRUE(s.assign(b, 1, nullptr));
  ctx.set_decision_shrank_domain(true);
  ASSERT_TRUE(mac(ctx, b));
  EXPECT_EQ(s.domain(x).size(), 2);  // x in {1, 2}
  EXPECT_TRUE(s.entailed(member.id()));
  const std::uint64_t revisions = stats.revisions;
  ASSERT_TRUE(s.remove(x, p.variable(x).index_of(2), nullptr));
  ASSERT_TRUE(mac(ctx, x));
  EXPECT_EQ(stats.revisions, revisions);  // asleep: not woken by x's change
  s.undo_to(mark);
  EXPECT_FALSE(s.entailed(member.id()));
  EXPECT_EQ(s.domain(x).size(), 6);
}

// 3-5 integer variables over -2..3 and 5 sums of 2-3 terms (<=, >=, !=, =) sharing them: <=, >= and != sleep once
// their bounds cannot violate them any more (LinearTerms::propagate).
Problem random_linear_model(std::uint32_t seed) {
  std::mt19937 rng(seed);
  Problem p;
  const int n = 3 + static_cast<int>(rng() % 3);
  for (int k = 0; k < n; ++k) p.add_variable(std::string("x").append(std::to_string(k)), -2, 3);
  for (int c = 0; c < 5; ++c) {
    const int arity = 2 + static_cast<int>(rng() % 2);
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    for (int k = 0; k < arity; ++k) {
      scope.push_back(static_cast<VarId>((c + k) % n));
      coefficients.push_back(static_cast<int>(rng() % 5) - 2);
    }
    p.add_linear(scope, coefficients, static_cast<LinearOp>(rng() % 4), static_cast<long long>(rng() % 7) - 3);
  }
  return p;
}

TEST(Entailment, SleepingSumsKeepTheSolutionsOfRandomLinearModels) {
  const std::uint64_t total = expect_brute_force_solutions(random_linear_model, 150, configs_of({"mrv"}));
  EXPECT_GT(total, 150U);  // the models have solutions: the comparison is not between empty sets
}

// x + y <= 7 over 0..5: not entailed at first (x = y = 5 violates it); once x <= 2 it holds for every value left,
// so it sleeps and a change of y does not run it again; undoing past that point wakes it. The same for >= and !=.
TEST(Entailment, SumsSleepOnceTheirBoundsSatisfyThem) {
  struct Case {
    LinearOp op;
    long long rhs;
    int x_max_index;  // x's largest index kept by the first change (x in 0..x_max_index)
  };
  for (const Case& k : {Case{LinearOp::le, 7, 2}, Case{LinearOp::ge, -1, 2}, Case{LinearOp::ne, 8, 2}}) {
    Problem p;
    const VarId x = p.add_variable("x", 0, 5);
    const VarId y = p.add_variable("y", 0, 5);
    const Constraint& sum = p.add_linear({x, y}, {1, 1}, k.op, k.rhs);
    Statistics stats;
    Store s(p, stats);
    SearchContext ctx(s, true);
    ASSERT_TRUE(mac(ctx, -1));
    EXPECT_EQ(s.entailed(sum.id()), k.op == LinearOp::ge);  // x + y >= -1 holds from the start
    const Trail::Mark mark = s.mark();
    ASSERT_TRUE(s.remove_above(x, k.x_max_index, nullptr));
    ctx.set_decision_shrank_domain(true);
    ASSERT_TRUE(mac(ctx, x));
    EXPECT_TRUE(s.entailed(sum.id())) << static_cast<int>(k.op);  // x + y <= 2 + 5; x + y != 8 with x + y <= 7
    EXPECT_EQ(s.domain(y).size(), 6);
    const std::uint64_t revisions = stats.revisions;
    ASSERT_TRUE(s.remove_above(y, 3, nullptr));
    ASSERT_TRUE(mac(ctx, y));
    EXPECT_EQ(stats.revisions, revisions);  // asleep: not woken by y's change
    s.undo_to(mark);
    EXPECT_EQ(s.entailed(sum.id()), k.op == LinearOp::ge);
  }
}

}  // namespace
}  // namespace csp
