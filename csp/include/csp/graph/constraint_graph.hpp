// ConstraintGraph: the primal constraint graph of a Problem on Boost.Graph (AIMA 4th ed. §6.1, Fig. 6.1).
// Library csp::graph (links Boost.Graph); not included by <csp/csp.hpp>.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "csp/core/problem.hpp"

namespace csp {

/// Vertices are variables (vertex index = VarId); an edge joins two variables that share a constraint
/// (an n-ary constraint adds a clique over its scope). Built once from a problem, then read only.
/// The only header of csp that includes Boost.Graph.
class ConstraintGraph {
 public:
  using Graph = boost::adjacency_list<boost::setS, boost::vecS, boost::undirectedS>;

  /// Builds the graph of `problem`, which must outlive it (write_dot reads the variable names).
  explicit ConstraintGraph(const Problem& problem);

  const Graph& graph() const { return graph_; }
  int vertex_count() const { return static_cast<int>(boost::num_vertices(graph_)); }
  int edge_count() const { return static_cast<int>(boost::num_edges(graph_)); }
  /// Number of neighbours of x.
  int degree(VarId x) const { return static_cast<int>(boost::degree(static_cast<std::size_t>(x), graph_)); }
  /// Component number of every variable (0..component_count()-1), from boost::connected_components.
  const std::vector<int>& components() const { return components_; }
  int component_count() const { return component_count_; }
  /// True iff the graph is connected and acyclic (edges = vertices - 1). A single variable is a tree.
  bool is_tree() const { return component_count_ == 1 && edge_count() == vertex_count() - 1; }
  /// True iff the graph has no cycle (every component is a tree).
  bool is_forest() const { return edge_count() == vertex_count() - component_count_; }
  /// Graphviz DOT text: one node per variable labelled with its name, one edge per neighbour pair.
  void write_dot(std::ostream& os) const;
  /// A cycle, as its variables in path order (the closing edge joins the last to the first), found by an
  /// iterative depth-first search (no recursion); empty when the graph is a forest.
  std::vector<VarId> find_cycle() const;

 private:
  const Problem* problem_;
  Graph graph_;
  std::vector<int> components_;
  int component_count_ = 0;
};

/// The cycle of `problem`'s constraint graph that ConstraintGraph::find_cycle finds, written with the variables'
/// names and closed: "WA - NT - SA - WA"; a cycle of more than 12 variables shows its first 6, "...", its last 2
/// and "(N variables)". "" when the graph is a forest.
std::string find_cycle_text(const Problem& problem);

}  // namespace csp
