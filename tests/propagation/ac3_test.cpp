// AC-3 (AIMA Fig. 6.3) on the book's examples: Australia and the 2-coloured triangle; forward checking and MAC
// on the same examples.
#include "csp/propagation/ac3.hpp"

#include <gtest/gtest.h>

#include "csp/models/map_coloring.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

Problem triangle(int colors) {
  return models::map_coloring({{"A", "B", "C"}, {{"A", "B"}, {"B", "C"}, {"A", "C"}}}, colors);
}

// name = v as a search decision: the domain and the assignment.
void assign(Store& s, const std::string& name, Value v) {
  const VarId x = s.problem().find(name);
  ASSERT_TRUE(s.assign(x, s.problem().variable(x).index_of(v), nullptr));
  s.assignment().assign(x, v);
}

TEST(Ac3, AustraliaWithNothingAssignedPrunesNothing) {
  const Problem p = models::map_coloring(models::australia(), 3);
  Statistics stats;
  Store s(p, stats);
  const Ac3Result r = ac3(s);
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values_pruned, 0U);
  EXPECT_EQ(r.revisions, 18U);  // 9 borders, 2 arcs each, no arc revisited
  EXPECT_EQ(stats.revisions, 18U);
  for (VarId x = 0; x < p.variable_count(); ++x) EXPECT_EQ(s.domain(x).size(), 3) << p.variable(x).name();
}

TEST(Ac3, AustraliaAfterWaRedOnlyNtAndSaLoseRed) {
  const Problem p = models::map_coloring(models::australia(), 3);
  Statistics stats;
  Store s(p, stats);
  assign(s, "WA", 0);
  const Ac3Result r = ac3(s);
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values_pruned, 2U);
  for (VarId x = 0; x < p.variable_count(); ++x) {
    const std::string& name = p.variable(x).name();
    if (name == "WA") {
      EXPECT_EQ(s.domain(x).indices(), std::vector<int>{0});
    } else if (name == "NT" || name == "SA") {
      EXPECT_EQ(s.domain(x).indices(), (std::vector<int>{1, 2})) << name;
    } else {
      EXPECT_EQ(s.domain(x).indices(), (std::vector<int>{0, 1, 2})) << name;
    }
  }
}

TEST(Ac3, AustraliaAfterWaRedAndQGreenMacSeesWhatFcMisses) {
  // AIMA §6.3.2: after WA = red and Q = green, NT and SA can only be blue, yet they are neighbours.
  // AC-3 and MAC detect the inconsistency; forward checking does not.
  const Problem p = models::map_coloring(models::australia(), 3);
  Statistics stats;
  Store s(p, stats);
  assign(s, "WA", 0);
  assign(s, "Q", 1);
  EXPECT_FALSE(ac3(s).consistent);

  Statistics fc_stats;
  Store t(p, fc_stats);
  SearchContext ctx(t, true);
  assign(t, "WA", 0);
  ASSERT_TRUE(forward_checking(ctx, p.find("WA")));
  assign(t, "Q", 1);
  EXPECT_TRUE(forward_checking(ctx, p.find("Q")));  // NT = blue and SA = blue are each still possible
  EXPECT_EQ(t.domain(p.find("NT")).indices(), std::vector<int>{2});
  EXPECT_EQ(t.domain(p.find("SA")).indices(), std::vector<int>{2});
  EXPECT_EQ(t.domain(p.find("NSW")).indices(), (std::vector<int>{0, 2}));
  EXPECT_EQ(t.domain(p.find("V")).indices(), (std::vector<int>{0, 1, 2}));

  Statistics mac_stats;
  Store u(p, mac_stats);
  SearchContext mctx(u, true);
  assign(u, "WA", 0);
  ASSERT_TRUE(mac(mctx, p.find("WA")));
  assign(u, "Q", 1);
  EXPECT_FALSE(mac(mctx, p.find("Q")));
}

TEST(Ac3, TriangleWithTwoColoursIsArcConsistentYetUnsatisfiable) {
  const Problem p = triangle(2);
  Statistics stats;
  Store s(p, stats);
  const Ac3Result r = ac3(s);
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values_pruned, 0U);
  for (const std::string inference : {"none", "fc", "mac"}) {
    SolverConfig config = SolverConfig::textbook();
    config.inference = inference;
    config.max_solutions = 0;
    const SearchResult result = backtracking_search(p, config);
    EXPECT_EQ(result.status, Status::unsatisfiable) << inference;
    EXPECT_TRUE(result.complete) << inference;
    EXPECT_EQ(result.solution_count, 0U) << inference;
    EXPECT_TRUE(result.solutions.empty()) << inference;
  }
  EXPECT_EQ(backtracking_search(triangle(3), {}).status, Status::solved);
}

TEST(Ac3, StartingFromGivenArcsOnly) {
  // x < y < z over 1..3: AC-3 from the arc (x, x<y) alone prunes x = 3 and then follows the changes.
  Problem p;
  for (const char* name : {"x", "y", "z"}) p.add_variable(name, 1, 3);
  p.add_binary(
      0, 1, [](Value a, Value b) { return a < b; }, "x<y");
  p.add_binary(
      1, 2, [](Value a, Value b) { return a < b; }, "y<z");
  Statistics stats;
  Store s(p, stats);
  const Ac3Result partial = ac3(s, {Arc{0, 0}});
  EXPECT_TRUE(partial.consistent);
  EXPECT_EQ(s.domain(0).indices(), (std::vector<int>{0, 1}));
  EXPECT_EQ(s.domain(2).indices(), (std::vector<int>{0, 1, 2}));  // z was never reached
  const Ac3Result full = ac3(s);
  EXPECT_TRUE(full.consistent);
  EXPECT_EQ(s.domain(0).indices(), std::vector<int>{0});
  EXPECT_EQ(s.domain(1).indices(), std::vector<int>{1});
  EXPECT_EQ(s.domain(2).indices(), std::vector<int>{2});
  EXPECT_EQ(partial.values_pruned + full.values_pruned, 6U);
}

}  // namespace
}  // namespace csp
