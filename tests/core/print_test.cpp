// operator<< for Status (search/search_result.hpp), Domain, Assignment and Problem: the exact text.
#include "csp/core/print.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "csp/search/search_result.hpp"

namespace csp {
namespace {

template <class T>
std::string text(const T& t) {
  std::ostringstream os;
  os << t;
  return os.str();
}

TEST(Print, Status) {
  EXPECT_EQ(text(Status::solved), "solved");
  EXPECT_EQ(text(Status::unsatisfiable), "unsatisfiable");
  EXPECT_EQ(text(Status::limit_reached), "limit-reached");
  EXPECT_EQ(text(Status::gave_up), "gave-up");
}

TEST(Print, DomainRunsInEveryRepresentation) {
  Domain small(10);
  small.remove(4);
  small.remove(8);
  EXPECT_EQ(text(small), "{0..3, 5..7, 9}");
  EXPECT_EQ(text(Domain(2)), "{0, 1}");
  Domain empty(3);
  empty.assign(-1);
  EXPECT_EQ(text(empty), "{}");
  Domain bitset(1000);  // a vector of words
  bitset.remove_below(998);
  EXPECT_EQ(text(bitset), "{998, 999}");
  Domain wide(2'000'000'000);  // an interval with holes: printed in O(runs log size)
  wide.remove(5);
  EXPECT_EQ(text(wide), "{0..4, 6..1999999999}");
  Domain many(300);
  for (int i = 1; i < 300; i += 2) many.remove(i);  // 150 single values: the first 100 are written
  const std::string t = text(many);
  EXPECT_EQ(t.substr(0, 12), "{0, 2, 4, 6,");
  EXPECT_TRUE(t.ends_with(", 196, 198, ... (150 values)}")) << t;
}

TEST(Print, Assignment) {
  Assignment a(3);
  EXPECT_EQ(text(a), "{}");
  a.assign(0, 3);
  a.assign(2, -5);
  EXPECT_EQ(text(a), "{#0=3, #2=-5}");
}

TEST(Print, ProblemListsVariablesDomainsAndConstraints) {
  Problem p;
  const VarId x = p.add_variable("x", csp::range(1, 9));
  const VarId y = p.add_variable("y", csp::values(1, 9));
  const VarId z = p.add_variable("z", csp::values(-3, 0, 1, 2, 7));
  p.restrict_domain(x, 2, 8);
  p.add_not_equal(x, y);
  p.add_times(x, y, z);
  p.add_sum({x, y, z}, LinearOp::le, 10);
  EXPECT_EQ(text(p),
            "3 variables:\n"
            "  x in {2..8}\n"
            "  y in {1, 9}\n"
            "  z in {-3, 0..2, 7}\n"
            "3 constraints:\n"
            "  x!=y on (x, y)\n"
            "  x*y=z on (x, y, z)\n"
            "  x+y+z<=10 on (x, y, z)\n");
  Problem one;
  one.add_variable("only", 5, 5);
  EXPECT_EQ(text(one), "1 variable:\n  only in {5}\n0 constraints:\n");
  EXPECT_EQ(domain_values(p.initial_domain(z), p.variable(z)), "{-3, 0..2, 7}");
}

}  // namespace
}  // namespace csp
