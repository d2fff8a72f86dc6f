// Domain: bitset semantics, fast path and large capacities.
#include "csp/core/domain.hpp"

#include <gtest/gtest.h>

namespace csp {
namespace {

TEST(Domain, FullDomainHasEveryIndexAscending) {
  Domain d(5);
  EXPECT_EQ(d.size(), 5);
  EXPECT_EQ(d.indices(), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(d.min(), 0);
  EXPECT_FALSE(d.contains(5));
  EXPECT_FALSE(d.contains(-1));
}

TEST(Domain, RemoveReportsChangeOnce) {
  Domain d(3);
  EXPECT_TRUE(d.remove(1));
  EXPECT_FALSE(d.remove(1));
  EXPECT_EQ(d.indices(), (std::vector<int>{0, 2}));
}

TEST(Domain, AssignKeepsOnlyOneValue) {
  Domain d(10);
  EXPECT_TRUE(d.assign(7));
  EXPECT_TRUE(d.is_singleton());
  EXPECT_EQ(d.min(), 7);
  EXPECT_FALSE(d.assign(7));
  EXPECT_TRUE(d.assign(3));  // not present: the domain empties
  EXPECT_TRUE(d.empty());
}

TEST(Domain, LargeCapacityWorksAcrossWords) {
  Domain d(4096);
  EXPECT_EQ(d.size(), 4096);
  for (int i = 0; i < 4096; i += 2) d.remove(i);
  EXPECT_EQ(d.size(), 2048);
  EXPECT_EQ(d.min(), 1);
  EXPECT_EQ(d.next(63), 65);
  EXPECT_EQ(d.next(4095), -1);
  EXPECT_TRUE(d.contains(4095));
  EXPECT_FALSE(d.contains(4094));
  d.assign(4095);
  EXPECT_EQ(d.indices(), std::vector<int>{4095});
  Domain e(65);
  EXPECT_EQ(e.size(), 65);
  EXPECT_TRUE(e.contains(64));
}

TEST(Domain, EmptyCapacitiesHaveNoValues) {
  Domain zero(0);
  EXPECT_EQ(zero.capacity(), 0);
  EXPECT_TRUE(zero.empty());
  EXPECT_EQ(zero.min(), -1);
  EXPECT_TRUE(zero.indices().empty());
  Domain negative(-3);  // clamped to capacity 0
  EXPECT_EQ(negative.capacity(), 0);
  EXPECT_TRUE(negative.empty());
  EXPECT_EQ(Domain(), zero);
}

TEST(Domain, OutOfRangeIndicesAreNeverContainedOrRemoved) {
  Domain d(4);
  EXPECT_FALSE(d.remove(-1));
  EXPECT_FALSE(d.remove(4));
  EXPECT_FALSE(d.remove(64));
  EXPECT_EQ(d.size(), 4);
  EXPECT_TRUE(d.assign(9));  // not a value of the domain: the domain empties
  EXPECT_TRUE(d.empty());
  EXPECT_FALSE(d.assign(9));  // already empty: nothing changes
}

TEST(Domain, ExactlyOneWordAndOneBitMore) {
  Domain d(64);
  EXPECT_EQ(d.size(), 64);
  EXPECT_EQ(d.word_count(), 1);
  EXPECT_TRUE(d.contains(63));
  EXPECT_FALSE(d.contains(64));
  EXPECT_EQ(d.next(62), 63);
  EXPECT_EQ(d.next(63), -1);
  Domain e(65);
  EXPECT_EQ(e.word_count(), 2);
  for (int i = 0; i < 64; ++i) e.remove(i);
  EXPECT_EQ(e.size(), 1);
  EXPECT_EQ(e.min(), 64);
  EXPECT_TRUE(e.is_singleton());
  EXPECT_TRUE(e.remove(64));
  EXPECT_TRUE(e.empty());
  EXPECT_EQ(e.min(), -1);
}

TEST(Domain, NextSkipsRemovedValuesAndForEachIsAscending) {
  Domain d(200);
  for (int i = 0; i < 200; ++i)
    if (i % 70 != 5) d.remove(i);
  EXPECT_EQ(d.indices(), (std::vector<int>{5, 75, 145}));
  EXPECT_EQ(d.next(-7), 5);
  EXPECT_EQ(d.next(5), 75);
  EXPECT_EQ(d.next(75), 145);
  EXPECT_EQ(d.next(145), -1);
  EXPECT_EQ(d.next(500), -1);
  std::vector<int> seen;
  d.for_each([&](int i) { seen.push_back(i); });
  EXPECT_EQ(seen, d.indices());
}

TEST(Domain, EqualityComparesContentAndCapacity) {
  Domain a(5);
  Domain b(5);
  EXPECT_EQ(a, b);
  a.remove(2);
  EXPECT_NE(a, b);
  b.remove(2);
  EXPECT_EQ(a, b);
  Domain c(6);
  c.remove(5);
  c.remove(2);
  EXPECT_EQ(c.indices(), a.indices());
  EXPECT_NE(c, a);  // same indices, different universe
}

// Copies in every direction between the three tiers (one word, words, interval with holes): the copy holds the
// source's values, whatever the target held before (a copy skips the source's empty heap parts and clears the
// target's).
TEST(Domain, CopiesBetweenTiersHoldTheSourcesValues) {
  Domain word(9);
  word.remove(3);
  Domain words(200);
  words.remove(150);
  words.remove_below(10);
  Domain interval(200);
  interval.make_interval();
  interval.remove(20);
  interval.remove_above(180);
  const std::vector<Domain> tiers{word, words, interval};
  for (const Domain& from : tiers) {
    const Domain copied(from);  // NOLINT(performance-unnecessary-copy-initialization): the copy is the test
    EXPECT_EQ(copied.indices(), from.indices());
    EXPECT_EQ(copied.size(), from.size());
    EXPECT_EQ(copied.is_bitset(), from.is_bitset());
    for (const Domain& target : tiers) {
      Domain assigned = target;
      assigned = from;
      EXPECT_EQ(assigned.indices(), from.indices());
      EXPECT_EQ(assigned.size(), from.size());
      EXPECT_EQ(assigned.capacity(), from.capacity());
      assigned.remove(from.min());  // the copy is its own: the source keeps its values
      EXPECT_TRUE(from.contains(from.min()));
    }
  }
}

}  // namespace
}  // namespace csp
