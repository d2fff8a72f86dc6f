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

}  // namespace
}  // namespace csp
