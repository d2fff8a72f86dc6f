// Results that are exact and extension points that cannot lie.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

// Australia has 18 proper 3-colourings (AIMA Fig. 6.1); a callback stopping after 3 leaves the count inexact.
TEST(ExactResults, OnSolutionStopIsNotComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  for (const char* inference : {"none", "fc", "mac"}) {
    SCOPED_TRACE(inference);
    SolverConfig c = SolverConfig::textbook();
    c.inference = inference;
    c.max_solutions = 0;
    int seen = 0;
    c.on_solution = [&](const Assignment& /*a*/) { return ++seen < 3; };
    const SearchResult r = backtracking_search(p, c);
    EXPECT_EQ(r.solution_count, 3U);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.status, Status::limit_reached);
  }
}

TEST(ExactResults, MaxSolutionsReachedAsAskedIsComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  SolverConfig c = SolverConfig::textbook();
  c.max_solutions = 3;
  // A callback that says stop on the very solution that reaches max_solutions does not make the run inexact.
  int seen = 0;
  c.on_solution = [&](const Assignment& /*a*/) { return ++seen < 3; };
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 3U);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.status, Status::solved);
}

TEST(ExactResults, ExhaustedSearchIsComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  SolverConfig c = SolverConfig::textbook();
  c.max_solutions = 0;
  c.on_solution = [](const Assignment& /*a*/) { return true; };
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 18U);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.status, Status::solved);
}

// x, y, z in 1..3, all different: 6 solutions.
Problem three_different() {
  Problem p;
  const VarId x = p.add_variable("x", 1, 3);
  const VarId y = p.add_variable("y", 1, 3);
  const VarId z = p.add_variable("z", 1, 3);
  p.add_all_different({x, y, z});
  return p;
}

template <class Fn>
void register_variable_ordering(const std::string& name, Fn fn) {
  if (!variable_orderings().contains(name)) variable_orderings().add(name, "a broken ordering (test)", fn);
}
template <class Fn>
void register_value_ordering(const std::string& name, Fn fn) {
  if (!value_orderings().contains(name)) value_orderings().add(name, "a broken ordering (test)", fn);
}

// Runs search with the given strategies and returns the csp::Error's message ("" when nothing was thrown).
std::string error_of(const std::string& var, const std::string& val, const std::string& inference) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.max_solutions = 0;
  c.limits.node_limit = 100000;
  try {
    backtracking_search(three_different(), c);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CheckedOrderings, VariableOrderingReturningAnAssignedVariableThrows) {
  register_variable_ordering("always-x", [](SearchContext& /*ctx*/) { return VarId{0}; });
  for (const char* inference : {"none", "fc", "mac"}) {
    const std::string what = error_of("always-x", "natural", inference);
    EXPECT_NE(what.find("variable ordering 'always-x' returned 0"), std::string::npos) << what;
    EXPECT_NE(what.find("'x' is already assigned"), std::string::npos) << what;
  }
}

TEST(CheckedOrderings, VariableOrderingReturningAnUnknownIdThrows) {
  register_variable_ordering("ninety-nine", [](SearchContext& /*ctx*/) { return VarId{99}; });
  const std::string what = error_of("ninety-nine", "natural", "none");
  EXPECT_NE(what.find("variable ordering 'ninety-nine' returned 99"), std::string::npos) << what;
  EXPECT_NE(what.find("the problem has 3 variables"), std::string::npos) << what;
}

TEST(CheckedOrderings, VariableOrderingSayingNoneLeftTooEarlyThrows) {
  register_variable_ordering("gives-up", [](SearchContext& ctx) {
    return ctx.assignment().assigned_count() >= 1 ? VarId{-1} : first_unassigned(ctx);
  });
  const std::string what = error_of("gives-up", "natural", "fc");
  EXPECT_NE(what.find("variable ordering 'gives-up' returned -1"), std::string::npos) << what;
  EXPECT_NE(what.find("2 unassigned"), std::string::npos) << what;
}

TEST(CheckedOrderings, ValueOrderingReturningValuesInsteadOfIndicesThrows) {
  // Domains 1..3 have indices 0..2: the value 3 is no index.
  register_value_ordering("values-not-indices", [](SearchContext& ctx, VarId x, std::vector<int>& order) {
    order.clear();
    const Domain& d = ctx.store().domain(x);
    for (int i = d.min(); i >= 0; i = d.next(i)) order.push_back(static_cast<int>(ctx.store().value(x, i)));
  });
  for (const char* inference : {"none", "fc", "mac"}) {
    const std::string what = error_of("first", "values-not-indices", inference);
    EXPECT_NE(what.find("value ordering 'values-not-indices' returned index 3 for variable 'x'"), std::string::npos)
        << what;
  }
}

TEST(CheckedOrderings, ValueOrderingGivingAnIndexTwiceThrows) {
  register_value_ordering("twice", [](SearchContext& ctx, VarId x, std::vector<int>& order) {
    natural_order(ctx, x, order);
    order.push_back(order.front());
  });
  const std::string what = error_of("first", "twice", "none");
  EXPECT_NE(what.find("value ordering 'twice' returned index 0 for variable 'x': given twice"), std::string::npos)
      << what;
}

TEST(CheckedOrderings, ValueOrderingGivingAPrunedIndexThrows) {
  // Under forward checking y's domain has lost x's value when y is ordered: index 0 is gone.
  register_value_ordering("all-indices", [](SearchContext& ctx, VarId x, std::vector<int>& order) {
    order.clear();
    for (int i = 0; i < ctx.store().domain(x).capacity(); ++i) order.push_back(i);
  });
  const std::string what = error_of("first", "all-indices", "fc");
  EXPECT_NE(what.find("value ordering 'all-indices' returned index 0 for variable 'y'"), std::string::npos) << what;
  EXPECT_EQ(error_of("first", "all-indices", "none"), "");  // without inference every index stays in the domain
}

TEST(CheckedOrderings, CorrectCustomOrderingsStillCountAllSolutions) {
  register_value_ordering("descending", [](SearchContext& ctx, VarId x, std::vector<int>& order) {
    natural_order(ctx, x, order);
    std::reverse(order.begin(), order.end());
  });
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "mrv";
  c.value_ordering = "descending";
  c.inference = "fc";
  c.max_solutions = 0;
  const SearchResult r = backtracking_search(three_different(), c);
  EXPECT_EQ(r.solution_count, 6U);
  EXPECT_TRUE(r.complete);
}

}  // namespace
}  // namespace csp
