// AllDifferent with Level::matching reaches generalised arc consistency: checked against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "csp/csp.hpp"

namespace csp {
namespace {

// For each variable, the values that appear in some all-different assignment of the domains (brute force).
std::vector<std::vector<char>> supported(const std::vector<std::vector<Value>>& domains, int values) {
  const auto n = domains.size();
  std::vector<std::vector<char>> out(n, std::vector<char>(static_cast<std::size_t>(values), 0));
  std::vector<Value> tuple(n);
  std::vector<char> used(static_cast<std::size_t>(values), 0);
  auto extend = [&](auto&& self, std::size_t k) -> void {
    if (k == n) {
      for (std::size_t i = 0; i < n; ++i) out[i][static_cast<std::size_t>(tuple[i])] = 1;
      return;
    }
    for (Value v : domains[k]) {
      if (used[static_cast<std::size_t>(v)] != 0) continue;
      used[static_cast<std::size_t>(v)] = 1;
      tuple[k] = v;
      self(self, k + 1);
      used[static_cast<std::size_t>(v)] = 0;
    }
  };
  extend(extend, 0);
  return out;
}

TEST(AllDifferentMatching, PropagateReachesGeneralisedArcConsistency) {
  std::mt19937 rng(2026);
  int unsatisfiable = 0;
  int pruned_beyond_rules = 0;
  int many_open = 0;  // rounds with more than 6 domains of several values: the matching path, not the subsets one
  for (int round = 0; round < 600; ++round) {
    const int n = 2 + static_cast<int>(rng() % 9);           // 2..10 variables
    const int values = n + static_cast<int>(rng() % 3);       // n..n+2 values
    std::vector<std::vector<Value>> domains(static_cast<std::size_t>(n));
    Problem matching;
    Problem rules;
    std::vector<VarId> scope;
    for (int k = 0; k < n; ++k) {
      auto& d = domains[static_cast<std::size_t>(k)];
      for (Value v = 0; v < values; ++v)
        if (rng() % 100 < 45) d.push_back(v);
      if (d.empty()) d.push_back(static_cast<Value>(rng() % static_cast<unsigned>(values)));
      const std::string name = std::string("x").append(std::to_string(k));
      scope.push_back(matching.add_variable(name, 0, values - 1));
      rules.add_variable(name, 0, values - 1);
      matching.restrict_domain(k, d);
      rules.restrict_domain(k, d);
    }
    matching.add_all_different(scope, AllDifferentMode::matching);
    rules.add_all_different(scope, AllDifferentMode::global);
    if (std::count_if(domains.begin(), domains.end(), [](const auto& d) { return d.size() > 1; }) > 6) ++many_open;
    const auto expected = supported(domains, values);
    const bool solvable = !expected[0].empty() &&
                          std::find(expected[0].begin(), expected[0].end(), 1) != expected[0].end();

    Statistics stats;
    Store store(matching, stats);
    const bool ok = matching.constraint(0).propagate(store);
    ASSERT_EQ(ok, solvable) << "round " << round;
    if (!ok) {
      ++unsatisfiable;
      continue;
    }
    Statistics stats2;
    Store weaker(rules, stats2);
    ASSERT_TRUE(rules.constraint(0).propagate(weaker));
    for (int k = 0; k < n; ++k) {
      for (Value v = 0; v < values; ++v) {
        const bool kept = store.domain(k).contains(v);
        ASSERT_EQ(kept, expected[static_cast<std::size_t>(k)][static_cast<std::size_t>(v)] != 0)
            << "round " << round << " variable " << k << " value " << v;
        if (!kept && weaker.domain(k).contains(v)) ++pruned_beyond_rules;
      }
    }
  }
  EXPECT_GT(unsatisfiable, 10);         // the sample covers failures...
  EXPECT_GT(pruned_beyond_rules, 10);   // ...and prunings the cheap rules miss (naked pairs and the like)
  EXPECT_GT(many_open, 100);            // ...by both filtering paths (Hall sets over subsets, Régin's matching)
}

TEST(AllDifferentMatching, NakedPairIsRemovedFromTheRest) {
  Problem p;
  std::vector<VarId> x;
  for (int k = 0; k < 4; ++k) x.push_back(p.add_variable(std::string("x").append(std::to_string(k)), 1, 4));
  p.restrict_domain(x[0], {1, 2});
  p.restrict_domain(x[1], {1, 2});
  p.add_all_different(x, AllDifferentMode::matching);
  Statistics stats;
  Store store(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(store));
  EXPECT_EQ(store.domain(x[2]).indices(), (std::vector<int>{2, 3}));  // values 3, 4
  EXPECT_EQ(store.domain(x[3]).indices(), (std::vector<int>{2, 3}));
  EXPECT_EQ(stats.values_pruned, 4U);
}

TEST(AllDifferentMatching, ModeNamesRoundTrip) {
  for (AllDifferentMode m : {AllDifferentMode::global, AllDifferentMode::pairwise, AllDifferentMode::matching})
    EXPECT_EQ(parse_all_different_mode(to_string(m)), m);
  EXPECT_THROW(parse_all_different_mode("gac"), UnknownNameError);
}

}  // namespace
}  // namespace csp
