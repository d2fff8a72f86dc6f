// root_domains: the givens assigned and the inference run once at the root, checked by hand on a chain x != y,
// y != z and on a wipe-out.
#include "csp/propagation/root_domains.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "csp/core/errors.hpp"

namespace csp {
namespace {

using Values = std::vector<Value>;

// x = 1 (a given), y in 1..3, z in 1..2; x != y, y != z.
Problem chain() {
  Problem p;
  const VarId x = p.add_variable("x", 1, 1);
  const VarId y = p.add_variable("y", 1, 3);
  const VarId z = p.add_variable("z", 1, 2);
  p.add_not_equal(x, y);
  p.add_not_equal(y, z);
  return p;
}

TEST(RootDomains, NoInferenceLeavesEveryDomain) {
  const RootDomains r = root_domains(chain(), "none");
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values, (std::vector<Values>{{1}, {1, 2, 3}, {1, 2}}));
}

TEST(RootDomains, ForwardCheckingRevisesFromTheGivensOnly) {
  // fc removes 1 from y (x = 1) and does not propagate further: z keeps both values.
  const RootDomains r = root_domains(chain(), "fc");
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values, (std::vector<Values>{{1}, {2, 3}, {1, 2}}));
}

TEST(RootDomains, MacMakesTheChainArcConsistent) {
  // Arc consistent already after y loses 1: y {2, 3} supports both values of z.
  const RootDomains r = root_domains(chain(), "mac");
  EXPECT_TRUE(r.consistent);
  EXPECT_EQ(r.values, (std::vector<Values>{{1}, {2, 3}, {1, 2}}));
  // With z a given 2, MAC takes y down to 3.
  Problem p = chain();
  p.restrict_domain(2, std::vector<Value>{2});
  EXPECT_EQ(root_domains(p, "mac").values, (std::vector<Values>{{1}, {3}, {2}}));
}

TEST(RootDomains, AWipeOutIsInconsistent) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 1);
  const VarId y = p.add_variable("y", 1, 1);
  p.add_not_equal(x, y);
  EXPECT_FALSE(root_domains(p, "fc").consistent);
  EXPECT_TRUE(root_domains(p, "none").consistent);  // no inference: nothing is checked at the root
}

TEST(RootDomains, AnUnknownInferenceIsRefused) { EXPECT_THROW(root_domains(chain(), "magic"), UnknownNameError); }

}  // namespace
}  // namespace csp
