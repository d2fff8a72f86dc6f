// Statistics: += sums the counters (max_depth takes the maximum); << prints name=value pairs.
#include "csp/stats/statistics.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace csp {
namespace {

Statistics sample(std::uint64_t base) {
  Statistics s;
  s.assignments = base + 1;
  s.backtracks = base + 2;
  s.constraint_checks = base + 3;
  s.revisions = base + 4;
  s.values_pruned = base + 5;
  s.wipeouts = base + 6;
  s.solutions = base + 7;
  s.max_depth = base + 8;
  s.elapsed_us = static_cast<std::int64_t>(base) + 9;
  s.failures = base + 10;
  return s;
}

TEST(Statistics, PlusEqualsSumsAndTakesTheLargerDepth) {
  Statistics a = sample(0);
  const Statistics b = sample(10);
  Statistics& same = (a += b);
  EXPECT_EQ(&same, &a);
  EXPECT_EQ(a.assignments, 12U);
  EXPECT_EQ(a.backtracks, 14U);
  EXPECT_EQ(a.constraint_checks, 16U);
  EXPECT_EQ(a.revisions, 18U);
  EXPECT_EQ(a.values_pruned, 20U);
  EXPECT_EQ(a.wipeouts, 22U);
  EXPECT_EQ(a.solutions, 24U);
  EXPECT_EQ(a.max_depth, 18U);
  EXPECT_EQ(a.elapsed_us, 28);
  EXPECT_EQ(a.failures, 30U);
  Statistics deep = sample(100);
  deep += sample(0);
  EXPECT_EQ(deep.max_depth, 108U);
}

TEST(Statistics, StartsAtZeroAndPrintsOneLine) {
  std::ostringstream zero;
  zero << Statistics{};
  EXPECT_EQ(
      zero.str(),
      "assignments=0 backtracks=0 failures=0 constraint_checks=0 revisions=0 values_pruned=0 wipeouts=0 solutions=0 "
      "max_depth=0 elapsed_us=0");
  std::ostringstream os;
  os << sample(0);
  EXPECT_EQ(
      os.str(),
      "assignments=1 backtracks=2 failures=10 constraint_checks=3 revisions=4 values_pruned=5 wipeouts=6 solutions=7 "
      "max_depth=8 elapsed_us=9");
}

TEST(StopCondition, DefaultsMeanNoLimit) {
  const StopCondition s;
  EXPECT_EQ(s.node_limit, 0U);
  EXPECT_EQ(s.time_limit.count(), 0);
}

}  // namespace
}  // namespace csp
