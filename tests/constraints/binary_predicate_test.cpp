// BinaryPredicate: REVISE with residual supports gives exactly AIMA's REVISE, in few predicate calls.
#include "csp/constraints/binary_predicate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <thread>

#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::values_of;

// AIMA's REVISE written out in the test: the values of x (pos) with a support in the current domain of y.
std::vector<Value> supported_values(const Store& s, VarId x, VarId y, const std::function<bool(Value, Value)>& pred,
                                    bool x_first) {
  std::vector<Value> out;
  for (Value a : values_of(s, x))
    for (Value b : values_of(s, y))
      if (x_first ? pred(a, b) : pred(b, a)) {
        out.push_back(a);
        break;
      }
  return out;
}

TEST(BinaryPredicate, FirstReviseOnThirtyThousandValuesMakesAFewCallsPerValue) {
  // x == y - 1 over 0..30,000: the naive REVISE scans y from its smallest value for each x (about 4.5e8 calls).
  auto calls = std::make_shared<std::atomic<long long>>(0);
  Problem p;
  const VarId x = p.add_variable("x", 0, 30000);
  const VarId y = p.add_variable("y", 0, 30000);
  p.add_binary(x, y, [calls](Value a, Value b) {
    ++*calls;
    return a == b - 1;
  });
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).revise(s, 0));
  EXPECT_EQ(s.value(x, s.domain(x).max()), 29999);  // x = 30,000 has no support
  EXPECT_EQ(s.domain(x).size(), 30000);
  EXPECT_LE(calls->load(), 4 * 30001 + 30001);  // a few per value, plus one full scan for the unsupported one
  ASSERT_TRUE(p.constraint(0).revise(s, 1));
  EXPECT_EQ(s.value(y, s.domain(y).min()), 1);
}

TEST(BinaryPredicate, ResidualSupportsGiveTheSameDomainsAsPlainRevise) {
  // A random relation (hashed) on 0..199 x 0..199 at 10% density: supports are far apart, so residues are made; after
  // random removals from y, each revise must keep exactly the values that still have a support.
  auto pred = [](Value a, Value b) { return ((a * 7919 + b * 104729) ^ (a * b)) % 10 == 0; };
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    Problem p;
    const VarId x = p.add_variable("x", 0, 199);
    const VarId y = p.add_variable("y", 0, 199);
    p.add_binary(x, y, pred);
    Statistics stats;
    Store s(p, stats);
    for (int step = 0; step < 12; ++step) {
      const bool forward = (rng() & 1U) != 0;
      const VarId a = forward ? x : y;
      const VarId b = forward ? y : x;
      const std::vector<Value> expected = supported_values(s, a, b, pred, forward);
      const bool ok = p.constraint(0).revise(s, forward ? 0 : 1);
      ASSERT_EQ(ok, !expected.empty());
      if (!ok) break;
      ASSERT_EQ(values_of(s, a), expected) << "round " << round << " step " << step;
      // Remove a random tenth of b's values (an assignment elsewhere would).
      for (int i : s.domain(b).indices())
        if (rng() % 10 == 0 && s.domain(b).size() > 1) {
          ASSERT_TRUE(s.remove(b, i, nullptr));
        }
    }
    EXPECT_NE(s.memory(0), nullptr) << "supports were costly to find: residues should have been kept";
  }
}

TEST(BinaryPredicate, ParallelRunsOnOneConstProblemKeepTheirOwnResidues) {
  // Two sparse relations over 0..299; each thread counts the solutions with MAC, which makes
  // residues in its own store. Every thread must find the same 300 solutions.
  Problem p;
  const VarId x = p.add_variable("x", 0, 299);
  const VarId y = p.add_variable("y", 0, 299);
  const VarId z = p.add_variable("z", 0, 299);
  p.add_binary(x, y, [](Value a, Value b) { return (a + b) % 300 == 7; });
  p.add_binary(y, z, [](Value a, Value b) { return (a * 3 + b) % 300 == 11; });
  // For each x there is exactly one y ((7 - x) mod 300) and for each y exactly one z: 300 solutions.
  const Problem& shared = p;
  std::vector<std::uint64_t> counts(4, 0);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < counts.size(); ++t)
    threads.emplace_back([&shared, &counts, t] {
      SolverConfig c = SolverConfig::textbook();
      c.inference = "mac";
      c.max_solutions = 0;
      counts[t] = backtracking_search(shared, c).solution_count;
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(counts, std::vector<std::uint64_t>(4, 300));
}

TEST(BinaryPredicate, ALongReviseStopsAtThePassedDeadline) {
  // No value of x has a support: the revise would make 4,001 x 4,001 calls; past the deadline it stops early.
  auto calls = std::make_shared<std::atomic<long long>>(0);
  Problem p;
  p.add_variable("x", 0, 4000);
  p.add_variable("y", 0, 4000);
  p.add_binary(0, 1, [calls](Value, Value) {
    ++*calls;
    return false;
  });
  Statistics stats;
  Store s(p, stats);
  s.set_deadline(Store::Clock::now());
  EXPECT_FALSE(p.constraint(0).revise(s, 0));
  EXPECT_TRUE(s.interrupted());
  EXPECT_LT(calls->load(), 4001LL * 4001LL / 4);
}

}  // namespace
}  // namespace csp
