// Increasing / decreasing, lex on integers, maximum / minimum: random instances against brute force and the
// decompositions.
#include "csp/constraints/globals/ordering.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

TEST(Increasing, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("increasing", 60, 51, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 2 + static_cast<int>(rng() % 4);
    const bool decreasing = rng() % 2 == 0;
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 4));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) { post_increasing(p, xs, decreasing, how); };
    g.relation = [=](const std::vector<Value>& v) {
      return decreasing ? std::is_sorted(v.rbegin(), v.rend()) : std::is_sorted(v.begin(), v.end());
    };
    return g;
  });
  EXPECT_GT(sat, 30);
}

TEST(Increasing, PropagationIsDomainConsistent) {
  test_support::check_generalised_arc_consistency("increasing", 60, 54, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 2 + static_cast<int>(rng() % 4);
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 4));
    g.post = [](Problem& p, const std::vector<VarId>& xs, Globals how) { post_increasing(p, xs, false, how); };
    g.relation = [](const std::vector<Value>& v) { return std::is_sorted(v.begin(), v.end()); };
    return g;
  });
}

TEST(Lex, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("lex", 100, 52, [](std::mt19937& rng) {
    GlobalInstance g;
    const int nx = 1 + static_cast<int>(rng() % 3);
    const int ny = rng() % 4 == 0 ? nx + static_cast<int>(rng() % 2) : nx;
    const bool strict = rng() % 2 == 0;
    for (int i = 0; i < nx + ny; ++i) g.domains.push_back(test_support::random_values(rng, 0, 2));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_lex(p, {xs.begin(), xs.begin() + nx}, {xs.begin() + nx, xs.end()}, strict, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      const std::vector<Value> x(v.begin(), v.begin() + nx);
      const std::vector<Value> y(v.begin() + nx, v.end());
      return strict ? x < y : x <= y;
    };
    return g;
  });
  EXPECT_GT(sat, 60);
}

TEST(Maximum, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("maximum", 80, 53, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    const bool minimum = rng() % 2 == 0;
    for (int i = 0; i <= n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 4));
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_maximum(p, xs.front(), {xs.begin() + 1, xs.end()}, minimum, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      return v.front() ==
             (minimum ? *std::min_element(v.begin() + 1, v.end()) : *std::max_element(v.begin() + 1, v.end()));
    };
    return g;
  });
  EXPECT_GT(sat, 40);
}

// m = max(xs) keeps exactly the values within its bounds that some x holds (min: mirrored). An x whose values run
// unbroken over all of m's range spares the scan; one with holes, or one that does not reach m's high end, does not.
TEST(Maximum, TheResultKeepsTheValuesSomeArgumentHolds) {
  struct Case {
    bool minimum;
    std::vector<std::vector<Value>> xs;
    std::vector<Value> m;  // m's values after propagation, from 0..9
  };
  const std::vector<Value> zero_to_seven{0, 1, 2, 3, 4, 5, 6, 7};
  const std::vector<Value> zero_to_nine{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<Case> cases{
      {false, {{1, 3, 5}, {2, 5}}, {2, 3, 5}},                  // holes everywhere: 4 goes
      {false, {zero_to_seven, {2, 9}}, {2, 3, 4, 5, 6, 7, 9}},  // the unbroken x stops at 7: 8 goes
      {false, {zero_to_nine, {3, 5}}, {3, 4, 5, 6, 7, 8, 9}},   // the unbroken x covers m's range
      {true, {{1, 3, 5}, {2, 5}}, {1, 2, 3, 5}},                // min: [1, 5] less 4
      {true, {{2, 9}, zero_to_nine}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
  };
  for (const Case& c : cases) {
    Problem p;
    const VarId m = p.add_variable("m", 0, 9);
    std::vector<VarId> xs;
    for (const auto& values : c.xs) xs.push_back(p.add_variable(test_support::numbered("x", xs.size()), values));
    post_maximum(p, m, xs, c.minimum);
    ASSERT_EQ(p.constraint_count(), 1);
    Statistics stats;
    Store store(p, stats);
    ASSERT_TRUE(store.propagate(p.constraint(0)));
    std::vector<Value> left;
    store.domain(m).for_each([&](int i) { left.push_back(p.variable(m).value(i)); });
    EXPECT_EQ(left, c.m) << (c.minimum ? "min" : "max") << " case " << (&c - cases.data());
  }
}

TEST(ArgMax, RandomInstancesMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("arg_max", 100, 55, [](std::mt19937& rng) {
    GlobalInstance g;
    const int n = 1 + static_cast<int>(rng() % 4);
    const bool minimum = rng() % 2 == 0;
    const int offset = static_cast<int>(rng() % 3);
    for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, 3));
    g.domains.push_back(test_support::random_values(rng, offset - 1, offset + n));  // z, a value outside included
    g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) {
      post_arg_max(p, {xs.begin(), xs.end() - 1}, xs.back(), offset, minimum, how);
    };
    g.relation = [=](const std::vector<Value>& v) {
      const auto first = v.begin();
      const auto last = v.end() - 1;
      const auto best = minimum ? std::min_element(first, last) : std::max_element(first, last);  // the first best
      return v.back() == offset + static_cast<Value>(best - first);
    };
    return g;
  });
  EXPECT_GT(sat, 50);
}

TEST(ArgMax, TiesGoToTheFirstIndex) {
  // x = (2, 5, 5, 1) fixed: arg_max is 2 and arg_min 4 (MiniZinc's 1-based indices).
  for (const bool minimum : {false, true}) {
    Problem p;
    std::vector<VarId> xs;
    for (Value v : {2, 5, 5, 1}) xs.push_back(p.add_variable(test_support::numbered("x", xs.size()), v, v));
    const VarId z = p.add_variable("z", 0, 6);
    post_arg_max(p, xs, z, 1, minimum);
    const std::vector<test_support::Tuple> all = test_support::all_solutions(p);
    ASSERT_EQ(all.size(), 1U);
    EXPECT_EQ(all.front().back(), minimum ? 4 : 2);
  }
}

TEST(Ordering, SharedVariablesAndErrors) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 3);
  const VarId y = p.add_variable("y", 0, 3);
  post_lex(p, {x, y}, {y, x}, true);  // (x, y) <lex (y, x): x < y
  post_maximum(p, y, {x, y});         // y = max(x, y): x <= y
  EXPECT_EQ(test_support::all_solutions(p).size(), 6U);
  EXPECT_THROW(post_maximum(p, x, {}), ModelError);
  EXPECT_THROW(post_arg_max(p, {}, x), ModelError);
}

}  // namespace
}  // namespace csp
