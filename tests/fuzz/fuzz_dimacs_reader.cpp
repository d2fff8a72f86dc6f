// libFuzzer harness of the DIMACS .col reader (read_dimacs) and of the colouring CSP built from what it reads.
// Checks what `csp color` relies on: only csp::Error is thrown (the command reports it, exit 2); a graph read has
// edges (a, b) with 0 <= a < b < V, ascending and distinct; its CSP (3 colours) has V variables and one constraint
// per edge, and a short search finds only proper colourings.
#include <sstream>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/search/backtracking.hpp"
#include "fuzz_support.hpp"

using csp::fuzz::require;
using namespace csp::models;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(csp::fuzz::as_text(data, size));
  Graph graph;
  try {
    graph = read_dimacs(in, "fuzz");
  } catch (const csp::Error& e) {
    require(std::string(e.what()).rfind("fuzz:", 0) == 0, std::string("a message not naming the input: ") + e.what());
    return 0;
  }
  require(graph.vertex_count >= 0, "a negative vertex count");
  for (std::size_t i = 0; i < graph.edges.size(); ++i) {
    const auto [a, b] = graph.edges[i];
    require(0 <= a && a < b && b < graph.vertex_count, "an edge that is not 0 <= a < b < V");
    require(i == 0 || graph.edges[i - 1] < graph.edges[i], "edges not ascending and distinct");
  }
  // The CSP has one variable per vertex: bounded here so that a header such as "p edge 2000000000 0" does not turn
  // the harness into a memory test (csp color builds it whatever V is).
  if (graph.vertex_count == 0 || graph.vertex_count > 5000) return 0;
  const csp::Problem problem = graph_coloring(graph, 3);
  require(problem.variable_count() == graph.vertex_count, "the CSP has not V variables");
  require(problem.constraint_count() == static_cast<int>(graph.edges.size()), "the CSP has not E constraints");
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "fc";
  config.limits.node_limit = 500;
  const csp::SearchResult result = csp::backtracking_search(problem, config);
  if (!result.solutions.empty())
    require(is_proper_coloring(graph, result.solutions.front()), "a colouring that is not proper");
  return 0;
}
