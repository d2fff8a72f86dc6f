// The scale models built through the public API: the same instances as the MiniZinc models chain.mzn,
// lin2.mzn, derangement.mzn and pathcolor.mzn of the shared scale folder (see bench/README.md, "Scale models"), so
// csp and Gecode solve one problem each. Used by bench/scale_bench.cpp and tests/models/scale_models_test.cpp.
//
// Variables are named as MiniZinc prints them, 1-based ("t[1]", "p[1]", "c[1]", "x", "y"); ids are 0-based in
// order of addition, so variable id i is the MiniZinc array element i + 1. Values are the MiniZinc values.
#pragma once

#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/solver_config.hpp"

namespace csp::bench {

/// chain.mzn: n tasks t[1..n] over 0..(3n) div 2 with t[i] + 1 <= t[i+1] (posted as t[i] - t[i+1] <= -1), a
/// precedence chain. Precondition: n >= 1.
inline Problem scale_chain(int n) {
  Problem p;
  p.reserve(n, n - 1);
  const Value horizon = static_cast<Value>((3LL * n) / 2);
  for (int i = 1; i <= n; ++i) p.add_variable("t[" + std::to_string(i) + "]", 0, horizon);
  for (VarId x = 0; x + 1 < n; ++x) p.add_linear({x, x + 1}, {1, -1}, LinearOp::le, -1);
  return p;
}

/// lin2.mzn: x, y over 0..h with x + y = h and x - y = 2. For even h >= 2 the one solution is x = (h + 2) / 2,
/// y = (h - 2) / 2. Precondition: h >= 0.
inline Problem scale_lin2(int h) {
  Problem p;
  const VarId x = p.add_variable("x", 0, h);
  const VarId y = p.add_variable("y", 0, h);
  p.add_linear({x, y}, {1, 1}, LinearOp::eq, h);
  p.add_linear({x, y}, {1, -1}, LinearOp::eq, 2);
  return p;
}

/// derangement.mzn: p[1..n] over 1..n, one all-different (Régin's matching, AllDifferentMode::gac) and
/// p[i] != i, which MiniZinc turns into a domain removal and so does this builder (restrict_domain; the variables
/// keep one shared value list 1..n). Precondition: n >= 2.
inline Problem scale_derangement(int n) {
  Problem p;
  p.reserve(n, 1);
  std::vector<VarId> scope;
  scope.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) scope.push_back(p.add_variable("p[" + std::to_string(i) + "]", 1, n));
  std::vector<Value> allowed;
  allowed.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    allowed.clear();
    for (Value v = 1; v <= n; ++v)
      if (v != i) allowed.push_back(v);
    p.restrict_domain(scope[static_cast<std::size_t>(i - 1)], allowed);
  }
  p.add_all_different(scope, AllDifferentMode::gac, "alldifferent(p)");
  return p;
}

/// pathcolor.mzn: c[1..n] over 1..2 with c[i] != c[i+1] (add_not_equal), 2-colouring a path. Precondition: n >= 1.
inline Problem scale_pathcolor(int n) {
  Problem p;
  p.reserve(n, n - 1);
  for (int i = 1; i <= n; ++i) p.add_variable("c[" + std::to_string(i) + "]", 1, 2);
  for (VarId x = 0; x + 1 < n; ++x) p.add_not_equal(x, x + 1);
  return p;
}

/// The configuration matching the models' search annotation `int_search(vars, first_fail, indomain_min)`:
/// first_fail = "mrv", indomain_min = "natural" (ascending values), input_order = "first" (pathcolor); inference
/// "mac", as Gecode propagates every constraint to its fixpoint at each node. One solution.
inline SolverConfig scale_config(bool input_order = false) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = input_order ? "first" : "mrv";
  c.value_ordering = "natural";
  c.inference = "mac";
  return c;
}

}  // namespace csp::bench
