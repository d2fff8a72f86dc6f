// Variable: sorted unique values and index_of, for ranges and for arbitrary ints.
#include "csp/core/variable.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace csp {
namespace {

TEST(Variable, ArbitraryValuesAreSortedAndIndexed) {
  const Variable v("x", {7, -3, 0, 7});
  EXPECT_EQ(v.name(), "x");
  EXPECT_EQ(v.values(), (std::vector<Value>{-3, 0, 7}));
  EXPECT_EQ(v.size(), 3);
  EXPECT_EQ(v.index_of(-3), 0);
  EXPECT_EQ(v.index_of(0), 1);
  EXPECT_EQ(v.index_of(7), 2);
  EXPECT_EQ(v.value(2), 7);
  for (Value absent : {-4, -2, -1, 1, 6, 8}) EXPECT_EQ(v.index_of(absent), -1) << "value " << absent;
}

TEST(Variable, ContiguousRangeIndexOf) {
  const Variable v("y", {5, 3, 4, 2});
  EXPECT_EQ(v.values(), (std::vector<Value>{2, 3, 4, 5}));
  EXPECT_EQ(v.index_of(2), 0);
  EXPECT_EQ(v.index_of(5), 3);
  EXPECT_EQ(v.index_of(1), -1);
  EXPECT_EQ(v.index_of(6), -1);
}

TEST(Variable, ExtremeValuesDoNotOverflow) {
  const int lo = std::numeric_limits<int>::min();
  const int hi = std::numeric_limits<int>::max();
  const Variable v("z", {hi, lo, 0});
  EXPECT_EQ(v.index_of(lo), 0);
  EXPECT_EQ(v.index_of(0), 1);
  EXPECT_EQ(v.index_of(hi), 2);
  EXPECT_EQ(v.index_of(1), -1);
  const Variable w("w", {hi - 1, hi});
  EXPECT_EQ(w.index_of(hi), 1);
  EXPECT_EQ(w.index_of(hi - 2), -1);
}

// index_of and lower_index against a scan of the sorted values, for lists spanning up to 64 integers (the bit mask)
// and wider (the binary search), at and around every value, including the ends of int.
TEST(Variable, IndexOfAndLowerIndexAgreeWithTheSortedValues) {
  std::mt19937 rng(7);
  const int lo_int = std::numeric_limits<int>::min();
  for (int trial = 0; trial < 400; ++trial) {
    const int span = 2 + static_cast<int>(rng() % 130);  // 2..131: both sides of 64
    const int base = trial % 3 == 0 ? lo_int : trial % 3 == 1 ? -40 : std::numeric_limits<int>::max() - span + 1;
    std::vector<Value> values{base, static_cast<Value>(static_cast<long long>(base) + span - 1)};
    for (int k = 0; k < span / 3; ++k)
      values.push_back(static_cast<Value>(static_cast<long long>(base) + rng() % span));
    const Variable v("x", values);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    ASSERT_EQ(v.size(), static_cast<int>(values.size()));
    for (long long w = static_cast<long long>(base) - 1; w <= static_cast<long long>(base) + span; ++w) {
      if (w < lo_int || w > std::numeric_limits<int>::max()) continue;
      const auto x = static_cast<Value>(w);
      const auto it = std::lower_bound(values.begin(), values.end(), x);
      const int at_least = static_cast<int>(it - values.begin());
      EXPECT_EQ(v.lower_index(x), at_least) << "value " << x << ", span " << span;
      EXPECT_EQ(v.index_of(x), it != values.end() && *it == x ? at_least : -1) << "value " << x << ", span " << span;
    }
  }
}

}  // namespace
}  // namespace csp
