// MIN-CONFLICTS (AIMA Fig. 6.8): 8- and 1000-queens, a 2,000-vertex colouring, gave-up on 3-queens, exact counts,
// the time limit, reproducible by seed.
#include "csp/search/min_conflicts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <set>
#include <thread>

#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"

namespace csp {
namespace {

// The book's algorithm can stop in a local minimum (two queens attacking, each with every other row worse), where it
// spends its steps without moving; about 5% of the runs on 8-queens do. Each run must end solved with a valid
// board, or gave-up after exactly max_steps; most seeds solve.
TEST(MinConflicts, SolvesEightQueensForMostSeeds) {
  for (const auto formulation : {models::QueensFormulation::binary, models::QueensFormulation::all_different}) {
    const Problem p = models::n_queens(8, formulation);
    int solved = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      MinConflictsConfig c;
      c.seed = seed;
      c.max_steps = 2000;
      const SearchResult r = min_conflicts(p, c);
      EXPECT_FALSE(r.complete);  // a local search never proves anything
      if (r.status == Status::gave_up) {
        EXPECT_EQ(r.stats.assignments, c.max_steps);
        EXPECT_TRUE(r.solutions.empty());
        continue;
      }
      ASSERT_EQ(r.status, Status::solved) << "seed " << seed << " " << models::to_string(formulation);
      ++solved;
      ASSERT_EQ(r.solutions.size(), 1U);
      EXPECT_EQ(r.solution_count, 1U);
      EXPECT_TRUE(p.is_solution(r.solutions[0])) << p.to_string(r.solutions[0]);
      EXPECT_LT(r.stats.assignments, c.max_steps);
    }
    EXPECT_GE(solved, 17) << models::to_string(formulation);
  }
}

// True iff `a` places one queen per column with no two on a row or a diagonal: the rules, checked in O(n) with one
// flag per row and per diagonal, independently of the CSP.
bool no_queen_attacks(int n, const Assignment& a) {
  std::vector<char> row(static_cast<std::size_t>(n) + 1, 0);
  std::vector<char> up(2 * static_cast<std::size_t>(n) + 1, 0);
  std::vector<char> down(2 * static_cast<std::size_t>(n) + 1, 0);
  for (VarId c = 0; c < n; ++c) {
    if (!a.is_assigned(c)) return false;
    const int r = a.value(c);
    if (r < 1 || r > n) return false;
    for (char* flag : {&row[static_cast<std::size_t>(r)], &up[static_cast<std::size_t>(r + c)],
                       &down[static_cast<std::size_t>(r - c + n)]}) {
      if (*flag != 0) return false;
      *flag = 1;
    }
  }
  return true;
}

TEST(MinConflicts, SolvesThousandQueens) {
  // The binary formulation scores a value through n - 1 predicates: 1,000 queens take seconds there, 200 do not.
  for (const auto& [n, formulation] :
       {std::pair{1000, models::QueensFormulation::all_different}, std::pair{200, models::QueensFormulation::binary}}) {
    const Problem p = models::n_queens(n, formulation);
    MinConflictsConfig c;
    c.seed = 42;
    const SearchResult r = min_conflicts(p, c);
    ASSERT_EQ(r.status, Status::solved) << models::to_string(formulation);
    ASSERT_EQ(r.solutions.size(), 1U);
    EXPECT_TRUE(p.is_solution(r.solutions[0]));
    EXPECT_TRUE(no_queen_attacks(n, r.solutions[0]));
    EXPECT_LT(r.stats.assignments, 1000U);  // AIMA §6.4: about 50 steps from a greedy start, whatever n
  }
}

// A random graph of 2,000 vertices and 4,000 edges between different classes of a hidden 5-colouring (vertex v in
// class v mod 5), so a proper 5-colouring exists. (With 4 colours and 6,000 edges the book's min-conflicts, which has
// no escape from a local minimum, gives up: those runs measure the cost of a step in bench/min_conflicts_bench.cpp.)
models::Graph planted_graph() {
  models::Graph g;
  g.vertex_count = 2000;
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> vertex(0, g.vertex_count - 1);
  std::set<std::pair<int, int>> edges;
  while (edges.size() < 4000) {
    const int a = vertex(rng);
    const int b = vertex(rng);
    if (a % 5 != b % 5) edges.insert({std::min(a, b), std::max(a, b)});
  }
  g.edges.assign(edges.begin(), edges.end());
  return g;
}

TEST(MinConflicts, ColoursATwoThousandVertexGraph) {
  const models::Graph g = planted_graph();
  const Problem p = models::graph_coloring(g, 5);
  MinConflictsConfig c;
  c.seed = 1;
  c.max_steps = 1'000'000;
  const SearchResult r = min_conflicts(p, c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_TRUE(models::is_proper_coloring(g, r.solutions[0]));
  EXPECT_TRUE(p.is_solution(r.solutions[0]));
}

// Three givens (G = 0, H = H2 = 1) and Y in {0, 1} with Y != G, Y != H, Y != H2: Y = 0 has one conflict, Y = 1 two,
// so every choice is forced and the counts follow by hand. Start: each given told to its one constraint (3 checks),
// Y scored by its 3 constraints and told to them (6): 9. Each step: Y picked (the one conflicted variable that can
// move), scored (3) and set back to 0 (3): 6.
TEST(MinConflicts, StepsAndChecksCountedExactly) {
  Problem p;
  const VarId g = p.add_variable("G", 0, 0);
  const VarId h = p.add_variable("H", 1, 1);
  const VarId h2 = p.add_variable("H2", 1, 1);
  const VarId y = p.add_variable("Y", 0, 1);
  for (VarId other : {g, h, h2}) p.add_not_equal(y, other);
  for (std::uint64_t steps : {0U, 1U, 5U}) {
    MinConflictsConfig c;
    c.max_steps = steps;
    const SearchResult r = min_conflicts(p, c);
    EXPECT_EQ(r.status, Status::gave_up);
    EXPECT_EQ(r.stats.assignments, steps);
    EXPECT_EQ(r.stats.constraint_checks, 9 + 6 * steps);
  }
  // With Y in {0, 1, 2} the start gives Y = 2 (no conflict): 3 + 6 checks, solved without a step.
  Problem q;
  q.add_variable("G", 0, 0);
  q.add_variable("H", 1, 1);
  q.add_variable("H2", 1, 1);
  const VarId z = q.add_variable("Y", 0, 2);
  for (VarId other : {0, 1, 2}) q.add_not_equal(z, other);
  const SearchResult r = min_conflicts(q, {});
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions[0].value(z), 2);
  EXPECT_EQ(r.stats.assignments, 0U);
  EXPECT_EQ(r.stats.constraint_checks, 9U);
}

// x != y whose every conflict evaluation takes a millisecond: the time limit must stop the run whatever the machine.
class SlowNotEqual final : public Constraint {
 public:
  SlowNotEqual(VarId x, VarId y) : Constraint({x, y}, "slow!=") {}
  bool is_satisfied_by(std::span<const Value> values) const override { return values[0] != values[1]; }
  int conflicts(const Assignment& a, int pos, Value v) const override {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return Constraint::conflicts(a, pos, v);
  }
};

TEST(MinConflicts, TimeLimitStopsTheSteps) {
  // Two colours on a triangle: no solution, so only the limit can stop 10^9 steps.
  Problem p;
  for (const char* name : {"A", "B", "C"}) p.add_variable(name, 0, 1);
  p.add_constraint(std::make_unique<SlowNotEqual>(0, 1));
  p.add_constraint(std::make_unique<SlowNotEqual>(1, 2));
  p.add_constraint(std::make_unique<SlowNotEqual>(0, 2));
  MinConflictsConfig c;
  c.max_steps = 1'000'000'000;
  c.limits.time_limit = std::chrono::milliseconds(30);
  const SearchResult r = min_conflicts(p, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_TRUE(r.solutions.empty());
  EXPECT_LT(r.stats.assignments, c.max_steps);
}

TEST(MinConflicts, TimeLimitStopsTheStart) {
  // A path of 10,000 slow constraints: the greedy start alone would take a minute.
  Problem p;
  const int n = 10'000;
  for (int i = 0; i < n; ++i) p.add_variable(std::string("x").append(std::to_string(i)), 0, 2);
  for (int i = 0; i + 1 < n; ++i) p.add_constraint(std::make_unique<SlowNotEqual>(i, i + 1));
  MinConflictsConfig c;
  c.limits.time_limit = std::chrono::milliseconds(30);
  const SearchResult r = min_conflicts(p, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_EQ(r.stats.assignments, 0U);  // stopped before the first step
}

TEST(MinConflicts, GivesUpOnThreeQueensAfterExactlyItsSteps) {
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
