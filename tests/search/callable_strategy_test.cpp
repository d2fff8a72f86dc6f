// A variable or value ordering given as a callable as well as by registered name, checked like a
// registered one and named in reports ("custom", or the name given with it).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/solver_config.hpp"

namespace csp {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  } catch (...) {
    return "<another exception>";
  }
  return "<no exception>";
}

VarId last_unassigned(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  for (VarId x = a.variable_count() - 1; x >= 0; --x)
    if (!a.is_assigned(x)) return x;
  return -1;
}

// Value indices of x's current domain, largest value first.
void descending(SearchContext& ctx, VarId x, std::vector<int>& order) {
  const Domain& d = ctx.store().domain(x);
  for (int i = d.min(); i >= 0; i = d.next(i)) order.push_back(i);
  std::reverse(order.begin(), order.end());
}

// The first 8-queens solution of the textbook baseline (static order, ascending values): Q1..Q8 in rows
// 1 5 8 6 3 7 2 4.
const std::vector<Value> kFirst{1, 5, 8, 6, 3, 7, 2, 4};

TEST(CallableStrategy, AFunctionAsVariableOrdering) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = last_unassigned;  // a plain function, not registered
  EXPECT_TRUE(c.variable_ordering.is_callable());
  EXPECT_EQ(c.variable_ordering.name(), "custom");
  EXPECT_FALSE(c.variable_ordering == "custom");  // a callable never equals a registered name
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(to_string(c), "var=custom val=natural inference=none ac3=off max_solutions=1");
  // Filling the board from the last column reverses the columns of the baseline's first solution.
  const SearchResult one = backtracking_search(models::n_queens(8), c);
  std::vector<Value> mirrored(kFirst.rbegin(), kFirst.rend());
  EXPECT_EQ(one.solution().values(), mirrored);
  c.max_solutions = 0;
  for (const char* inference : {"none", "fc", "mac"}) {
    c.inference = inference;
    EXPECT_EQ(backtracking_search(models::n_queens(8), c).solution_count, 92U) << inference;
  }
}

TEST(CallableStrategy, ALambdaAsValueOrderingWithAName) {
  SolverConfig c = SolverConfig::textbook();
  c.value_ordering = Strategy<ValueOrdering>(
      [](SearchContext& ctx, VarId x, std::vector<int>& order) { descending(ctx, x, order); }, "descending");
  EXPECT_EQ(to_string(c), "var=first val=descending inference=none ac3=off max_solutions=1");
  // Trying rows from the bottom reflects the baseline's first solution top to bottom: row r becomes 9 - r.
  const SearchResult one = backtracking_search(models::n_queens(8), c);
  std::vector<Value> reflected;
  for (Value r : kFirst) reflected.push_back(9 - r);
  EXPECT_EQ(one.solution().values(), reflected);
}

TEST(CallableStrategy, ACallableNamedLikeABuiltInIsStillTheCallable) {
  // "natural" is iterated lazily by search; a callable given that name must run, not be taken for the built-in.
  SolverConfig c = SolverConfig::textbook();
  c.value_ordering = Strategy<ValueOrdering>(descending, "natural");
  EXPECT_FALSE(c.value_ordering == "natural");
  std::vector<Value> reflected;
  for (Value r : kFirst) reflected.push_back(9 - r);
  EXPECT_EQ(backtracking_search(models::n_queens(8), c).solution().values(), reflected);
}

TEST(CallableStrategy, NamesStillWorkAndCompare) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "mrv";
  c.value_ordering = std::string("lcv");
  EXPECT_EQ(c.variable_ordering, "mrv");
  EXPECT_EQ(c.value_ordering, std::string("lcv"));
  EXPECT_FALSE(c.variable_ordering.is_callable());
  EXPECT_EQ(&c.variable_ordering.resolve(variable_orderings()), &variable_orderings().get("mrv").fn);
  c.variable_ordering = "no-such-ordering";
  EXPECT_THROW(c.validate(), UnknownNameError);
}

TEST(CallableStrategy, WhatACallableReturnsIsChecked) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = Strategy<VariableOrdering>([](SearchContext&) { return VarId{0}; }, "always-q1");
  EXPECT_THAT(error_of([&] { (void)backtracking_search(models::n_queens(4), c); }),
              AllOf(HasSubstr("variable ordering 'always-q1' returned 0"), HasSubstr("'Q1' is already assigned")));
  c.variable_ordering = [](SearchContext&) { return VarId{-1}; };
  EXPECT_THAT(error_of([&] { (void)backtracking_search(models::n_queens(4), c); }),
              AllOf(HasSubstr("variable ordering 'custom' returned -1"), HasSubstr("none left, but 4 unassigned")));

  c = SolverConfig::textbook();
  // Values instead of indices: rows 1..4 are indices 0..3, so the value 4 is no index of Q1's domain.
  c.value_ordering = [](SearchContext&, VarId, std::vector<int>& order) { order = {1, 2, 3, 4}; };
  EXPECT_THAT(error_of([&] { (void)backtracking_search(models::n_queens(4), c); }),
              AllOf(HasSubstr("value ordering 'custom' returned index 4 for variable 'Q1'"),
                    HasSubstr("was a value given instead of its index?")));
  c.value_ordering = [](SearchContext&, VarId, std::vector<int>& order) { order = {0, 0}; };
  EXPECT_THAT(error_of([&] { (void)backtracking_search(models::n_queens(4), c); }), HasSubstr("given twice"));
}

TEST(CallableStrategy, AnEmptyCallableIsRefused) {
  EXPECT_THAT(error_of([] { Strategy<VariableOrdering> s{VariableOrdering{}}; }),
              HasSubstr("strategy 'custom': the callable given is empty"));
  VarId (*null_fn)(SearchContext&) = nullptr;
  EXPECT_THROW(Strategy<VariableOrdering>(null_fn, "null"), Error);
  EXPECT_THROW(Strategy<VariableOrdering>(last_unassigned, ""), Error);
}

}  // namespace
}  // namespace csp
