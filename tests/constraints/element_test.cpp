// Element over constant arrays and arrays of variables (FlatZinc array_[var_]int_element, array_[var_]bool_element).
#include "csp/constraints/element.hpp"

#include <gtest/gtest.h>

#include <chrono>

#include "fzn_constraint_check.hpp"
#include "support/store_values.hpp"

namespace csp {
namespace {

using test::check_against_spec;
using test::random_variable;
using test::Tuple;
using test::values_of;

constexpr std::uint32_t kSeeds = 250;

TEST(Element, ConstantArrayAgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed);
    Problem p;
    const VarId index = random_variable(p, "i", -1, 6, rng);
    const bool same = seed % 7 == 0;  // result = array[result - offset]
    const VarId result = same ? index : random_variable(p, "r", -3, 3, rng);
    std::vector<Value> array(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 5)(rng)));
    for (Value& v : array) v = std::uniform_int_distribution<Value>(-3, 4)(rng);
    const int offset = std::uniform_int_distribution<int>(-1, 2)(rng);
    p.add_element(index, array, result, offset);
    const auto spec = [&](const Tuple& t) {
      const long long k = static_cast<long long>(t[static_cast<std::size_t>(index)]) - offset;
      return k >= 0 && k < static_cast<long long>(array.size()) &&
             array[static_cast<std::size_t>(k)] == t[static_cast<std::size_t>(result)];
    };
    check_against_spec(p, spec, seed, "element");
    if (HasFatalFailure()) return;
  }
}

// Posts result = array[index - offset] over 1 to 4 entries picked from `pool` (from pool[first] on) and checks it
// against the relation's brute force.
void check_random_var_element(Problem& p, VarId index, VarId result, const std::vector<VarId>& pool, std::size_t first,
                              std::mt19937& rng, std::uint32_t seed, const std::string& what) {
  std::vector<VarId> array(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 4)(rng)));
  std::uniform_int_distribution<std::size_t> pick(first, pool.size() - 1);
  for (VarId& a : array) a = pool[pick(rng)];
  const int offset = std::uniform_int_distribution<int>(0, 1)(rng);
  p.add_var_element(index, array, result, offset);
  const auto spec = [&](const Tuple& t) {
    const long long k = static_cast<long long>(t[static_cast<std::size_t>(index)]) - offset;
    return k >= 0 && k < static_cast<long long>(array.size()) &&
           t[static_cast<std::size_t>(array[static_cast<std::size_t>(k)])] == t[static_cast<std::size_t>(result)];
  };
  check_against_spec(p, spec, seed, what);
}

TEST(Element, VariableArrayAgreesWithBruteForceOnRandomProblems) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed + 5000);
    Problem p;
    const VarId index = random_variable(p, "i", 0, 4, rng);
    const VarId result = random_variable(p, "r", -2, 2, rng);
    std::vector<VarId> pool{index, result};  // array entries may be the index or the result too
    const int own = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int k = 0; k < own; ++k)
      pool.push_back(random_variable(p, std::string("a").append(std::to_string(k)), -2, 2, rng));
    check_random_var_element(p, index, result, pool, seed % 2 == 0 ? 2 : 0, rng, seed, "var element");
    if (HasFatalFailure()) return;
  }
}

// Result and entries ranges of at most 64 values (VarElement's one-word filtering): ranges with different first
// values, single-value entries (the constants of a FlatZinc array), holes made by restrict_domain; and one entry of
// 65 values, which filters value by value instead. The same solutions and fixpoints as the brute force.
TEST(Element, VariableArrayOfSmallRangesAgreesWithBruteForce) {
  for (std::uint32_t seed = 0; seed < kSeeds; ++seed) {
    std::mt19937 rng(seed + 9000);
    const auto range = [&](Problem& p, const std::string& name) {
      const Value lo = std::uniform_int_distribution<Value>(-3, 2)(rng);
      const Value hi = lo + std::uniform_int_distribution<Value>(0, 4)(rng);
      const VarId x = p.add_variable(name, lo, hi);
      if (hi > lo && std::bernoulli_distribution(0.3)(rng)) {  // a hole
        std::vector<Value> allowed;
        for (Value v = lo; v <= hi; ++v)
          if (v != lo + 1) allowed.push_back(v);
        p.restrict_domain(x, allowed);
      }
      return x;
    };
    Problem p;
    const VarId index = random_variable(p, "i", 0, 4, rng);
    const VarId result = range(p, "r");
    std::vector<VarId> pool{result};
    const int own = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int k = 0; k < own; ++k) pool.push_back(range(p, std::string("a").append(std::to_string(k))));
    if (seed % 25 == 0) pool.push_back(p.add_variable("wide", -30, 34));  // 65 values: not one word
    check_random_var_element(p, index, result, pool, seed % 2 == 0 ? 1 : 0, rng, seed, "var element of small ranges");
    if (HasFatalFailure()) return;
  }
}

TEST(Element, DomainConsistentOnSmallDomains) {
  // array [5, 7, 5, 9] (offset 1), result in {5, 6, 9}: index keeps 1, 3, 4; result keeps 5, 9.
  Problem p;
  const VarId index = p.add_variable("i", 0, 10);
  const VarId result = p.add_variable("r", std::vector<int>{5, 6, 9});
  p.add_element(index, {5, 7, 5, 9}, result);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, index), (std::vector<Value>{1, 3, 4}));
  EXPECT_EQ(values_of(s, result), (std::vector<Value>{5, 9}));
  ASSERT_TRUE(s.remove(result, 0, nullptr));  // result = 9
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, index), std::vector<Value>{4});
}

TEST(Element, WideIndexAndResultCostNothing) {
  // index and result in 0..10^9; array of 5 values: index is cut to 1..5 and result to the bounds 3..10^9 - 1 of
  // the array's values, without a loop over 10^9 values; then x = 2 fixes result = 3.
  const auto start = std::chrono::steady_clock::now();
  Problem p;
  const VarId index = p.add_variable("i", 0, 1000000000);
  const VarId result = p.add_variable("r", 0, 1000000000);
  p.add_element(index, {1000000000 - 1, 3, 17, 3, 500000000}, result);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(p.constraint(0).propagate(s));
  EXPECT_EQ(values_of(s, index), (std::vector<Value>{1, 2, 3, 4, 5}));
  EXPECT_EQ(s.value(result, s.domain(result).min()), 3);
  EXPECT_EQ(s.value(result, s.domain(result).max()), 1000000000 - 1);
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  config.max_solutions = 0;
  const SearchResult r = backtracking_search(p, config);
  EXPECT_EQ(r.solution_count, 5U);
  // The variable array: result = [x, y][i] with x, y in 0..10^9 and result in 10..20.
  Problem q;
  const VarId qi = q.add_variable("i", 1, 2);
  const VarId x = q.add_variable("x", 0, 1000000000);
  const VarId y = q.add_variable("y", 0, 1000000000);
  const VarId qr = q.add_variable("r", 10, 20);
  q.add_var_element(qi, {x, y}, qr);
  Statistics qstats;
  Store t(q, qstats);
  ASSERT_TRUE(t.assign(qi, 0, nullptr));  // i = 1: x = r
  ASSERT_TRUE(q.constraint(0).propagate(t));
  EXPECT_EQ(values_of(t, x), values_of(t, qr));
  EXPECT_EQ(t.domain(y).size(), 1000000001);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // a guard, not a speed target
}

TEST(Element, EmptyArraysAreModelErrors) {
  Problem p;
  const VarId index = p.add_variable("i", 0, 3);
  const VarId result = p.add_variable("r", 0, 3);
  EXPECT_THROW(p.add_element(index, std::vector<Value>{}, result), ModelError);
  EXPECT_THROW(p.add_var_element(index, {}, result), ModelError);
  EXPECT_THROW(p.add_var_element(index, {9}, result), ModelError);  // unknown id
}

}  // namespace
}  // namespace csp
