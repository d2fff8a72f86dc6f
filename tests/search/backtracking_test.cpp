// BACKTRACKING-SEARCH (AIMA Fig. 6.5) on Australia: solution counts, limits, solution caps, observers, givens.
#include "csp/search/backtracking.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "csp/core/constraint.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"

namespace csp {
namespace {

SolverConfig count_all(const std::string& var = "first", const std::string& val = "natural",
                       const std::string& inference = "none") {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.max_solutions = 0;
  c.keep_solutions = 1U << 20U;
  return c;
}

TEST(Backtracking, AustraliaHas18ThreeColouringsAllProperAndDistinct) {
  const Problem p = models::map_coloring(models::australia(), 3);
  for (const std::string inference : {"none", "fc", "mac"}) {
    const SearchResult r = backtracking_search(p, count_all("mrv", "natural", inference));
    EXPECT_EQ(r.status, Status::solved) << inference;
    EXPECT_TRUE(r.complete) << inference;
    EXPECT_EQ(r.solution_count, 18U) << inference;
    EXPECT_EQ(r.stats.solutions, 18U) << inference;
    ASSERT_EQ(r.solutions.size(), 18U) << inference;
    std::set<std::vector<Value>> distinct;
    for (const Assignment& a : r.solutions) {
      EXPECT_TRUE(p.is_solution(a)) << p.to_string(a);
      EXPECT_NE(a.value(p.find("SA")), a.value(p.find("NSW")));
      distinct.insert(a.values());
    }
    EXPECT_EQ(distinct.size(), 18U) << inference;
  }
}

TEST(Backtracking, AustraliaHasNoTwoColouringAnd768FourColourings) {
  const Problem two = models::map_coloring(models::australia(), 2);
  const SearchResult r2 = backtracking_search(two, count_all());
  EXPECT_EQ(r2.status, Status::unsatisfiable);
  EXPECT_TRUE(r2.complete);
  EXPECT_EQ(r2.solution_count, 0U);
  EXPECT_TRUE(r2.solutions.empty());

  const Problem four = models::map_coloring(models::australia(), 4);
  const SearchResult r4 = backtracking_search(four, count_all("first", "natural", "fc"));
  EXPECT_EQ(r4.status, Status::solved);
  EXPECT_EQ(r4.solution_count, 768U);  // SA: 4, the WA-NT-Q-NSW-V path in the other 3: 3 * 2^4, T: 4
  for (const Assignment& a : r4.solutions) ASSERT_TRUE(four.is_solution(a)) << four.to_string(a);
}

TEST(Backtracking, FirstSolutionOfAustraliaWithTheTextbookBaseline) {
  // Static order WA, NT, SA, Q, NSW, V, T and ascending colours: WA=0 NT=1 SA=2 Q=0 NSW=1 V=0 T=0.
  const Problem p = models::map_coloring(models::australia(), 3);
  const SearchResult r = backtracking_search(p, SolverConfig::textbook());
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.solutions.size(), 1U);
  EXPECT_EQ(p.to_string(r.solutions[0]), "WA=0 NT=1 SA=2 Q=0 NSW=1 V=0 T=0");
  EXPECT_EQ(r.stats.assignments, 7U);  // no dead end on this order
  EXPECT_EQ(r.stats.backtracks, 0U);
  EXPECT_EQ(r.stats.max_depth, 7U);
}

TEST(Backtracking, ExhaustiveSearchUndoesEveryAssignment) {
  const Problem p = models::n_queens(6);
  for (const std::string inference : {"none", "fc", "mac"}) {
    const SearchResult r = backtracking_search(p, count_all("first", "natural", inference));
    EXPECT_EQ(r.solution_count, 4U);
    EXPECT_EQ(r.stats.backtracks, r.stats.assignments) << inference;
    EXPECT_EQ(r.stats.max_depth, 6U) << inference;
    EXPECT_GT(r.stats.assignments, 6U) << inference;
  }
}

TEST(Backtracking, NodeLimitStopsTheSearch) {
  const Problem p = models::n_queens(8);
  SolverConfig c = count_all();
  c.limits.node_limit = 10;
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.assignments, 10U);
  EXPECT_EQ(r.solution_count, 0U);
}

TEST(Backtracking, NodeLimitKeepsTheSolutionsFoundBeforeIt) {
  const Problem p = models::map_coloring(models::australia(), 3);
  SolverConfig c = count_all();
  c.limits.node_limit = 8;  // the first solution needs 7 assignments
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.solution_count, 2U);  // the 8th assignment is T = 1, a second solution
  EXPECT_EQ(r.solutions.size(), 2U);
}

TEST(Backtracking, TimeLimitStopsALongSearch) {
  const Problem p = models::n_queens(16);  // counting all 14,772,512 solutions takes far longer than 20 ms
  SolverConfig c = count_all();
  c.keep_solutions = 0;
  c.limits.time_limit = std::chrono::milliseconds(20);
  const auto start = std::chrono::steady_clock::now();
  const SearchResult r = backtracking_search(p, c);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
  EXPECT_LT(took, std::chrono::seconds(5));
  EXPECT_GE(r.stats.elapsed_us, 20000);
}

TEST(Backtracking, MaxSolutionsTwoOnEightQueens) {
  const Problem p = models::n_queens(8);
  SolverConfig c = SolverConfig::textbook();
  c.max_solutions = 2;
  c.keep_solutions = 5;
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.solution_count, 2U);
  ASSERT_EQ(r.solutions.size(), 2U);
  EXPECT_NE(r.solutions[0], r.solutions[1]);
  for (const Assignment& a : r.solutions) EXPECT_TRUE(p.is_solution(a));
  // The first 8-queens solution in lexicographic order (queen rows by column).
  EXPECT_EQ(r.solutions[0].values(), (std::vector<Value>{1, 5, 8, 6, 3, 7, 2, 4}));
}

TEST(Backtracking, KeepSolutionsOnlyLimitsWhatIsStored) {
  const Problem p = models::n_queens(6);
  SolverConfig c = count_all();
  c.keep_solutions = 1;
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 4U);
  EXPECT_EQ(r.solutions.size(), 1U);
}

TEST(Backtracking, OnSolutionCallbackSeesEverySolutionAndCanStop) {
  const Problem p = models::n_queens(6);
  SolverConfig c = count_all();
  int seen = 0;
  c.on_solution = [&](const Assignment& a) {
    EXPECT_TRUE(p.is_solution(a));
    return ++seen < 3;
  };
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(seen, 3);
  EXPECT_EQ(r.solution_count, 3U);
  // Stopped by the callback, not by max_solutions: the count is not exact.
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
}

class CountingObserver : public SearchObserver {
 public:
  void on_assign(const Store& /*store*/, VarId x, Value /*v*/, int depth) override {
    ++assigns;
    max_depth = std::max(max_depth, depth);
    EXPECT_EQ(static_cast<std::size_t>(depth), path.size() + 1);
    path.push_back(x);
  }
  void on_backtrack(const Store& /*store*/, VarId x, Value /*v*/, int depth) override {
    ++backtracks;
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.back(), x);
    EXPECT_EQ(static_cast<std::size_t>(depth), path.size());
    path.pop_back();
  }
  void on_prune(const Store& /*store*/, VarId /*x*/, Value /*v*/, const Constraint* cause, int depth) override {
    ++prunes;
    if (cause == nullptr) ++prunes_without_cause;
    EXPECT_EQ(static_cast<std::size_t>(depth), path.size());  // the inference of the decision on top of the path
  }
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override {
    ++wipeouts;
    EXPECT_TRUE(store.domain(x).empty());
    EXPECT_NE(cause, nullptr);
    EXPECT_EQ(static_cast<std::size_t>(depth), path.size());
  }
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override {
    ++rejects;
    EXPECT_EQ(static_cast<std::size_t>(depth), path.size() + 1);  // the depth x = v would have had
    EXPECT_GE(constraint.position_of(x), 0);
    Assignment a = store.assignment();
    a.assign(x, v);
    EXPECT_FALSE(constraint.is_consistent(a));
  }
  void on_solution(const Store& /*store*/, const Assignment& a) override {
    ++solutions;
    EXPECT_TRUE(a.is_complete());
  }
  std::uint64_t assigns = 0;
  std::uint64_t backtracks = 0;
  std::uint64_t prunes = 0;
  std::uint64_t prunes_without_cause = 0;
  std::uint64_t wipeouts = 0;
  std::uint64_t rejects = 0;
  std::uint64_t solutions = 0;
  int max_depth = 0;
  std::vector<VarId> path;
};

TEST(Backtracking, ObserverSeesWhatTheStatisticsCount) {
  const Problem p = models::n_queens(6);
  for (const std::string inference : {"none", "fc", "mac"}) {
    SCOPED_TRACE(inference);
    CountingObserver obs;
    SolverConfig c = count_all("mrv", "lcv", inference);
    c.observer = &obs;
    const SearchResult r = backtracking_search(p, c);
    EXPECT_EQ(r.solution_count, 4U);
    EXPECT_EQ(obs.assigns, r.stats.assignments);
    EXPECT_EQ(obs.backtracks, r.stats.backtracks);
    EXPECT_EQ(obs.prunes, r.stats.values_pruned);
    EXPECT_EQ(obs.prunes_without_cause, 0U);
    EXPECT_EQ(obs.solutions, r.stats.solutions);
    EXPECT_EQ(obs.wipeouts, r.stats.wipeouts);
    EXPECT_EQ(static_cast<std::uint64_t>(obs.max_depth), r.stats.max_depth);
    EXPECT_TRUE(obs.path.empty());
    if (inference == "none") {
      EXPECT_EQ(obs.prunes, 0U);
      EXPECT_EQ(obs.wipeouts, 0U);
      EXPECT_GT(obs.rejects, 0U);
    } else {
      EXPECT_GT(obs.prunes, 0U);
      EXPECT_GT(obs.wipeouts, 0U);
      EXPECT_EQ(obs.rejects, 0U);
    }
  }
}

TEST(Backtracking, GivensAreAssignedAtTheRootWithoutCountingAsNodes) {
  Problem p = models::map_coloring(models::australia(), 3);
  // Same map, but WA is given red: a variable with a single value.
  Problem q;
  for (VarId x = 0; x < p.variable_count(); ++x) {
    const std::string& name = p.variable(x).name();
    if (name == "WA") {
      q.add_variable(name, 0, 0);
    } else {
      q.add_variable(name, 0, 2);
    }
  }
  for (const auto& [a, b] : models::australia().borders) q.add_not_equal(q.find(a), q.find(b));
  for (const std::string inference : {"none", "fc", "mac"}) {
    const SearchResult r = backtracking_search(q, count_all("first", "natural", inference));
    EXPECT_EQ(r.solution_count, 6U) << inference;  // a third of 18
    for (const Assignment& a : r.solutions) EXPECT_EQ(a.value(q.find("WA")), 0);
    EXPECT_LE(r.stats.max_depth, 6U) << inference;
  }
  // Two clashing givens: unsatisfiable before any search decision.
  Problem clash;
  clash.add_variable("a", 1, 1);
  clash.add_variable("b", 1, 1);
  clash.add_variable("c", 1, 3);
  clash.add_not_equal(0, 1);
  for (const std::string inference : {"none", "fc", "mac"}) {
    const SearchResult r = backtracking_search(clash, count_all("first", "natural", inference));
    EXPECT_EQ(r.status, Status::unsatisfiable) << inference;
    EXPECT_EQ(r.stats.assignments, 0U) << inference;
  }
}

TEST(Backtracking, Ac3PreprocessingCanSettleAProblemAtTheRoot) {
  // x < y < z over 1..3: AC-3 leaves one value each, so the search makes 3 decisions without a dead end.
  Problem p;
  for (const char* name : {"x", "y", "z"}) p.add_variable(name, 1, 3);
  p.add_binary(
      0, 1, [](Value a, Value b) { return a < b; }, "x<y");
  p.add_binary(
      1, 2, [](Value a, Value b) { return a < b; }, "y<z");
  SolverConfig c = count_all();
  c.ac3_preprocess = true;
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 1U);
  EXPECT_EQ(r.stats.assignments, 3U);
  EXPECT_EQ(r.stats.values_pruned, 6U);
  EXPECT_EQ(p.to_string(r.solutions.at(0)), "x=1 y=2 z=3");
  c.ac3_preprocess = false;
  EXPECT_GT(backtracking_search(p, c).stats.assignments, 3U);
}

TEST(Backtracking, StatusNames) {
  EXPECT_EQ(to_string(Status::solved), "solved");
  EXPECT_EQ(to_string(Status::unsatisfiable), "unsatisfiable");
  EXPECT_EQ(to_string(Status::limit_reached), "limit-reached");
  EXPECT_EQ(to_string(Status::gave_up), "gave-up");
}

}  // namespace
}  // namespace csp
