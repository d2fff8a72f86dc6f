// Trail undo over interval domains (more than 4,096 values): every bounds change, hole and assignment made through
// the Store is undone exactly, at every nesting depth, checked against a std::set model of the values.
#include <gtest/gtest.h>

#include <climits>
#include <random>
#include <set>
#include <vector>

#include "csp/core/store.hpp"

namespace csp {
namespace {

std::set<int> indices_of(const Domain& d) {
  std::set<int> out;
  for (int i = d.min(); i >= 0; i = d.next(i)) out.insert(i);
  return out;
}

TEST(IntervalTrail, RandomChangesAreUndoneExactlyAtEveryDepth) {
  for (const Value lo : {INT_MIN, -2500, INT_MAX - 4999}) {
    Problem p;
    const VarId x = p.add_variable("x", lo, lo + 4999);  // 5,000 values: an interval domain
    ASSERT_FALSE(p.initial_domain(x).is_bitset());
    Statistics stats;
    Store s(p, stats);
    std::mt19937 rng(static_cast<std::uint32_t>(lo));
    struct Level {
      Trail::Mark mark;
      Domain domain;
      std::set<int> model;
    };
    std::vector<Level> levels;
    std::set<int> model;
    for (int i = 0; i < 5000; ++i) model.insert(i);
    const std::set<int> full = model;
    for (int step = 0; step < 1500; ++step) {
      const auto op = static_cast<unsigned>(rng() % 10);
      if (op < 2 || s.domain(x).size() < 3) {  // undo to a random earlier mark
        if (levels.empty()) continue;
        const std::size_t back = rng() % levels.size();
        s.undo_to(levels[back].mark);
        ASSERT_EQ(s.domain(x), levels[back].domain) << "step " << step;
        model = levels[back].model;
        levels.resize(back);
      } else if (op < 4) {
        levels.push_back({s.mark(), s.domain(x), model});
      } else {
        const Domain& d = s.domain(x);
        const int i = d.min() + static_cast<int>(rng() % static_cast<std::uint32_t>(d.max() - d.min() + 1));
        bool ok = true;
        if (op == 4) {
          ok = s.remove_below(x, i, nullptr);
          model.erase(model.begin(), model.lower_bound(i));
        } else if (op == 5) {
          ok = s.remove_above(x, i, nullptr);
          model.erase(model.upper_bound(i), model.end());
        } else if (op == 6 && d.contains(i)) {
          levels.push_back({s.mark(), s.domain(x), model});
          ok = s.assign(x, i, nullptr);
          model = {i};
        } else {
          ok = s.remove(x, i, nullptr);
          model.erase(i);
        }
        ASSERT_EQ(ok, !model.empty());
        if (!ok) {  // a wipe-out: back to the newest mark, as search would
          s.undo_to(levels.empty() ? 0 : levels.back().mark);
          model = levels.empty() ? full : levels.back().model;
          if (!levels.empty()) levels.pop_back();
        }
      }
      ASSERT_EQ(s.domain(x).size(), static_cast<int>(model.size())) << "step " << step;
      ASSERT_EQ(s.domain(x).min(), *model.begin()) << "step " << step;
      ASSERT_EQ(s.domain(x).max(), *model.rbegin()) << "step " << step;
      if (step % 20 == 0) {
        ASSERT_EQ(indices_of(s.domain(x)), model) << "step " << step;
      }
    }
    s.undo_to(0);
    EXPECT_EQ(s.domain(x), p.initial_domain(x));
  }
}

}  // namespace
}  // namespace csp
