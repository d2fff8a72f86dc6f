// Circuit, subcircuit and inverse: known counts, random instances against brute force and the decompositions.
#include "csp/constraints/globals/routing.hpp"

#include <gtest/gtest.h>

#include "csp/core/errors.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

// Independent checks: follow the successors (values offset..offset+n-1).
bool is_circuit(const std::vector<Value>& x, int offset, bool sub) {
  const int n = static_cast<int>(x.size());
  int start = -1;
  int in = 0;
  for (int i = 0; i < n; ++i) {
    if (x[static_cast<std::size_t>(i)] < offset || x[static_cast<std::size_t>(i)] >= offset + n) return false;
    if (x[static_cast<std::size_t>(i)] - offset != i) {
      ++in;
      start = i;
    }
  }
  if (start < 0) return sub;
  if (!sub && in != n) return false;
  int len = 0;
  int i = start;
  do {
    i = x[static_cast<std::size_t>(i)] - offset;
    ++len;
  } while (i != start && len <= n);
  return len == in;
}

std::uint64_t count(const Problem& p, const std::string& inference) {
  SolverConfig c;
  c.inference = inference;
  c.max_solutions = 0;
  return backtracking_search(p, c).solution_count;
}

TEST(Circuit, FiveNodesHave24Circuits) {
  for (const Globals how : {Globals::native, Globals::decompose}) {
    Problem p;
    std::vector<VarId> x;
    for (int i = 0; i < 5; ++i) x.push_back(p.add_variable(test_support::numbered("x", i), 1, 5));
    post_circuit(p, x, 1, how);
    for (const std::string inference : {"none", "fc", "mac"}) EXPECT_EQ(count(p, inference), 24U) << inference;  // 4!
  }
}

TEST(Subcircuit, FourNodesHave21Subcircuits) {
  // The empty one, C(4,2) * 1! + C(4,3) * 2! + C(4,4) * 3! = 6 + 8 + 6: 21.
  for (const Globals how : {Globals::native, Globals::decompose}) {
    Problem p;
    std::vector<VarId> x;
    for (int i = 0; i < 4; ++i) x.push_back(p.add_variable(test_support::numbered("x", i), 0, 3));
    post_subcircuit(p, x, 0, how);
    for (const std::string inference : {"none", "fc", "mac"}) EXPECT_EQ(count(p, inference), 21U) << inference;
  }
}

GlobalInstance successors(std::mt19937& rng, bool sub) {
  GlobalInstance g;
  const int n = 2 + static_cast<int>(rng() % 4);
  const int offset = static_cast<int>(rng() % 2);
  for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, offset - 1, offset + n));
  g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
    if (sub)
      post_subcircuit(p, xs, offset, how);
    else
      post_circuit(p, xs, offset, how);
  };
  g.relation = [=](const std::vector<Value>& x) { return is_circuit(x, offset, sub); };
  return g;
}

TEST(Circuit, RandomInstancesMatchBruteForceAndDecomposition) {
  EXPECT_GT(
      test_support::check_random_instances("circuit", 60, 7, [](std::mt19937& rng) { return successors(rng, false); }),
      10);
}

TEST(Subcircuit, RandomInstancesMatchBruteForceAndDecomposition) {
  EXPECT_GT(test_support::check_random_instances("subcircuit", 60, 8,
                                                 [](std::mt19937& rng) { return successors(rng, true); }),
            30);
}

TEST(Inverse, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("inverse", 60, 9, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < 2 * n; ++i) g.domains.push_back(test_support::random_values(rng, 0, n + 1));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_inverse(p, {xs.begin(), xs.begin() + n}, {xs.begin() + n, xs.end()}, 1, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      for (int i = 0; i < n; ++i) {
        const Value j = v[static_cast<std::size_t>(i)];
        if (j < 1 || j > n || v[static_cast<std::size_t>(n + j - 1)] != i + 1) return false;
      }
      for (int j = 0; j < n; ++j) {
        const Value i = v[static_cast<std::size_t>(n + j)];
        if (i < 1 || i > n || v[static_cast<std::size_t>(i - 1)] != j + 1) return false;
      }
      return true;
    };
    return g;
  });
  EXPECT_GT(sat, 10);
}

TEST(Circuit, RejectsNoNodesAndInverseSizes) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  EXPECT_THROW(post_circuit(p, {}), ModelError);
  EXPECT_THROW(post_inverse(p, {x}, {}), ModelError);
}

}  // namespace
}  // namespace csp
