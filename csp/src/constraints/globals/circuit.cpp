// Circuit and subcircuit: chain reasoning over the fixed successors (the all-different is the engine's).
#include <algorithm>
#include <memory>

#include "csp/constraints/globals/routing.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

class NoSubtour final : public GlobalConstraint {
 public:
  NoSubtour(const std::vector<VarId>& successors, int offset, bool sub, std::string name)
      : GlobalConstraint(successors, std::move(name)), offset_(offset), sub_(sub) {}

 protected:
  bool holds(const std::vector<Value>& x) const override {
    const int n = occurrences();
    std::vector<int> seen(static_cast<std::size_t>(n), 0);
    int in_circuit = 0;
    int first = -1;
    for (int i = 0; i < n; ++i) {
      const long long j = static_cast<long long>(x[static_cast<std::size_t>(i)]) - offset_;
      if (j < 0 || j >= n || (!sub_ && j == i)) return false;
      if (j != i) {
        ++in_circuit;
        if (first < 0) first = i;
      }
    }
    if (first < 0) return sub_;
    int steps = 0;
    for (int i = first; seen[static_cast<std::size_t>(i)] == 0;
         i = static_cast<int>(x[static_cast<std::size_t>(i)] - offset_)) {
      seen[static_cast<std::size_t>(i)] = 1;
      ++steps;
    }
    return steps == in_circuit && x[static_cast<std::size_t>(first)] != first + offset_;
  }

  bool filter(Store& s, int only) const override {
    const int n = occurrences();
    for (int i = 0; i < n; ++i) {
      if (!keep_at_least(s, only, i, offset_) || !keep_at_most(s, only, i, static_cast<long long>(offset_) + n - 1))
        return false;
      if (!sub_ && n > 1 && !remove_value(s, only, i, static_cast<long long>(i) + offset_)) return false;
    }
    for (;;) {
      const long long before = total_size(s);
      if (!chains(s, only)) return false;
      if (total_size(s) == before) return true;
    }
  }

 private:
  // The fixed successor of node i (in a circuit: not itself), or -1.
  int fixed_next(const Store& s, int i) const {
    if (!fixed(s, i)) return -1;
    const long long j = static_cast<long long>(lo(s, i)) - offset_;
    // Out of range only while revising another position (the range cut above skipped node i): no arc yet.
    return j == i || j < 0 || j >= occurrences() ? -1 : static_cast<int>(j);
  }

  bool fail(Store& s, int only) const {
    s.remove_above(only >= 0 ? scope()[static_cast<std::size_t>(only)] : var(0), -1, this);
    return false;
  }

  // The chains and cycles of the successors fixed when the call starts (a snapshot: the removals made on the way may
  // fix more, which the next round of `filter` sees).
  bool chains(Store& s, int only) const {
    const int n = occurrences();
    std::vector<int> next(static_cast<std::size_t>(n), -1);
    std::vector<int> pred(static_cast<std::size_t>(n), -1);
    for (int i = 0; i < n; ++i) {
      const int j = fixed_next(s, i);
      next[static_cast<std::size_t>(i)] = j;
      if (j < 0) continue;
      if (pred[static_cast<std::size_t>(j)] >= 0) return fail(s, only);  // two nodes go to j
      pred[static_cast<std::size_t>(j)] = i;
    }
    // With at most one predecessor per node, the fixed arcs form disjoint paths and cycles.
    const auto walk = [&](int from) {
      std::vector<int> nodes{from};
      for (int j = next[static_cast<std::size_t>(from)]; j >= 0 && j != from; j = next[static_cast<std::size_t>(j)])
        nodes.push_back(j);
      return nodes;
    };
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    for (int start = 0; start < n; ++start) {
      if (pred[static_cast<std::size_t>(start)] >= 0 || next[static_cast<std::size_t>(start)] < 0) continue;
      const std::vector<int> chain = walk(start);
      for (int k : chain) seen[static_cast<std::size_t>(k)] = 1;
      if (!close(s, only, chain)) return false;
    }
    for (int i = 0; i < n; ++i) {  // a node with a fixed successor on no path lies on a fixed cycle
      if (seen[static_cast<std::size_t>(i)] != 0 || next[static_cast<std::size_t>(i)] < 0) continue;
      const std::vector<int> cycle = walk(i);
      for (int k : cycle) seen[static_cast<std::size_t>(k)] = 1;
      if (static_cast<int>(cycle.size()) == n) continue;
      if (!sub_) return fail(s, only);
      if (!others_to_themselves(s, only, cycle)) return false;
    }
    return true;
  }

  // A chain start -> ... -> end (at least two nodes): end may not go back to start unless (subcircuit) every other node
  // may point at itself.
  bool close(Store& s, int only, const std::vector<int>& chain) const {
    const int n = occurrences();
    if (static_cast<int>(chain.size()) == n) return true;
    if (sub_) {
      std::vector<char> in(static_cast<std::size_t>(n), 0);
      for (int k : chain) in[static_cast<std::size_t>(k)] = 1;
      bool all_may_leave = true;
      for (int i = 0; i < n && all_may_leave; ++i)
        all_may_leave = in[static_cast<std::size_t>(i)] != 0 || has(s, i, static_cast<long long>(i) + offset_);
      if (all_may_leave) return true;
    }
    return remove_value(s, only, chain.back(), static_cast<long long>(chain.front()) + offset_);
  }

  bool others_to_themselves(Store& s, int only, const std::vector<int>& cycle) const {
    std::vector<char> in(static_cast<std::size_t>(occurrences()), 0);
    for (int k : cycle) in[static_cast<std::size_t>(k)] = 1;
    for (int i = 0; i < occurrences(); ++i)
      if (in[static_cast<std::size_t>(i)] == 0 && !fix(s, only, i, static_cast<long long>(i) + offset_)) return false;
    return true;
  }

  int offset_;
  bool sub_;
};

void require_nodes(const std::string& name, const std::vector<VarId>& successors) {
  if (successors.empty()) throw ModelError("circuit '" + name + "': no nodes");
}

// MiniZinc's decomposition: all-different and order[j] = order[i] + 1 whenever i goes to j (j not the first node).
void decompose_circuit(Problem& p, const std::vector<VarId>& x, int offset, const std::string& name) {
  const int n = static_cast<int>(x.size());
  p.add_all_different(x, AllDifferentMode::gac, name);
  std::vector<VarId> order;
  for (int i = 0; i < n; ++i)
    order.push_back(p.add_variable(globals_detail::aux_name(p, name + ".order[" + std::to_string(i + 1) + "]"),
                                   i == 0 ? 0 : 1, i == 0 ? 0 : n - 1));
  for (int i = 0; i < n; ++i) {
    p.add_linear({x[static_cast<std::size_t>(i)]}, {1}, LinearOp::ne, static_cast<long long>(i) + offset, name);
    p.add_linear({x[static_cast<std::size_t>(i)]}, {1}, LinearOp::ge, offset, name);
    p.add_linear({x[static_cast<std::size_t>(i)]}, {1}, LinearOp::le, static_cast<long long>(offset) + n - 1, name);
    for (int j = 1; j < n; ++j) {
      if (j == i) continue;
      const VarId b = p.add_variable(
          globals_detail::aux_name(p, name + ".arc[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]"), 0,
          1);
      p.add_member_reif(x[static_cast<std::size_t>(i)], {j + offset}, b);
      p.add_linear_reif({order[static_cast<std::size_t>(j)], order[static_cast<std::size_t>(i)]}, {1, -1}, LinearOp::eq,
                        1, b, Reification::implication);
    }
  }
}

void post_successors(Problem& p, const std::vector<VarId>& x, int offset, bool sub, Globals how,
                     const std::string& name) {
  require_nodes(name, x);
  if (how == Globals::decompose && !sub) return decompose_circuit(p, x, offset, name);
  std::vector<VarId> distinct = globals_detail::distinct(x);
  if (distinct.size() == x.size() && x.size() > 1) p.add_all_different(x, AllDifferentMode::gac, name);
  if (how == Globals::decompose) {  // subcircuit: its relation, checked by enumeration
    auto relation = std::make_shared<const NoSubtour>(x, offset, true, name);
    p.add_predicate(
        distinct, [relation](std::span<const Value> v) { return relation->is_satisfied_by(v); }, name);
    return;
  }
  p.add_constraint(std::make_unique<NoSubtour>(x, offset, sub, name));
}

}  // namespace

void post_circuit(Problem& problem, const std::vector<VarId>& successors, int offset, Globals how,
                  const std::string& name) {
  post_successors(problem, successors, offset, false, how, name);
}

void post_subcircuit(Problem& problem, const std::vector<VarId>& successors, int offset, Globals how,
                     const std::string& name) {
  post_successors(problem, successors, offset, true, how, name);
}

}  // namespace csp
