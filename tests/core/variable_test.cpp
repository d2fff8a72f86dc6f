// Variable: sorted unique values and index_of, for ranges and for arbitrary ints.
#include "csp/core/variable.hpp"

#include <limits>

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

}  // namespace
}  // namespace csp
