// Arithmetic constraints (times, div, mod, abs, min, max, pow, product, quotient, difference), add_sum,
// add_precedence and the API shapes: every relation against an independent brute force on small random
// domains (negative values and zero included), under every inference; one wide-domain case each.
#include "csp/constraints/arithmetic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <random>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

// ---- a braced pair cannot be taken for a range ------------------------------------------------------
template <class P>
concept BracedAddVariable = requires(P& p) {
  p.add_variable("x", {1, 9});
};
template <class P>
concept BracedRestrictDomain = requires(P& p) {
  p.restrict_domain(0, {1, 9});
};
template <class P>
concept RangeAddVariable = requires(P& p) {
  p.add_variable("x", csp::range(1, 9));
};
static_assert(!BracedAddVariable<Problem>, "add_variable(\"x\", {1, 9}) must not compile");
static_assert(!BracedRestrictDomain<Problem>, "restrict_domain(x, {1, 9}) must not compile");
static_assert(RangeAddVariable<Problem>);
static_assert(csp::range(1, 9).lo == 1 && csp::range(1, 9).hi == 9);

TEST(ApiShapes, RangeValuesAndRestrictDomain) {
  Problem p;
  const VarId x = p.add_variable("x", csp::range(1, 9));
  const VarId y = p.add_variable("y", csp::values(1, 9));
  EXPECT_EQ(p.variable(x).size(), 9);
  EXPECT_EQ(p.variable(y).values(), (std::vector<Value>{1, 9}));
  p.restrict_domain(x, 3, 5);
  EXPECT_EQ(p.initial_domain(x).size(), 3);
  EXPECT_EQ(p.initial_domain(x).min(), 2);  // index of value 3
  EXPECT_THROW(p.restrict_domain(x, 10, 12), ModelError);
}

// ---- an independent reference for each relation --------------------------------------------------------------
// x ^ y for y >= 0; LLONG_MAX (no int) once |x ^ y| passes 2^40.
long long ipow(long long x, long long y) {
  long long r = 1;
  for (long long k = 0; k < y; ++k) {
    r *= x;
    if (r > (1LL << 40) || r < -(1LL << 40)) return LLONG_MAX;
  }
  return r;
}

bool reference(ArithmeticKind kind, long long t, const std::vector<Value>& v) {
  switch (kind) {
    case ArithmeticKind::times:
      return static_cast<long long>(v[0]) * v[1] == v[2];
    case ArithmeticKind::div:
      return v[1] != 0 && v[0] / v[1] == v[2];
    case ArithmeticKind::mod:
      return v[1] != 0 && v[0] % v[1] == v[2];
    case ArithmeticKind::abs:
      return std::abs(v[0]) == v[1];
    case ArithmeticKind::min:
      return std::min(v[0], v[1]) == v[2];
    case ArithmeticKind::max:
      return std::max(v[0], v[1]) == v[2];
    case ArithmeticKind::pow:  // MiniZinc 2.6: 1 div x^|y| for y < 0 (undefined for x = 0)
      if (v[1] < 0) return v[0] != 0 && 1 / ipow(v[0], -static_cast<long long>(v[1])) == v[2];
      return ipow(v[0], v[1]) == v[2];
    case ArithmeticKind::product: {
      long long p = 1;
      for (Value x : v) p *= x;
      return p == t;
    }
    case ArithmeticKind::quotient: {
      const long long lo = std::min(v[0], v[1]);
      const long long hi = std::max(v[0], v[1]);
      return lo != 0 && hi == t * lo;
    }
    case ArithmeticKind::difference:
      return std::abs(v[0] - v[1]) == t;
  }
  return false;
}

const Constraint& post(Problem& p, ArithmeticKind kind, long long t) {
  switch (kind) {
    case ArithmeticKind::times:
      return p.add_times(0, 1, 2);
    case ArithmeticKind::div:
      return p.add_div(0, 1, 2);
    case ArithmeticKind::mod:
      return p.add_mod(0, 1, 2);
    case ArithmeticKind::abs:
      return p.add_abs(0, 1);
    case ArithmeticKind::min:
      return p.add_min(0, 1, 2);
    case ArithmeticKind::max:
      return p.add_max(0, 1, 2);
    case ArithmeticKind::pow:
      return p.add_pow(0, 1, 2);
    case ArithmeticKind::product:
      return p.add_product({0, 1, 2}, t);
    case ArithmeticKind::quotient:
      return p.add_quotient(0, 1, static_cast<Value>(t));
    case ArithmeticKind::difference:
      return p.add_difference(0, 1, static_cast<Value>(t));
  }
  throw std::logic_error("kind");
}

int arity(ArithmeticKind kind) {
  switch (kind) {
    case ArithmeticKind::abs:
    case ArithmeticKind::quotient:
    case ArithmeticKind::difference:
      return 2;
    default:
      return 3;
  }
}

// Random subset of lo..hi (each value kept with probability 0.6), never empty.
std::vector<Value> random_values(std::mt19937& rng, Value lo, Value hi) {
  std::vector<Value> out;
  std::bernoulli_distribution keep(0.6);
  for (Value v = lo; v <= hi; ++v)
    if (keep(rng)) out.push_back(v);
  if (out.empty()) out.push_back(lo);
  return out;
}

// Domains for each kind: inputs in small ranges around 0, results wide enough to hit.
std::array<std::pair<Value, Value>, 3> ranges(ArithmeticKind kind) {
  switch (kind) {
    case ArithmeticKind::times:
      return {{{-6, 6}, {-6, 6}, {-40, 40}}};
    case ArithmeticKind::pow:
      return {{{-4, 4}, {-2, 5}, {-70, 260}}};
    case ArithmeticKind::product:
      return {{{-4, 4}, {-4, 4}, {-4, 4}}};
    default:
      return {{{-7, 7}, {-7, 7}, {-7, 7}}};
  }
}

class ArithmeticBruteForce : public ::testing::TestWithParam<ArithmeticKind> {};

TEST_P(ArithmeticBruteForce, SameSolutionsAsBruteForceUnderEveryInferenceAndGacAtTheRoot) {
  const ArithmeticKind kind = GetParam();
  std::mt19937 rng(20261201U + static_cast<unsigned>(kind));
  const int n = arity(kind);
  int nonempty = 0;
  for (int trial = 0; trial < 60; ++trial) {
    long long t = 0;
    if (kind == ArithmeticKind::product) t = std::uniform_int_distribution<int>(-16, 16)(rng);
    if (kind == ArithmeticKind::quotient) t = std::uniform_int_distribution<int>(-3, 4)(rng);
    if (kind == ArithmeticKind::difference) t = std::uniform_int_distribution<int>(-1, 6)(rng);
    Problem p;
    std::vector<std::vector<Value>> domains;
    for (int k = 0; k < n; ++k) {
      const auto [lo, hi] = ranges(kind)[static_cast<std::size_t>(k)];
      domains.push_back(random_values(rng, lo, hi));
      p.add_variable(std::string(1, static_cast<char>('x' + k)), domains.back());
    }
    const Constraint& c = post(p, kind, t);
    // The reference: every tuple of the domains, checked by the plain formula above.
    std::vector<test_support::Tuple> expected;
    test_support::for_each_complete_assignment(p, 1U << 20U, [&](const test_support::Tuple& v) {
      if (reference(kind, t, v)) expected.push_back(v);
      EXPECT_EQ(c.is_satisfied_by(v), reference(kind, t, v)) << c.name() << " on " << ::testing::PrintToString(v);
    });
    nonempty += expected.empty() ? 0 : 1;
    for (const char* inference : {"none", "fc", "mac", "ac3"}) {  // ac3: revise(pos) before a plain search
      SolverConfig config = SolverConfig::textbook();
      config.variable_ordering = "mrv";
      config.inference = std::string(inference) == "ac3" ? "none" : inference;
      config.ac3_preprocess = std::string(inference) == "ac3";
      config.max_solutions = 0;
      config.keep_solutions = 1U << 20U;
      const SearchResult r = backtracking_search(p, config);
      EXPECT_EQ(test_support::sorted_tuples(r.solutions), expected) << c.name() << " t=" << t << " " << inference;
    }
    // Generalised arc consistency at the root: a value stays iff it is in some solution.
    Statistics stats;
    Store s(p, stats);
    const bool ok = c.propagate(s);
    EXPECT_EQ(ok, !expected.empty()) << c.name();
    if (!ok) continue;
    for (int k = 0; k < n; ++k) {
      std::vector<Value> kept;
      s.domain(k).for_each([&](int i) { kept.push_back(s.value(k, i)); });
      std::vector<Value> in_solutions;
      for (const auto& v : expected) in_solutions.push_back(v[static_cast<std::size_t>(k)]);
      std::sort(in_solutions.begin(), in_solutions.end());
      in_solutions.erase(std::unique(in_solutions.begin(), in_solutions.end()), in_solutions.end());
      EXPECT_EQ(kept, in_solutions) << c.name() << " position " << k;
    }
  }
  EXPECT_GE(nonempty, 10) << "too few satisfiable instances to mean anything";
}

// Domains too large for the enumeration at the root (inputs > Arithmetic::kEnumerationLimit tuples): the bounds
// reasoning runs first, then the enumeration deeper in the search; the solutions must still be exactly the relation's.
TEST_P(ArithmeticBruteForce, BoundsReasoningKeepsExactlyTheSolutionsOnMediumDomains) {
  const ArithmeticKind kind = GetParam();
  std::mt19937 rng(7U + static_cast<unsigned>(kind));
  const int n = arity(kind);
  const Value half = kind == ArithmeticKind::product ? 12 : 40;
  const long long t = kind == ArithmeticKind::product ? 360 : (kind == ArithmeticKind::quotient ? 3 : 9);
  Problem p;
  for (int k = 0; k < n; ++k) {
    std::vector<Value> values;
    std::bernoulli_distribution keep(0.9);
    const Value wide = k == 2 && kind != ArithmeticKind::product ? 3 * half : half;  // z: room for results
    for (Value v = -wide; v <= wide; ++v)
      if (keep(rng)) values.push_back(v);
    p.add_variable(std::string(1, static_cast<char>('x' + k)), values);
  }
  const Constraint& c = post(p, kind, t);
  long long inputs = 1;
  for (int k = 0; k < (n == 3 && kind != ArithmeticKind::product ? 2 : n); ++k) inputs *= p.variable(k).size();
  // abs has one input: more than the limit would make the brute force too long (its bounds: ArithmeticWide).
  if (kind != ArithmeticKind::abs) {
    ASSERT_GT(inputs, Arithmetic::kEnumerationLimit) << c.name();
  }
  std::vector<test_support::Tuple> expected;
  test_support::for_each_complete_assignment(p, 1U << 21U, [&](const test_support::Tuple& v) {
    if (reference(kind, t, v)) expected.push_back(v);
  });
  EXPECT_FALSE(expected.empty()) << c.name();
  for (const char* inference : {"fc", "mac"}) {
    SolverConfig config = SolverConfig::textbook();
    config.variable_ordering = "mrv";
    config.inference = inference;
    config.max_solutions = 0;
    config.keep_solutions = 1U << 21U;
    const SearchResult r = backtracking_search(p, config);
    EXPECT_EQ(test_support::sorted_tuples(r.solutions), expected) << c.name() << " " << inference;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryRelation, ArithmeticBruteForce,
                         ::testing::Values(ArithmeticKind::times, ArithmeticKind::div, ArithmeticKind::mod,
                                           ArithmeticKind::abs, ArithmeticKind::min, ArithmeticKind::max,
                                           ArithmeticKind::pow, ArithmeticKind::product, ArithmeticKind::quotient,
                                           ArithmeticKind::difference),
                         [](const auto& param_info) { return std::string(arithmetic_name(param_info.param)); });

TEST(Arithmetic, FlatZincRounding) {
  const std::array<Value, 3> div1{7, -2, -3}, div2{-7, 2, -3}, mod1{-7, 2, -1}, mod2{7, -2, 1};
  Problem p;
  for (const char* name : {"x", "y", "z"}) p.add_variable(name, -10, 10);
  EXPECT_TRUE(p.add_div(0, 1, 2).is_satisfied_by(div1));
  EXPECT_TRUE(p.constraint(0).is_satisfied_by(div2));
  EXPECT_TRUE(p.add_mod(0, 1, 2).is_satisfied_by(mod1));
  EXPECT_TRUE(p.constraint(1).is_satisfied_by(mod2));
  const std::array<Value, 3> by_zero{5, 0, 0}, zero_pow{0, 0, 1}, negative_pow{2, -1, 0};
  EXPECT_FALSE(p.constraint(0).is_satisfied_by(by_zero));
  EXPECT_FALSE(p.constraint(1).is_satisfied_by(by_zero));
  EXPECT_TRUE(p.add_pow(0, 1, 2).is_satisfied_by(zero_pow));
  // MiniZinc 2.6's int_pow: z = 1 div x^|y| for y < 0 (BH-56): 2^-1 = 0, 1^-3 = 1, (-1)^-3 = -1, 0^-1 undefined.
  EXPECT_TRUE(p.constraint(2).is_satisfied_by(negative_pow));
  EXPECT_TRUE(p.constraint(2).is_satisfied_by(std::array<Value, 3>{1, -3, 1}));
  EXPECT_TRUE(p.constraint(2).is_satisfied_by(std::array<Value, 3>{-1, -3, -1}));
  EXPECT_TRUE(p.constraint(2).is_satisfied_by(std::array<Value, 3>{-1, -2, 1}));
  EXPECT_FALSE(p.constraint(2).is_satisfied_by(std::array<Value, 3>{0, -1, 0}));
  EXPECT_FALSE(p.constraint(2).is_satisfied_by(std::array<Value, 3>{2, -1, 1}));
  EXPECT_EQ(p.constraint(0).name(), "x div y=z");
  EXPECT_EQ(p.constraint(2).name(), "x^y=z");
  EXPECT_THROW(p.add_product({}, 6), ModelError);
  EXPECT_THROW(p.add_times(0, 0, 2), ModelError);  // a variable twice in a scope (as every constraint)
}

TEST(Arithmetic, ExtremeValuesNeverWrap) {
  Problem p;
  p.add_variable("x", std::vector<Value>{INT_MIN, -1, INT_MAX});
  p.add_variable("y", std::vector<Value>{-1, 2, INT_MAX});
  p.add_variable("z", std::vector<Value>{INT_MIN, 1, INT_MAX});
  const Constraint& div = p.add_div(0, 1, 2);
  const std::array<Value, 3> min_by_minus_one{INT_MIN, -1, INT_MIN};  // -INT_MIN is not an int: no solution
  EXPECT_FALSE(div.is_satisfied_by(min_by_minus_one));
  const std::array<Value, 3> square{INT_MAX, INT_MAX, 1};
  EXPECT_FALSE(p.add_times(0, 1, 2).is_satisfied_by(square));
  EXPECT_FALSE(p.add_pow(0, 1, 2).is_satisfied_by(square));  // INT_MAX ^ INT_MAX saturates, never equals 1
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  config.max_solutions = 0;
  config.keep_solutions = 100;
  const SearchResult r = backtracking_search(p, config);
  EXPECT_EQ(test_support::sorted_tuples(r.solutions), test_support::all_solutions(p));
}

// ---- wide domains: bounds reasoning ----------------------------------------------------------------------------
struct Bounds {
  Value lo, hi;
  friend bool operator==(const Bounds&, const Bounds&) = default;
};
Bounds bounds_of(const Store& s, VarId x) { return {s.value(x, s.domain(x).min()), s.value(x, s.domain(x).max())}; }

constexpr Value kBig = 1'000'000'000;

TEST(ArithmeticWide, TimesBoundsAndCount) {
  Problem p;
  p.add_variable("x", 0, kBig);
  p.add_variable("y", 1000, 2000);
  p.add_variable("z", 0, 5000);
  const Constraint& c = p.add_times(0, 1, 2);
  Statistics stats;
  Store s(p, stats);
  ASSERT_TRUE(c.propagate(s));
  EXPECT_EQ(bounds_of(s, 0), (Bounds{0, 5}));
  SolverConfig config = SolverConfig::textbook();
  config.inference = "mac";
  config.max_solutions = 0;
  // x = 0, 1, 2: every y (1001 each); x = 3: y <= 1666 (667); x = 4: y <= 1250 (251); x = 5: y = 1000.
  EXPECT_EQ(backtracking_search(p, config).solution_count, 3U * 1001U + 667U + 251U + 1U);
}

TEST(ArithmeticWide, EveryRelationNarrowsWideBounds) {
  struct Case {
    ArithmeticKind kind;
    long long target;
    std::vector<Bounds> initial, expected;
  };
  const Value h = 1'073'741'823;
  const std::vector<Case> cases{
      {ArithmeticKind::div,
       0,
       {{-kBig, kBig}, {1000, 2000}, {-h, h}},
       {{-kBig, kBig}, {1000, 2000}, {-1000000, 1000000}}},
      {ArithmeticKind::mod, 0, {{0, kBig}, {-10, 10}, {-h, h}}, {{0, kBig}, {-10, 10}, {0, 9}}},
      {ArithmeticKind::abs, 0, {{-5, kBig}, {-kBig, 100}}, {{-5, 100}, {0, 100}}},
      {ArithmeticKind::min, 0, {{0, kBig}, {500, kBig}, {-kBig, 300}}, {{0, 300}, {500, kBig}, {0, 300}}},
      {ArithmeticKind::max, 0, {{-kBig, 0}, {-kBig, -500}, {-300, kBig}}, {{-300, 0}, {-kBig, -500}, {-300, 0}}},
      {ArithmeticKind::pow, 0, {{2, kBig}, {10, 20}, {0, kBig}}, {{2, kBig}, {10, 20}, {1024, kBig}}},
      {ArithmeticKind::product, 1000, {{1, kBig}, {1, kBig}, {1, kBig}}, {{1, 1000}, {1, 1000}, {1, 1000}}},
      {ArithmeticKind::quotient, 3, {{1, kBig}, {10, 20}}, {{4, 60}, {10, 20}}},
      {ArithmeticKind::difference, 7, {{0, kBig}, {100, 200}}, {{93, 207}, {100, 200}}},
  };
  for (const Case& k : cases) {
    Problem p;
    for (std::size_t i = 0; i < k.initial.size(); ++i)
      p.add_variable(std::string(1, static_cast<char>('x' + i)), k.initial[i].lo, k.initial[i].hi);
    const Constraint& c = post(p, k.kind, k.target);
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(c.propagate(s)) << c.name();
    for (std::size_t i = 0; i < k.expected.size(); ++i) {
      const Bounds b = bounds_of(s, static_cast<VarId>(i));
      EXPECT_EQ(b, k.expected[i]) << c.name() << " position " << i << ": " << b.lo << ".." << b.hi;
    }
  }
}

TEST(ArithmeticWide, ProductOfThreeCountsOrderedFactorisations) {
  // 1000 = 2^3 5^3: C(5, 2)^2 = 100 ordered triples. MAC over 1..10^9; forward checking (one revise per
  // unassigned neighbour, no fixpoint) over 1..2000, since on 1..10^9 it branches over wide domains for minutes.
  for (const auto& [inference, hi] : {std::pair{"mac", kBig}, std::pair{"fc", 2000}}) {
    Problem p;
    for (const char* name : {"x", "y", "z"}) p.add_variable(name, 1, hi);
    p.add_product({0, 1, 2}, 1000);
    SolverConfig config = SolverConfig::textbook();
    config.variable_ordering = "mrv";
    config.inference = inference;
    config.max_solutions = 0;
    EXPECT_EQ(backtracking_search(p, config).solution_count, 100U) << inference;
  }
}

// ---- add_sum and add_precedence ----------------------------------------------------------------------------------
TEST(ApiShapes, SumAndPrecedenceCounts) {
  Problem sum;
  for (const char* name : {"a", "b", "c"}) sum.add_variable(name, csp::range(1, 3));
  EXPECT_EQ(sum.add_sum({0, 1, 2}, LinearOp::eq, 6).name(), "a+b+c=6");
  SolverConfig config = SolverConfig::textbook();
  config.inference = "fc";
  config.max_solutions = 0;
  EXPECT_EQ(backtracking_search(sum, config).solution_count, 7U);  // 6 permutations of 1 2 3, and 2 2 2

  Problem schedule;
  const VarId a = schedule.add_variable("a", csp::range(0, 10));
  const VarId b = schedule.add_variable("b", csp::range(0, 10));
  EXPECT_EQ(schedule.add_precedence(a, 3, b).name(), "a+3<=b");
  EXPECT_EQ(backtracking_search(schedule, config).solution_count, 36U);  // a = 0..7: 8 + 7 + ... + 1
}

// ---- the KenKen of examples/teaching/06_kenken.cpp -------------------------------------------------------------
struct Cage {
  char op;
  long long target;
  std::vector<int> cells;  // 10 * row + column, 1-based
};
const std::vector<Cage> kKenken{{'-', 1, {11, 21}}, {'/', 4, {12, 22}}, {'+', 6, {13, 14}}, {'x', 12, {24, 34}},
                                {'-', 1, {23, 33}}, {'/', 3, {31, 32}}, {'x', 8, {41, 42}}, {'-', 2, {43, 44}}};
using Grid = std::array<std::array<int, 4>, 4>;
const Grid kKenkenSolution{{{3, 1, 4, 2}, {2, 4, 1, 3}, {1, 3, 2, 4}, {4, 2, 3, 1}}};

bool cage_holds(const Cage& cage, const Grid& g) {
  std::vector<long long> v;
  for (int rc : cage.cells)
    v.push_back(g[static_cast<std::size_t>(rc / 10 - 1)][static_cast<std::size_t>(rc % 10 - 1)]);
  long long sum = 0, product = 1;
  for (long long x : v) {
    sum += x;
    product *= x;
  }
  switch (cage.op) {
    case '+':
      return sum == cage.target;
    case 'x':
      return product == cage.target;
    case '-':
      return std::llabs(v[0] - v[1]) == cage.target;
    default:
      return std::max(v[0], v[1]) == cage.target * std::min(v[0], v[1]);
  }
}

TEST(Kenken, BruteForceFindsExactlyTheOneSolutionAndSoDoesTheEngine) {
  // Brute force: every grid whose rows are permutations of 1..4, columns all different, every cage holding.
  std::array<int, 4> perm{1, 2, 3, 4};
  std::vector<std::array<int, 4>> rows;
  do rows.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  std::vector<Grid> found;
  for (const auto& r0 : rows)
    for (const auto& r1 : rows)
      for (const auto& r2 : rows)
        for (const auto& r3 : rows) {
          const Grid g{r0, r1, r2, r3};
          bool ok = true;
          for (std::size_t c = 0; c < 4 && ok; ++c) {
            std::array<int, 4> column{g[0][c], g[1][c], g[2][c], g[3][c]};
            std::sort(column.begin(), column.end());
            ok = column == perm;  // perm is back at 1 2 3 4
          }
          for (const Cage& cage : kKenken) ok = ok && cage_holds(cage, g);
          if (ok) found.push_back(g);
        }
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found.front(), kKenkenSolution);

  Problem p;
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c <= 4; ++c)
      p.add_variable(std::string("r").append(std::to_string(r)).append("c").append(std::to_string(c)),
                     csp::range(1, 4));
  const auto cell = [](int rc) { return static_cast<VarId>(4 * (rc / 10 - 1) + rc % 10 - 1); };
  for (int k = 0; k < 4; ++k) {
    p.add_all_different({4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3});
    p.add_all_different({k, k + 4, k + 8, k + 12});
  }
  for (const Cage& cage : kKenken) {
    const VarId a = cell(cage.cells[0]);
    const VarId b = cell(cage.cells[1]);
    if (cage.op == '+') p.add_sum({a, b}, LinearOp::eq, cage.target);
    if (cage.op == 'x') p.add_product({a, b}, cage.target);
    if (cage.op == '-') p.add_difference(a, b, static_cast<Value>(cage.target));
    if (cage.op == '/') p.add_quotient(a, b, static_cast<Value>(cage.target));
  }
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig config = SolverConfig::textbook();
    config.inference = inference;
    config.max_solutions = 0;
    const SearchResult r = backtracking_search(p, config);
    ASSERT_EQ(r.solution_count, 1U) << inference;
    for (VarId x = 0; x < 16; ++x)
      EXPECT_EQ(r.solutions.front().value(x),
                kKenkenSolution[static_cast<std::size_t>(x / 4)][static_cast<std::size_t>(x % 4)]);
  }
}

}  // namespace
}  // namespace csp

namespace csp {
namespace {

// Supports are enumerated at the root only; below it the search reasons on bounds until the inputs are fixed
// (template_design spent 44% of its time enumerating int_times supports at every node).
TEST(Arithmetic, EnumeratesAtTheRootAndReasonsOnBoundsInTheSearch) {
  Problem p;
  p.add_variable("x", csp::values(2, 3));
  p.add_variable("y", csp::values(2, 5));
  p.add_variable("z", 0, 20);
  const Constraint& c = p.add_times(0, 1, 2);
  const auto z_values = [](const Store& s) {
    std::vector<Value> out;
    s.domain(2).for_each([&](int i) { out.push_back(s.value(2, i)); });
    return out;
  };
  {
    Statistics stats;
    Store s(p, stats);  // depth 0: the root
    ASSERT_TRUE(c.propagate(s));
    EXPECT_EQ(z_values(s), (std::vector<Value>{4, 6, 10, 15}));  // GAC: 2*2, 2*3, 2*5, 3*5
  }
  Statistics stats;
  Store s(p, stats);
  s.set_depth(1);  // inside the search
  ASSERT_TRUE(c.propagate(s));
  EXPECT_EQ(bounds_of(s, 2), (Bounds{4, 15}));  // the corners' hull, inner values kept
  EXPECT_EQ(s.domain(2).size(), 12);
  ASSERT_TRUE(s.remove(0, 0, nullptr));  // x = 3: y still has two values, bounds only
  ASSERT_TRUE(c.propagate(s));
  EXPECT_EQ(bounds_of(s, 2), (Bounds{6, 15}));
  EXPECT_EQ(s.domain(2).size(), 10);
  ASSERT_TRUE(s.remove(1, 1, nullptr));  // y = 2: every input fixed, z is looked up
  ASSERT_TRUE(c.propagate(s));
  EXPECT_EQ(z_values(s), (std::vector<Value>{6}));
}

// The root's enumeration removes z's inner values only from a domain of at most Domain::kMaxBitsetCapacity values:
// a wider z keeps the bounds of its supported results, so its later bounds changes pay no holes (template_design).
// By capacity, not representation: z's only constraint reasons on bounds, so the store keeps even the 101-value z
// as an interval (Constraint::bounds_reasoning), and it loses the same values. Either way the search finds exactly
// the products.
TEST(Arithmetic, TheRootRemovesInnerValuesOnlyFromDomainsOfAtMostTheBitsetCapacity) {
  for (const int z_max : {100, Domain::kMaxBitsetCapacity + 1000}) {
    SCOPED_TRACE("z in 0.." + std::to_string(z_max));
    Problem p;
    p.add_variable("x", 2, 9);
    p.add_variable("y", 10, 60);
    p.add_variable("z", 0, z_max);
    const Constraint& c = p.add_times(0, 1, 2);
    Statistics stats;
    Store s(p, stats);
    ASSERT_TRUE(c.propagate(s));
    EXPECT_EQ(bounds_of(s, 2), (Bounds{20, std::min(540, z_max)}));  // 2*10 .. 9*60
    std::vector<Value> products;                                     // one per solution (x, y, x * y)
    for (Value x = 2; x <= 9; ++x)
      for (Value y = 10; y <= 60; ++y)
        if (x * y <= z_max) products.push_back(x * y);
    const auto solutions = static_cast<std::uint64_t>(products.size());
    std::sort(products.begin(), products.end());
    products.erase(std::unique(products.begin(), products.end()), products.end());
    EXPECT_FALSE(s.domain(2).is_bitset());
    const bool narrow = z_max <= Domain::kMaxBitsetCapacity;
    EXPECT_EQ(s.domain(2).size(), narrow ? static_cast<int>(products.size()) : 540 - 20 + 1);
    SolverConfig config;
    config.inference = "mac";
    config.max_solutions = 0;
    const SearchResult r = backtracking_search(p, config);
    EXPECT_EQ(r.stats.solutions, solutions);
    EXPECT_EQ(solutions, z_max == 100 ? 109u : 8u * 51u);  // x * y <= 100 for 109 pairs; else every pair
  }
}

}  // namespace
}  // namespace csp
