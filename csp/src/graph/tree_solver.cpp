// TREE-CSP-SOLVER, AIMA 4th ed. Fig. 6.11, and cutset conditioning, AIMA 4th ed. §6.5.1.
//
//   function TREE-CSP-SOLVER(csp) returns a solution, or failure
//     inputs: csp, a CSP with components X, D, C
//     n <- number of variables in X
//     assignment <- an empty assignment
//     root <- any variable in X
//     X <- TOPOLOGICALSORT(X, root)
//     for j = n down to 2 do
//       MAKE-ARC-CONSISTENT(PARENT(X_j), X_j)
//       if it cannot be made consistent then return failure
//     for i = 1 to n do
//       assignment[X_i] <- any consistent value from D_i
//       if there is no consistent value then return failure
//     return assignment
//
// Cutset conditioning: choose a cycle cutset S; for each assignment of S that satisfies the constraints on S,
// remove from the other variables' domains the values inconsistent with it and, if the rest (a forest) has a
// solution, return it together with the assignment of S.
#include "csp/graph/tree_solver.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <string>

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/property_map/property_map.hpp>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/graph/constraint_graph.hpp"

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;
using Graph = ConstraintGraph::Graph;

// Work reported to Store::tick per cutset value tried (the clock is read at least every 4 values).
constexpr std::uint64_t kValueWork = 64;

// The variables outside the cutset as a forest: a topological order (each tree's root first, every parent before
// its children) and the parent of each variable (-1 for roots and cutset variables).
struct Forest {
  std::vector<VarId> order;
  std::vector<VarId> parent;
  bool acyclic = true;
};

// Keeps the vertices that are not in the cutset.
struct OutsideCutset {
  const std::vector<char>* in_cutset = nullptr;
  bool operator()(std::size_t v) const { return (*in_cutset)[v] == 0; }
};

// Records the breadth-first order and the tree edges; an edge to an already discovered vertex other than the
// parent closes a cycle.
class ForestRecorder : public boost::default_bfs_visitor {
 public:
  explicit ForestRecorder(Forest& forest) : forest_(&forest) {}
  template <class Vertex, class G>
  void discover_vertex(Vertex v, const G& /*g*/) const {
    forest_->order.push_back(static_cast<VarId>(v));
  }
  template <class Edge, class G>
  void tree_edge(Edge e, const G& g) const {
    forest_->parent[boost::target(e, g)] = static_cast<VarId>(boost::source(e, g));
  }
  template <class Edge, class G>
  void non_tree_edge(Edge e, const G& g) const {
    if (forest_->parent[boost::source(e, g)] != static_cast<VarId>(boost::target(e, g))) forest_->acyclic = false;
  }

 private:
  Forest* forest_;
};

// TOPOLOGICALSORT of every tree of the graph without the cutset, rooted at its smallest variable id.
Forest order_forest(const Graph& graph, const std::vector<char>& in_cutset) {
  const std::size_t n = boost::num_vertices(graph);
  Forest forest;
  forest.parent.assign(n, -1);
  const boost::filtered_graph<Graph, boost::keep_all, OutsideCutset> rest(graph, boost::keep_all(),
                                                                          OutsideCutset{&in_cutset});
  std::vector<boost::default_color_type> colors(n, boost::white_color);
  auto color_map = boost::make_iterator_property_map(colors.begin(), boost::get(boost::vertex_index, graph));
  const ForestRecorder recorder(forest);
  for (std::size_t root = 0; root < n; ++root) {
    if (in_cutset[root] != 0 || colors[root] != boost::white_color) continue;
    boost::breadth_first_visit(rest, root, boost::visitor(recorder).color_map(color_map));
  }
  return forest;
}

std::string names_of(const Problem& problem, const std::vector<VarId>& vars) {
  std::string out = "{";
  for (VarId x : vars) out.append(out.size() > 1 ? ", " : "").append(problem.variable(x).name());
  return out + "}";
}

// One run of cutset conditioning over a fixed cutset (empty for the plain tree solver).
class Conditioning {
 public:
  Conditioning(const Problem& problem, std::vector<VarId> cutset, const Forest& forest, const StopCondition& limits,
               CutsetResult& result)
      : problem_(problem),
        cutset_(std::move(cutset)),
        forest_(forest),
        limits_(limits),
        result_(result),
        stats_(result.search.stats),
        store_(problem, stats_),
        unary_(static_cast<std::size_t>(problem.variable_count())),
        to_parent_(static_cast<std::size_t>(problem.variable_count())),
        start_(Clock::now()) {
    if (limits.time_limit.count() != 0) store_.set_deadline(start_ + limits.time_limit);
    store_.set_interrupt_flag(limits.interrupt);
    std::vector<char> free(static_cast<std::size_t>(problem.variable_count()), 1);
    for (VarId x : cutset_) free[static_cast<std::size_t>(x)] = 0;
    // Sort every constraint by the variables it has outside the cutset: one (a unary constraint once S is
    // assigned) or two (then they are a child and its parent, since the rest is a forest).
    for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
      std::vector<VarId> outside;
      for (VarId x : problem.constraint(c).scope())
        if (free[static_cast<std::size_t>(x)] != 0) outside.push_back(x);
      if (outside.size() == 1) {
        unary_[static_cast<std::size_t>(outside[0])].push_back(c);
      } else if (outside.size() == 2) {
        const bool first_is_child = forest_.parent[static_cast<std::size_t>(outside[0])] == outside[1];
        to_parent_[static_cast<std::size_t>(first_is_child ? outside[0] : outside[1])].push_back(c);
      }
    }
  }

  void run() {
    result_.cutset = cutset_;
    const bool stopped = enumerate();
    stats_.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
    SearchResult& s = result_.search;
    s.complete = !limit_hit_;
    s.stop = !limit_hit_                ? (stopped ? StopReason::solution_cap : StopReason::complete)
             : store_.stopped_by_flag() ? StopReason::interrupted
             : store_.interrupted()     ? StopReason::time_limit
                                        : StopReason::node_limit;
    if (stopped && !limit_hit_) {
      s.status = Status::solved;
      s.solutions.push_back(store_.assignment());
      s.solution_count = 1;
      stats_.solutions = 1;
    } else {
      s.status = limit_hit_ ? Status::limit_reached : Status::unsatisfiable;
    }
  }

 private:
  // Depth-first enumeration of the cutset's consistent assignments, on an explicit stack (tried[k] is the value
  // index tried last at level k; the cutset's own domains never change here, so Domain::next steps through them);
  // true when the run must stop (a solution was found or a limit was hit).
  bool enumerate() {
    Assignment& a = store_.assignment();
    const std::size_t depth = cutset_.size();
    std::vector<int> tried(depth, -1);
    std::size_t k = 0;
    // Leaves level k - 1 (its value is retracted) to try the next value there; false when k is the root level.
    auto back = [&]() {
      if (k == 0) return false;
      --k;
      a.unassign(cutset_[k]);
      ++stats_.backtracks;
      return true;
    };
    while (true) {
      if (k == depth) {
        if (limits_.node_limit != 0 && result_.cutset_assignments >= limits_.node_limit) return limit_hit_ = true;
        ++result_.cutset_assignments;
        const Trail::Mark mark = store_.mark();
        if (solve_forest()) return true;
        if (store_.interrupted()) return limit_hit_ = true;
        store_.undo_to(mark);
        for (VarId x : forest_.order) a.unassign(x);
        if (!back()) return false;
        continue;
      }
      const VarId x = cutset_[k];
      const Domain& d = store_.domain(x);
      int& i = tried[k];
      i = i < 0 ? d.min() : d.next(i);
      if (i < 0) {  // level k exhausted
        i = -1;
        if (!back()) return false;
        continue;
      }
      if (!store_.tick(kValueWork)) return limit_hit_ = true;
      a.assign(x, store_.value(x, i));
      note_assignment();
      bool consistent = true;
      for (ConstraintId c : problem_.constraints_of(x)) {
        ++stats_.constraint_checks;
        if (!problem_.constraint(c).is_consistent(a)) {
          consistent = false;
          break;
        }
      }
      if (consistent) {
        ++k;
        continue;
      }
      a.unassign(x);
      ++stats_.backtracks;
    }
  }

  // TREE-CSP-SOLVER on the variables outside the cutset, given the cutset's values in the assignment.
  bool solve_forest() {
    for (VarId x : forest_.order)
      if (!node_consistent(x)) return false;
    for (auto j = forest_.order.rbegin(); j != forest_.order.rend(); ++j) {
      const VarId child = *j;
      const VarId parent = forest_.parent[static_cast<std::size_t>(child)];
      if (parent >= 0 && !make_arc_consistent(parent, child)) return false;
    }
    Assignment& a = store_.assignment();
    for (VarId x : forest_.order) {
      const VarId parent = forest_.parent[static_cast<std::size_t>(x)];
      const Domain& d = store_.domain(x);
      int chosen = d.min();
      if (parent >= 0) {
        const Value vp = a.value(parent);
        while (chosen >= 0 && !supports(parent, vp, x, store_.value(x, chosen))) chosen = d.next(chosen);
      }
      if (store_.interrupted()) return false;
      if (chosen < 0) return false;  // cannot happen after directed arc consistency; kept as in Fig. 6.11
      a.assign(x, store_.value(x, chosen));
      note_assignment();
    }
    return true;
  }

  // REVISE of x against each constraint that has x as its only variable outside the cutset.
  bool node_consistent(VarId x) {
    for (ConstraintId c : unary_[static_cast<std::size_t>(x)]) {
      ++stats_.revisions;
      const Constraint& con = problem_.constraint(c);
      const Domain& d = store_.domain(x);
      for (int i = d.min(); i >= 0; i = d.next(i)) {  // next(i) is safe after removing i
        if (!holds(con, x, store_.value(x, i), -1, 0) && !store_.remove(x, i, &con)) return false;
        if (store_.interrupted()) return false;
      }
    }
    return true;
  }

  // MAKE-ARC-CONSISTENT(parent, child): remove each value of the parent that no value of the child supports.
  bool make_arc_consistent(VarId parent, VarId child) {
    const auto& joining = to_parent_[static_cast<std::size_t>(child)];
    if (joining.empty()) return true;
    ++stats_.revisions;
    const Domain& dc = store_.domain(child);
    const Domain& dp = store_.domain(parent);
    for (int i = dp.min(); i >= 0; i = dp.next(i)) {  // next(i) is safe after removing i
      const Value vp = store_.value(parent, i);
      bool supported = false;
      for (int j = dc.min(); j >= 0 && !supported; j = dc.next(j))
        supported = supports(parent, vp, child, store_.value(child, j));
      if (store_.interrupted()) return false;  // the time limit passed: `supported` may be wrong
      if (!supported && !store_.remove(parent, i, &problem_.constraint(joining.front()))) return false;
    }
    return true;
  }

  // Do parent = vp and child = vc satisfy every constraint joining them (cutset variables at their values)?
  bool supports(VarId parent, Value vp, VarId child, Value vc) {
    for (ConstraintId c : to_parent_[static_cast<std::size_t>(child)])
      if (!holds(problem_.constraint(c), parent, vp, child, vc)) return false;
    return true;
  }

  // Evaluates c's relation with x = vx, y = vy (y may be -1) and every other scope variable at its assigned value.
  bool holds(const Constraint& c, VarId x, Value vx, VarId y, Value vy) {
    ++stats_.constraint_checks;
    store_.tick();  // callers check store_.interrupted() where a wrong answer could matter
    tuple_.resize(c.scope().size());
    const Assignment& a = store_.assignment();
    for (std::size_t k = 0; k < tuple_.size(); ++k) {
      const VarId s = c.scope()[k];
      tuple_[k] = s == x ? vx : s == y ? vy : a.value(s);
    }
    return c.is_satisfied_by(tuple_);
  }

  void note_assignment() {
    ++stats_.assignments;
    stats_.max_depth = std::max(stats_.max_depth, static_cast<std::uint64_t>(store_.assignment().assigned_count()));
  }

  const Problem& problem_;
  std::vector<VarId> cutset_;
  const Forest& forest_;
  const StopCondition& limits_;
  CutsetResult& result_;
  Statistics& stats_;
  Store store_;
  std::vector<std::vector<ConstraintId>> unary_;      // per variable: constraints with it alone outside the cutset
  std::vector<std::vector<ConstraintId>> to_parent_;  // per variable: constraints joining it to its parent
  std::vector<Value> tuple_;
  Clock::time_point start_;
  bool limit_hit_ = false;
};

// True iff the graph without the vertices flagged in `in_cutset` has no cycle.
bool forest_without(const Graph& graph, const std::vector<char>& in_cutset) {
  return order_forest(graph, in_cutset).acyclic;
}

}  // namespace

SearchResult tree_csp_solver(const Problem& problem, const StopCondition& limits) {
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
    const Constraint& con = problem.constraint(c);
    if (con.arity() > 2)
      throw ModelError("tree_csp_solver: constraint '" + con.name() + "' has " + std::to_string(con.arity()) +
                       " variables; the tree solver takes unary and binary constraints only (use cutset_conditioning "
                       "or backtracking_search)");
  }
  const ConstraintGraph graph(problem);
  if (!graph.is_forest())
    throw ModelError("tree_csp_solver: the constraint graph is not a tree or forest: it has " +
                     std::to_string(graph.edge_count()) + " edges on " + std::to_string(graph.vertex_count()) +
                     " variables in " + std::to_string(graph.component_count()) + " components (a forest has " +
                     std::to_string(graph.vertex_count() - graph.component_count()) +
                     "); use cutset_conditioning or backtracking_search");
  const std::vector<char> no_cutset(static_cast<std::size_t>(problem.variable_count()), 0);
  const Forest forest = order_forest(graph.graph(), no_cutset);
  CutsetResult result;
  Conditioning(problem, {}, forest, limits, result).run();
  return std::move(result.search);
}

std::vector<VarId> find_cycle_cutset(const Problem& problem) {
  const ConstraintGraph graph(problem);
  const Graph& g = graph.graph();
  const auto n = static_cast<std::size_t>(problem.variable_count());
  std::vector<std::set<std::size_t>> adjacent(n);
  for (std::size_t v = 0; v < n; ++v)
    for (auto [it, end] = boost::adjacent_vertices(v, g); it != end; ++it) adjacent[v].insert(*it);
  std::vector<char> removed(n, 0);
  // Variables with at most one neighbour left lie on no cycle: a work list strips them (the graph that remains,
  // its 2-core, does not depend on the order), O(edges log degree) in all.
  std::vector<std::size_t> strippable;
  auto remove = [&](std::size_t v) {
    removed[v] = 1;
    for (std::size_t w : adjacent[v]) {
      adjacent[w].erase(v);
      if (removed[w] == 0 && adjacent[w].size() == 1) strippable.push_back(w);
    }
    adjacent[v].clear();
  };
  for (std::size_t v = 0; v < n; ++v)
    if (adjacent[v].size() <= 1) strippable.push_back(v);
  std::vector<VarId> cutset;
  while (true) {
    while (!strippable.empty()) {
      const std::size_t v = strippable.back();
      strippable.pop_back();
      if (removed[v] == 0) remove(v);
    }
    std::size_t best = n;
    for (std::size_t v = 0; v < n; ++v)
      if (removed[v] == 0 && (best == n || adjacent[v].size() > adjacent[best].size())) best = v;
    if (best == n) break;
    cutset.push_back(static_cast<VarId>(best));
    remove(best);
  }
  // Drop the variables the cutset does not need, latest choices first.
  std::vector<char> in_cutset(n, 0);
  for (VarId x : cutset) in_cutset[static_cast<std::size_t>(x)] = 1;
  for (auto it = cutset.rbegin(); it != cutset.rend(); ++it) {
    in_cutset[static_cast<std::size_t>(*it)] = 0;
    if (!forest_without(g, in_cutset)) in_cutset[static_cast<std::size_t>(*it)] = 1;
  }
  std::erase_if(cutset, [&](VarId x) { return in_cutset[static_cast<std::size_t>(x)] == 0; });
  return cutset;
}

CutsetResult cutset_conditioning(const Problem& problem, const CutsetConfig& config) {
  const std::vector<VarId> cutset = config.cutset.empty() ? find_cycle_cutset(problem) : config.cutset;
  const auto n = static_cast<std::size_t>(problem.variable_count());
  std::vector<char> in_cutset(n, 0);
  std::vector<VarId> unique;
  for (VarId x : cutset) {
    if (x < 0 || x >= problem.variable_count())
      throw ModelError("cutset_conditioning: unknown variable id " + std::to_string(x) +
                       " in the cutset (the problem has " + std::to_string(problem.variable_count()) +
                       (problem.variable_count() == 1 ? " variable)" : " variables)"));
    if (in_cutset[static_cast<std::size_t>(x)] == 0) unique.push_back(x);
    in_cutset[static_cast<std::size_t>(x)] = 1;
  }
  const ConstraintGraph graph(problem);
  const Forest forest = order_forest(graph.graph(), in_cutset);
  if (!forest.acyclic)
    throw ModelError("cutset_conditioning: " + names_of(problem, unique) +
                     " is not a cycle cutset: the constraint graph without it still has a cycle");
  CutsetResult result;
  Conditioning(problem, std::move(unique), forest, config.limits, result).run();
  return result;
}

}  // namespace csp
