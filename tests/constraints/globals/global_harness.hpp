// Random-instance oracle for the global constraints: on each small random instance, the solutions found by search
// (inference none, fc and mac) with the native propagator and with the decomposition are exactly the tuples a
// brute-force enumeration accepts by an independent check of the relation.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/lcg.hpp"
#include "support/oracle.hpp"

namespace csp::test_support {

/// One random instance: the value lists of its variables, how to post the global over them, and the relation written
/// independently of the propagator (on one value per variable).
struct GlobalInstance {
  std::vector<std::vector<Value>> domains;
  std::function<void(Problem&, const std::vector<VarId>&, Globals)> post;
  std::function<bool(const std::vector<Value>&)> relation;
};

/// A random non-empty subset of lo..hi (each value kept with probability 3/4).
inline std::vector<Value> random_values(std::mt19937& rng, Value lo, Value hi) {
  std::vector<Value> out;
  for (Value v = lo; v <= hi; ++v)
    if (rng() % 4 != 0) out.push_back(v);
  if (out.empty()) out.push_back(lo + static_cast<Value>(rng() % static_cast<unsigned>(hi - lo + 1)));
  return out;
}

/// The tuples over `domains` that satisfy `relation`, by enumeration.
inline std::set<std::vector<Value>> brute_force(const GlobalInstance& g) {
  std::set<std::vector<Value>> out;
  std::vector<std::size_t> at(g.domains.size(), 0);
  std::vector<Value> t(g.domains.size());
  for (;;) {
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = g.domains[i][at[i]];
    if (g.relation(t)) out.insert(t);
    std::size_t i = 0;
    while (i < at.size() && ++at[i] == g.domains[i].size()) at[i++] = 0;
    if (i == at.size()) return out;
  }
}

/// Clause learning (csp/search/lcg.hpp) on `p`, against its solutions `all` (every variable, auxiliaries too): the
/// same answer, and every learned clause holds in every solution (the explanations of the propagators involved,
/// native or of the decomposition, are checked by this).
inline void check_learning(const Problem& p, const std::vector<std::vector<Value>>& all, const std::string& label) {
  std::vector<std::vector<ClauseLiteral>> learned;
  SolverConfig c;
  c.restart_base = 1;
  const SearchResult r = lcg_search(p, c, nullptr, [&](const LearnedClause& l) {
    learned.emplace_back(l.literals().begin(), l.literals().end());
    return true;
  });
  EXPECT_EQ(r.status, all.empty() ? Status::unsatisfiable : Status::solved) << label << " (lcg)";
  if (r.status == Status::solved) {
    EXPECT_TRUE(p.is_solution(r.solution())) << label << " (lcg)";
  }
  for (const auto& clause : learned)
    for (const auto& s : all)
      EXPECT_TRUE(std::any_of(
          clause.begin(), clause.end(),
          [&](const ClauseLiteral& l) { return (s[static_cast<std::size_t>(l.var)] == l.value) == l.equal; }))
          << label << ": a learned clause excludes a solution";
}

/// Checks `rounds` instances of `make`; returns how many had at least one solution (so a caller can assert that the
/// instances are not all trivially unsatisfiable).
inline int check_random_instances(const std::string& label, int rounds, std::uint32_t seed,
                                  const std::function<GlobalInstance(std::mt19937&)>& make) {
  std::mt19937 rng(seed);
  int satisfiable = 0;
  for (int round = 0; round < rounds; ++round) {
    const GlobalInstance g = make(rng);
    const std::set<std::vector<Value>> expected = brute_force(g);
    satisfiable += expected.empty() ? 0 : 1;
    for (const Globals how : {Globals::native, Globals::decompose}) {
      Problem p;
      std::vector<VarId> xs;
      for (std::size_t i = 0; i < g.domains.size(); ++i) xs.push_back(p.add_variable(numbered("x", i), g.domains[i]));
      g.post(p, xs, how);
      if (how == Globals::native && p.variable_count() == static_cast<int>(xs.size())) {
        const std::vector<Tuple> all = all_solutions(p);  // the propagator's own relation, by enumeration
        EXPECT_EQ(std::set<std::vector<Value>>(all.begin(), all.end()), expected) << label << " round " << round;
      }
      {  // every solution over all the variables, for the clauses learned
        SolverConfig c;
        c.max_solutions = 0;
        c.keep_solutions = 0;
        std::vector<std::vector<Value>> all;
        c.on_solution = [&](const Assignment& a) {
          all.push_back(a.values());
          return true;
        };
        (void)backtracking_search(p, c);
        check_learning(p, all, label + " round " + std::to_string(round) + " " + to_string(how));
      }
      for (const std::string inference : {"none", "fc", "mac"}) {
        SolverConfig c;
        c.inference = inference;
        c.max_solutions = 0;
        c.keep_solutions = 0;
        std::set<std::vector<Value>> found;
        c.on_solution = [&](const Assignment& a) {
          std::vector<Value> t;
          for (VarId x : xs) t.push_back(a.value(x));
          found.insert(t);
          return true;
        };
        const SearchResult r = backtracking_search(p, c);
        EXPECT_TRUE(r.complete) << label;
        EXPECT_EQ(found, expected) << label << " round " << round << " " << to_string(how) << " " << inference;
        // Auxiliary variables are determined by the original ones: one solution per accepted tuple.
        EXPECT_EQ(r.solution_count, expected.size())
            << label << " round " << round << " " << to_string(how) << " " << inference;
      }
    }
  }
  return satisfiable;
}

/// For a propagator documented generalised arc consistent: on `rounds` instances of `make`, one `propagate` of the
/// native constraint (posted alone) leaves in each domain exactly the values some accepted tuple uses (all of them
/// when there is none: a wipe-out counts as exact).
inline void check_generalised_arc_consistency(const std::string& label, int rounds, std::uint32_t seed,
                                              const std::function<GlobalInstance(std::mt19937&)>& make) {
  std::mt19937 rng(seed);
  for (int round = 0; round < rounds; ++round) {
    const GlobalInstance g = make(rng);
    const std::set<std::vector<Value>> expected = brute_force(g);
    Problem p;
    std::vector<VarId> xs;
    for (std::size_t i = 0; i < g.domains.size(); ++i) xs.push_back(p.add_variable(numbered("x", i), g.domains[i]));
    g.post(p, xs, Globals::native);
    ASSERT_EQ(p.constraint_count(), 1) << label;
    Statistics stats;
    Store store(p, stats);
    const bool ok = store.propagate(p.constraint(0));
    EXPECT_EQ(ok, !expected.empty()) << label << " round " << round;
    if (!ok) continue;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      std::set<Value> supported;
      for (const auto& t : expected) supported.insert(t[i]);
      std::set<Value> left;
      store.domain(xs[i]).for_each([&](int k) { left.insert(store.value(xs[i], k)); });
      EXPECT_EQ(left, supported) << label << " round " << round << " variable " << i;
    }
  }
}

}  // namespace csp::test_support
