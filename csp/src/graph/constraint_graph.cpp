// ConstraintGraph: Boost.Graph adjacency list, components and DOT export.
#include "csp/graph/constraint_graph.hpp"

#include <boost/graph/connected_components.hpp>
#include <boost/graph/graphviz.hpp>
#include <ostream>

namespace csp {

ConstraintGraph::ConstraintGraph(const Problem& problem)
    : problem_(&problem), graph_(static_cast<std::size_t>(problem.variable_count())) {
  for (VarId x = 0; x < problem.variable_count(); ++x)
    for (VarId y : problem.neighbors(x))
      if (x < y) boost::add_edge(static_cast<std::size_t>(x), static_cast<std::size_t>(y), graph_);
  components_.assign(static_cast<std::size_t>(problem.variable_count()), 0);
  component_count_ = problem.variable_count() == 0 ? 0 : static_cast<int>(boost::connected_components(graph_, components_.data()));
}

void ConstraintGraph::write_dot(std::ostream& os) const {
  const Problem& p = *problem_;
  boost::write_graphviz(os, graph_, [&p](std::ostream& out, std::size_t v) {
    out << "[label=" << boost::escape_dot_string(p.variable(static_cast<VarId>(v)).name()) << "]";
  });
}

}  // namespace csp
