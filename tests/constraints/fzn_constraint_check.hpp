// Test helper for the FlatZinc constraints (reified, boolean, element): one constraint on a small random problem
// against an independent statement of its relation, by brute force.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"

namespace csp::test {

using test_support::Tuple;

/// The relation as the test states it: values of all variables of the problem, in variable order.
using Spec = std::function<bool(const Tuple&)>;

/// Every complete assignment over the initial domains that `spec` accepts, ascending.
inline std::vector<Tuple> spec_solutions(const Problem& p, const Spec& spec) {
  std::vector<Tuple> out;
  test_support::for_each_complete_assignment(p, 1U << 20U, [&](const Tuple& t) {
    for (VarId x = 0; x < p.variable_count(); ++x)
      if (!p.initial_domain(x).contains(p.variable(x).index_of(t[static_cast<std::size_t>(x)]))) return;
    if (spec(t)) out.push_back(t);
  });
  return out;
}

/// Removes random values from the store's domains (each kept with probability 2/3, never emptying a domain).
inline void random_removals(Store& s, std::mt19937& rng) {
  std::bernoulli_distribution drop(1.0 / 3.0);
  for (VarId x = 0; x < s.problem().variable_count(); ++x)
    for (int i : s.domain(x).indices())
      if (s.domain(x).size() > 1 && drop(rng)) s.remove(x, i, nullptr);
}

/// The solutions whose every value is still in the store's domains.
inline std::vector<Tuple> within(const Store& s, const std::vector<Tuple>& solutions) {
  std::vector<Tuple> out;
  for (const Tuple& t : solutions) {
    bool in = true;
    for (VarId x = 0; x < s.problem().variable_count() && in; ++x)
      in = s.domain(x).contains(s.problem().variable(x).index_of(t[static_cast<std::size_t>(x)]));
    if (in) out.push_back(t);
  }
  return out;
}

/// Checks constraint 0 of `p` against `spec`:
/// 1. search with inference none, fc and mac (and mac after AC-3) finds exactly the spec's solutions;
/// 2. after `propagate`, and after each `revise(pos)` (which changes only scope[pos]), on random sub-domains, every
///    solution inside the sub-domains keeps its values, and a failure means there was none;
/// 3. on every complete assignment, `propagate` and each `revise` fail exactly when the spec says no, and
///    `is_satisfied_by` agrees with the spec.
inline void check_against_spec(const Problem& p, const Spec& spec, std::uint32_t seed, const std::string& what) {
  SCOPED_TRACE(what + " (seed " + std::to_string(seed) + ")");
  const std::vector<Tuple> solutions = spec_solutions(p, spec);
  for (const char* inference : {"none", "fc", "mac", "mac+ac3"}) {
    SolverConfig config = SolverConfig::textbook();
    config.inference = std::string(inference) == "mac+ac3" ? "mac" : inference;
    config.ac3_preprocess = std::string(inference) == "mac+ac3";
    config.variable_ordering = "mrv";
    config.max_solutions = 0;
    config.keep_solutions = 1U << 20U;
    const SearchResult r = backtracking_search(p, config);
    ASSERT_EQ(test_support::sorted_tuples(r.solutions), solutions) << "inference " << inference;
  }
  const Constraint& c = p.constraint(0);
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 6; ++trial) {
    for (int pos = -1; pos < c.arity(); ++pos) {
      Statistics stats;
      Store s(p, stats);
      std::mt19937 removal_rng(seed * 31U + static_cast<std::uint32_t>(trial));
      if (trial > 0) random_removals(s, removal_rng);
      const std::vector<Tuple> inside = within(s, solutions);
      const std::vector<Domain> before = s.domains();
      const bool ok = pos < 0 ? c.propagate(s) : c.revise(s, pos);
      if (!ok) {
        ASSERT_TRUE(inside.empty()) << (pos < 0 ? "propagate" : "revise " + std::to_string(pos)) << " failed with "
                                    << inside.size() << " solutions inside the domains";
        continue;
      }
      ASSERT_EQ(within(s, solutions), inside)
          << (pos < 0 ? "propagate" : "revise " + std::to_string(pos)) << " removed a value of a solution";
      if (pos < 0) continue;
      for (VarId x = 0; x < p.variable_count(); ++x) {
        if (x == c.scope()[static_cast<std::size_t>(pos)]) continue;
        ASSERT_EQ(s.domains()[static_cast<std::size_t>(x)], before[static_cast<std::size_t>(x)])
            << "revise " << pos << " changed another variable";
      }
    }
  }
  test_support::for_each_complete_assignment(p, 1U << 20U, [&](const Tuple& t) {
    for (VarId x = 0; x < p.variable_count(); ++x)
      if (!p.initial_domain(x).contains(p.variable(x).index_of(t[static_cast<std::size_t>(x)]))) return;
    const bool expected = spec(t);
    std::vector<Value> scope_values;
    for (VarId x : c.scope()) scope_values.push_back(t[static_cast<std::size_t>(x)]);
    ASSERT_EQ(c.is_satisfied_by(scope_values), expected) << p.to_string(test_support::to_assignment(t));
    for (int pos = -1; pos < c.arity(); ++pos) {
      Statistics stats;
      Store s(p, stats);
      for (VarId x = 0; x < p.variable_count(); ++x)
        s.assign(x, p.variable(x).index_of(t[static_cast<std::size_t>(x)]), nullptr);
      const bool ok = pos < 0 ? c.propagate(s) : c.revise(s, pos);
      ASSERT_EQ(ok, expected) << (pos < 0 ? "propagate" : "revise " + std::to_string(pos)) << " on "
                              << p.to_string(test_support::to_assignment(t));
    }
  });
}

/// A variable with a random non-empty subset of lo..hi as its values (sometimes the whole range, as a range).
inline VarId random_variable(Problem& p, const std::string& name, Value lo, Value hi, std::mt19937& rng) {
  if (std::bernoulli_distribution(0.3)(rng)) return p.add_variable(name, lo, hi);
  std::vector<Value> values;
  std::bernoulli_distribution keep(0.6);
  for (Value v = lo; v <= hi; ++v)
    if (keep(rng)) values.push_back(v);
  if (values.empty()) values.push_back(std::uniform_int_distribution<Value>(lo, hi)(rng));
  return p.add_variable(name, values);
}

/// A boolean variable: 0..1, sometimes fixed to one value (a given).
inline VarId random_boolean(Problem& p, const std::string& name, std::mt19937& rng) {
  const VarId b = p.add_variable(name, 0, 1);
  const int r = std::uniform_int_distribution<int>(0, 5)(rng);
  if (r < 2) p.restrict_domain(b, r);
  return b;
}

}  // namespace csp::test
