// Store::keep_between(x, lo, hi): both bounds in one change. Checked against remove_below then remove_above on
// every domain tier (one word, several words, an interval, an interval with holes) for random bounds, including
// bounds outside the domain and lo > hi: the same values left, the same values pruned and wipe-outs, an exact undo,
// and one trail entry for an interval.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "csp/core/store.hpp"

namespace csp {
namespace {

TEST(StoreKeepBetween, EqualsRemoveBelowThenRemoveAboveOnEveryTier) {
  for (const int values : {40, 300, 5000}) {
    for (const bool holes : {false, true}) {
      Problem p;
      const VarId x = p.add_variable("x", 0, values - 1);
      std::mt19937 rng(static_cast<std::uint32_t>(values + (holes ? 1 : 0)));
      for (int trial = 0; trial < 300; ++trial) {
        Statistics one_stats;
        Statistics two_stats;
        Store one(p, one_stats);  // keep_between
        Store two(p, two_stats);  // remove_below, then remove_above
        if (holes) {
          for (int k = 0; k < 20; ++k) {
            const int i = static_cast<int>(rng() % static_cast<unsigned>(values));
            ASSERT_TRUE(one.remove(x, i, nullptr));
            ASSERT_TRUE(two.remove(x, i, nullptr));
          }
        }
        const Domain before = one.domain(x);
        const Trail::Mark mark = one.mark();
        const std::uint64_t pruned = one_stats.values_pruned;
        const int lo = static_cast<int>(rng() % static_cast<unsigned>(values + 20)) - 10;
        const int hi = static_cast<int>(rng() % static_cast<unsigned>(values + 20)) - 10;
        const bool kept = one.keep_between(x, lo, hi, nullptr);
        const bool two_kept = two.remove_below(x, lo, nullptr) && two.remove_above(x, hi, nullptr);
        ASSERT_EQ(kept, two_kept) << values << " values, keep " << lo << ".." << hi;
        ASSERT_EQ(one.domain(x), two.domain(x)) << values << " values, keep " << lo << ".." << hi;
        EXPECT_EQ(one_stats.values_pruned, two_stats.values_pruned);
        EXPECT_EQ(one_stats.wipeouts, two_stats.wipeouts);
        EXPECT_EQ(one_stats.values_pruned - pruned, static_cast<std::uint64_t>(before.size() - one.domain(x).size()));
        if (!one.domain(x).is_bitset() && !(one.domain(x) == before)) {
          EXPECT_EQ(one.mark(), mark + 1) << "an interval trails one bounds entry";
        }
        one.undo_to(mark);
        EXPECT_EQ(one.domain(x), before);
      }
    }
  }
}

// x = y + 0 over 0..9 with MAC's queue running: keep_between(x, 3, 3) wakes the sum once, as a fixing.
TEST(StoreKeepBetween, WakesTheSubscribersOnceByTheKindOfTheWholeChange) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 9);
  const VarId y = p.add_variable("y", 0, 9);
  p.add_linear({x, y}, {1, -1}, LinearOp::eq, 0);
  Statistics stats;
  Store s(p, stats);
  s.set_scheduling(true);
  ASSERT_TRUE(s.keep_between(x, 3, 3, nullptr));
  EXPECT_EQ(s.event_of(x, 0, 9), PropagationEvent::fixed);
  EXPECT_EQ(s.next_scheduled(), 0);
  EXPECT_EQ(s.next_scheduled(), -1);
  ASSERT_TRUE(s.keep_between(y, 2, 7, nullptr));
  EXPECT_EQ(s.event_of(y, 0, 9), PropagationEvent::bounds);
  EXPECT_EQ(s.next_scheduled(), 0);
  EXPECT_EQ(s.next_scheduled(), -1);
  EXPECT_TRUE(s.keep_between(y, -5, 20, nullptr));  // nothing to remove: no wake-up
  EXPECT_EQ(s.next_scheduled(), -1);
  s.set_scheduling(false);
}

}  // namespace
}  // namespace csp
