// The grid propagator (--alldiff grid, csp sudoku's default): solution counts against brute force and against the
// textbook's binary !=, under every inference, ordering, branching and restarts; each rule at the root; failures;
// the reference files; and the checks of its construction.
#include "csp/models/sudoku/grid_constraint.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/strategy/search_context.hpp"
#include "support/oracle.hpp"
#include "support/sudoku_puzzles.hpp"

namespace csp::models {
namespace {

const std::string kSharedDir = CSP_SHARED_DIR;
// BH-08 of the shared cases (norvig.com's "hard1"): more than 10^8 solutions. Singles and box-line alone search
// 352,932 nodes to find a second one; with the pairs, gac's 84.
const std::string kBh08 = ".....6....59.....82....8....45........3........6..3.54...325..6..................";
// top95 #1 (pointing) and #24 (claiming): singles and box-line fill the grid at the root.
const std::string kPointingPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kClaimingPuzzle = ".2.3......63.....58.......15....9.3....7........1....8.879..26......6.7...6..7..4";

using test_support::grid_of;
using test_support::read_puzzles;

SolverConfig config(const std::string& inference, const std::string& var, std::uint64_t max_solutions) {
  SolverConfig c = SolverConfig::textbook();
  c.inference = inference;
  c.variable_ordering = var;
  c.max_solutions = max_solutions;
  return c;
}

// Every completion of `puzzle` by plain enumeration over the rules (check_solution), for grids of at most 36 cells.
std::uint64_t brute_force_count(const SudokuGrid& puzzle) {
  SudokuGrid g = puzzle;
  std::uint64_t count = 0;
  const int n = g.size();
  const auto fits = [&](int cell, int v) {
    const int r = cell / n;
    const int c = cell % n;
    for (int k = 0; k < n; ++k)
      if (g.at(r, k) == v || g.at(k, c) == v) return false;
    const int r0 = r - r % g.box.rows;
    const int c0 = c - c % g.box.cols;
    for (int i = r0; i < r0 + g.box.rows; ++i)
      for (int j = c0; j < c0 + g.box.cols; ++j)
        if (g.at(i, j) == v) return false;
    return true;
  };
  std::vector<int> open;
  for (int i = 0; i < n * n; ++i)
    if (g.cells[static_cast<std::size_t>(i)] == 0) open.push_back(i);
  // The givens must not clash among themselves either.
  if (!clashing_givens(puzzle).empty()) return 0;
  const auto fill = [&](const auto& self, std::size_t k) -> void {
    if (k == open.size()) {
      ++count;
      return;
    }
    const int cell = open[k];
    for (int v = 1; v <= n; ++v) {
      if (!fits(cell, v)) continue;
      g.cells[static_cast<std::size_t>(cell)] = v;
      self(self, k + 1);
      g.cells[static_cast<std::size_t>(cell)] = 0;
    }
  };
  fill(fill, 0);
  return count;
}

// A random partial grid: `givens` cells of a random valid grid (or random digits, which may clash, when `any`).
SudokuGrid random_puzzle(BoxShape box, int givens, bool any, std::mt19937& rng) {
  const int n = box.size();
  SudokuGrid g{box, std::vector<int>(static_cast<std::size_t>(n * n), 0)};
  if (!any) {
    const Sudoku empty(g, AllDifferentMode::gac);
    SolverConfig c = config("mac", "mrv", 1);
    c.value_ordering = "random";
    c.seed = rng();
    const SearchResult full = backtracking_search(empty.problem(), c);
    g = empty.to_grid(full.solutions.front());
  }
  std::vector<int> cells(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n * n; ++i) cells[static_cast<std::size_t>(i)] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  SudokuGrid out{box, std::vector<int>(static_cast<std::size_t>(n * n), 0)};
  for (int k = 0; k < givens; ++k) {
    const auto i = static_cast<std::size_t>(cells[static_cast<std::size_t>(k)]);
    out.cells[i] = any ? static_cast<int>(rng() % static_cast<unsigned>(n)) + 1 : g.cells[i];
  }
  return out;
}

// ---- counts against brute force and against binary != ---------------------------------------------------------

// 4x4 and 6x6 (2x3, 3x2) partial grids, solvable ones and random digits that may clash: the grid propagator counts
// exactly the completions brute force finds, under none, fc and mac, mrv and first, d-way and binary branching,
// and Luby restarts with random tie-breaking (which undo to the root: the propagator's memory must not trust it).
TEST(GridPropagator, CountsEqualBruteForceUnderEverySearch) {
  std::mt19937 rng(20261207);
  const int rounds = test_support::sized(40, 10);
  int nonzero = 0;
  for (int round = 0; round < rounds; ++round) {
    const BoxShape box = round % 3 == 0 ? BoxShape{2, 2} : round % 3 == 1 ? BoxShape{2, 3} : BoxShape{3, 2};
    const int n = box.size();
    const bool any = round % 4 == 3;
    const int givens = n == 4 ? 3 + round % 4 : 11 + round % 5;
    const SudokuGrid puzzle = random_puzzle(box, givens, any, rng);
    const std::uint64_t expected = brute_force_count(puzzle);
    nonzero += expected > 0 ? 1 : 0;
    const Sudoku model(puzzle, AllDifferentMode::grid);
    for (const std::string inference : {"none", "fc", "mac"})
      for (const std::string var : {"mrv", "first"}) {
        SolverConfig c = config(inference, var, 0);
        EXPECT_EQ(backtracking_search(model.problem(), c).solution_count, expected)
            << to_line(puzzle) << " " << inference << " " << var;
        if (inference == "mac") {
          c.branching = "binary";
          EXPECT_EQ(backtracking_search(model.problem(), c).solution_count, expected) << to_line(puzzle) << " binary";
          c.branching = "d-way";
          c.restarts = "luby";
          c.restart_base = 1;
          c.seed = 7;
          EXPECT_EQ(backtracking_search(model.problem(), c).solution_count, expected) << to_line(puzzle) << " luby";
        }
      }
  }
  EXPECT_GT(nonzero, rounds / 2) << "most rounds must have solutions to count";
}

// 9x9 puzzles with few givens: the count up to 50 equals the textbook's binary != model's (an independent
// formulation), and each solution found satisfies the rules.
TEST(GridPropagator, CountsEqualBinaryOnSparse9x9) {
  std::mt19937 rng(7);
  for (int round = 0; round < test_support::sized(12, 4); ++round) {
    const SudokuGrid puzzle = random_puzzle(BoxShape{3, 3}, 22 + round, false, rng);
    const SearchResult grid =
        backtracking_search(Sudoku(puzzle, AllDifferentMode::grid).problem(), config("mac", "mrv", 50));
    const SearchResult binary =
        backtracking_search(Sudoku(puzzle, AllDifferentMode::binary).problem(), config("mac", "mrv", 50));
    EXPECT_EQ(grid.solution_count, binary.solution_count) << to_line(puzzle);
    const Sudoku model(puzzle, AllDifferentMode::grid);
    for (const Assignment& a : grid.solutions) EXPECT_EQ(check_solution(puzzle, model.to_grid(a)), "");
  }
}

// ---- each rule at the root ----------------------------------------------------------------------------------------

// The domains after MAC ran once at the root; `consistent` tells whether it succeeded.
std::vector<Domain> root_domains(const Sudoku& model, bool& consistent) {
  Statistics stats;
  Store store(model.problem(), stats);
  SearchContext ctx(store, true);
  consistent = mac(ctx, -1);
  return store.domains();
}

int open_cells(const std::vector<Domain>& domains) {
  int n = 0;
  for (const Domain& d : domains) n += d.is_singleton() ? 0 : 1;
  return n;
}

TEST(GridPropagator, PointingAndClaimingPuzzlesFillAtTheRoot) {
  for (const std::string& line : {kPointingPuzzle, kClaimingPuzzle}) {
    const SudokuGrid puzzle = grid_of(line);
    bool ok = false;
    const std::vector<Domain> grid = root_domains(Sudoku(puzzle, AllDifferentMode::grid), ok);
    ASSERT_TRUE(ok);
    EXPECT_EQ(open_cells(grid), 0) << line;
  }
  bool gac_ok = false;
  EXPECT_EQ(open_cells(root_domains(Sudoku(grid_of(kClaimingPuzzle), AllDifferentMode::gac), gac_ok)), 55)
      << "gac (no box-line) leaves 55 cells open: claiming made the difference";
}

// One unit, states built by hand on a 4x4 grid (digit d is index d-1): each rule's pruning, and nothing else.
TEST(GridPropagator, HiddenSingleNakedPairAndHiddenPairOnAUnit) {
  const SudokuGrid empty{BoxShape{2, 2}, std::vector<int>(16, 0)};
  const Sudoku model(empty, AllDifferentMode::grid);
  ASSERT_EQ(model.problem().constraint_count(), 1);
  const Constraint& grid = model.problem().constraint(0);
  {  // Hidden single: in row 1, digit 4 fits only r1c1.
    Statistics stats;
    Store store(model.problem(), stats);
    for (int c = 1; c < 4; ++c) ASSERT_TRUE(store.remove(c, 3, nullptr));
    ASSERT_TRUE(store.propagate(grid));
    EXPECT_TRUE(store.domain(0).is_singleton());
    EXPECT_EQ(store.domain(0).min(), 3);
    EXPECT_FALSE(store.domain(4).contains(3)) << "then a naked single: 4 leaves column 1";
  }
  {  // Naked pair: r1c1 and r1c2 hold {1,2}: r1c3 and r1c4 lose 1 and 2.
    Statistics stats;
    Store store(model.problem(), stats);
    for (int c : {0, 1}) {
      ASSERT_TRUE(store.remove(c, 2, nullptr));
      ASSERT_TRUE(store.remove(c, 3, nullptr));
    }
    ASSERT_TRUE(store.propagate(grid));
    for (int c : {2, 3}) {
      EXPECT_FALSE(store.domain(c).contains(0));
      EXPECT_FALSE(store.domain(c).contains(1));
    }
  }
  {  // Hidden pair on a 9x9 row: digits 1 and 2 fit only r1c1 and r1c2, which keep nothing else.
    const Sudoku big(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)}, AllDifferentMode::grid);
    Statistics stats;
    Store store(big.problem(), stats);
    for (int c = 2; c < 9; ++c) {
      ASSERT_TRUE(store.remove(c, 0, nullptr));
      ASSERT_TRUE(store.remove(c, 1, nullptr));
    }
    ASSERT_TRUE(store.propagate(big.problem().constraint(0)));
    EXPECT_EQ(store.domain(0).size(), 2);
    EXPECT_EQ(store.domain(1).size(), 2);
  }
}

TEST(GridPropagator, FailsOnEveryKindOfContradiction) {
  const SudokuGrid empty{BoxShape{2, 2}, std::vector<int>(16, 0)};
  const Sudoku model(empty, AllDifferentMode::grid);
  const Constraint& grid = model.problem().constraint(0);
  {  // A digit placed twice in a row.
    Statistics stats;
    Store store(model.problem(), stats);
    ASSERT_TRUE(store.assign(0, 0, nullptr));
    ASSERT_TRUE(store.assign(1, 0, nullptr));
    EXPECT_FALSE(store.propagate(grid));
  }
  {  // A digit with no place left in a row.
    Statistics stats;
    Store store(model.problem(), stats);
    for (int c = 0; c < 4; ++c) ASSERT_TRUE(store.remove(c, 2, nullptr));
    EXPECT_FALSE(store.propagate(grid));
  }
  {  // Two digits whose one place in the row is the same cell.
    Statistics stats;
    Store store(model.problem(), stats);
    for (int c = 1; c < 4; ++c) {
      ASSERT_TRUE(store.remove(c, 0, nullptr));
      ASSERT_TRUE(store.remove(c, 1, nullptr));
    }
    EXPECT_FALSE(store.propagate(grid));
  }
  // Clashing givens: unsolvable, at once.
  const SudokuGrid clash = grid_of("11..............");
  const SearchResult r = backtracking_search(Sudoku(clash, AllDifferentMode::grid).problem(), config("mac", "mrv", 1));
  EXPECT_EQ(r.status, Status::unsatisfiable);
  EXPECT_EQ(r.stats.assignments, 0U);
}

// The propagator's per-run memory (the candidates of its last call) is only a hint: after the store undoes to a state
// before that call (a restart undoes to the root, before the root's propagation), a call reaches the same fixpoint
// as a fresh store's.
TEST(GridPropagator, SameFixpointAfterAnUndoBelowItsLastCall) {
  for (const std::string& line : {kClaimingPuzzle, kBh08}) {
    const Sudoku model(grid_of(line), AllDifferentMode::grid);
    const Constraint& grid = model.problem().constraint(0);
    Statistics fresh_stats;
    Store fresh(model.problem(), fresh_stats);
    ASSERT_TRUE(fresh.propagate(grid));
    Statistics stats;
    Store store(model.problem(), stats);
    const Trail::Mark root = store.mark();
    ASSERT_TRUE(store.propagate(grid));
    ASSERT_TRUE(store.assign(80, store.domain(80).max(), nullptr));  // one more change, then the call's memory
    store.propagate(grid);
    store.undo_to(root);
    ASSERT_TRUE(store.propagate(grid));
    for (VarId x = 0; x < 81; ++x) EXPECT_EQ(store.domain(x).word(0), fresh.domain(x).word(0)) << line << " cell " << x;
  }
}

// BH-08: tell "not unique" in gac's 84 nodes; without the pairs it took 352,932.
TEST(GridPropagator, Bh08IsNotUniqueWithinGacsNodes) {
  const SudokuGrid puzzle = grid_of(kBh08);
  const Sudoku model(puzzle, AllDifferentMode::grid);
  const SearchResult r = backtracking_search(model.problem(), config("mac", "mrv", 2));
  EXPECT_EQ(r.solution_count, 2U);
  EXPECT_LE(r.stats.assignments, 84U);
  for (const Assignment& a : r.solutions) EXPECT_EQ(check_solution(puzzle, model.to_grid(a)), "");
}

// LCV reads the propagator through count_ruled_out (and still finds a valid grid); min-conflicts through conflicts,
// which counts the assigned peers holding a value.
TEST(GridPropagator, LcvSolvesAndConflictCountsArePeers) {
  const SudokuGrid puzzle = grid_of(kPointingPuzzle);
  const Sudoku model(puzzle, AllDifferentMode::grid);
  SolverConfig c = config("fc", "mrv", 1);
  c.value_ordering = "lcv";
  const SearchResult r = backtracking_search(model.problem(), c);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(check_solution(puzzle, model.to_grid(r.solutions.front())), "");
  const SudokuGrid small = grid_of("1...............");
  const Sudoku four(small, AllDifferentMode::grid);
  const Constraint& grid = four.problem().constraint(0);
  Assignment a(16);
  a.assign(1, 1);
  a.assign(4, 1);
  EXPECT_EQ(grid.conflicts(a, 0, 1), 2) << "r1c2 and r2c1 hold 1";
  EXPECT_EQ(grid.conflicts(a, 0, 2), 0);
  EXPECT_FALSE(grid.is_consistent(a)) << "r1c2 and r2c1 share box 1";
}

// ---- the reference files ------------------------------------------------------------------------------------------

TEST(GridPropagator, SolvesAndVerifiesTheReferenceFiles) {
  for (const std::string name : {"top95.txt", "hardest.txt", "sudoku16x16_gecode55.txt"}) {
    const std::string path = kSharedDir + "/puzzles/" + name;
    if (!std::filesystem::exists(path)) continue;
    const std::vector<SudokuGrid> puzzles = read_puzzles(path, static_cast<std::size_t>(test_support::sized(1000, 12)));
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const Sudoku model(puzzles[i], AllDifferentMode::grid);
      const SearchResult r = backtracking_search(model.problem(), config("mac", "mrv", 2));
      ASSERT_EQ(r.solution_count, 1U) << name << " #" << i + 1 << ": every reference puzzle is unique";
      EXPECT_EQ(check_solution(puzzles[i], model.to_grid(r.solutions.front())), "") << name;
    }
    EXPECT_FALSE(puzzles.empty()) << name;
  }
}

// ---- construction -------------------------------------------------------------------------------------------------

TEST(GridPropagator, RefusesBadShapesScopesAndValues) {
  std::vector<VarId> cells(16);
  for (int i = 0; i < 16; ++i) cells[static_cast<std::size_t>(i)] = i;
  EXPECT_THROW(SudokuGridConstraint(cells, BoxShape{3, 3}), ModelError) << "16 cells for a 9x9 grid";
  EXPECT_THROW(SudokuGridConstraint(cells, BoxShape{0, 4}), ModelError);
  EXPECT_THROW(SudokuGridConstraint(std::vector<VarId>(33 * 33), BoxShape{3, 11}), ModelError) << "33 digits";
  Problem p;
  for (int i = 0; i < 16; ++i) p.add_variable(std::string("c").append(std::to_string(i)), 0, 3);  // 0..3, not 1..4
  EXPECT_THROW(p.add_constraint(std::make_unique<SudokuGridConstraint>(cells, BoxShape{2, 2})), ModelError);
  Problem q;
  for (int i = 0; i < 4; ++i) q.add_variable(std::string("x").append(std::to_string(i)), 1, 4);
  EXPECT_THROW(q.add_all_different({0, 1, 2, 3}, AllDifferentMode::grid), ModelError)
      << "grid is a Sudoku model's mode, not one all-different's";
}

}  // namespace
}  // namespace csp::models
