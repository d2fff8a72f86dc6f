// Graph colouring: the DIMACS reader (facts and errors), known chromatic numbers, and the USA map.
#include "csp/models/graph_coloring.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>

#include "csp/core/errors.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"

namespace csp::models {
namespace {

std::string graph_path(const std::string& file) { return std::string(CSP_SHARED_DIR).append("/graphs/").append(file); }

// Reads a graph from the shared folder; sets `skip` when the file is absent (reference data is optional).
Graph shared_graph(const std::string& file, bool& skip) {
  skip = !std::filesystem::exists(graph_path(file));
  return skip ? Graph{} : read_dimacs_file(graph_path(file));
}

SolverConfig colouring_config() {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv-degree";  // DSATUR-like
  config.inference = "fc";
  config.limits.time_limit = std::chrono::seconds(20);
  return config;
}

Graph parse(const std::string& text) {
  std::istringstream in(text);
  return read_dimacs(in, "test.col");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Dimacs, ReadsVerticesAndDistinctEdges) {
  const Graph g = parse("c a triangle, one edge listed twice\r\np edge 3 4\ne 1 2\ne 2 3\n\ne 3 1\ne 2 1\n");
  EXPECT_EQ(g.vertex_count, 3);
  EXPECT_EQ(g.edges, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}}));
}

// A self-loop is dropped with a warning naming the first one (homer.col of the DIMACS set has some), and it still
// counts as one of the 'e' lines the 'p' line announces.
TEST(Dimacs, SelfLoopsAreDroppedWithAWarning) {
  const Graph one = parse("p edge 3 3\ne 1 2\ne 2 2\ne 2 3\n");
  EXPECT_EQ(one.edges, (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}}));
  EXPECT_EQ(one.warnings, std::vector<std::string>{
                              "test.col:3: self-loop on vertex 2 dropped (a colouring ignores an edge from a vertex to "
                              "itself)"});
  const Graph three = parse("p edge 2 4\ne 1 1\ne 1 2\ne 2 2\ne 1 1\n");
  EXPECT_EQ(three.edges, (std::vector<std::pair<int, int>>{{0, 1}}));
  ASSERT_EQ(three.warnings.size(), 1U);
  EXPECT_EQ(three.warnings[0].rfind("test.col:2: self-loop on vertex 1 and 2 more dropped", 0), 0U)
      << three.warnings[0];
  EXPECT_TRUE(parse("p edge 2 1\ne 1 2\n").warnings.empty());
}

TEST(Dimacs, BadLinesNameFileLineAndReason) {
  EXPECT_EQ(error_of("p edge 3 1\ne 1 4\n"), "test.col:2: vertex 4 is outside 1..3");
  EXPECT_EQ(error_of("e 1 2\np edge 3 1\n"), "test.col:1: an 'e' line before the 'p edge V E' line");
  EXPECT_EQ(error_of("c\np edge 3 1\nx 1 2\n"), "test.col:3: unknown line type 'x' (expected 'c', 'p' or 'e')");
  EXPECT_EQ(error_of("p edge 3 1\np edge 3 1\n"), "test.col:2: a second 'p' line (the first is on line 1)");
  EXPECT_EQ(error_of("p matrix 3 1\n"), "test.col:1: expected 'p edge VERTICES EDGES', got format 'matrix'");
  EXPECT_EQ(error_of("p edge 3\n"), "test.col:1: the edge count is missing");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 two\n"), "test.col:2: the second vertex 'two' is not a non-negative integer");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 2 3\n"), "test.col:2: unexpected extra text '3'");
  EXPECT_EQ(error_of("p edge 3 2\ne 1 2\n"), "test.col:1: the 'p' line announces 2 edges but the file has 1 'e' lines");
  EXPECT_EQ(error_of("c only a comment\n"), "test.col:1: no 'p edge VERTICES EDGES' line");
  EXPECT_EQ(error_of(""), "test.col: empty file");  // not "line 0"
  EXPECT_THROW(read_dimacs_file("/nonexistent/x.col"), Error);
}

TEST(GraphColoring, TriangleNeedsThreeColours) {
  const Graph triangle = parse("p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n");
  EXPECT_EQ(backtracking_search(graph_coloring(triangle, 2)).status, Status::unsatisfiable);
  const SearchResult r = backtracking_search(graph_coloring(triangle, 3));
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(is_proper_coloring(triangle, r.solutions[0]));
  EXPECT_THROW(graph_coloring(triangle, 0), ModelError);
}

TEST(GraphColoring, SharedFilesHaveTheCountsOfTheReadme) {
  bool skip = false;
  const Graph myciel3 = shared_graph("myciel3.col", skip);
  if (skip) GTEST_SKIP() << "no " << graph_path("myciel3.col");
  EXPECT_EQ(myciel3.vertex_count, 11);
  EXPECT_EQ(myciel3.edges.size(), 20U);
  const Graph queen5 = read_dimacs_file(graph_path("queen5_5.col"));
  EXPECT_EQ(queen5.vertex_count, 25);
  EXPECT_EQ(queen5.edges.size(), 160U);  // 320 'e' lines, each edge in both directions
  const Graph anna = read_dimacs_file(graph_path("anna.col"));
  EXPECT_EQ(anna.vertex_count, 138);
  EXPECT_EQ(anna.edges.size(), 493U);
}

struct Known {
  const char* file;
  int chi;
};

class ChromaticNumber : public ::testing::TestWithParam<Known> {};

// K = chi succeeds with a proper colouring; K = chi - 1 is proven impossible.
TEST_P(ChromaticNumber, ChiColoursSucceedAndChiMinusOneIsUnsatisfiable) {
  bool skip = false;
  const Graph g = shared_graph(GetParam().file, skip);
  if (skip) GTEST_SKIP() << "no " << graph_path(GetParam().file);
  const int chi = GetParam().chi;
  for (const char* inference : {"fc", "mac"}) {
    SolverConfig config = colouring_config();
    config.inference = inference;
    const SearchResult yes = backtracking_search(graph_coloring(g, chi), config);
    ASSERT_EQ(yes.status, Status::solved) << inference;
    EXPECT_TRUE(is_proper_coloring(g, yes.solutions[0]));
    const SearchResult no = backtracking_search(graph_coloring(g, chi - 1), config);
    EXPECT_EQ(no.status, Status::unsatisfiable) << inference;
    EXPECT_TRUE(no.complete);
  }
}

INSTANTIATE_TEST_SUITE_P(SmallGraphs, ChromaticNumber,
                         ::testing::Values(Known{"myciel3.col", 4}, Known{"queen5_5.col", 5}));

// A larger proof: miles250 (128 vertices, chi = 8) has no 7-colouring; dom/wdeg with MAC proves it in ~9000 nodes.
TEST(GraphColoring, Miles250HasNoSevenColouring) {
  bool skip = false;
  const Graph g = shared_graph("miles250.col", skip);
  if (skip) GTEST_SKIP() << "no " << graph_path("miles250.col");
  SolverConfig config = colouring_config();
  config.variable_ordering = "dom-wdeg";
  config.inference = "mac";
  const SearchResult r = backtracking_search(graph_coloring(g, 7), config);
  EXPECT_EQ(r.status, Status::unsatisfiable);
  EXPECT_TRUE(r.complete);
}

class ColourWithChi : public ::testing::TestWithParam<Known> {};

// Larger graphs: a colouring with chi colours is found and is proper (proving chi - 1 is out of reach here).
TEST_P(ColourWithChi, FindsAProperColouring) {
  bool skip = false;
  const Graph g = shared_graph(GetParam().file, skip);
  if (skip) GTEST_SKIP() << "no " << graph_path(GetParam().file);
  const SearchResult r = backtracking_search(graph_coloring(g, GetParam().chi), colouring_config());
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(is_proper_coloring(g, r.solutions[0]));
}

INSTANTIATE_TEST_SUITE_P(BookGraphs, ColourWithChi,
                         ::testing::Values(Known{"anna.col", 11}, Known{"david.col", 11}, Known{"huck.col", 11},
                                           Known{"jean.col", 10}, Known{"games120.col", 9}, Known{"miles250.col", 8},
                                           Known{"myciel7.col", 8}));

// The least K by plain search: K = 1, 2, ... until graph_coloring(g, K) has a solution.
int least_by_trying(const Graph& g) {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "fc";
  for (int k = 1;; ++k)
    if (backtracking_search(graph_coloring(g, k), config).status == Status::solved) return k;
}

// Minimising `colors` of least_coloring gives the least K found by trying each K, on random graphs of 1-11 vertices,
// with every inference; the colouring is proper and uses exactly that many colours.
TEST(LeastColoring, EqualsTheLeastKFoundByTryingEachK) {
  std::mt19937 rng(13);
  int above_clique = 0;  // graphs whose chromatic number exceeds the clique found: the search had to prove it
  for (int trial = 0; trial < 120; ++trial) {
    // Half the graphs: random, 1-9 vertices, 20-89% of the pairs joined. The other half: an odd cycle of 5-11
    // vertices (3 colours, largest clique 2) with 0-14% of the other pairs joined, so the clique is often below chi.
    Graph g;
    const bool cycle = trial % 2 == 1;
    g.vertex_count = cycle ? 5 + 2 * static_cast<int>(rng() % 4) : 1 + static_cast<int>(rng() % 9);
    const auto density = cycle ? rng() % 15 : 20 + rng() % 70;  // percent
    for (int a = 0; a < g.vertex_count; ++a)
      for (int b = a + 1; b < g.vertex_count; ++b)
        if ((cycle && (b == a + 1 || (a == 0 && b == g.vertex_count - 1))) || rng() % 100 < density)
          g.edges.emplace_back(a, b);
    const int chi = least_by_trying(g);
    const LeastColoring m = least_coloring(g);
    EXPECT_LE(m.clique, chi) << trial;
    EXPECT_GE(m.greedy, chi) << trial;
    above_clique += chi > m.clique ? 1 : 0;
    for (const char* inference : {"none", "fc", "mac"}) {
      SolverConfig config = SolverConfig::textbook();
      config.variable_ordering = "mrv";
      config.inference = inference;
      const SearchResult r = minimize(m.problem, m.colors, config);
      ASSERT_EQ(r.status, Status::solved) << trial << ' ' << inference;
      EXPECT_TRUE(r.complete);
      EXPECT_EQ(r.objective, chi) << trial << ' ' << inference;
      Assignment colouring(g.vertex_count);
      Value most = -1;
      for (int v = 0; v < g.vertex_count; ++v) {
        colouring.assign(v, r.solutions.back().value(v));
        most = std::max(most, colouring.value(v));
      }
      EXPECT_TRUE(is_proper_coloring(g, colouring)) << trial;
      EXPECT_EQ(most + 1, chi) << trial << " colours used";
    }
  }
  EXPECT_GT(above_clique, 3);
}

TEST(LeastColoring, NamesBoundsAndErrors) {
  const Graph c5 = parse("p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 1 5\n");  // an odd cycle: 3 colours
  const LeastColoring m = least_coloring(c5, {"a", "b", "c", "d", "e"});
  EXPECT_EQ(m.problem.variable(0).name(), "a");
  EXPECT_EQ(m.problem.variable(m.colors).name(), "colors");
  EXPECT_EQ(m.colors, 5);
  EXPECT_EQ(m.clique, 2);
  EXPECT_EQ(minimize(m.problem, m.colors).objective, 3);
  EXPECT_THROW(least_coloring(c5, {"a"}), std::invalid_argument);
  const LeastColoring empty = least_coloring(Graph{});
  EXPECT_EQ(empty.clique, 1);
  EXPECT_EQ(empty.greedy, 1);
  EXPECT_EQ(minimize(empty.problem, empty.colors).objective, 1);
}

class LeastColoringShared : public ::testing::TestWithParam<Known> {};

// The chromatic numbers of the shared graphs' table, found and proved by branch and bound.
TEST_P(LeastColoringShared, FindsAndProvesTheChromaticNumber) {
  bool skip = false;
  const Graph g = shared_graph(GetParam().file, skip);
  if (skip) GTEST_SKIP() << "no " << graph_path(GetParam().file);
  const LeastColoring m = least_coloring(g);
  SolverConfig config = colouring_config();
  const SearchResult r = minimize(m.problem, m.colors, config);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.objective, GetParam().chi);
  Assignment colouring(g.vertex_count);
  for (int v = 0; v < g.vertex_count; ++v) colouring.assign(v, r.solutions.back().value(v));
  EXPECT_TRUE(is_proper_coloring(g, colouring));
}

INSTANTIATE_TEST_SUITE_P(SharedGraphs, LeastColoringShared,
                         ::testing::Values(Known{"myciel3.col", 4}, Known{"queen5_5.col", 5}, Known{"queen6_6.col", 7},
                                           Known{"anna.col", 11}, Known{"david.col", 11}, Known{"huck.col", 11},
                                           Known{"jean.col", 10}, Known{"games120.col", 9}, Known{"miles250.col", 8}));

TEST(UsaMap, HasFiftyStatesDcAndTheKnownBorders) {
  const Map m = usa();
  EXPECT_EQ(m.regions.size(), 51U);
  EXPECT_EQ(m.borders.size(), 107U);
  const Problem p = map_coloring(m, 4);
  EXPECT_EQ(p.neighbors(p.find("TN")).size(), 8U);
  EXPECT_EQ(p.neighbors(p.find("MO")).size(), 8U);
  EXPECT_TRUE(p.neighbors(p.find("AK")).empty());
  EXPECT_TRUE(p.neighbors(p.find("HI")).empty());
  EXPECT_EQ(p.neighbors(p.find("ME")), std::vector<VarId>{p.find("NH")});
}

TEST(UsaMap, FourColourableNotThreeColourable) {
  const Map m = usa();
  for (const char* inference : {"fc", "mac"}) {
    SolverConfig config = colouring_config();
    config.inference = inference;
    const Problem four = map_coloring(m, 4);
    const SearchResult r = backtracking_search(four, config);
    ASSERT_EQ(r.status, Status::solved) << inference;
    ASSERT_TRUE(four.is_solution(r.solutions[0]));
    const Assignment& colours = r.solutions[0];
    for (const auto& [a, b] : m.borders) EXPECT_NE(colours.value(four.find(a)), colours.value(four.find(b)));
    const SearchResult three = backtracking_search(map_coloring(m, 3), config);
    EXPECT_EQ(three.status, Status::unsatisfiable) << inference;
    EXPECT_TRUE(three.complete);
  }
}

}  // namespace
}  // namespace csp::models

namespace csp::models {
namespace {

TEST(GraphOfMap, AustraliaHasSevenVerticesAndNineSortedEdges) {
  const Graph g = graph_of(australia());
  EXPECT_EQ(g.vertex_count, 7);
  ASSERT_EQ(g.edges.size(), 9U);
  EXPECT_TRUE(std::is_sorted(g.edges.begin(), g.edges.end()));
  EXPECT_EQ(g.edges.front(), (std::pair<int, int>{0, 1}));  // WA-NT
}

}  // namespace
}  // namespace csp::models
