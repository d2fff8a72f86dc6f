// MAC on long chains of bounds constraints: the fixpoint in O(n) propagate calls, not one link per queue round.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

// t[i] + 1 <= t[i+1], t[i] in 0..3n/2 (the precedence chain of ../shared/scale/chain.mzn).
Problem chain(int n, bool reversed_posting) {
  Problem p;
  p.reserve(n, n);
  for (int i = 0; i < n; ++i)
    p.add_variable(std::string("t").append(std::to_string(i)), 0,
                   3 * n / 2);  // (GCC 12 -Wrestrict false positive on "t" + s)
  for (int k = 0; k + 1 < n; ++k) {
    const int i = reversed_posting ? n - 2 - k : k;
    p.add_linear({i, i + 1}, {1, -1}, LinearOp::le, -1);
  }
  return p;
}

TEST(BoundsChain, MacReachesTheFixpointOfTwentyThousandTasksInLinearlyManyRevisions) {
  constexpr int n = 20000;
  for (const bool reversed : {false, true}) {
    const Problem p = chain(n, reversed);
    Statistics stats;
    Store s(p, stats);
    SearchContext ctx(s, true);
    ASSERT_TRUE(mac(ctx, -1));
    for (VarId i = 0; i < n; ++i) {  // t[i] in i .. 3n/2 - (n - 1 - i): i tasks before it, n - 1 - i after it
      ASSERT_EQ(s.domain(i).min(), i);
      ASSERT_EQ(s.domain(i).max(), 3 * n / 2 - (n - 1 - i));
    }
    // A FIFO queue needs about n rounds of n constraints (4e8 revisions); alternating rounds need two sweeps.
    EXPECT_LE(stats.revisions, 12U * n) << (reversed ? "posted last to first" : "posted first to last");
    EXPECT_EQ(stats.values_pruned, static_cast<std::uint64_t>(n) * (n - 1));
  }
}

TEST(BoundsChain, MacSolvesAChainAndTheSolutionIsTheEarliestSchedule) {
  constexpr int n = 2000;
  const Problem p = chain(n, false);
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "mrv";
  c.inference = "mac";
  const SearchResult r = backtracking_search(p, c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.stats.backtracks, 0U);
  for (VarId i = 0; i < n; ++i) ASSERT_EQ(r.solutions.front().value(i), i);
  EXPECT_TRUE(p.is_solution(r.solutions.front()));
}

}  // namespace
}  // namespace csp
