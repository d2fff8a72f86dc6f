// The watched-literal nogood store of CBJ learning (csp/src/search/nogood_store.hpp): hand-made nogoods, and a
// brute-force check of every answer over random assign / unassign sequences with nogoods added on the way.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "search/nogood_store.hpp"

namespace csp::detail {
namespace {

using L = NogoodStore::Literal;

std::vector<std::uint32_t> fire(NogoodStore& s, VarId x, int i) {
  std::vector<std::uint32_t> fired;
  (void)s.assign(x, i, fired);
  return fired;
}

std::uint32_t forbidding(const NogoodStore& s, VarId x, int i) {
  std::size_t visited = 0;
  return s.forbidding(x, i, visited);
}

TEST(NogoodStore, EmptyStoreForbidsNothing) {
  NogoodStore s(3);
  EXPECT_EQ(s.size(), 0U);
  EXPECT_FALSE(s.add({}));
  std::vector<std::uint32_t> fired{7};
  EXPECT_EQ(s.assign(0, 1, fired), 0U);  // nothing visited
  EXPECT_TRUE(fired.empty());
  std::size_t visited = 0;
  EXPECT_EQ(s.forbidding(1, 0, visited), NogoodStore::kNone);
  EXPECT_EQ(visited, 0U);
}

TEST(NogoodStore, ANogoodBecomesUnitWhenAllButOneLiteralHold) {
  NogoodStore s(4);
  ASSERT_TRUE(s.add({{0, 1}, {1, 2}, {2, 0}}));  // not all of x0 = 1, x1 = 2, x2 = 0
  EXPECT_EQ(s.size(), 1U);
  EXPECT_EQ(s.end(0) - s.begin(0), 3);
  std::vector<std::uint32_t> fired;
  EXPECT_EQ(s.assign(0, 1, fired), 1U);  // the nogood watched x0 = 1: visited once, its watch moves to x2 = 0
  EXPECT_TRUE(fired.empty());
  EXPECT_EQ(forbidding(s, 2, 0), NogoodStore::kNone);
  EXPECT_EQ(forbidding(s, 1, 2), NogoodStore::kNone);
  EXPECT_TRUE(fire(s, 3, 0).empty());                         // not in the nogood: nothing visited
  EXPECT_EQ(fire(s, 1, 2), (std::vector<std::uint32_t>{0}));  // only x2 = 0 is left: unit
  EXPECT_EQ(forbidding(s, 2, 0), 0U);
  EXPECT_EQ(forbidding(s, 2, 1), NogoodStore::kNone);  // another value of x2 is allowed
  s.unassign(1);
  EXPECT_EQ(forbidding(s, 2, 0), NogoodStore::kNone);         // x1 = 2 no longer holds
  EXPECT_EQ(forbidding(s, 1, 2), NogoodStore::kNone);         // two literals open: x1 = 2 and x2 = 0
  EXPECT_EQ(fire(s, 2, 0), (std::vector<std::uint32_t>{0}));  // x0 = 1 and x2 = 0 hold: unit on x1 = 2
  EXPECT_EQ(forbidding(s, 1, 2), 0U);
}

TEST(NogoodStore, TheLowestNumberedNogoodIsReportedFirst) {
  NogoodStore s(3);
  ASSERT_TRUE(s.add({{0, 0}, {1, 0}, {2, 0}}));               // 0
  ASSERT_TRUE(s.add({{1, 0}, {2, 0}}));                       // 1
  ASSERT_TRUE(s.add({{0, 0}, {2, 0}}));                       // 2
  EXPECT_EQ(fire(s, 0, 0), (std::vector<std::uint32_t>{2}));  // unit on x2 = 0
  EXPECT_EQ(forbidding(s, 2, 0), 2U);
  EXPECT_EQ(fire(s, 1, 0), (std::vector<std::uint32_t>{0, 1}));  // both unit on x2 = 0 now, in order
  std::size_t visited = 0;
  EXPECT_EQ(s.forbidding(2, 0, visited), 0U);
  EXPECT_EQ(visited, 3U);                                           // the three nogoods watch x2 = 0
  EXPECT_EQ(fire(s, 2, 0), (std::vector<std::uint32_t>{0, 1, 2}));  // violated, all three
  s.unassign(2);
  s.unassign(1);
  EXPECT_EQ(forbidding(s, 2, 0), 2U);
  s.unassign(0);
  EXPECT_EQ(forbidding(s, 2, 0), NogoodStore::kNone);
}

TEST(NogoodStore, ALearnedNogoodForbidsTheDeepestValueOnceItIsUndone) {
  // Learning records the conflict set while all of it holds; search then retracts the deepest decision.
  NogoodStore s(4);
  EXPECT_TRUE(fire(s, 3, 1).empty());
  EXPECT_TRUE(fire(s, 0, 2).empty());
  EXPECT_TRUE(fire(s, 1, 0).empty());
  EXPECT_TRUE(fire(s, 2, 2).empty());
  ASSERT_TRUE(s.add({{0, 2}, {1, 0}, {2, 2}}));  // all true: watches on x2 = 2 (latest) and x1 = 0
  s.unassign(2);
  EXPECT_EQ(forbidding(s, 2, 2), 0U);
  EXPECT_EQ(forbidding(s, 2, 1), NogoodStore::kNone);
  s.unassign(1);
  EXPECT_EQ(forbidding(s, 2, 2), NogoodStore::kNone);
  EXPECT_EQ(fire(s, 1, 0), (std::vector<std::uint32_t>{0}));  // x1 = 0 again: unit on x2 = 2 again
  EXPECT_EQ(forbidding(s, 2, 2), 0U);
  EXPECT_TRUE(fire(s, 2, 0).empty());  // another value of x2: the nogood is satisfied, not visited
}

TEST(NogoodStore, ANogoodOfOneLiteralForbidsItsValueForGood) {
  NogoodStore s(2);
  ASSERT_TRUE(s.add({{1, 3}}));
  EXPECT_EQ(forbidding(s, 1, 3), 0U);
  EXPECT_EQ(forbidding(s, 1, 2), NogoodStore::kNone);
  EXPECT_TRUE(fire(s, 0, 3).empty());
  s.unassign(0);
  EXPECT_EQ(forbidding(s, 1, 3), 0U);
  EXPECT_EQ(fire(s, 1, 3), (std::vector<std::uint32_t>{0}));  // assigned anyway (fc does not test first): violated
  s.unassign(1);
  EXPECT_EQ(forbidding(s, 1, 3), 0U);
}

TEST(NogoodStore, KeepsAtMostMaxNogoods) {
  NogoodStore s(2);
  for (std::size_t k = 0; k < NogoodStore::kMaxNogoods; ++k) ASSERT_TRUE(s.add({{0, 0}, {1, static_cast<int>(k % 7)}}));
  EXPECT_FALSE(s.add({{0, 1}}));
  EXPECT_EQ(s.size(), NogoodStore::kMaxNogoods);
  EXPECT_EQ(forbidding(s, 0, 1), NogoodStore::kNone);  // the refused nogood was not recorded
}

// Brute force: the nogoods holding x = i with at most one literal not true, and the lowest-numbered nogood whose
// literals other than x = i all hold.
struct Oracle {
  std::vector<std::vector<L>> nogoods;
  std::vector<int> value;
  bool is_true(const L& l) const { return value[static_cast<std::size_t>(l.var)] == l.index; }
  std::vector<std::uint32_t> fired(VarId x, int i) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t n = 0; n < nogoods.size(); ++n) {
      const auto& g = nogoods[n];
      const bool holds_x = std::any_of(g.begin(), g.end(), [&](const L& l) { return l.var == x && l.index == i; });
      const auto open = std::count_if(g.begin(), g.end(), [&](const L& l) { return !is_true(l); });
      if (holds_x && open <= 1) out.push_back(n);
    }
    return out;
  }
  std::uint32_t forbidding(VarId x, int i) const {
    for (std::uint32_t n = 0; n < nogoods.size(); ++n) {
      const auto& g = nogoods[n];
      bool has = false;
      bool rest = true;
      for (const L& l : g) {
        if (l.var == x && l.index == i)
          has = true;
        else if (!is_true(l))
          rest = false;
      }
      if (has && rest) return n;
    }
    return NogoodStore::kNone;
  }
};

TEST(NogoodStore, AgreesWithBruteForceOnRandomRuns) {
  constexpr int kVars = 7;
  constexpr int kValues = 3;
  std::uint64_t fired_total = 0;
  std::uint64_t forbidden_total = 0;
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    std::mt19937 rng(seed);
    NogoodStore s(kVars);
    Oracle o;
    o.value.assign(kVars, -1);
    std::vector<VarId> stack;  // assigned variables, in order
    for (int step = 0; step < 400; ++step) {
      const auto what = rng() % 10;
      if (what < 2) {  // a new nogood over 1..4 distinct variables, often one whose literals mostly hold
        std::vector<int> vars(kVars);
        for (int v = 0; v < kVars; ++v) vars[static_cast<std::size_t>(v)] = v;
        std::shuffle(vars.begin(), vars.end(), rng);
        const auto size = 1 + rng() % 4;
        std::vector<L> g;
        for (std::size_t k = 0; k < size; ++k) {
          const VarId v = vars[k];
          const int current = o.value[static_cast<std::size_t>(v)];
          const int index = current >= 0 && rng() % 3 != 0 ? current : static_cast<int>(rng() % kValues);
          g.push_back({v, index});
        }
        ASSERT_TRUE(s.add(g));
        o.nogoods.push_back(g);
      } else if (what < 6 && static_cast<int>(stack.size()) < kVars) {
        VarId x = -1;
        do x = static_cast<VarId>(rng() % kVars);
        while (o.value[static_cast<std::size_t>(x)] >= 0);
        const int i = static_cast<int>(rng() % kValues);
        std::vector<std::uint32_t> fired;
        (void)s.assign(x, i, fired);
        o.value[static_cast<std::size_t>(x)] = i;
        stack.push_back(x);
        ASSERT_EQ(fired, o.fired(x, i)) << "seed " << seed << " step " << step;
        fired_total += fired.size();
      } else if (!stack.empty()) {
        s.unassign(stack.back());
        o.value[static_cast<std::size_t>(stack.back())] = -1;
        stack.pop_back();
      }
      for (VarId x = 0; x < kVars; ++x) {
        if (o.value[static_cast<std::size_t>(x)] >= 0) continue;
        for (int i = 0; i < kValues; ++i) {
          const std::uint32_t expected = o.forbidding(x, i);
          ASSERT_EQ(forbidding(s, x, i), expected) << "seed " << seed << " step " << step << " x" << x << " = " << i;
          if (expected != NogoodStore::kNone) ++forbidden_total;
        }
      }
    }
  }
  EXPECT_GT(fired_total, 1000U);  // the runs reach unit and violated nogoods often, so the checks above bite
  EXPECT_GT(forbidden_total, 1000U);
}

}  // namespace
}  // namespace csp::detail
