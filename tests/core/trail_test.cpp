// Trail and Store: undo restores every domain exactly; the store counts prunings and wipe-outs in one place.
#include "csp/core/trail.hpp"

#include <gtest/gtest.h>

#include <random>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

// Variables of every capacity class: one value, small, exactly one word, several words, arbitrary values.
Problem mixed_capacities() {
  Problem p;
  p.add_variable("one", 4, 4);
  p.add_variable("small", 1, 5);
  p.add_variable("word", 0, 63);
  p.add_variable("multi", -100, 199);
  p.add_variable("sparse", std::vector<Value>{-3, 0, 7, 1000, -50});
  p.add_variable("big", 1, 4096);
  return p;
}

// Random removals, assigns and keep_word calls through the store at random nesting depths; every undo_to(mark)
// must give back exactly the domains recorded at that mark.
void random_undo_walk(const Problem& p, std::uint32_t seed) {
  Statistics stats;
  Store store(p, stats);
  std::mt19937 rng(seed);
  auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<std::uint32_t>(hi - lo + 1)); };
  const std::vector<Domain> initial = store.domains();
  std::vector<std::pair<Trail::Mark, std::vector<Domain>>> saved;
  for (int step = 0; step < 400; ++step) {
    const int action = pick(0, 9);
    if (action <= 1) {
      saved.emplace_back(store.mark(), store.domains());
    } else if (action == 2 && !saved.empty()) {
      store.undo_to(saved.back().first);
      ASSERT_EQ(store.domains(), saved.back().second) << "seed " << seed << " step " << step;
      saved.pop_back();
    } else {
      const VarId x = pick(0, p.variable_count() - 1);
      const int cap = store.domain(x).capacity();
      if (action <= 6) {
        for (int k = pick(1, 5); k > 0; --k) store.remove(x, pick(0, cap - 1), nullptr);
      } else if (action <= 8) {
        store.assign(x, pick(0, cap - 1), nullptr);
      } else {
        const int w = pick(0, store.domain(x).word_count() - 1);
        store.keep_word(x, w, (Domain::Word{rng()} << 32U) | rng(), nullptr);
      }
    }
  }
  while (!saved.empty()) {
    store.undo_to(saved.back().first);
    ASSERT_EQ(store.domains(), saved.back().second) << "seed " << seed;
    saved.pop_back();
  }
  store.undo_to(0);
  EXPECT_EQ(store.domains(), initial) << "seed " << seed;
}

TEST(Trail, UndoRestoresEveryDomainExactlyOnMixedCapacities) {
  const Problem p = mixed_capacities();
  for (std::uint32_t seed = 1; seed <= 50; ++seed) random_undo_walk(p, seed);
}

TEST(Trail, UndoRestoresEveryDomainExactlyOnRandomProblems) {
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    random_undo_walk(r.problem, seed);
  }
}

TEST(Trail, RecordsOnlyRealChanges) {
  const Problem p = mixed_capacities();
  Statistics stats;
  Store store(p, stats);
  const Trail::Mark m0 = store.mark();
  EXPECT_TRUE(store.remove(1, 7, nullptr));  // index beyond the capacity: nothing to remove
  EXPECT_TRUE(store.assign(0, 0, nullptr));  // already the only value
  EXPECT_TRUE(store.keep_word(1, 0, ~Domain::Word{0}, nullptr));
  EXPECT_EQ(store.mark(), m0);
  EXPECT_TRUE(store.remove(1, 2, nullptr));
  EXPECT_TRUE(store.remove(1, 2, nullptr));  // second time: no change
  EXPECT_EQ(store.mark(), m0 + 1);
  EXPECT_TRUE(store.assign(5, 4000, nullptr));  // a 64-word domain: one entry per changed word
  EXPECT_EQ(store.mark(), m0 + 1 + 64);
  EXPECT_EQ(store.domain(5).indices(), std::vector<int>{4000});
  store.undo_to(m0);
  EXPECT_EQ(store.domain(5).size(), 4096);
  EXPECT_EQ(store.domain(1).size(), 5);
}

// Reversible ints: each level's value comes back on undo_to, interleaved with domain changes; an unchanged set
// records nothing; a negative value round-trips through the trail's word.
TEST(Store, ReversibleIntsFollowUndo) {
  const Problem p = mixed_capacities();
  Statistics stats;
  Store store(p, stats);
  const int a = store.new_int(10);
  const int b = store.new_int(-5);
  const Trail::Mark m0 = store.mark();
  store.set_int(a, 10);  // no change: nothing recorded
  EXPECT_EQ(store.mark(), m0);
  store.set_int(a, 7);
  EXPECT_TRUE(store.remove(1, 2, nullptr));
  const Trail::Mark m1 = store.mark();
  store.set_int(a, 3);
  store.set_int(b, -1000000000000LL);
  store.set_int(a, 2);
  EXPECT_EQ(store.int_value(a), 2);
  store.undo_to(m1);
  EXPECT_EQ(store.int_value(a), 7);
  EXPECT_EQ(store.int_value(b), -5);
  EXPECT_EQ(store.domain(1).size(), 4);
  store.undo_to(m0);
  EXPECT_EQ(store.int_value(a), 10);
  EXPECT_EQ(store.domain(1).size(), 5);
}

TEST(Store, CountsInferencePruningsAndWipeoutsOnly) {
  Problem p;
  p.add_variable("x", 1, 4);
  p.add_variable("y", 1, 4);
  p.add_not_equal(0, 1);
  const Constraint& cause = p.constraint(0);
  Statistics stats;
  Store store(p, stats);
  EXPECT_TRUE(store.assign(0, 2, nullptr));  // a search decision: not an inference pruning
  EXPECT_EQ(stats.values_pruned, 0U);
  EXPECT_TRUE(store.remove(1, 2, &cause));
  EXPECT_EQ(stats.values_pruned, 1U);
  EXPECT_TRUE(store.assign(1, 0, &cause));  // inference assigns y: two more values go
  EXPECT_EQ(stats.values_pruned, 3U);
  EXPECT_EQ(stats.wipeouts, 0U);
  EXPECT_EQ(store.weights()[0], 1U);
  EXPECT_FALSE(store.remove(1, 0, &cause));  // the last value: a wipe-out, blamed on `cause`
  EXPECT_EQ(stats.values_pruned, 4U);
  EXPECT_EQ(stats.wipeouts, 1U);
  EXPECT_EQ(store.weights()[0], 2U);
  EXPECT_TRUE(store.domain(1).empty());
  store.undo_to(0);
  EXPECT_EQ(store.domain(0).size(), 4);
  EXPECT_EQ(store.domain(1).size(), 4);
  EXPECT_EQ(stats.values_pruned, 4U);  // statistics are not undone
}

TEST(Store, ValueMapsIndicesToTheVariablesValues) {
  Problem p;
  p.add_variable("x", std::vector<Value>{-3, 0, 7});
  Statistics stats;
  const Store store(p, stats);
  EXPECT_EQ(store.value(0, 0), -3);
  EXPECT_EQ(store.value(0, 2), 7);
  EXPECT_EQ(store.assignment().variable_count(), 1);
  EXPECT_EQ(store.assignment().assigned_count(), 0);
}

}  // namespace
}  // namespace csp
