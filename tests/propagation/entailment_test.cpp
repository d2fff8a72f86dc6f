// Entailment (Store::entail): a constraint satisfied by every combination of the values left sleeps until search
// undoes past the point where it was found so. Random models of reified constraints that share variables (so one
// constraint sleeps while others keep changing its variables, and wakes again after a backtrack) against brute force,
// under every inference, both branchings and restarts; and the sleep itself, its wake-up and what it skips.
#include <gtest/gtest.h>

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
  const auto some_bool = [&] { return static_cast<VarId>(ints + static_cast<int>(rng() % static_cast<unsigned>(bools))); };
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
        if (a == b) p.add_clause({a}, {});
        else p.add_clause({a}, {b});
        break;
      }
      default: {  // r <-> (a or b) / (a and b)
        const VarId r0 = some_bool();
        std::vector<VarId> xs;
        for (VarId b = ints; b < ints + bools; ++b)
          if (b != r0 && xs.size() < 2) xs.push_back(b);
        if (rng() % 2 == 0) p.add_or_reif(xs, r0);
        else p.add_and_reif(xs, r0);
        break;
      }
    }
  }
  return p;
}

TEST(Entailment, SleepingConstraintsKeepTheSolutionsOfRandomReifiedModels) {
  std::uint64_t total = 0;
  for (const char* inference : {"fc", "mac"})
    for (const char* branching : {"d-way", "binary"})
      for (const char* var : {"first", "mrv", "dom-wdeg"}) {
        SolverConfig c = SolverConfig::textbook();
        c.variable_ordering = var;
        c.inference = inference;
        c.branching = branching;
        c.max_solutions = 0;
        c.keep_solutions = 1U << 20U;
        if (std::string(var) == "dom-wdeg") {
          c.restarts = "luby";
          c.restart_base = 2;
          c.seed = 5;
        }
        for (std::uint32_t seed = 1; seed <= 80; ++seed) {
          const Problem p = random_reified_model(seed);
          const std::vector<test_support::Tuple> expected = test_support::all_solutions(p);
          const SearchResult r = backtracking_search(p, c);
          EXPECT_EQ(test_support::sorted_tuples(r.solutions), expected) << "model " << seed << ", " << to_string(c);
          total += expected.size();
        }
      }
  EXPECT_GT(total, 12U * 80U);  // the models have solutions: the comparison is not between empty sets
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

}  // namespace
}  // namespace csp
