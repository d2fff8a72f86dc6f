// Search at scale: paths of 50,000 and 1,000,000 variables (an explicit stack, no recursion), value iteration over
// a domain of a million values, exact node limits, and time limits that hold inside propagation, support search,
// AC-3 and the tree solver (constraints made slow by sleeping, so the tests do not depend on machine speed).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <thread>

#include "csp/core/constraint.hpp"
#include "csp/core/store.hpp"
#include "csp/graph/tree_solver.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// prefix followed by i ("c12"); built with += (GCC 12 warns wrongly about "literal" + std::string).
std::string numbered(const char* prefix, int i) {
  std::string name(prefix);
  name += std::to_string(i);
  return name;
}

// c[0] != c[1] != ... != c[n-1] over {0, 1}: two solutions (0101... and 1010...), one decision per variable.
Problem path(int n, int colours = 2) {
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(numbered("c", i), 0, colours - 1);
  for (int i = 0; i + 1 < n; ++i) p.add_not_equal(i, i + 1);
  return p;
}

// A proper colouring of the path: neighbours differ, every variable assigned.
bool proper_on_path(const Problem& p, const Assignment& a) {
  for (VarId x = 0; x < p.variable_count(); ++x) {
    if (!a.is_assigned(x)) return false;
    if (x > 0 && a.value(x) == a.value(x - 1)) return false;
  }
  return true;
}

SolverConfig config(const std::string& var, const std::string& val, const std::string& inference) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  return c;
}

TEST(DeepSearch, FiftyThousandVertexPathIsTwoColouredByEveryStrategy) {
  const int n = 50000;
  const Problem p = path(n);
  for (const auto& [var, val, inference] :
       {std::tuple{"first", "natural", "none"}, std::tuple{"first", "natural", "fc"},
        std::tuple{"mrv", "natural", "fc"}, std::tuple{"first", "lcv", "mac"}}) {
    SCOPED_TRACE(std::string(var) + " " + val + " " + inference);
    const SearchResult r = backtracking_search(p, config(var, val, inference));
    ASSERT_EQ(r.status, Status::solved);
    ASSERT_TRUE(proper_on_path(p, r.solutions.at(0)));
    EXPECT_EQ(r.solutions.at(0).value(0), 0);                       // ascending values: c0 = 0, then 1, 0, 1, ...
    EXPECT_EQ(r.stats.assignments, static_cast<std::uint64_t>(n));  // no dead end on a path
    EXPECT_EQ(r.stats.backtracks, 0U);
    EXPECT_EQ(r.stats.max_depth, static_cast<std::uint64_t>(n));
  }
}

TEST(DeepSearch, MillionVertexPathIsTwoColouredWithoutRecursion) {
  const int n = 1000000;
  const Problem p = path(n);
  for (const char* var : {"first", "mrv"}) {  // both O(1) per node here: they start at the first unassigned one
    SCOPED_TRACE(var);
    const SearchResult r = backtracking_search(p, config(var, "natural", "fc"));
    ASSERT_EQ(r.status, Status::solved);
    ASSERT_TRUE(proper_on_path(p, r.solutions.at(0)));
    EXPECT_EQ(r.stats.assignments, static_cast<std::uint64_t>(n));
    EXPECT_EQ(r.stats.max_depth, static_cast<std::uint64_t>(n));
  }
}

TEST(DeepSearch, CountingUnwindsTheWholeStackAndFindsBothColouringsOfALongPath) {
  const int n = 200000;
  const Problem p = path(n);
  SolverConfig c = config("first", "natural", "fc");
  c.max_solutions = 0;
  c.keep_solutions = 2;
  const SearchResult r = backtracking_search(p, c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.solution_count, 2U);
  ASSERT_EQ(r.solutions.size(), 2U);
  EXPECT_TRUE(proper_on_path(p, r.solutions[0]));
  EXPECT_TRUE(proper_on_path(p, r.solutions[1]));
  EXPECT_EQ(r.solutions[1].value(0), 1);
  // Each colouring is one path of n decisions, each retracted once on the way back up.
  EXPECT_EQ(r.stats.assignments, 2U * n);
  EXPECT_EQ(r.stats.backtracks, 2U * n);
}

TEST(DeepSearch, NaturalOrderStepsThroughAMillionValueDomain) {
  // x in 0..999,999 must equal y, fixed to 999,999: without inference every smaller value is tried (and refused)
  // one after the other before the last one is assigned.
  Problem p;
  const VarId x = p.add_variable("x", 0, 999999);
  const VarId y = p.add_variable("y", 999999, 999999);
  p.add_binary(
      x, y, [](Value a, Value b) { return a == b; }, "x=y");
  const SearchResult r = backtracking_search(p, config("first", "natural", "none"));
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions.at(0).value(x), 999999);
  EXPECT_EQ(r.stats.assignments, 1U);
  EXPECT_EQ(r.stats.constraint_checks, 1000001U);  // y at the root, then one check per value of x
}

TEST(DeepSearch, NodeLimitIsExactForEveryInference) {
  const Problem p = models::n_queens(12);  // 14,200 solutions, far more than 1,000 nodes with any inference
  for (const char* inference : {"none", "fc", "mac"}) {
    for (std::uint64_t limit : {1U, 7U, 1000U}) {
      SCOPED_TRACE(std::string(inference) + " " + std::to_string(limit));
      SolverConfig c = config("mrv", "natural", inference);
      c.max_solutions = 0;
      c.limits.node_limit = limit;
      const SearchResult r = backtracking_search(p, c);
      EXPECT_EQ(r.status, Status::limit_reached);
      EXPECT_FALSE(r.complete);
      EXPECT_EQ(r.stats.assignments, limit);
    }
  }
}

// x != y whose filtering sleeps `delay` per revise call (forward checking revises, MAC's propagate revises both
// arcs) and reports no work of its own: a user's costly constraint. Search and propagation must still read the clock
// often enough.
class SleepyNotEqual : public Constraint {
 public:
  SleepyNotEqual(VarId x, VarId y, std::chrono::microseconds delay) : Constraint({x, y}, "sleepy"), delay_(delay) {}
  bool is_satisfied_by(std::span<const Value> v) const override { return v[0] != v[1]; }
  bool revise(Store& store, int pos) const override {
    std::this_thread::sleep_for(delay_);
    return Constraint::revise(store, pos);
  }

 private:
  std::chrono::microseconds delay_;
};

Problem sleepy_path(int n, int colours, std::chrono::microseconds delay) {
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(numbered("v", i), 0, colours - 1);
  for (int i = 0; i + 1 < n; ++i) p.add_constraint(std::make_unique<SleepyNotEqual>(i, i + 1, delay));
  return p;
}

// Runs f and returns how long it took.
template <class F>
Clock::duration timed(F&& f) {
  const auto start = Clock::now();
  f();
  return Clock::now() - start;
}

// The bound these tests assert is loose (a loaded machine stretches every sleep); the unbounded runs take minutes.
constexpr auto kSlack = 1500ms;

TEST(TimeLimit, HoldsWhenEveryNodeIsSlow) {
  // Counting the 3 * 2^11 colourings of a 12-vertex path with 3 colours: ~12,000 nodes of >= 1 ms each.
  const Problem p = sleepy_path(12, 3, 1ms);
  for (const char* inference : {"fc", "mac"}) {
    SCOPED_TRACE(inference);
    SolverConfig c = config("first", "natural", inference);
    c.max_solutions = 0;
    c.limits.time_limit = 200ms;
    SearchResult r;
    const auto took = timed([&] { r = backtracking_search(p, c); });
    EXPECT_EQ(r.status, Status::limit_reached);
    EXPECT_FALSE(r.complete);
    EXPECT_LT(r.solution_count, 6144U);
    EXPECT_GE(took, 200ms);
    EXPECT_LT(took, 200ms + kSlack);
  }
}

TEST(TimeLimit, HoldsInsideTheRootPropagation) {
  // 3,000 constraints of >= 2 ms each (two revises) filter once at the root before the first decision (MAC: forward
  // checking has no given to start from): >= 6 s unbounded.
  const Problem p = sleepy_path(3001, 3, 1ms);
  SolverConfig c = config("first", "natural", "mac");
  c.limits.time_limit = 100ms;
  SearchResult r;
  const auto took = timed([&] { r = backtracking_search(p, c); });
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_EQ(r.stats.assignments, 0U);
  EXPECT_EQ(r.stats.wipeouts, 0U);  // the interrupted propagation is not a dead end
  EXPECT_LT(took, 100ms + kSlack);
}

TEST(TimeLimit, HoldsInsideOneGenericSupportSearch) {
  // One ternary predicate over 0..199 whose relation sleeps: its first revise would try ~8 million tuples.
  Problem p;
  const VarId x = p.add_variable("x", 0, 199);
  const VarId y = p.add_variable("y", 0, 199);
  const VarId z = p.add_variable("z", 0, 199);
  p.add_predicate(
      {x, y, z},
      [](std::span<const Value> v) {
        std::this_thread::sleep_for(20us);
        return v[0] + v[1] + v[2] == 1000;  // never: every value lacks support
      },
      "slow-sum");
  SolverConfig c = config("first", "natural", "mac");
  c.limits.time_limit = 100ms;
  SearchResult r;
  const auto took = timed([&] { r = backtracking_search(p, c); });
  EXPECT_EQ(r.status, Status::limit_reached);  // not "unsatisfiable": nothing was proved
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.values_pruned, 0U);  // no value was removed on the strength of an unfinished search
  EXPECT_LT(took, 100ms + kSlack);
}

TEST(TimeLimit, InterruptsStandaloneAc3InsideASlowRevise) {
  Problem p;
  for (int i = 0; i < 40; ++i) p.add_variable(numbered("v", i), 0, 99);
  for (int i = 0; i + 1 < 40; ++i)
    p.add_predicate(
        {i, i + 1},
        [](std::span<const Value> v) {
          std::this_thread::sleep_for(20us);
          return v[0] != v[1];
        },
        "slow-ne");
  // Unbounded: 78 arcs x 100 values x up to 2 tuples, >= 0.3 s; with a deadline of 20 ms it must be cut short.
  Statistics stats;
  Store store(p, stats);
  store.set_deadline(Clock::now() + 20ms);
  Ac3Result r;
  const auto took = timed([&] { r = ac3(store); });
  EXPECT_TRUE(r.interrupted);
  EXPECT_FALSE(r.consistent);
  EXPECT_EQ(r.values_pruned, 0U);  // every value has support: nothing may be removed, even when interrupted
  EXPECT_LT(took, 20ms + kSlack);
}

// A random tree of n variables (the parent of i is a random earlier variable), two colours.
Problem random_tree(int n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(numbered("t", i), 0, 1);
  for (int i = 1; i < n; ++i) p.add_not_equal(static_cast<VarId>(rng() % static_cast<std::uint32_t>(i)), i);
  return p;
}

TEST(TreeSolverAtScale, TwoColoursAHundredThousandVariableTree) {
  const int n = 100000;
  const Problem p = random_tree(n, 7);
  const SearchResult r = tree_csp_solver(p);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  const Assignment& a = r.solutions.at(0);
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    const auto& scope = p.constraint(c).scope();
    ASSERT_TRUE(a.is_assigned(scope[0]) && a.is_assigned(scope[1]));
    ASSERT_NE(a.value(scope[0]), a.value(scope[1])) << p.constraint(c).name();
  }
  EXPECT_EQ(r.stats.assignments, static_cast<std::uint64_t>(n));
  EXPECT_EQ(r.stats.backtracks, 0U);
}

TEST(TreeSolverAtScale, TimeLimitHoldsInsideArcConsistency) {
  Problem p;
  const int n = 2000;
  for (int i = 0; i < n; ++i) p.add_variable(numbered("v", i), 0, 19);
  for (int i = 0; i + 1 < n; ++i)
    p.add_predicate(
        {i, i + 1},
        [](std::span<const Value> v) {
          std::this_thread::sleep_for(20us);
          return v[0] != v[1];
        },
        "slow-ne");
  // Unbounded: 1,999 arcs x 20 values x >= 2 checks of >= 20 us: >= 1.6 s.
  SearchResult r;
  const auto took = timed([&] { r = tree_csp_solver(p, StopCondition{0, 50ms}); });
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_LT(took, 50ms + kSlack);
}

TEST(TreeSolverAtScale, CutsetConditioningNodeLimitIsExact) {
  // 3-colouring K5: the cutset {0, 1, 2} has 3! = 6 consistent assignments, and each leaves no colour for 3 and 4.
  Problem p;
  for (int i = 0; i < 5; ++i) p.add_variable(numbered("k", i), 0, 2);
  for (int i = 0; i < 5; ++i)
    for (int j = i + 1; j < 5; ++j) p.add_not_equal(i, j);
  const CutsetResult all = cutset_conditioning(p);
  EXPECT_EQ(all.search.status, Status::unsatisfiable);
  EXPECT_EQ(all.cutset.size(), 3U);
  EXPECT_EQ(all.cutset_assignments, 6U);
  CutsetConfig c;
  c.limits.node_limit = 4;
  const CutsetResult r = cutset_conditioning(p, c);
  EXPECT_EQ(r.search.status, Status::limit_reached);
  EXPECT_FALSE(r.search.complete);
  EXPECT_EQ(r.cutset_assignments, 4U);
}

}  // namespace
}  // namespace csp
