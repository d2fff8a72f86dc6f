// The models' own rules (csp/models/verify.hpp) on solutions checked by hand and on broken ones.
#include "csp/models/verify.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "csp/models/zebra.hpp"
#include "csp/search/solve.hpp"

namespace csp::models {
namespace {

Assignment assignment(const std::vector<Value>& values) {
  Assignment a(static_cast<int>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) a.assign(static_cast<VarId>(i), values[i]);
  return a;
}

TEST(ModelRules, Queens) {
  EXPECT_EQ(verify_queens(8, assignment({1, 5, 8, 6, 3, 7, 2, 4})), "");  // a known 8-queens solution
  EXPECT_EQ(verify_queens(4, assignment({2, 4, 1, 3})), "");
  EXPECT_EQ(verify_queens(4, assignment({1, 3, 2, 4})), "the queens of columns 2 and 3 attack each other");
  EXPECT_EQ(verify_queens(4, assignment({2, 4, 2, 3})), "the queens of columns 1 and 3 attack each other");  // a row
  EXPECT_EQ(verify_queens(4, assignment({2, 4, 1, 5})), "column 4 has an off-board row");
  EXPECT_EQ(verify_queens(5, assignment({2, 4, 1, 3})), "the assignment does not cover the 5 columns");
}

TEST(ModelRules, Coloring) {
  const Graph triangle{3, {{0, 1}, {0, 2}, {1, 2}}, {}};
  EXPECT_EQ(verify_coloring(triangle, assignment({0, 1, 2})), "");
  EXPECT_EQ(verify_coloring(triangle, assignment({0, 1, 2, 7})), "");  // a further variable (least_coloring's K)
  EXPECT_EQ(verify_coloring(triangle, assignment({0, 1, 0})), "not a proper colouring");
  EXPECT_EQ(verify_coloring(triangle, assignment({0, 1})), "the assignment does not cover the 3 vertices");
}

TEST(ModelRules, Cryptarithm) {
  const Cryptarithm send = parse_cryptarithm("SEND+MORE=MONEY");
  ASSERT_EQ(send.letters, "SENDMORY");
  EXPECT_EQ(verify_cryptarithm(send, assignment({9, 5, 6, 7, 1, 0, 8, 2})), "");  // 9567 + 1085 = 10652
  EXPECT_EQ(verify_cryptarithm(send, assignment({9, 5, 6, 7, 1, 0, 8, 3})), "the words do not add up");
  EXPECT_EQ(verify_cryptarithm(send, assignment({9, 5, 6, 7, 1, 0, 8, 9})), "two letters share a digit");
}

TEST(ModelRules, ZebraAndItsOneSolution) {
  const RunResult r = solve(zebra());
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(verify_zebra(r.solution()), "");
  Assignment broken = r.solution();
  broken.assign(0, broken.value(1));  // two colours in one house
  EXPECT_NE(verify_zebra(broken), "");
}

}  // namespace
}  // namespace csp::models
