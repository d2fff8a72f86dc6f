// Regular: Pesant's layered graph (forward reachability, backward co-reachability), and its state decomposition.
#include <algorithm>

#include "csp/constraints/globals/automaton.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

class Regular final : public GlobalConstraint {
 public:
  Regular(const std::vector<VarId>& xs, Automaton a, std::string name)
      : GlobalConstraint(xs, std::move(name)),
        a_(std::move(a)),
        accepting_(static_cast<std::size_t>(a_.states) + 1, 0) {
    for (int q : a_.accepting)
      if (q >= 1 && q <= a_.states) accepting_[static_cast<std::size_t>(q)] = 1;
  }

 protected:
  bool holds(const std::vector<Value>& x) const override {
    int q = a_.start;
    for (Value v : x) {
      q = next(q, v);
      if (q == 0) return false;
    }
    return accepting_[static_cast<std::size_t>(q)] != 0;
  }

  bool filter(Store& s, int only) const override {
    const int n = occurrences();
    const auto states = static_cast<std::size_t>(a_.states) + 1;
    // reach[t][q]: q is reached from start on some word of the domains of x[0..t-1]; then, backwards, kept only when an
    // accepting state is reachable from q on the rest.
    std::vector<std::vector<char>> reach(static_cast<std::size_t>(n) + 1, std::vector<char>(states, 0));
    reach[0][static_cast<std::size_t>(a_.start)] = 1;
    for (int t = 0; t < n; ++t)
      for_each_symbol(s, t, [&](Value v) {
        for (int q = 1; q <= a_.states; ++q)
          if (reach[static_cast<std::size_t>(t)][static_cast<std::size_t>(q)] != 0 && next(q, v) != 0)
            reach[static_cast<std::size_t>(t) + 1][static_cast<std::size_t>(next(q, v))] = 1;
      });
    for (int q = 1; q <= a_.states; ++q)
      if (accepting_[static_cast<std::size_t>(q)] == 0)
        reach[static_cast<std::size_t>(n)][static_cast<std::size_t>(q)] = 0;
    for (int t = n - 1; t >= 0; --t) {
      std::vector<char> alive(states, 0);
      const auto& later = reach[static_cast<std::size_t>(t) + 1];
      for_each_symbol(s, t, [&](Value v) {
        for (int q = 1; q <= a_.states; ++q)
          if (next(q, v) != 0 && later[static_cast<std::size_t>(next(q, v))] != 0)
            alive[static_cast<std::size_t>(q)] = 1;
      });
      auto& here = reach[static_cast<std::size_t>(t)];
      for (int q = 1; q <= a_.states; ++q) here[static_cast<std::size_t>(q)] &= alive[static_cast<std::size_t>(q)];
    }
    for (int t = 0; t < n; ++t) {
      const auto& here = reach[static_cast<std::size_t>(t)];
      const auto& later = reach[static_cast<std::size_t>(t) + 1];
      const bool ok = remove_if(s, only, t, [&](Value v) {
        for (int q = 1; q <= a_.states; ++q)
          if (here[static_cast<std::size_t>(q)] != 0 && next(q, v) != 0 &&
              later[static_cast<std::size_t>(next(q, v))] != 0)
            return false;
        return true;
      });
      if (!ok) return false;
    }
    return true;
  }

 private:
  int next(int q, Value v) const {
    if (v < 1 || v > a_.symbols) return 0;
    return a_
        .next[static_cast<std::size_t>(q - 1) * static_cast<std::size_t>(a_.symbols) + static_cast<std::size_t>(v - 1)];
  }
  template <class F>
  void for_each_symbol(const Store& s, int t, F&& f) const {
    const VarId x = var(t);
    s.domain(x).for_each([&](int i) { f(s.value(x, i)); });
  }

  Automaton a_;
  std::vector<char> accepting_;
};

void check_automaton(const std::string& name, const Automaton& a) {
  const auto fail = [&](const std::string& why) { throw ModelError("regular '" + name + "': " + why); };
  if (a.states < 1 || a.symbols < 1) fail("the automaton needs at least one state and one symbol");
  if (a.next.size() != static_cast<std::size_t>(a.states) * static_cast<std::size_t>(a.symbols))
    fail("the transition table has " + std::to_string(a.next.size()) +
         " entries, not states x symbols = " + std::to_string(static_cast<long long>(a.states) * a.symbols));
  for (int q : a.next)
    if (q < 0 || q > a.states)
      fail("transition to state " + std::to_string(q) + ", outside 0.." + std::to_string(a.states));
  if (a.start < 1 || a.start > a.states)
    fail("start state " + std::to_string(a.start) + " outside 1.." + std::to_string(a.states));
}

void decompose(Problem& p, const std::vector<VarId>& xs, const Automaton& a, const std::string& name) {
  std::vector<std::vector<Value>> rows;
  for (int q = 1; q <= a.states; ++q)
    for (int v = 1; v <= a.symbols; ++v) {
      const int to = a.next[static_cast<std::size_t>(q - 1) * static_cast<std::size_t>(a.symbols) +
                            static_cast<std::size_t>(v - 1)];
      if (to != 0) rows.push_back({q, v, to});
    }
  VarId q = p.add_variable(globals_detail::aux_name(p, name + ".state[0]"), a.start, a.start);
  for (std::size_t t = 0; t < xs.size(); ++t) {
    const bool last = t + 1 == xs.size();
    std::vector<Value> allowed;
    for (int s = 1; s <= a.states; ++s)
      if (!last || std::find(a.accepting.begin(), a.accepting.end(), s) != a.accepting.end()) allowed.push_back(s);
    if (allowed.empty()) allowed.push_back(1);  // no accepting state: the table below is left empty
    const VarId q2 =
        p.add_variable(globals_detail::aux_name(p, name + ".state[" + std::to_string(t + 1) + "]"), allowed);
    std::vector<std::vector<Value>> fitting;
    for (const auto& row : rows)
      if (p.variable(xs[t]).index_of(row[1]) >= 0 && p.variable(q2).index_of(row[2]) >= 0 &&
          (!last || !a.accepting.empty()) && p.variable(q).index_of(row[0]) >= 0)
        fitting.push_back(row);
    if (fitting.empty())
      p.add_predicate(
          {xs[t]}, [](std::span<const Value>) { return false; }, name);
    else
      p.add_table({q, xs[t], q2}, fitting, name);
    q = q2;
  }
}

}  // namespace

void post_regular(Problem& problem, const std::vector<VarId>& xs, const Automaton& automaton, Globals how,
                  const std::string& name) {
  check_automaton(name, automaton);
  if (xs.empty()) {
    if (std::find(automaton.accepting.begin(), automaton.accepting.end(), automaton.start) == automaton.accepting.end())
      throw ModelError("regular '" + name + "': the empty word is not accepted");
    return;
  }
  if (how == Globals::decompose) return decompose(problem, xs, automaton, name);
  problem.add_constraint(std::make_unique<Regular>(xs, automaton, name));
}

}  // namespace csp
