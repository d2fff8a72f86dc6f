// Value precedence (value-symmetry breaking, AIMA §6.5): the relation, the oracle on random CSPs, and colouring
// counts checked by brute force (one colouring per renaming of the colours).
#include "csp/constraints/value_precedence.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

std::uint64_t count_solutions(const Problem& p, const std::string& inference, const std::string& val = "natural") {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "mrv";
  c.value_ordering = val;
  c.inference = inference;
  c.max_solutions = 0;
  c.keep_solutions = 0;
  const SearchResult r = backtracking_search(p, c);
  EXPECT_TRUE(r.complete);
  return r.solution_count;
}

TEST(ValuePrecedence, RelationOnCompleteTuples) {
  const ValuePrecedence c({0, 1, 2, 3}, {1, 2, 3}, "vp");
  const auto ok = [&](std::array<Value, 4> t) { return c.is_satisfied_by(t); };
  EXPECT_TRUE(ok({1, 1, 2, 3}));
  EXPECT_TRUE(ok({1, 2, 1, 3}));
  EXPECT_TRUE(ok({7, 1, 7, 2}));   // 7 is not listed: free
  EXPECT_TRUE(ok({1, 1, 1, 1}));   // later values need not appear
  EXPECT_FALSE(ok({2, 1, 2, 3}));  // 2 before any 1
  EXPECT_FALSE(ok({1, 3, 2, 2}));  // 3 before any 2
  EXPECT_FALSE(ok({7, 2, 1, 1}));
  EXPECT_THROW(ValuePrecedence({0, 1}, {1, 2, 1}, "twice"), ModelError);
  EXPECT_THROW(ValuePrecedence({0, 1}, {}, "none"), ModelError);
}

TEST(ValuePrecedence, AustraliaThreeColours18Become3) {
  // 6 colourings of the mainland (WA, NT, SA form a triangle) times 3 for Tasmania = 18 = 3 x 3!.
  for (const std::string inference : {"none", "fc", "mac"}) {
    EXPECT_EQ(count_solutions(models::map_coloring(models::australia(), 3), inference), 18U) << inference;
    EXPECT_EQ(count_solutions(models::map_coloring(models::australia(), 3, true), inference), 3U) << inference;
    EXPECT_EQ(count_solutions(models::map_coloring(models::australia(), 3, true), inference, "lcv"), 3U) << inference;
  }
  // With 4 colours every colouring uses 3 colours (the triangle needs 3) or 4: a class of renamings holds
  // 4!/(4-3)! = 24 or 4!/0! = 24 colourings, so the counts differ by exactly 24.
  const std::uint64_t all = count_solutions(models::map_coloring(models::australia(), 4), "fc");
  const std::uint64_t broken = count_solutions(models::map_coloring(models::australia(), 4, true), "fc");
  EXPECT_EQ(all, broken * 24U);
}

TEST(ValuePrecedence, TwoColoursOfATriangleFailWithLessSearch) {
  // No 2-colouring of an odd cycle: the proof with the colours interchangeable needs fewer assignments.
  models::Graph cycle;
  cycle.vertex_count = 9;
  for (int v = 0; v < 9; ++v) cycle.edges.push_back({std::min(v, (v + 1) % 9), std::max(v, (v + 1) % 9)});
  std::sort(cycle.edges.begin(), cycle.edges.end());
  SolverConfig c = SolverConfig::textbook();
  c.inference = "none";
  const SearchResult plain = backtracking_search(models::graph_coloring(cycle, 2), c);
  const SearchResult broken = backtracking_search(models::graph_coloring(cycle, 2, true), c);
  EXPECT_EQ(plain.status, Status::unsatisfiable);
  EXPECT_EQ(broken.status, Status::unsatisfiable);
  EXPECT_LT(broken.stats.assignments, plain.stats.assignments);
}

// The colourings of `g` with k colours, by brute force, and how many classes they form under renaming the colours
// (each class represented by the colouring relabelled in order of first appearance).
std::uint64_t classes_by_brute_force(const models::Graph& g, int k, std::uint64_t& colourings) {
  std::set<std::vector<int>> canonical;
  colourings = 0;
  std::vector<int> colour(static_cast<std::size_t>(g.vertex_count), 0);
  for (;;) {
    bool proper = true;
    for (const auto& [a, b] : g.edges)
      proper = proper && colour[static_cast<std::size_t>(a)] != colour[static_cast<std::size_t>(b)];
    if (proper) {
      ++colourings;
      std::vector<int> rename(static_cast<std::size_t>(k), -1);
      std::vector<int> c;
      int next = 0;
      for (int v : colour) {
        if (rename[static_cast<std::size_t>(v)] < 0) rename[static_cast<std::size_t>(v)] = next++;
        c.push_back(rename[static_cast<std::size_t>(v)]);
      }
      canonical.insert(c);
    }
    std::size_t i = 0;
    while (i < colour.size() && ++colour[i] == k) colour[i++] = 0;
    if (i == colour.size()) break;
  }
  return canonical.size();
}

TEST(ValuePrecedence, RandomGraphsKeepOneColouringPerRenaming) {
  std::mt19937 rng(2026);
  std::uint64_t total = 0;
  for (int round = 0; round < 40; ++round) {
    models::Graph g;
    g.vertex_count = 5 + round % 3;
    for (int a = 0; a < g.vertex_count; ++a)
      for (int b = a + 1; b < g.vertex_count; ++b)
        if (rng() % 100 < 45) g.edges.push_back({a, b});
    const int k = 2 + round % 3;
    std::uint64_t colourings = 0;
    const std::uint64_t classes = classes_by_brute_force(g, k, colourings);
    EXPECT_EQ(count_solutions(models::graph_coloring(g, k), "fc"), colourings) << "round " << round;
    for (const std::string inference : {"none", "fc", "mac"})
      EXPECT_EQ(count_solutions(models::graph_coloring(g, k, true), inference), classes)
          << "round " << round << " " << inference;
    total += classes;
  }
  EXPECT_GT(total, 40U);
}

TEST(ValuePrecedence, OracleOnRandomCsps) {
  // Precedence over every variable of the engine's random CSPs, on the values of the first variable: search under
  // each inference (and LCV, which uses count_ruled_out) finds exactly the brute-force solutions.
  for (std::uint32_t seed = 1; seed <= 120; ++seed) {
    test_support::RandomCsp r = test_support::make_random_csp(seed);
    Problem p = r.problem;
    std::vector<VarId> scope;
    for (VarId x = 0; x < p.variable_count(); ++x) scope.push_back(x);
    std::vector<Value> values = p.variable(0).values();
    if (seed % 2 == 0) std::reverse(values.begin(), values.end());
    p.add_value_precedence(scope, values);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(p);
    for (const std::string inference : {"none", "fc", "mac"})
      for (const std::string val : {"natural", "lcv"}) {
        SolverConfig c = SolverConfig::textbook();
        c.variable_ordering = "mrv";
        c.value_ordering = val;
        c.inference = inference;
        c.max_solutions = 0;
        const SearchResult res = backtracking_search(p, c);
        EXPECT_EQ(test_support::sorted_tuples(res.solutions), expected)
            << "seed " << seed << " " << inference << " " << val << ":\n"
            << r.description;
      }
  }
}

}  // namespace
}  // namespace csp
