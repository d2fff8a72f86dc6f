// ConstraintGraph: Boost.Graph adjacency list, components and DOT export.
#include "csp/graph/constraint_graph.hpp"

#include <algorithm>
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
  component_count_ =
      problem.variable_count() == 0 ? 0 : static_cast<int>(boost::connected_components(graph_, components_.data()));
}

void ConstraintGraph::write_dot(std::ostream& os) const {
  const Problem& p = *problem_;
  boost::write_graphviz(os, graph_, [&p](std::ostream& out, std::size_t v) {
    out << "[label=" << boost::escape_dot_string(p.variable(static_cast<VarId>(v)).name()) << "]";
  });
}

std::vector<VarId> ConstraintGraph::find_cycle() const {
  const int n = vertex_count();
  std::vector<int> parent(static_cast<std::size_t>(n), -1);
  std::vector<char> state(static_cast<std::size_t>(n), 0);  // 0 unseen, 1 on the path, 2 done
  using Next = boost::graph_traits<Graph>::adjacency_iterator;
  struct Visit {
    int v;
    Next next, end;
  };
  std::vector<Visit> stack;
  for (int root = 0; root < n; ++root) {
    if (state[static_cast<std::size_t>(root)] != 0) continue;
    state[static_cast<std::size_t>(root)] = 1;
    auto [b, e] = boost::adjacent_vertices(static_cast<std::size_t>(root), graph_);
    stack.push_back({root, b, e});
    while (!stack.empty()) {
      Visit& top = stack.back();
      const int v = top.v;
      if (top.next == top.end) {
        state[static_cast<std::size_t>(v)] = 2;
        stack.pop_back();
        continue;
      }
      const int w = static_cast<int>(*top.next++);
      if (w == parent[static_cast<std::size_t>(v)]) continue;
      if (state[static_cast<std::size_t>(w)] == 1) {  // w .. v on the path, and the edge v - w: a cycle
        std::vector<VarId> cycle;
        for (int u = v; u != w; u = parent[static_cast<std::size_t>(u)]) cycle.push_back(u);
        cycle.push_back(w);
        std::reverse(cycle.begin(), cycle.end());  // w first, then down the path to v
        return cycle;
      }
      if (state[static_cast<std::size_t>(w)] == 0) {
        parent[static_cast<std::size_t>(w)] = v;
        state[static_cast<std::size_t>(w)] = 1;
        auto [wb, we] = boost::adjacent_vertices(static_cast<std::size_t>(w), graph_);
        stack.push_back({w, wb, we});  // invalidates top: not used after this
      }
    }
  }
  return {};
}

std::string find_cycle_text(const Problem& problem) {
  const std::vector<VarId> cycle = ConstraintGraph(problem).find_cycle();
  if (cycle.empty()) return "";
  std::string text;
  const std::size_t len = cycle.size();
  for (std::size_t i = 0; i < len; ++i) {
    if (len > 12 && i >= 6 && i < len - 2) {
      if (i == 6) text.append("... - ");
      continue;
    }
    text.append(problem.variable(cycle[i]).name()).append(" - ");
  }
  text.append(problem.variable(cycle[0]).name());
  if (len > 12) text.append(" (" + std::to_string(len) + " variables)");
  return text;
}

}  // namespace csp
