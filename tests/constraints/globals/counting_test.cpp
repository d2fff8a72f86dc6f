// Among, count, at_most, at_least and global cardinality: random instances against brute force and the boolean
// decompositions.
#include "csp/constraints/globals/counting.hpp"

#include <gtest/gtest.h>

#include <set>

#include <algorithm>

#include "csp/core/errors.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

bool holds(LinearOp op, long long lhs, long long rhs) {
  switch (op) {
    case LinearOp::eq:
      return lhs == rhs;
    case LinearOp::ne:
      return lhs != rhs;
    case LinearOp::le:
      return lhs <= rhs;
    case LinearOp::ge:
      return lhs >= rhs;
  }
  return false;
}

TEST(Among, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("among", 100, 31, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i <= n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 3));  // the last one is c
    std::vector<Value> values{static_cast<Value>(rng() % 4)};
    if (rng() % 2 == 0) values.push_back(static_cast<Value>(rng() % 4));
    const LinearOp op = std::vector<LinearOp>{LinearOp::eq, LinearOp::ne, LinearOp::le, LinearOp::ge}[rng() % 4];
    const int shift = static_cast<int>(rng() % 3) - 1;
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_among(p, {xs.begin(), xs.end() - 1}, values, xs.back(), op, shift, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      long long k = 0;
      for (std::size_t i = 0; i + 1 < v.size(); ++i) k += std::count(values.begin(), values.end(), v[i]) > 0 ? 1 : 0;
      return holds(op, k, static_cast<long long>(v.back()) + shift);
    };
    return g;
  });
  EXPECT_GT(sat, 50);
}

TEST(Among, PropagationIsGeneralisedArcConsistentForEqLeGe) {
  test_support::check_generalised_arc_consistency("among", 100, 32, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i <= n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 3));
    const std::vector<Value> values{static_cast<Value>(rng() % 4), static_cast<Value>(rng() % 4)};
    const LinearOp op = std::vector<LinearOp>{LinearOp::eq, LinearOp::le, LinearOp::ge}[rng() % 3];
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_among(p, {xs.begin(), xs.end() - 1}, values, xs.back(), op, 0, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      long long k = 0;
      for (std::size_t i = 0; i + 1 < v.size(); ++i) k += std::count(values.begin(), values.end(), v[i]) > 0 ? 1 : 0;
      return holds(op, k, v.back());
    };
    return g;
  });
}

TEST(AtMostAtLeast, FourVariablesOfThreeValues) {
  // At most one 2 among four variables of 1..3: 2^4 + 4 * 2^3 = 48; at least three 2s: 1 + 4 * 2 = 9.
  for (const Globals how : {Globals::native, Globals::decompose}) {
    Problem most;
    Problem least;
    std::vector<VarId> a;
    std::vector<VarId> b;
    for (int i = 0; i < 4; ++i) {
      a.push_back(most.add_variable(test_support::numbered("a", i), 1, 3));
      b.push_back(least.add_variable(test_support::numbered("b", i), 1, 3));
    }
    post_at_most(most, 1, a, 2, how);
    post_at_least(least, 3, b, 2, how);
    SolverConfig c;
    c.inference = "mac";
    c.max_solutions = 0;
    EXPECT_EQ(backtracking_search(most, c).solution_count, 48U);
    EXPECT_EQ(backtracking_search(least, c).solution_count, 9U);
  }
}

TEST(GlobalCardinality, RandomInstancesMatchBruteForceAndDecomposition) {
  for (const bool closed : {false, true}) {
    const int sat = test_support::check_random_instances("gcc", 60, closed ? 41 : 42, [closed](std::mt19937& rng) {
      GlobalInstance g;
      const int n = 1 + static_cast<int>(rng() % 3);
      const std::vector<Value> cover{1, 2};
      for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 2));
      for (int k = 0; k < 2; ++k) g.domains.push_back(test_support::random_values(rng, 0, 3));
      g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
        post_global_cardinality(p, {xs.begin(), xs.begin() + n}, cover, {xs.begin() + n, xs.end()}, closed, how);
      };
      g.relation = [=](const std::vector<Value>& v) {
        for (int k = 0; k < 2; ++k)
          if (std::count(v.begin(), v.begin() + n, cover[static_cast<std::size_t>(k)]) !=
              v[static_cast<std::size_t>(n + k)])
            return false;
        return !closed || std::all_of(v.begin(), v.begin() + n, [](Value x) { return x == 1 || x == 2; });
      };
      return g;
    });
    EXPECT_GT(sat, 15) << closed;
  }
}

TEST(GlobalCardinality, LowUpBoundsMatchBruteForce) {
  const int sat = test_support::check_random_instances("gcc_low_up", 60, 43, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    const bool closed = rng() % 2 == 0;
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 2));
    const std::vector<int> low{static_cast<int>(rng() % 2), static_cast<int>(rng() % 2)};
    const std::vector<int> high{low[0] + static_cast<int>(rng() % 3), low[1] + static_cast<int>(rng() % 3)};
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_global_cardinality_low_up(p, xs, {1, 2}, low, high, closed, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      for (int k = 0; k < 2; ++k) {
        const auto c = std::count(v.begin(), v.end(), k + 1);
        if (c < low[static_cast<std::size_t>(k)] || c > high[static_cast<std::size_t>(k)]) return false;
      }
      return !closed || std::all_of(v.begin(), v.end(), [](Value x) { return x == 1 || x == 2; });
    };
    return g;
  });
  EXPECT_GT(sat, 20);
}

TEST(Among, RejectsNoValues) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  EXPECT_THROW(post_among(p, {x}, {}, x), ModelError);
}

TEST(NValue, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("nvalue", 80, 74, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = static_cast<int>(rng() % 5);
    g.domains.push_back(test_support::random_values(rng, 0, 4));  // the count
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 3));
    g.post = [](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_nvalue(p, xs.front(), {xs.begin() + 1, xs.end()}, how);
    };
    g.relation = [](const std::vector<Value>& v) {
      return static_cast<Value>(std::set<Value>(v.begin() + 1, v.end()).size()) == v.front();
    };
    return g;
  });
  EXPECT_GT(sat, 50);
}

TEST(NValue, KnownCounts) {
  // Three variables over 1..3 with exactly two distinct values: 3 pairs of values x (2^3 - 2) = 18 tuples; with n
  // free over 0..3: all 27 tuples, one n each.
  for (const bool free_n : {false, true})
    for (const Globals how : {Globals::native, Globals::decompose}) {
      Problem p;
      const VarId n = free_n ? p.add_variable("n", 0, 3) : p.add_variable("n", 2, 2);
      std::vector<VarId> xs;
      for (int i = 0; i < 3; ++i) xs.push_back(p.add_variable(test_support::numbered("x", std::size_t(i)), 1, 3));
      post_nvalue(p, n, xs, how);
      SolverConfig c;
      c.inference = "mac";
      c.max_solutions = 0;
      c.keep_solutions = 0;
      EXPECT_EQ(backtracking_search(p, c).solution_count, free_n ? 27U : 18U) << to_string(how);
    }
}

}  // namespace
}  // namespace csp
