// ConstraintGraph (Boost.Graph): Australia's graph of AIMA Fig. 6.1, trees, n-ary cliques, DOT export.
#include "csp/graph/constraint_graph.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "csp/models/map_coloring.hpp"

namespace csp {
namespace {

TEST(ConstraintGraph, AustraliaAsInFigure6_1) {
  const Problem p = models::map_coloring(models::australia(), 3);
  const ConstraintGraph g(p);
  EXPECT_EQ(g.vertex_count(), 7);
  EXPECT_EQ(g.edge_count(), 9);
  EXPECT_EQ(g.component_count(), 2);
  EXPECT_FALSE(g.is_tree());
  EXPECT_FALSE(g.is_forest());
  EXPECT_EQ(g.degree(p.find("T")), 0);
  EXPECT_EQ(g.degree(p.find("SA")), 5);
  EXPECT_EQ(g.degree(p.find("WA")), 2);
  EXPECT_EQ(g.degree(p.find("NSW")), 3);
  const auto& comp = g.components();
  EXPECT_NE(comp[static_cast<std::size_t>(p.find("T"))], comp[static_cast<std::size_t>(p.find("SA"))]);
  for (const char* r : {"WA", "NT", "Q", "NSW", "V"})
    EXPECT_EQ(comp[static_cast<std::size_t>(p.find(r))], comp[static_cast<std::size_t>(p.find("SA"))]) << r;
}

TEST(ConstraintGraph, PathIsATreeAndSeveralPathsAForest) {
  Problem p;
  for (const char* name : {"a", "b", "c", "d"}) p.add_variable(name, 0, 1);
  p.add_not_equal(0, 1);
  p.add_not_equal(1, 2);
  p.add_not_equal(3, 2);
  const ConstraintGraph g(p);
  EXPECT_TRUE(g.is_tree());
  EXPECT_TRUE(g.is_forest());
  EXPECT_EQ(g.edge_count(), 3);
  p.add_not_equal(0, 3);  // closes a cycle
  EXPECT_FALSE(ConstraintGraph(p).is_tree());
  EXPECT_FALSE(ConstraintGraph(p).is_forest());

  Problem two_paths;
  for (const char* name : {"a", "b", "c", "d"}) two_paths.add_variable(name, 0, 1);
  two_paths.add_not_equal(0, 1);
  two_paths.add_not_equal(2, 3);
  const ConstraintGraph h(two_paths);
  EXPECT_FALSE(h.is_tree());
  EXPECT_TRUE(h.is_forest());
  EXPECT_EQ(h.component_count(), 2);

  Problem single;
  single.add_variable("x", 0, 1);
  EXPECT_TRUE(ConstraintGraph(single).is_tree());
}

TEST(ConstraintGraph, NaryConstraintsAddACliqueAndParallelConstraintsOneEdge) {
  Problem p;
  for (const char* name : {"a", "b", "c", "d"}) p.add_variable(name, 1, 4);
  p.add_all_different({0, 1, 2});
  p.add_not_equal(0, 1);  // already an edge
  p.add_linear({2, 3}, {1, 1}, LinearOp::le, 5);
  const ConstraintGraph g(p);
  EXPECT_EQ(g.edge_count(), 4);  // ab, ac, bc, cd
  EXPECT_EQ(g.degree(2), 3);
  EXPECT_EQ(g.degree(3), 1);
}

TEST(ConstraintGraph, DotExportNamesEveryVariable) {
  const Problem p = models::map_coloring(models::australia(), 3);
  std::ostringstream os;
  ConstraintGraph(p).write_dot(os);
  const std::string dot = os.str();
  EXPECT_NE(dot.find("graph"), std::string::npos);
  for (const std::string& r : models::australia().regions) EXPECT_NE(dot.find(r), std::string::npos) << r;
  std::size_t edges = 0;
  for (std::size_t at = dot.find("--"); at != std::string::npos; at = dot.find("--", at + 2)) ++edges;
  EXPECT_EQ(edges, 9U);
}

}  // namespace
}  // namespace csp
