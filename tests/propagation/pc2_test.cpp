// PC-2 (AIMA §6.2.3): the 2-coloured triangle, path consistency of the result checked pair by pair, and the same
// solutions as the brute-force oracle on random CSPs.
#include "csp/propagation/pc2.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

// A random binary CSP: n variables with values 0..d-1, each pair constrained with probability `density` by a random
// relation allowing each value pair with probability `tightness` (std::mt19937 only: the same on every platform).
Problem random_binary(std::uint32_t seed, int n, int d, int density_percent, int allowed_percent) {
  std::mt19937 rng(seed);
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(std::string("x").append(std::to_string(i)), 0, d - 1);
  for (VarId x = 0; x < n; ++x)
    for (VarId y = x + 1; y < n; ++y) {
      if (static_cast<int>(rng() % 100) >= density_percent) continue;
      std::vector<std::vector<Value>> tuples;
      for (Value a = 0; a < d; ++a)
        for (Value b = 0; b < d; ++b)
          if (static_cast<int>(rng() % 100) < allowed_percent) tuples.push_back({a, b});
      if (tuples.empty()) tuples.push_back({0, 0});
      p.add_table({x, y}, tuples);
    }
  return p;
}

// Does (x = a, y = b) satisfy every binary constraint of `p` on the pair, and are a and b in the initial domains?
bool allowed(const Problem& p, VarId x, int a, VarId y, int b) {
  if (!p.initial_domain(x).contains(a) || !p.initial_domain(y).contains(b)) return false;
  for (const ConstraintId c : p.constraints_of(x)) {
    const Constraint& con = p.constraint(c);
    if (con.arity() != 2 || con.position_of(y) < 0) continue;
    const Value vx = p.variable(x).value(a);
    const Value vy = p.variable(y).value(b);
    const std::array<Value, 2> t = con.scope()[0] == x ? std::array<Value, 2>{vx, vy} : std::array<Value, 2>{vy, vx};
    if (!con.is_satisfied_by(t)) return false;
  }
  return true;
}

TEST(Pc2, TwoColouredTriangleAc3FindsNothingPc2ProvesInconsistent) {
  // AIMA §6.2.3: WA, NT, SA pairwise different with 2 colours. Every arc is consistent, no path is.
  const Problem p = models::map_coloring({{"WA", "NT", "SA"}, {{"WA", "NT"}, {"NT", "SA"}, {"WA", "SA"}}}, 2);
  Statistics stats;
  Store s(p, stats);
  const Ac3Result ac = ac3(s);
  EXPECT_TRUE(ac.consistent);
  EXPECT_EQ(ac.values_pruned, 0U);
  const Pc2Result pc = pc2(p);
  EXPECT_FALSE(pc.consistent);
  EXPECT_GT(pc.pairs_removed, 0U);

  SolverConfig c = SolverConfig::textbook();
  c.ac3_preprocess = true;
  const SearchResult with_ac3 = backtracking_search(p, c);
  EXPECT_EQ(with_ac3.status, Status::unsatisfiable);
  EXPECT_GT(with_ac3.stats.assignments, 0U);  // AC-3 leaves it to search
  c.ac3_preprocess = false;
  c.pc2_preprocess = true;
  const SearchResult with_pc2 = backtracking_search(p, c);
  EXPECT_EQ(with_pc2.status, Status::unsatisfiable);
  EXPECT_TRUE(with_pc2.complete);
  EXPECT_EQ(with_pc2.stats.assignments, 0U);  // proved before search
  EXPECT_EQ(with_pc2.stats.failures, 1U);
  EXPECT_GT(with_pc2.stats.revisions, 0U);
}

TEST(Pc2, ThreeColouredAustraliaIsPathConsistentAlready) {
  // Path consistency with 3 colours: every pair of regions allows any two different colours through any third.
  const Problem p = models::map_coloring(models::australia(), 3);
  const Pc2Result pc = pc2(p);
  EXPECT_TRUE(pc.consistent);
  EXPECT_EQ(pc.values_pruned, 0U);
  EXPECT_EQ(pc.relations_tightened, 0);
  EXPECT_EQ(pc.problem.constraint_count(), p.constraint_count());
}

TEST(Pc2, ResultIsPathConsistentAndKeepsTheSolutions) {
  // On random binary CSPs: the result has the oracle's solutions, and every pair (a, b) its relations allow extends
  // to every third variable (the definition of path consistency, checked here without PC-2's own data).
  int tightened = 0;
  int proved = 0;
  for (std::uint32_t seed = 1; seed <= 80; ++seed) {
    const Problem p = random_binary(seed, 5 + static_cast<int>(seed % 3), 3, 60, 55);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(p);
    const Pc2Result pc = pc2(p);
    if (!pc.consistent) {
      EXPECT_TRUE(expected.empty()) << "seed " << seed;
      ++proved;
      continue;
    }
    EXPECT_EQ(test_support::all_solutions(pc.problem), expected) << "seed " << seed;
    tightened += pc.relations_tightened;
    const Problem& q = pc.problem;
    const int n = q.variable_count();
    for (VarId x = 0; x < n; ++x)
      for (VarId y = 0; y < n; ++y) {
        if (x == y) continue;
        for (int a = 0; a < 3; ++a) {
          if (!q.initial_domain(x).contains(a)) continue;
          bool supported = false;  // arc consistency: a has a partner in y
          for (int b = 0; b < 3; ++b) {
            if (!allowed(q, x, a, y, b)) continue;
            supported = true;
            for (VarId k = 0; k < n; ++k) {
              if (k == x || k == y) continue;
              bool through = false;
              for (int c = 0; c < 3 && !through; ++c) through = allowed(q, x, a, k, c) && allowed(q, k, c, y, b);
              EXPECT_TRUE(through) << "seed " << seed << ": (" << x << "=" << a << ", " << y << "=" << b
                                   << ") has no partner in " << k;
            }
          }
          EXPECT_TRUE(supported) << "seed " << seed << ": " << x << "=" << a << " has no support in " << y;
        }
      }
  }
  EXPECT_GT(tightened, 30) << proved;  // the sample exercises tightening,
  EXPECT_GT(proved, 5) << tightened;   // and PC-2 proves some problems inconsistent
}

TEST(Pc2, PrunesAtLeastWhatAc3Prunes) {
  // PC-2 then AC-3 (SolverConfig::pc2_preprocess) leaves each domain a subset of AC-3's, and prunes at least as
  // many values; on some problems strictly more.
  int more = 0;
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    const Problem p = random_binary(seed + 1000, 6, 3, 70, 60);
    Statistics ac_stats;
    Store s(p, ac_stats);
    const bool ac_ok = ac3(s).consistent;
    const Pc2Result pc = pc2(p);
    if (!ac_ok) {
      EXPECT_FALSE(pc.consistent) << "seed " << seed;
      continue;
    }
    if (!pc.consistent) {
      ++more;
      continue;
    }
    Statistics pc_stats;
    Store t(pc.problem, pc_stats);
    ASSERT_TRUE(ac3(t).consistent) << "seed " << seed;  // PC-2's result is arc consistent
    std::uint64_t pruned = pc.values_pruned + pc_stats.values_pruned;
    EXPECT_EQ(pc_stats.values_pruned, 0U) << "seed " << seed;
    EXPECT_GE(pruned, ac_stats.values_pruned) << "seed " << seed;
    if (pruned > ac_stats.values_pruned) ++more;
    for (VarId x = 0; x < p.variable_count(); ++x)
      t.domain(x).for_each([&](int i) { EXPECT_TRUE(s.domain(x).contains(i)) << "seed " << seed << " x" << x; });
  }
  EXPECT_GT(more, 5);
}

TEST(Pc2, SearchWithPc2FindsExactlyTheOraclesSolutions) {
  // The engine's random CSPs (n-ary constraints too: PC-2 takes the binary ones) under every inference.
  for (const std::string& inference : inferences().names()) {
    SolverConfig c = SolverConfig::textbook();
    c.variable_ordering = "mrv";
    c.inference = inference;
    c.pc2_preprocess = true;
    c.max_solutions = 0;
    for (std::uint32_t seed = 1; seed <= 100; ++seed) {
      const test_support::RandomCsp r = test_support::make_random_csp(seed);
      const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
      const SearchResult result = backtracking_search(r.problem, c);
      EXPECT_EQ(test_support::sorted_tuples(result.solutions), expected)
          << "problem " << seed << ", " << to_string(c) << ":\n"
          << r.description;
      EXPECT_EQ(result.status, expected.empty() ? Status::unsatisfiable : Status::solved) << "problem " << seed;
      EXPECT_TRUE(result.complete);
    }
  }
}

TEST(Pc2, RefusesProblemsAboveItsSizeLimit) {
  Problem wide;
  wide.add_variable("a", 0, 4999);
  wide.add_variable("b", 0, 4999);  // 2 * 2 * 5000 * 5000 = 10^8 > 2^24
  wide.add_not_equal(0, 1);
  try {
    (void)pc2(wide);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("PC-2: the problem is too large"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("5000 values"), std::string::npos) << e.what();
  }
  Problem many;
  for (int i = 0; i <= kPc2MaxVariables; ++i) many.add_variable(std::string("v").append(std::to_string(i)), 0, 1);
  SolverConfig c = SolverConfig::textbook();
  c.pc2_preprocess = true;
  EXPECT_THROW((void)backtracking_search(many, c), Error);
}

TEST(Pc2, ConfigStringShowsPc2OnlyWhenOn) {
  SolverConfig c = SolverConfig::textbook();
  EXPECT_EQ(to_string(c).find("pc2"), std::string::npos);
  c.pc2_preprocess = true;
  EXPECT_NE(to_string(c).find("pc2=on"), std::string::npos);
}

}  // namespace
}  // namespace csp
