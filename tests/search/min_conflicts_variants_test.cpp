// MIN-CONFLICTS variants (MinConflictsConfig: random walk, tabu, constraint weighting / breakout, restarts): valid
// solutions on queens, Australia, the USA and the 3x3 magic square with fixed seeds, each checked by the rules; the
// variants' counters; the magic square, where the book's algorithm gives up, solved on every seed tried.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/min_conflicts.hpp"

namespace csp {
namespace {

// The 3x3 magic square (examples/teaching/05_new_puzzle.cpp): s00..s22 in 1..9, all different, each row, column and
// diagonal sums to 15.
Problem magic_square() {
  Problem p;
  std::vector<VarId> s;
  for (const char* name : {"s00", "s01", "s02", "s10", "s11", "s12", "s20", "s21", "s22"})
    s.push_back(p.add_variable(name, range(1, 9)));
  p.add_all_different(s, AllDifferentMode::value, "all differ");
  const std::array<std::array<int, 3>, 8> lines{
      {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};
  for (const auto& line : lines)
    p.add_linear({s[static_cast<std::size_t>(line[0])], s[static_cast<std::size_t>(line[1])],
                  s[static_cast<std::size_t>(line[2])]},
                 {1, 1, 1}, LinearOp::eq, 15, "line sums to 15");
  return p;
}

// The rules of the magic square, checked on the values alone: 1..9 each once, every line 15.
bool is_magic(const Assignment& a) {
  std::set<int> seen;
  for (VarId x = 0; x < 9; ++x) {
    if (!a.is_assigned(x) || a.value(x) < 1 || a.value(x) > 9) return false;
    seen.insert(a.value(x));
  }
  if (seen.size() != 9) return false;
  const auto v = [&](int r, int c) { return a.value(3 * r + c); };
  for (int i = 0; i < 3; ++i)
    if (v(i, 0) + v(i, 1) + v(i, 2) != 15 || v(0, i) + v(1, i) + v(2, i) != 15) return false;
  return v(0, 0) + v(1, 1) + v(2, 2) == 15 && v(0, 2) + v(1, 1) + v(2, 0) == 15;
}

bool no_queen_attacks(int n, const Assignment& a) {
  for (VarId i = 0; i < n; ++i)
    for (VarId j = i + 1; j < n; ++j)
      if (a.value(i) == a.value(j) || a.value(i) - a.value(j) == i - j || a.value(i) - a.value(j) == j - i)
        return false;
  return true;
}

struct Variant {
  const char* name;
  MinConflictsConfig config;
};

MinConflictsConfig all_four(std::uint64_t restart_after) {
  MinConflictsConfig c;
  c.walk_probability = 0.1;
  c.tabu_tenure = 5;
  c.weighting = true;
  c.restart_after = restart_after;
  return c;
}

std::vector<Variant> variants() {
  std::vector<Variant> v(5);
  v[0].name = "walk 0.1";
  v[0].config.walk_probability = 0.1;
  v[1].name = "tabu 5";
  v[1].config.tabu_tenure = 5;
  v[2].name = "weighting + walk 0.1";
  v[2].config.weighting = true;
  v[2].config.walk_probability = 0.1;
  v[3].name = "restart after 1000";
  v[3].config.restart_after = 1000;
  v[3].config.walk_probability = 0.05;
  v[4].name = "all four";
  v[4].config = all_four(1000);
  return v;
}

TEST(MinConflictsVariants, EachSolvesQueensAustraliaUsaAndTheMagicSquareWithFixedSeeds) {
  const Problem queens = models::n_queens(50, models::QueensFormulation::all_different);
  const models::Graph australia = models::graph_of(models::australia());
  const models::Graph usa = models::graph_of(models::usa());
  const Problem australia3 = models::map_coloring(models::australia(), 3);
  const Problem usa4 = models::map_coloring(models::usa(), 4);
  const Problem magic = magic_square();
  for (const Variant& variant : variants()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      MinConflictsConfig c = variant.config;
      c.seed = seed;
      c.max_steps = 100000;
      std::string what = variant.name;
      what.append(", seed ").append(std::to_string(seed));
      const SearchResult q = min_conflicts(queens, c);
      ASSERT_EQ(q.status, Status::solved) << "queens 50, " << what;
      EXPECT_TRUE(queens.is_solution(q.solutions[0]) && no_queen_attacks(50, q.solutions[0])) << what;
      const SearchResult a = min_conflicts(australia3, c);
      ASSERT_EQ(a.status, Status::solved) << "australia, " << what;
      EXPECT_TRUE(models::is_proper_coloring(australia, a.solutions[0])) << what;
      const SearchResult u = min_conflicts(usa4, c);
      ASSERT_EQ(u.status, Status::solved) << "usa, " << what;
      EXPECT_TRUE(models::is_proper_coloring(usa, u.solutions[0])) << what;
      const SearchResult m = min_conflicts(magic, c);
      ASSERT_EQ(m.status, Status::solved) << "magic square, " << what;
      EXPECT_TRUE(magic.is_solution(m.solutions[0]) && is_magic(m.solutions[0])) << magic.to_string(m.solutions[0]);
      EXPECT_FALSE(m.complete);
    }
  }
}

// The book's algorithm (no variant) stays in a local minimum of the magic square: seeds 1..3 all give up after
// 5,000 steps; random walk solves each (the 20-seed table is in docs/ablation_search.md).
TEST(MinConflictsVariants, TheBooksAlgorithmGivesUpOnTheMagicSquareWhereRandomWalkSolvesIt) {
  const Problem magic = magic_square();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    MinConflictsConfig c;
    c.seed = seed;
    c.max_steps = 5000;
    const SearchResult plain = min_conflicts(magic, c);
    EXPECT_EQ(plain.status, Status::gave_up) << "seed " << seed;
    EXPECT_EQ(plain.stats.assignments, 5000U);
    c.max_steps = 100000;
    c.walk_probability = 0.1;
    const SearchResult walk = min_conflicts(magic, c);
    ASSERT_EQ(walk.status, Status::solved) << "seed " << seed;
    EXPECT_TRUE(is_magic(walk.solutions[0]));
  }
}

TEST(MinConflictsVariants, CountersReportWhatEachVariantDid) {
  const Problem magic = magic_square();
  MinConflictsConfig c;
  c.max_steps = 3000;
  const MinConflictsResult plain = min_conflicts_run(magic, c);
  EXPECT_EQ(plain.restarts + plain.walk_steps + plain.tabu_rejections + plain.weight_increases, 0U);

  MinConflictsConfig walk = c;  // every step a random value
  walk.walk_probability = 1.0;
  const MinConflictsResult w = min_conflicts_run(magic, walk);
  EXPECT_EQ(w.walk_steps, w.search.stats.assignments);
  EXPECT_GT(w.walk_steps, 0U);

  MinConflictsConfig restart = c;  // the book's algorithm stalls on the magic square: restarts follow
  restart.restart_after = 50;
  const MinConflictsResult r = min_conflicts_run(magic, restart);
  EXPECT_GT(r.restarts, 0U);
  EXPECT_LE(r.restarts, 3000U / 50);               // at least 50 steps between two restarts
  EXPECT_EQ(r.search.stats.restarts, r.restarts);  // the Statistics counter too (csp ablate's restarts column)

  MinConflictsConfig weighting = c;
  weighting.weighting = true;
  weighting.seed = 2;
  const MinConflictsResult wt = min_conflicts_run(magic, weighting);
  EXPECT_GT(wt.weight_increases, 0U);

  MinConflictsConfig tabu = c;
  tabu.tabu_tenure = 8;
  const MinConflictsResult t = min_conflicts_run(magic, tabu);
  EXPECT_GT(t.tabu_rejections, 0U);
}

TEST(MinConflictsVariants, SameSeedSameRun) {
  const Problem magic = magic_square();
  MinConflictsConfig c = all_four(200);
  c.seed = 7;
  const MinConflictsResult a = min_conflicts_run(magic, c);
  const MinConflictsResult b = min_conflicts_run(magic, c);
  EXPECT_EQ(a.search.status, b.search.status);
  EXPECT_EQ(a.search.stats.assignments, b.search.stats.assignments);
  EXPECT_EQ(a.search.stats.constraint_checks, b.search.stats.constraint_checks);
  EXPECT_EQ(a.restarts, b.restarts);
  EXPECT_EQ(a.walk_steps, b.walk_steps);
}

TEST(MinConflictsVariants, RefusesAWalkProbabilityOutsideZeroToOne) {
  const Problem p = models::n_queens(4, models::QueensFormulation::binary);
  for (const double bad : {-0.1, 1.5}) {
    MinConflictsConfig c;
    c.walk_probability = bad;
    EXPECT_THROW(min_conflicts(p, c), std::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace csp
