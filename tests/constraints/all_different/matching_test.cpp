// AllDifferent with Level::matching reaches generalised arc consistency: checked against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>

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
    const int n = 2 + static_cast<int>(rng() % 9);       // 2..10 variables
    const int values = n + static_cast<int>(rng() % 3);  // n..n+2 values
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
    matching.add_all_different(scope, AllDifferentMode::gac);
    rules.add_all_different(scope, AllDifferentMode::value);
    if (std::count_if(domains.begin(), domains.end(), [](const auto& d) { return d.size() > 1; }) > 6) ++many_open;
    const auto expected = supported(domains, values);
    const bool solvable =
        !expected[0].empty() && std::find(expected[0].begin(), expected[0].end(), 1) != expected[0].end();

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
  EXPECT_GT(unsatisfiable, 10);        // the sample covers failures...
  EXPECT_GT(pruned_beyond_rules, 10);  // ...and prunings the cheap rules miss (naked pairs and the like)
  EXPECT_GT(many_open, 100);           // ...by both filtering paths (Hall sets over subsets, Régin's matching)
}

TEST(AllDifferentMatching, NakedPairIsRemovedFromTheRest) {
  Problem p;
  std::vector<VarId> x;
  for (int k = 0; k < 4; ++k) x.push_back(p.add_variable(std::string("x").append(std::to_string(k)), 1, 4));
  p.restrict_domain(x[0], std::vector<Value>{1, 2});
  p.restrict_domain(x[1], std::vector<Value>{1, 2});
  p.add_all_different(x, AllDifferentMode::gac);
  Statistics stats;
  Store store(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(store));
  EXPECT_EQ(store.domain(x[2]).indices(), (std::vector<int>{2, 3}));  // values 3, 4
  EXPECT_EQ(store.domain(x[3]).indices(), (std::vector<int>{2, 3}));
  EXPECT_EQ(stats.values_pruned, 4U);
}

// The current domains of `vars` as values, one list per variable.
std::vector<std::vector<Value>> current_values(const Store& store, const std::vector<VarId>& vars) {
  std::vector<std::vector<Value>> out;
  for (VarId x : vars) {
    std::vector<Value> d;
    store.domain(x).for_each([&](int i) { d.push_back(store.value(x, i)); });
    out.push_back(std::move(d));
  }
  return out;
}

// The incremental path (domains that differ, so not the one-word fast path; the matching kept between calls and
// repaired): random sequences of assignments, propagations and undos on one store, GAC checked against brute force
// after every propagation, and the domains after each undo checked against the ones saved before.
TEST(AllDifferentMatching, IncrementalMatchingStaysExactOverAssignmentsAndUndos) {
  std::mt19937 rng(77);
  int failures = 0;
  int prunings = 0;
  int undos = 0;
  int wide_rounds = 0;  // rounds where some variable has more values than the scope has variables
  for (int round = 0; round < 150; ++round) {
    const int n = 3 + static_cast<int>(rng() % 6);           // 3..8 variables
    const int values = n + 1 + static_cast<int>(rng() % 4);  // n+1..n+4 values
    Problem p;
    std::vector<VarId> x;
    bool wide = false;
    for (int k = 0; k < n; ++k) {
      // Variable k ranges over 0..values-1+k%2: the value lists differ, as in the large models.
      x.push_back(p.add_variable(std::string("x").append(std::to_string(k)), 0, values - 1 + k % 2));
      const unsigned density = k % 3 == 0 ? 90 : 50;
      std::vector<Value> d;
      for (Value v = 0; v < values; ++v)
        if (rng() % 100 < density) d.push_back(v);
      if (d.empty()) d.push_back(static_cast<Value>(rng() % static_cast<unsigned>(values)));
      wide = wide || static_cast<int>(d.size()) > n;
      p.restrict_domain(x.back(), d);
    }
    wide_rounds += wide ? 1 : 0;
    p.add_all_different(x, AllDifferentMode::gac);
    Statistics stats;
    Store store(p, stats);
    std::vector<std::pair<Trail::Mark, std::vector<Domain>>> saved;
    for (int step = 0; step < 12; ++step) {
      const auto before = current_values(store, x);
      const auto expected = supported(before, values + 1);
      const bool solvable = std::find(expected[0].begin(), expected[0].end(), 1) != expected[0].end();
      const bool ok = p.constraint(0).propagate(store);
      ASSERT_EQ(ok, solvable) << "round " << round << " step " << step;
      if (ok) {
        for (int k = 0; k < n; ++k) {
          for (Value v : before[static_cast<std::size_t>(k)]) {
            const bool kept = store.domain(x[static_cast<std::size_t>(k)]).contains(v);
            ASSERT_EQ(kept, expected[static_cast<std::size_t>(k)][static_cast<std::size_t>(v)] != 0)
                << "round " << round << " step " << step << " variable " << k << " value " << v;
            prunings += kept ? 0 : 1;
          }
        }
      } else {
        ++failures;
      }
      // Undo (always after a failure, else one time in three), or change 1-3 domains before the next propagation:
      // assign an open variable a random value or remove one (one change alone never fails after GAC).
      if (!saved.empty() && (!ok || rng() % 3 == 0)) {
        store.undo_to(saved.back().first);
        ASSERT_EQ(store.domains(), saved.back().second) << "round " << round << " step " << step;
        saved.pop_back();
        ++undos;
        continue;
      }
      if (!ok) break;
      saved.emplace_back(store.mark(), store.domains());
      const int changes = 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < changes; ++c) {
        std::vector<int> open;
        for (int k = 0; k < n; ++k)
          if (store.domain(x[static_cast<std::size_t>(k)]).size() > 1) open.push_back(k);
        if (open.empty()) break;
        const VarId y = x[static_cast<std::size_t>(open[rng() % open.size()])];
        const std::vector<int> left = store.domain(y).indices();
        if (rng() % 2 == 0)
          store.assign(y, left[rng() % left.size()], nullptr);
        else
          store.remove(y, left[rng() % left.size()], nullptr);
      }
    }
  }
  EXPECT_GT(failures, 20);
  EXPECT_GT(prunings, 100);
  EXPECT_GT(undos, 100);
  EXPECT_GT(wide_rounds, 50);
}

// A variable with more values than the scope has variables stays out of the matching graph ("wide"); it must still
// lose the values of the Hall sets. Here the domains are intervals of a million values (no bitset, no value loop).
TEST(AllDifferentMatching, WideIntervalDomainsLoseTheHallValues) {
  Problem p;
  std::vector<VarId> x;
  for (int k = 0; k < 40; ++k) x.push_back(p.add_variable(std::string("x").append(std::to_string(k)), 0, 999'999));
  p.restrict_domain(x[0], std::vector<Value>{5, 6});
  p.restrict_domain(x[1], std::vector<Value>{5, 6});
  p.restrict_domain(x[2], std::vector<Value>{5, 6, 7});  // {x0, x1, x2} hold 5, 6, 7 only: a Hall set, so x2 = 7
  p.restrict_domain(x[3], 999'999);                      // fixed
  p.add_all_different(x, AllDifferentMode::gac);
  Statistics stats;
  Store store(p, stats);
  ASSERT_FALSE(store.domain(x[4]).is_bitset());
  ASSERT_TRUE(p.constraint(0).propagate(store));
  EXPECT_EQ(store.domain(x[2]).indices(), (std::vector<int>{7}));
  for (std::size_t k = 4; k < x.size(); ++k) {
    const Domain& d = store.domain(x[k]);
    EXPECT_EQ(d.size(), 1'000'000 - 4) << k;  // lost 5, 6, 7 and 999,999
    EXPECT_FALSE(d.contains(5) || d.contains(6) || d.contains(7) || d.contains(999'999)) << k;
    EXPECT_TRUE(d.contains(4) && d.contains(8) && d.contains(999'998)) << k;
  }
  // Too few values: 40 variables of two billion values each, bounded to the same 39 values, fail at once.
  Problem q;
  std::vector<VarId> y;
  for (int k = 0; k < 40; ++k) {
    y.push_back(q.add_variable(std::string("y").append(std::to_string(k)), -1'000'000'000, 1'000'000'000));
    q.restrict_range(y.back(), 900'000'000, 900'000'038);
  }
  q.add_all_different(y, AllDifferentMode::gac);
  Statistics stats2;
  Store store2(q, stats2);
  EXPECT_FALSE(q.constraint(0).propagate(store2));
}

// A big all-different with wide domains solved by search: 200 variables over 10,000 values (interval domains), ten
// pinned to ten values. (Not wider: the natural value ordering lists a domain's values.)
TEST(AllDifferentMatching, SearchOverWideDomainsFindsDifferentValues) {
  Problem p;
  std::vector<VarId> x;
  for (int k = 0; k < 200; ++k) x.push_back(p.add_variable(std::string("x").append(std::to_string(k)), -5'000, 4'999));
  for (int k = 0; k < 10; ++k) p.restrict_range(x[static_cast<std::size_t>(k)], -5'000, -4'991);
  p.add_all_different(x, AllDifferentMode::gac);
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  const SearchResult r = backtracking_search(p, config);
  ASSERT_EQ(r.status, Status::solved);
  const Assignment& a = r.solutions.front();
  std::vector<Value> v;
  for (VarId y : x) v.push_back(a.value(y));
  ASSERT_FALSE(Domain(10'000).is_bitset());
  for (int k = 0; k < 10; ++k) EXPECT_LE(v[static_cast<std::size_t>(k)], -4'991);
  std::sort(v.begin(), v.end());
  EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());
  EXPECT_EQ(r.stats.backtracks, 0U);
}

// The derangement of the scale benchmarks: p[i] in 1..n, all different, p[i] != i; first_fail (mrv) and
// indomain_min (natural), with MAC. n = 2,000: the answer is checked to be a permutation without a fixed point.
TEST(AllDifferentMatching, Derangement2000IsSolved) {
  const int n = 2000;
  Problem p;
  std::vector<VarId> x;
  for (int i = 1; i <= n; ++i) {
    x.push_back(p.add_variable(std::string("p").append(std::to_string(i)), 1, n));
    std::vector<Value> allowed;
    for (Value v = 1; v <= n; ++v)
      if (v != i) allowed.push_back(v);
    p.restrict_domain(x.back(), allowed);
  }
  p.add_all_different(x, AllDifferentMode::gac);
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.value_ordering = "natural";
  config.inference = "mac";
  const SearchResult r = backtracking_search(p, config);
  ASSERT_EQ(r.status, Status::solved);
  const Assignment& a = r.solutions.front();
  std::vector<char> used(static_cast<std::size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i) {
    const Value v = a.value(x[static_cast<std::size_t>(i - 1)]);
    ASSERT_TRUE(v >= 1 && v <= n) << i;
    EXPECT_NE(v, i);
    EXPECT_EQ(used[static_cast<std::size_t>(v)], 0) << "value " << v << " twice";
    used[static_cast<std::size_t>(v)] = 1;
  }
  EXPECT_EQ(r.stats.backtracks, 0U);  // GAC never lets the search into a dead end here
}

TEST(AllDifferentMatching, ModeNamesRoundTrip) {
  for (AllDifferentMode m : {AllDifferentMode::value, AllDifferentMode::binary, AllDifferentMode::gac})
    EXPECT_EQ(parse_all_different_mode(to_string(m)), m);
  EXPECT_THROW(parse_all_different_mode("regin"), UnknownNameError);
}

}  // namespace
}  // namespace csp
