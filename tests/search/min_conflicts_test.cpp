// MIN-CONFLICTS (AIMA Fig. 6.8): solves 8- and 1000-queens, gives up on 3-queens, is reproducible by seed.
#include "csp/search/min_conflicts.hpp"

#include <gtest/gtest.h>

#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"

namespace csp {
namespace {

TEST(MinConflicts, SolvesEightQueensForSeveralSeeds) {
  for (const auto formulation : {models::QueensFormulation::binary, models::QueensFormulation::all_different}) {
    const Problem p = models::n_queens(8, formulation);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      MinConflictsConfig c;
      c.seed = seed;
      c.max_steps = 10000;
      const SearchResult r = min_conflicts(p, c);
      ASSERT_EQ(r.status, Status::solved) << "seed " << seed << " " << models::to_string(formulation);
      ASSERT_EQ(r.solutions.size(), 1U);
      EXPECT_EQ(r.solution_count, 1U);
      EXPECT_TRUE(p.is_solution(r.solutions[0])) << p.to_string(r.solutions[0]);
      EXPECT_LE(r.stats.assignments, c.max_steps);
      EXPECT_FALSE(r.complete);  // a local search never proves anything
    }
  }
}

TEST(MinConflicts, SolvesThousandQueens) {
  const Problem p = models::n_queens(1000, models::QueensFormulation::all_different);
  MinConflictsConfig c;
  c.seed = 42;
  const SearchResult r = min_conflicts(p, c);
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_EQ(r.solutions.size(), 1U);
  EXPECT_TRUE(p.is_solution(r.solutions[0]));
  EXPECT_LT(r.stats.assignments, c.max_steps);
}

TEST(MinConflicts, GivesUpOnThreeQueensWithinItsSteps) {
  for (const auto formulation : {models::QueensFormulation::binary, models::QueensFormulation::all_different}) {
    const Problem p = models::n_queens(3, formulation);
    MinConflictsConfig c;
    c.max_steps = 1000;
    const SearchResult r = min_conflicts(p, c);
    EXPECT_EQ(r.status, Status::gave_up);
    EXPECT_TRUE(r.solutions.empty());
    EXPECT_EQ(r.solution_count, 0U);
    EXPECT_EQ(r.stats.assignments, 1000U);  // every step moved a conflicted variable
  }
}

TEST(MinConflicts, SameSeedSameRun) {
  const Problem p = models::n_queens(30);
  MinConflictsConfig c;
  c.seed = 7;
  const SearchResult a = min_conflicts(p, c);
  const SearchResult b = min_conflicts(p, c);
  ASSERT_EQ(a.status, Status::solved);
  EXPECT_EQ(a.solutions, b.solutions);
  EXPECT_EQ(a.stats.assignments, b.stats.assignments);
  EXPECT_EQ(a.stats.constraint_checks, b.stats.constraint_checks);
}

TEST(MinConflicts, GivensNeverMove) {
  // Australia with WA given red (a single-value domain): every solution keeps it.
  Problem q;
  const models::Map m = models::australia();
  for (const std::string& r : m.regions) {
    if (r == "WA") {
      q.add_variable(r, 0, 0);
    } else {
      q.add_variable(r, 0, 2);
    }
  }
  for (const auto& [a, b] : m.borders) q.add_not_equal(q.find(a), q.find(b));
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    MinConflictsConfig c;
    c.seed = seed;
    const SearchResult r = min_conflicts(q, c);
    ASSERT_EQ(r.status, Status::solved) << "seed " << seed;
    EXPECT_EQ(r.solutions[0].value(q.find("WA")), 0);
    EXPECT_TRUE(q.is_solution(r.solutions[0]));
  }
}

TEST(MinConflicts, TwoColouringATriangleGivesUp) {
  const Problem p = models::map_coloring({{"A", "B", "C"}, {{"A", "B"}, {"B", "C"}, {"A", "C"}}}, 2);
  MinConflictsConfig c;
  c.max_steps = 500;
  const SearchResult r = min_conflicts(p, c);
  EXPECT_EQ(r.status, Status::gave_up);
  EXPECT_EQ(r.stats.assignments, 500U);
}

}  // namespace
}  // namespace csp
