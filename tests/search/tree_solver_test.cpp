// TREE-CSP-SOLVER and cutset conditioning: worked examples, refusals, and agreement with backtracking on random
// problems (trees, forests, and cyclic graphs with constraints of any arity).
#include "csp/graph/tree_solver.hpp"

#include <gtest/gtest.h>

#include <random>

#include "csp/core/errors.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "no error";
}

// X < Y < Z over 1..3: a chain, so the tree solver needs no search.
Problem chain() {
  Problem p;
  const VarId x = p.add_variable("X", 1, 3);
  const VarId y = p.add_variable("Y", 1, 3);
  const VarId z = p.add_variable("Z", 1, 3);
  p.add_binary(
      x, y, [](Value a, Value b) { return a < b; }, "X<Y");
  p.add_binary(
      y, z, [](Value a, Value b) { return a < b; }, "Y<Z");
  return p;
}

TEST(TreeCspSolver, SolvesAChainWithDirectedArcConsistencyAndNoBacktracking) {
  const Problem p = chain();
  const SearchResult r = tree_csp_solver(p);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.solution_count, 1U);
  EXPECT_EQ(p.to_string(r.solutions.at(0)), "X=1 Y=2 Z=3");
  // Root X; MAKE-ARC-CONSISTENT(Y, Z) removes Y=3, then (X, Y) removes X=2 and X=3.
  EXPECT_EQ(r.stats.revisions, 2U);
  EXPECT_EQ(r.stats.values_pruned, 3U);
  EXPECT_EQ(r.stats.assignments, 3U);
  EXPECT_EQ(r.stats.backtracks, 0U);
  EXPECT_EQ(r.stats.solutions, 1U);
}

TEST(TreeCspSolver, ReportsFailureWhenArcConsistencyWipesOutADomain) {
  Problem p;
  const VarId x = p.add_variable("X", 1, 2);
  const VarId y = p.add_variable("Y", 1, 2);
  const VarId z = p.add_variable("Z", 1, 2);
  p.add_binary(x, y, [](Value a, Value b) { return a < b; });
  p.add_binary(y, z, [](Value a, Value b) { return a < b; });
  const SearchResult r = tree_csp_solver(p);
  EXPECT_EQ(r.status, Status::unsatisfiable);
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.solutions.empty());
  EXPECT_EQ(r.stats.wipeouts, 1U);
}

TEST(TreeCspSolver, StartsFromTheRestrictedInitialDomains) {
  Problem p = chain();
  p.restrict_domain(p.find("Y"), 3);  // then Z has no value above Y
  EXPECT_EQ(tree_csp_solver(p).status, Status::unsatisfiable);
  Problem q = chain();
  q.restrict_domain(q.find("Z"), std::vector<Value>{1, 3});
  const SearchResult r = tree_csp_solver(q);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(q.to_string(r.solutions.at(0)), "X=1 Y=2 Z=3");
}

TEST(TreeCspSolver, UsesTheConjunctionOfTwoConstraintsOnOneArc) {
  // X != Y and X + Y = 4 over {1, 2, 3}: each alone supports X = 2, together they do not.
  Problem p;
  const VarId x = p.add_variable("X", 1, 3);
  const VarId y = p.add_variable("Y", std::vector<Value>{2, 3, 1});
  p.add_not_equal(x, y);
  p.add_linear({x, y}, {1, 1}, LinearOp::eq, 4);
  p.add_table({y}, {{1}, {2}, {3}}, "unary");
  const SearchResult r = tree_csp_solver(p);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(p.is_solution(r.solutions.at(0)));
  EXPECT_EQ(p.to_string(r.solutions.at(0)), "X=1 Y=3");
}

TEST(TreeCspSolver, SolvesAustraliaWithoutSouthAustralia) {
  models::Map m = models::australia();
  std::erase_if(m.borders, [](const auto& b) { return b.first == "SA" || b.second == "SA"; });
  const Problem p = models::map_coloring(m, 2);  // the path WA-NT-Q-NSW-V, SA and T alone: a forest
  const SearchResult r = tree_csp_solver(p);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(p.is_solution(r.solutions.at(0)));
}

TEST(TreeCspSolver, RefusesACycleAndNamesTheRemedy) {
  const Problem p = models::map_coloring(models::australia(), 3);
  EXPECT_EQ(error_of([&] { tree_csp_solver(p); }),
            "tree_csp_solver: the constraint graph is not a tree or forest: it has 9 edges on 7 variables in 2 "
            "components (a forest has 5); use cutset_conditioning or backtracking_search");
}

TEST(TreeCspSolver, RefusesAConstraintOnThreeVariables) {
  Problem p;
  const VarId a = p.add_variable("A", 0, 2);
  const VarId b = p.add_variable("B", 0, 2);
  const VarId c = p.add_variable("C", 0, 2);
  p.add_linear({a, b, c}, {1, 1, 1}, LinearOp::eq, 3, "A+B+C=3");
  EXPECT_NE(error_of([&] { tree_csp_solver(p); }).find("constraint 'A+B+C=3' has 3 variables"), std::string::npos);
}

TEST(TreeCspSolver, EmptyProblemHasTheEmptySolution) {
  const Problem p;
  const SearchResult r = tree_csp_solver(p);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions.at(0).variable_count(), 0);
}

TEST(CycleCutset, AustraliaNeedsOnlySouthAustralia) {
  const Problem p = models::map_coloring(models::australia(), 3);
  EXPECT_EQ(find_cycle_cutset(p), std::vector<VarId>{p.find("SA")});
  EXPECT_TRUE(find_cycle_cutset(chain()).empty());
}

TEST(CycleCutset, NQueensGraphIsCompleteSoTheCutsetLeavesTwoVariables) {
  const Problem p = models::n_queens(6);
  EXPECT_EQ(find_cycle_cutset(p).size(), 4U);
}

TEST(CutsetConditioning, SolvesAustraliaWithCutsetSouthAustralia) {
  const Problem p = models::map_coloring(models::australia(), 3);
  const CutsetResult r = cutset_conditioning(p);
  EXPECT_EQ(r.cutset, std::vector<VarId>{p.find("SA")});
  ASSERT_EQ(r.search.status, Status::solved);
  EXPECT_TRUE(p.is_solution(r.search.solutions.at(0)));
  EXPECT_EQ(r.cutset_assignments, 1U);  // SA = red leaves a 3-colourable forest at once
  EXPECT_EQ(r.search.stats.backtracks, 0U);
}

TEST(CutsetConditioning, ProvesTwoColoursTooFewForAustralia) {
  const Problem p = models::map_coloring(models::australia(), 2);
  const CutsetResult r = cutset_conditioning(p);
  EXPECT_EQ(r.cutset.size(), 1U);
  EXPECT_EQ(r.search.status, Status::unsatisfiable);
  EXPECT_TRUE(r.search.complete);
  EXPECT_EQ(r.cutset_assignments, 2U);  // both values of SA tried, each refuted by the tree solver
}

TEST(CutsetConditioning, SolvesNQueensAndProvesThreeQueensImpossible) {
  const Problem six = models::n_queens(6);
  const CutsetResult r6 = cutset_conditioning(six);
  ASSERT_EQ(r6.search.status, Status::solved);
  EXPECT_TRUE(six.is_solution(r6.search.solutions.at(0)));
  EXPECT_EQ(cutset_conditioning(models::n_queens(3)).search.status, Status::unsatisfiable);
}

TEST(CutsetConditioning, ChecksTheCallersCutset) {
  const Problem p = models::map_coloring(models::australia(), 3);
  EXPECT_EQ(error_of([&] {
              cutset_conditioning(p, {{p.find("T")}, {}});
            }),
            "cutset_conditioning: {T} is not a cycle cutset: the constraint graph without it still has a cycle");
  EXPECT_NE(error_of([&] { cutset_conditioning(p, {{42}, {}}); }).find("unknown variable id 42"), std::string::npos);
  const CutsetResult r = cutset_conditioning(p, {{p.find("NT"), p.find("NSW"), p.find("NT")}, {}});
  EXPECT_EQ(r.cutset, (std::vector<VarId>{p.find("NT"), p.find("NSW")}));  // leaves the star around SA
  EXPECT_EQ(r.search.status, Status::solved);
}

TEST(CutsetConditioning, NodeLimitStopsTheEnumeration) {
  CutsetConfig config;
  config.limits.node_limit = 1;
  const CutsetResult r = cutset_conditioning(models::map_coloring(models::australia(), 2), config);
  EXPECT_EQ(r.search.status, Status::limit_reached);
  EXPECT_FALSE(r.search.complete);
  EXPECT_EQ(r.cutset_assignments, 1U);
}

// ---- agreement with backtracking on random problems --------------------------------------------------------------

// A random forest of 1-9 variables (values: a random subset of -2..5) with 1-2 random binary constraints per edge
// (relation tables, !=, or linear with holes) and sometimes a unary constraint.
Problem random_forest(std::mt19937& rng) {
  auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<std::uint32_t>(n)); };
  Problem p;
  const int n = 1 + pick(9);
  for (int v = 0; v < n; ++v) {
    std::vector<Value> values;
    for (Value a = -2; a <= 5; ++a)
      if (pick(3) == 0) values.push_back(a);
    if (values.empty()) values.push_back(pick(4));
    p.add_variable(std::string("x").append(std::to_string(v)), values);
  }
  for (VarId child = 1; child < n; ++child) {
    if (pick(6) == 0) continue;  // no parent: a new tree of the forest
    const VarId parent = pick(child);
    const int constraints = 1 + pick(2);
    for (int k = 0; k < constraints; ++k) {
      switch (pick(3)) {
        case 0: {
          std::vector<char> allowed(64);
          for (char& bit : allowed) bit = pick(5) < 3 ? 1 : 0;
          p.add_binary(parent, child, [allowed](Value a, Value b) {
            return allowed[static_cast<std::size_t>((a + 2) * 8 + (b + 2))] != 0;
          });
          break;
        }
        case 1:
          p.add_not_equal(child, parent);
          break;
        default:
          p.add_linear({parent, child}, {1 + pick(2), -2 + pick(2)}, LinearOp::eq, pick(5) - 2);
          break;
      }
    }
  }
  if (pick(2) == 0)
    p.add_predicate(
        {pick(n)}, [](std::span<const Value> v) { return v[0] % 2 == 0; }, "even");
  return p;
}

TEST(TreeCspSolver, AgreesWithBacktrackingOn300RandomForests) {
  std::mt19937 rng(20240601U);
  int solved = 0;
  for (int round = 0; round < 300; ++round) {
    const Problem p = random_forest(rng);
    const SearchResult tree = tree_csp_solver(p);
    const SearchResult bt = backtracking_search(p);
    ASSERT_EQ(tree.status, bt.status) << "round " << round;
    if (tree.status == Status::solved) {
      ++solved;
      EXPECT_TRUE(p.is_solution(tree.solutions.at(0))) << "round " << round;
      EXPECT_EQ(tree.stats.backtracks, 0U);
    }
    EXPECT_EQ(cutset_conditioning(p).search.status, bt.status) << "round " << round;
  }
  EXPECT_GT(solved, 60);  // both outcomes are well represented
  EXPECT_LT(solved, 240);
}

TEST(CutsetConditioning, AgreesWithTheOracleOn300RandomProblemsOfAnyArity) {
  int solved = 0;
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    const std::vector<test_support::Tuple> solutions = test_support::all_solutions(r.problem);
    const CutsetResult c = cutset_conditioning(r.problem);
    ASSERT_EQ(c.search.status, solutions.empty() ? Status::unsatisfiable : Status::solved) << "seed " << seed << "\n"
                                                                                           << r.description;
    EXPECT_TRUE(c.search.complete);
    if (c.search.status == Status::solved) {
      ++solved;
      EXPECT_TRUE(r.problem.is_solution(c.search.solutions.at(0))) << "seed " << seed;
    }
    EXPECT_EQ(c.search.status, backtracking_search(r.problem).status) << "seed " << seed;
  }
  EXPECT_GT(solved, 30);
  EXPECT_LT(solved, 270);
}

// Random binary problems on cyclic graphs: 4-8 variables, each pair constrained with probability 1/2 by a relation
// allowing each pair of values with probability 1/2 (about half of them are solvable).
TEST(CutsetConditioning, AgreesWithBacktrackingOn200RandomCyclicBinaryProblems) {
  std::mt19937 rng(7U);
  auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<std::uint32_t>(n)); };
  int solved = 0;
  std::size_t largest_cutset = 0;
  for (int round = 0; round < 200; ++round) {
    Problem p;
    const int n = 4 + pick(5);
    for (int v = 0; v < n; ++v) p.add_variable(std::string("x").append(std::to_string(v)), 0, 1 + pick(3));
    for (VarId a = 0; a < n; ++a) {
      for (VarId b = a + 1; b < n; ++b) {
        if (pick(2) != 0) continue;
        std::vector<char> allowed(16);
        for (char& bit : allowed) bit = pick(2) != 0 ? 1 : 0;
        p.add_binary(a, b, [allowed](Value x, Value y) { return allowed[static_cast<std::size_t>(x * 4 + y)] != 0; });
      }
    }
    const CutsetResult c = cutset_conditioning(p);
    const SearchResult bt = backtracking_search(p);
    ASSERT_EQ(c.search.status, bt.status) << "round " << round;
    largest_cutset = std::max(largest_cutset, c.cutset.size());
    if (c.search.status == Status::solved) {
      ++solved;
      EXPECT_TRUE(p.is_solution(c.search.solutions.at(0))) << "round " << round;
    }
  }
  EXPECT_GT(solved, 20);
  EXPECT_LT(solved, 180);
  EXPECT_GE(largest_cutset, 3U);
}

}  // namespace
}  // namespace csp
