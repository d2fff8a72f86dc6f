// What the engine counts: revisions and constraint checks of every constraint, user-written ones
// included, in one unit across inference none / fc / mac; failures (dead ends) beside backtracks; forward
// checking as in AIMA 4th ed. Fig. 6.7; the observer's wipe-out and reject hooks. Every expected number is counted
// by hand in the comments.
#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/constraint.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp {
namespace {

// A constraint as a student writes it: x != y with its own REVISE, which counts nothing itself.
class Differ final : public Constraint {
 public:
  Differ(VarId x, VarId y) : Constraint({x, y}, "differ") {}
  bool is_satisfied_by(std::span<const Value> v) const override { return v[0] != v[1]; }
  bool revise(Store& store, int pos) const override {
    const VarId x = scope()[static_cast<std::size_t>(pos)];
    const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
    const Domain& dy = store.domain(y);
    if (!dy.is_singleton()) return true;
    return store.remove(x, dy.min(), this);  // both variables range over 0..1: the same index is the same value
  }
};

// x, y in {0, 1}, x != y: two solutions, (0, 1) and (1, 0).
Problem two_variables() {
  Problem p;
  const VarId x = p.add_variable("x", 0, 1);
  const VarId y = p.add_variable("y", 0, 1);
  p.add_constraint(std::make_unique<Differ>(x, y));
  return p;
}

SolverConfig all_solutions(const std::string& inference) {
  SolverConfig c = SolverConfig::textbook();
  c.inference = inference;
  c.max_solutions = 0;
  return c;
}

TEST(EngineCounting, Ac3CountsAUserWrittenRevise) {
  const Problem p = two_variables();
  Statistics stats;
  Store store(p, stats);
  const Ac3Result r = ac3(store);
  EXPECT_TRUE(r.consistent);
  // Two arcs, each revised once (nothing is pruned, so nothing is queued again); each tests the 2 values of its
  // variable.
  EXPECT_EQ(r.revisions, 2U);
  EXPECT_EQ(stats.revisions, 2U);
  EXPECT_EQ(stats.constraint_checks, 4U);
  EXPECT_EQ(stats.values_pruned, 0U);
}

TEST(EngineCounting, OneCheckUnitAcrossNoneFcAndMac) {
  const Problem p = two_variables();
  // none: x=0 (1 check, y unassigned), y=0 rejected (1), y=1 (1), solution; x=1 (1), y=0 (1), solution, y=1
  // rejected (1): 6 checks, no revision.
  const SearchResult none = backtracking_search(p, all_solutions("none"));
  EXPECT_EQ(none.solution_count, 2U);
  EXPECT_EQ(none.stats.constraint_checks, 6U);
  EXPECT_EQ(none.stats.revisions, 0U);
  EXPECT_EQ(none.stats.assignments, 4U);
  // fc: x=0 revises the arc (y, differ): 2 checks, y loses 0; y=1 leaves no unassigned variable, so the constraint
  // is checked once on single values (1 check); the same for x=1. 4 revisions, 6 checks, 2 values pruned.
  const SearchResult fc = backtracking_search(p, all_solutions("fc"));
  EXPECT_EQ(fc.solution_count, 2U);
  EXPECT_EQ(fc.stats.revisions, 4U);
  EXPECT_EQ(fc.stats.constraint_checks, 6U);
  EXPECT_EQ(fc.stats.values_pruned, 2U);
  EXPECT_EQ(fc.stats.assignments, 4U);
  // mac: the root propagates the constraint once (2 + 2 values); x=0 propagates it once (1 + 2 values), y loses
  // 0 and y=1 changes no domain (y was one value already), so MAC has nothing to do; the same for x=1.
  // 3 revisions, 4 + 3 + 3 = 10 checks.
  const SearchResult mac = backtracking_search(p, all_solutions("mac"));
  EXPECT_EQ(mac.solution_count, 2U);
  EXPECT_EQ(mac.stats.revisions, 3U);
  EXPECT_EQ(mac.stats.constraint_checks, 10U);
  EXPECT_EQ(mac.stats.values_pruned, 2U);
  EXPECT_EQ(mac.stats.assignments, 4U);
  for (const SearchResult* r : {&none, &fc, &mac}) {
    EXPECT_EQ(r->stats.failures, 0U);    // every node had a value, every inference held
    EXPECT_EQ(r->stats.backtracks, 4U);  // counting all solutions: every assignment is undone
  }
}

// 4-queens, columns in order, rows ascending, no inference, first solution (2, 4, 1, 3):
//   Q1=1: Q2=3: every row of Q3 rejected (dead end 1); Q2=4: Q3=2: every row of Q4 rejected (dead end 2); Q3=3 and
//   Q3=4 rejected; Q2 exhausted. Q1=2: Q2=4, Q3=1, Q4=3: the solution.
// 8 assignments, 4 undone (Q2=3, Q3=2, Q2=4, Q1=1), 2 dead ends.
TEST(EngineCounting, FailuresAreDeadEndsNotBacktracks) {
  const Problem p = models::n_queens(4);
  SolverConfig c = SolverConfig::textbook();  // first, natural, none, one solution
  const SearchResult r = backtracking_search(p, c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.stats.assignments, 8U);
  EXPECT_EQ(r.stats.backtracks, 4U);
  EXPECT_EQ(r.stats.failures, 2U);
}

TEST(EngineCounting, WithBinaryConstraintsEveryFailureIsOneWipeout) {
  // fc and mac stop at the first emptied domain, and a binary constraint fails only by emptying one: each dead end
  // is exactly one wipe-out.
  const Problem p = models::n_queens(8);
  for (const std::string inference : {"fc", "mac"}) {
    SolverConfig c = all_solutions(inference);
    const SearchResult r = backtracking_search(p, c);
    EXPECT_EQ(r.solution_count, 92U) << inference;
    EXPECT_GT(r.stats.failures, 0U) << inference;
    EXPECT_EQ(r.stats.failures, r.stats.wipeouts) << inference;
    EXPECT_EQ(r.stats.backtracks, r.stats.assignments) << inference;
    EXPECT_LT(r.stats.failures, r.stats.backtracks) << inference;
  }
}

TEST(EngineCounting, AnInconsistentRootIsOneFailure) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 0);
  const VarId y = p.add_variable("y", 0, 0);
  p.add_not_equal(x, y);
  for (const std::string inference : {"none", "fc", "mac"}) {
    const SearchResult r = backtracking_search(p, all_solutions(inference));
    EXPECT_EQ(r.status, Status::unsatisfiable) << inference;
    EXPECT_EQ(r.stats.failures, 1U) << inference;
    EXPECT_EQ(r.stats.assignments, 0U) << inference;
  }
}

// Records prunes and wipe-outs as "variable=value" / "variable".
class Recorder : public SearchObserver {
 public:
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override {
    prunes.push_back(store.problem().variable(x).name() + "=" + models::color_name(v));
    causes.push_back(cause);
    depths.push_back(depth);
  }
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override {
    wipeouts.push_back(store.problem().variable(x).name());
    wipeout_causes.push_back(cause);
    depths.push_back(depth);
  }
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int /*depth*/) override {
    rejects.push_back(store.problem().variable(x).name() + "=" + std::to_string(v) + " by " + constraint.name());
  }
  std::vector<std::string> prunes, wipeouts, rejects;
  std::vector<const Constraint*> causes, wipeout_causes;
  std::vector<int> depths;
};

// AIMA 4th ed. Fig. 6.7: forward checking on Australia after WA=red, Q=green, V=blue.
TEST(EngineCounting, ForwardCheckingPrunesOnlyUnassignedNeighboursAsInFigure6_7) {
  const Problem p = models::map_coloring(models::australia(), 3);  // red, green, blue = 0, 1, 2
  Statistics stats;
  Recorder rec;
  Store store(p, stats, &rec);
  SearchContext ctx(store, true);
  const auto decide = [&](const char* name, Value v, int depth) {
    const VarId x = p.find(name);
    store.assignment().assign(x, v);
    store.set_depth(depth);
    EXPECT_TRUE(store.assign(x, p.variable(x).index_of(v), nullptr));
    return forward_checking(ctx, x);
  };
  const auto domain = [&](const char* name) {
    std::vector<std::string> colours;
    const VarId x = p.find(name);
    store.domain(x).for_each([&](int i) { colours.push_back(models::color_name(p.variable(x).value(i))); });
    return colours;
  };
  using Colours = std::vector<std::string>;
  ASSERT_TRUE(forward_checking(ctx, -1));  // no given: nothing to do
  EXPECT_TRUE(rec.prunes.empty());

  ASSERT_TRUE(decide("WA", 0, 1));  // row 2 of the figure: NT and SA lose red
  EXPECT_EQ(domain("NT"), (Colours{"green", "blue"}));
  EXPECT_EQ(domain("SA"), (Colours{"green", "blue"}));
  EXPECT_EQ(domain("Q"), (Colours{"red", "green", "blue"}));

  ASSERT_TRUE(decide("Q", 1, 2));  // row 3: NT, SA and NSW lose green
  EXPECT_EQ(domain("NT"), (Colours{"blue"}));
  EXPECT_EQ(domain("SA"), (Colours{"blue"}));
  EXPECT_EQ(domain("NSW"), (Colours{"red", "blue"}));
  EXPECT_EQ(domain("V"), (Colours{"red", "green", "blue"}));
  EXPECT_EQ(domain("WA"), (Colours{"red"}));

  EXPECT_FALSE(decide("V", 2, 3));  // row 4: SA's domain empties
  ASSERT_EQ(rec.wipeouts, (std::vector<std::string>{"SA"}));
  ASSERT_NE(rec.wipeout_causes[0], nullptr);
  EXPECT_GE(rec.wipeout_causes[0]->position_of(p.find("SA")), 0);  // the constraint SA != V
  EXPECT_GE(rec.wipeout_causes[0]->position_of(p.find("V")), 0);
  EXPECT_EQ(rec.prunes.back(), "SA=blue");
  EXPECT_EQ(rec.depths.back(), 3);
  // No assigned variable ever lost a value: WA, Q and V keep theirs.
  EXPECT_EQ(domain("WA"), (Colours{"red"}));
  EXPECT_EQ(domain("Q"), (Colours{"green"}));
  EXPECT_EQ(domain("V"), (Colours{"blue"}));
  for (const std::string& pruned : rec.prunes)
    for (const char* assigned : {"WA=", "Q=", "V="}) EXPECT_NE(pruned.rfind(assigned, 0), 0U) << pruned;
  EXPECT_EQ(stats.wipeouts, 1U);
}

TEST(EngineCounting, RejectNamesTheViolatedConstraintUnderNone) {
  // 4-queens as above: Q2=1 is rejected by the constraint between Q1 and Q2 (same row), and every rejection names
  // a constraint between the rejected column and an assigned one.
  const Problem p = models::n_queens(4);
  Recorder rec;
  SolverConfig c = SolverConfig::textbook();
  c.observer = &rec;
  const SearchResult r = backtracking_search(p, c);
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_FALSE(rec.rejects.empty());
  EXPECT_EQ(rec.rejects.front().rfind("Q2=1 by ", 0), 0U) << rec.rejects.front();
  // Rejected values in the trace above: Q2: 1, 2 | Q3: 1..4 | Q3: 1 | Q4: 1..4 | Q3: 3, 4 | Q2: 1, 2, 3 | Q4: 1, 2
  // (Q3=1 passes): 2 + 4 + 1 + 4 + 2 + 3 + 2 = 18.
  EXPECT_EQ(rec.rejects.size(), 18U);
  EXPECT_TRUE(rec.prunes.empty());
}

}  // namespace
}  // namespace csp
