// Linear and LinearReif keep running sums of their term bounds between calls (TermBounds, re-synchronised with the
// current domains on each call). These tests check that the cache is never stale: search with it finds exactly the
// brute-force solutions of random linear CSPs, and after any sequence of decisions, propagations and undos a
// propagation through the long-lived store reaches the same domains as one from scratch in a fresh store.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "csp/constraints/linear.hpp"
#include "csp/core/store.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

// A random CSP: 3-5 variables over small ranges or value lists with holes, 2-4 linear constraints (=, !=, <=, >=)
// and 0-2 reified ones (b <-> sum OP rhs or b -> sum OP rhs) with coefficients in -3..3 (zero included).
Problem random_linear_csp(std::uint32_t seed) {
  std::mt19937 rng(seed);
  const auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Problem p;
  const int n = pick(3, 5);
  std::vector<VarId> xs;
  for (int k = 0; k < n; ++k) {
    const std::string name = std::string("x").append(std::to_string(k));
    const Value lo = pick(-4, 1);
    const Value hi = lo + pick(0, 6);
    if (pick(0, 2) == 0) {
      xs.push_back(p.add_variable(name, lo, hi));
      continue;
    }
    std::vector<Value> values;
    for (Value v = lo; v <= hi; ++v)
      if (pick(0, 9) < 6) values.push_back(v);
    if (values.empty()) values.push_back(lo);
    xs.push_back(p.add_variable(name, values));
  }
  const auto random_sum = [&](std::vector<VarId>& scope, std::vector<int>& coefficients) {
    std::vector<VarId> pool = xs;
    std::shuffle(pool.begin(), pool.end(), rng);
    pool.resize(static_cast<std::size_t>(pick(1, n)));
    for (VarId x : pool) {
      scope.push_back(x);
      coefficients.push_back(pick(-3, 3));
    }
  };
  const int linear = pick(2, 4);
  for (int c = 0; c < linear; ++c) {
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    random_sum(scope, coefficients);
    p.add_linear(scope, coefficients, static_cast<LinearOp>(pick(0, 3)), pick(-6, 6));
  }
  const int reified = pick(0, 2);
  for (int c = 0; c < reified; ++c) {
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    random_sum(scope, coefficients);
    const VarId b = p.add_variable(std::string("b").append(std::to_string(c)), 0, 1);
    p.add_linear_reif(scope, coefficients, static_cast<LinearOp>(pick(0, 3)), pick(-6, 6), b,
                      pick(0, 2) == 0 ? Reification::implication : Reification::equivalence);
  }
  return p;
}

constexpr std::uint32_t kProblems = 300;

TEST(LinearIncremental, SearchFindsExactlyTheBruteForceSolutions) {
  std::uint64_t total = 0;
  for (std::uint32_t seed = 0; seed < kProblems; ++seed) {
    const Problem p = random_linear_csp(seed);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(p);
    for (const char* ordering : {"first", "mrv", "dom-wdeg"}) {
      SolverConfig config = SolverConfig::textbook();
      config.inference = "mac";
      config.variable_ordering = ordering;
      config.max_solutions = 0;
      config.keep_solutions = 1U << 20U;
      const SearchResult r = backtracking_search(p, config);
      ASSERT_EQ(test_support::sorted_tuples(r.solutions), expected) << "seed " << seed << ", " << ordering;
    }
    total += expected.size();
  }
  EXPECT_GT(total, 100u);  // the problems are not all unsatisfiable
}

// The domains after propagating every constraint to a fixpoint, in `store` (its caches as they are).
std::vector<std::vector<int>> fixpoint(Store& store, bool& ok) {
  const Problem& p = store.problem();
  ok = true;
  for (bool changed = true; ok && changed;) {
    changed = false;
    for (ConstraintId c = 0; ok && c < p.constraint_count(); ++c) {
      std::vector<int> before;
      for (VarId x = 0; x < p.variable_count(); ++x) before.push_back(store.domain(x).size());
      ok = store.propagate(p.constraint(c));
      for (VarId x = 0; ok && x < p.variable_count(); ++x)
        changed = changed || store.domain(x).size() != before[static_cast<std::size_t>(x)];
    }
  }
  std::vector<std::vector<int>> out;
  if (!ok) return out;
  for (VarId x = 0; x < p.variable_count(); ++x) {
    std::vector<int> indices;
    store.domain(x).for_each([&](int i) { indices.push_back(i); });
    out.push_back(std::move(indices));
  }
  return out;
}

// A random walk of decisions (assign, or cut a bound), each followed by a fixpoint, with random undos back to an
// earlier mark: at every step the long-lived store (whose caches have seen every earlier state) and a fresh store
// given the same domains (no cache yet: every sum computed from scratch) must agree on failure and on the domains.
TEST(LinearIncremental, CachedSumsAgreeWithSumsFromScratchAcrossUndos) {
  std::uint64_t compared = 0;
  for (std::uint32_t seed = 0; seed < kProblems; ++seed) {
    const Problem p = random_linear_csp(seed);
    std::mt19937 rng(seed + 1000);
    Statistics stats;
    Store store(p, stats);
    bool ok = true;
    fixpoint(store, ok);
    if (!ok) continue;
    std::vector<Trail::Mark> marks;
    for (int step = 0; step < 40; ++step) {
      if (!marks.empty() && (!ok || std::uniform_int_distribution<int>(0, 3)(rng) == 0)) {
        const auto back =
            static_cast<std::size_t>(std::uniform_int_distribution<int>(0, static_cast<int>(marks.size()) - 1)(rng));
        store.undo_to(marks[back]);
        marks.resize(back);
        ok = true;
        continue;
      }
      if (!ok) break;
      std::vector<VarId> open;
      for (VarId x = 0; x < p.variable_count(); ++x)
        if (store.domain(x).size() > 1) open.push_back(x);
      if (open.empty()) {
        ok = false;  // a solution: go back
        continue;
      }
      marks.push_back(store.mark());
      const VarId x = open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)];
      const Domain& d = store.domain(x);
      std::vector<int> indices;
      d.for_each([&](int i) { indices.push_back(i); });
      const int i = indices[std::uniform_int_distribution<std::size_t>(0, indices.size() - 1)(rng)];
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0:
          store.assign(x, i, nullptr);
          break;
        case 1:
          store.remove_below(x, std::max(i, d.min() + 1), nullptr);
          break;
        default:
          store.remove_above(x, std::min(i, d.max() - 1), nullptr);
          break;
      }
      // The same domains in a fresh store, then both to their fixpoint.
      Statistics fresh_stats;
      Store fresh(p, fresh_stats);
      bool fresh_ok = true;
      for (VarId y = 0; fresh_ok && y < p.variable_count(); ++y)
        for (int j = 0; fresh_ok && j < p.variable(y).size(); ++j)
          if (!store.domain(y).contains(j)) fresh_ok = fresh.remove(y, j, nullptr);
      const auto cached = fixpoint(store, ok);
      const auto scratch = fixpoint(fresh, fresh_ok);
      ASSERT_EQ(ok, fresh_ok) << "seed " << seed << ", step " << step;
      ASSERT_EQ(cached, scratch) << "seed " << seed << ", step " << step;
      ++compared;
    }
  }
  EXPECT_GT(compared, 2000u);
}

}  // namespace
}  // namespace csp
