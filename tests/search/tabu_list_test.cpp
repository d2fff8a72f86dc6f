// The tabu list of min-conflicts (csp/src/search/tabu_list.hpp): a value left stays tabu for `tenure` steps, the list
// holds the last `tenure` moves, and a restart (clear) starts it afresh.
#include <gtest/gtest.h>

#include <vector>

#include "search/tabu_list.hpp"

namespace csp::detail {
namespace {

std::vector<int> tabu(const TabuList& list, VarId x, std::uint64_t step) {
  std::vector<int> out;
  list.tabu_for(x, step, out);
  return out;
}

TEST(TabuList, AValueLeftIsTabuForTenureSteps) {
  TabuList list(3);
  list.forbid(0, 5, 10);  // x0 left value index 5 at step 10: tabu while fewer than 14 steps were made
  EXPECT_EQ(tabu(list, 0, 10), std::vector<int>{5});
  EXPECT_EQ(tabu(list, 0, 13), std::vector<int>{5});
  EXPECT_TRUE(tabu(list, 0, 14).empty());
  EXPECT_TRUE(tabu(list, 1, 10).empty());  // another variable
}

TEST(TabuList, TheOldestMoveMakesRoomForANewOne) {
  TabuList list(2);
  list.forbid(0, 1, 0);
  list.forbid(1, 1, 0);
  list.forbid(2, 1, 0);  // the list is full: x0's move goes
  EXPECT_TRUE(tabu(list, 0, 1).empty());
  EXPECT_EQ(tabu(list, 1, 1), std::vector<int>{1});
  EXPECT_EQ(tabu(list, 2, 1), std::vector<int>{1});
}

// After a restart the list fills from empty, and once full again its oldest move still goes first (a stale
// position of the ring from before the restart used to drop a younger move instead).
TEST(TabuList, AfterClearTheOldestMoveStillGoesFirst) {
  TabuList list(3);
  for (VarId x = 0; x < 4; ++x) list.forbid(x, 0, 0);  // full, and the ring has moved on
  list.clear();
  EXPECT_TRUE(tabu(list, 3, 1).empty());
  list.forbid(10, 0, 20);
  list.forbid(11, 0, 21);
  list.forbid(12, 0, 22);
  list.forbid(13, 0, 23);  // the list is full: x10's move, the oldest, goes
  EXPECT_TRUE(tabu(list, 10, 23).empty());
  EXPECT_EQ(tabu(list, 11, 23), std::vector<int>{0});
  EXPECT_EQ(tabu(list, 12, 23), std::vector<int>{0});
  EXPECT_EQ(tabu(list, 13, 23), std::vector<int>{0});
}

}  // namespace
}  // namespace csp::detail
