// Bin packing (load, capacities, one capacity) and diffn (strict and non-strict): random instances against brute force
// and the decompositions.
#include "csp/constraints/globals/packing.hpp"

#include <gtest/gtest.h>

#include "csp/core/errors.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

std::vector<int> random_weights(std::mt19937& rng, int n) {
  std::vector<int> w;
  for (int i = 0; i < n; ++i) w.push_back(static_cast<int>(rng() % 4));  // 0..3, zero weights included
  return w;
}

TEST(BinPackingLoad, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("bin_packing_load", 60, 71, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    const int m = 1 + static_cast<int>(rng() % 3);
    const int first = static_cast<int>(rng() % 3);
    const std::vector<int> w = random_weights(rng, n);
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, first - 1, first + m));
    for (int k = 0; k < m; ++k) g.domains.push_back(test_support::random_values(rng, 0, 5));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_bin_packing_load(p, {xs.begin() + n, xs.end()}, {xs.begin(), xs.begin() + n}, w, first, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      std::vector<int> load(static_cast<std::size_t>(m), 0);
      for (int i = 0; i < n; ++i) {
        const int k = v[static_cast<std::size_t>(i)] - first;
        if (k < 0 || k >= m) return false;
        load[static_cast<std::size_t>(k)] += w[static_cast<std::size_t>(i)];
      }
      for (int k = 0; k < m; ++k)
        if (load[static_cast<std::size_t>(k)] != v[static_cast<std::size_t>(n + k)]) return false;
      return true;
    };
    return g;
  });
  EXPECT_GT(sat, 10);
}

TEST(BinPackingCapa, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("bin_packing_capa", 80, 72, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 5);
    const int m = 1 + static_cast<int>(rng() % 3);
    const bool one_capacity = rng() % 2 == 0;  // bin_packing: every value the bins may take, one capacity
    const std::vector<int> w = random_weights(rng, n);
    std::vector<int> c;
    for (int k = 0; k < m; ++k) c.push_back(static_cast<int>(rng() % 6));
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, m + (one_capacity ? 0 : 1)));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      if (one_capacity)
        post_bin_packing(p, c.front(), xs, w, how);
      else
        post_bin_packing_capa(p, c, xs, w, 1, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      std::vector<int> load(static_cast<std::size_t>(m) + 2, 0);
      for (int i = 0; i < n; ++i) {
        const Value b = v[static_cast<std::size_t>(i)];
        if (!one_capacity && (b < 1 || b > m)) return false;
        load[static_cast<std::size_t>(b)] += w[static_cast<std::size_t>(i)];
      }
      for (std::size_t b = 0; b < load.size(); ++b) {
        const int cap = one_capacity ? c.front() : b >= 1 && b <= static_cast<std::size_t>(m) ? c[b - 1] : 0;
        if (load[b] > cap) return false;
      }
      return true;
    };
    return g;
  });
  EXPECT_GT(sat, 30);
}

TEST(BinPacking, KnownCountAndErrors) {
  // Three items of weight 2 into two bins of capacity 4: every assignment but "all three in one bin": 2^3 - 2 = 6.
  Problem p;
  std::vector<VarId> bins;
  for (int i = 0; i < 3; ++i) bins.push_back(p.add_variable(test_support::numbered("b", std::size_t(i)), 1, 2));
  post_bin_packing_capa(p, {4, 4}, bins, {2, 2, 2});
  EXPECT_EQ(test_support::all_solutions(p).size(), 6U);
  EXPECT_THROW(post_bin_packing_capa(p, {4}, bins, {1, 2}), ModelError);
  EXPECT_THROW(post_bin_packing_capa(p, {4}, bins, {1, -2, 1}), ModelError);
  EXPECT_THROW(post_bin_packing_load(p, {}, bins, {1, 1, 1}), ModelError);
}

TEST(Diffn, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("diffn", 50, 73, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = rng() % 3 == 0 ? 3 : 2;  // three rectangles on a smaller board (the brute force is 3^12 otherwise)
    const bool strict = rng() % 2 == 0;
    for (int i = 0; i < 2 * n; ++i) g.domains.push_back(test_support::random_values(rng, 0, n == 3 ? 1 : 2));
    for (int i = 0; i < 2 * n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 2));
    g.post = [=](Problem& p, const std::vector<VarId>& v, Globals how) {
      const auto part = [&](int k) { return std::vector<VarId>(v.begin() + k * n, v.begin() + (k + 1) * n); };
      post_diffn(p, part(0), part(1), part(2), part(3), strict, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      const auto at = [&](int k, int i) { return v[static_cast<std::size_t>(k * n + i)]; };
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
          if (!strict && (at(2, i) == 0 || at(2, j) == 0 || at(3, i) == 0 || at(3, j) == 0)) continue;
          const bool apart = at(0, i) + at(2, i) <= at(0, j) || at(0, j) + at(2, j) <= at(0, i) ||
                             at(1, i) + at(3, i) <= at(1, j) || at(1, j) + at(3, j) <= at(1, i);
          if (!apart) return false;
        }
      return true;
    };
    return g;
  });
  EXPECT_GT(sat, 30);
}

TEST(Diffn, SquaresInABoxAndSharedConstants) {
  // Four 1x1 squares in a 2x2 box: 4! placements; a fifth does not fit. Sizes are one shared constant variable.
  for (const int squares : {4, 5}) {
    Problem p;
    const VarId one = p.add_variable("one", 1, 1);
    std::vector<VarId> x;
    std::vector<VarId> y;
    for (int i = 0; i < squares; ++i) {
      x.push_back(p.add_variable(test_support::numbered("x", std::size_t(i)), 0, 1));
      y.push_back(p.add_variable(test_support::numbered("y", std::size_t(i)), 0, 1));
    }
    const std::vector<VarId> sizes(static_cast<std::size_t>(squares), one);
    for (const Globals how : {Globals::native, Globals::decompose}) {
      Problem q = p;
      post_diffn(q, x, y, sizes, sizes, true, how);
      SolverConfig c;
      c.inference = "mac";
      c.max_solutions = 0;
      c.keep_solutions = 0;
      EXPECT_EQ(backtracking_search(q, c).solution_count, squares == 4 ? 24U : 0U) << to_string(how);
    }
  }
  Problem p;
  const VarId a = p.add_variable("a", 0, 1);
  EXPECT_THROW(post_diffn(p, {a, a}, {a}, {a, a}, {a, a}), ModelError);
}

}  // namespace
}  // namespace csp
