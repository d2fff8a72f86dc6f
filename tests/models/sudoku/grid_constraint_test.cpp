// The grid propagator (--alldiff grid, csp sudoku's default): solution counts against brute force and against the
// textbook's binary !=, under every inference, ordering, branching and restarts; each rule at the root; failures;
// the reference files; and the checks of its construction.
#include "csp/models/sudoku/grid_constraint.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
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

// ---- the 9x9 band path against the cell-major code -------------------------------------------------------------------

// The candidate words of a grid's cells: a given is its digit, an empty cell all nine.
std::vector<std::uint64_t> words_of(const SudokuGrid& g) {
  std::vector<std::uint64_t> out;
  for (int v : g.cells) out.push_back(v == 0 ? 0x1FF : std::uint64_t{1} << (v - 1));
  return out;
}

// The puzzles of the shared files the band path is checked on: top95 and hardest whole, 200 of each sample.
std::vector<SudokuGrid> band_check_puzzles() {
  std::vector<SudokuGrid> out;
  for (const auto& [name, limit] : {std::pair<std::string, int>{"top95.txt", 0},
                                    {"hardest.txt", 0},
                                    {"17_clue_sample1000.txt", 200},
                                    {"forum_hardest_1905_11plus_sample1000.txt", 200}}) {
    const std::string path = kSharedDir + "/puzzles/" + name;
    if (!std::filesystem::exists(path)) continue;
    for (SudokuGrid& g : read_puzzles(path, static_cast<std::size_t>(limit)))
      if (g.box.rows == 3 && g.box.cols == 3) out.push_back(std::move(g));
  }
  return out;
}

// Both paths from `cells`: the same outcome and, when it holds, the same candidates. Returns the outcome and leaves the
// fixpoint in `cells`.
bool same_fixpoint(const SudokuGridConstraint& grid, std::vector<std::uint64_t>& cells, const std::string& what) {
  std::vector<std::uint64_t> band = cells;
  const bool generic_ok = grid.fixpoint(cells, SudokuGridConstraint::Path::cell_major);
  const bool band_ok = grid.fixpoint(band, SudokuGridConstraint::Path::fastest);
  EXPECT_EQ(band_ok, generic_ok) << what;
  if (generic_ok && band_ok) {
    EXPECT_EQ(band, cells) << what;
  }
  return generic_ok;
}

// A random candidate of a word with at least one.
int random_digit(std::uint64_t w, std::mt19937& rng) {
  for (int skip = static_cast<int>(rng() % static_cast<unsigned>(std::popcount(w))); skip > 0; --skip) w &= w - 1;
  return std::countr_zero(w);
}

// Every puzzle of the shared files, then states along a random walk from each: its fixpoint narrowed by placing the
// solution's digit or a random one, removing one candidate or several across the grid. The band path (digit-major
// bitboards) must reach the cell-major code's outcome and candidates on every state, failures included.
TEST(GridPropagator, BandPathReachesTheCellMajorFixpoint) {
  const std::vector<SudokuGrid> puzzles = band_check_puzzles();
  if (puzzles.empty()) GTEST_SKIP() << "no puzzle files in " << kSharedDir << "/puzzles";
  const Sudoku empty(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)}, AllDifferentMode::grid);
  const auto& grid = dynamic_cast<const SudokuGridConstraint&>(empty.problem().constraint(0));
  std::mt19937 rng(20261208);
  const int steps = test_support::sized(40, 6);
  int states = 0;
  int failures = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Sudoku model(puzzles[i], AllDifferentMode::grid);
    const SearchResult solved = backtracking_search(model.problem(), config("mac", "mrv", 1));
    ASSERT_EQ(solved.solution_count, 1U) << to_line(puzzles[i]);
    const SudokuGrid solution = model.to_grid(solved.solutions.front());
    std::vector<std::uint64_t> root = words_of(puzzles[i]);
    ASSERT_TRUE(same_fixpoint(grid, root, "puzzle " + to_line(puzzles[i])));
    for (int walk = 0; walk < 3; ++walk) {
      std::vector<std::uint64_t> at_fixpoint = root;
      for (int step = 0; step < steps; ++step) {
        std::vector<int> open;
        for (int c = 0; c < 81; ++c)
          if (std::popcount(at_fixpoint[static_cast<std::size_t>(c)]) > 1) open.push_back(c);
        if (open.empty()) break;
        std::vector<std::uint64_t> state = at_fixpoint;
        const auto cell = static_cast<std::size_t>(open[rng() % open.size()]);
        const std::uint64_t right = std::uint64_t{1} << (solution.cells[cell] - 1);
        const auto move = static_cast<unsigned>(rng() % 20);
        if (move < 6) {  // the solution's digit
          state[cell] = right;
        } else if (move < 12) {  // a wrong candidate leaves
          state[cell] &= ~(std::uint64_t{1} << random_digit(state[cell] & ~right, rng));
        } else if (move < 15) {  // a random candidate
          state[cell] = std::uint64_t{1} << random_digit(state[cell], rng);
        } else if (move < 17) {  // any candidate leaves
          state[cell] &= ~(std::uint64_t{1} << random_digit(state[cell], rng));
        } else if (move < 18) {  // a digit leaves a whole row, column or box (a failure, unless it was placed there)
          const int kind = static_cast<int>(rng() % 3);
          const int u = static_cast<int>(rng() % 9);
          const std::uint64_t digit = std::uint64_t{1} << (rng() % 9);
          for (int k = 0; k < 9; ++k) {
            const int c = kind == 0   ? 9 * u + k
                          : kind == 1 ? 9 * k + u
                                      : 27 * (u / 3) + 3 * (u % 3) + 9 * (k / 3) + k % 3;
            if (state[static_cast<std::size_t>(c)] != digit) state[static_cast<std::size_t>(c)] &= ~digit;
          }
        } else {  // a few candidates anywhere, never a cell's last
          for (int k = 0; k < 4; ++k) {
            const auto c = static_cast<std::size_t>(open[rng() % open.size()]);
            if (std::popcount(state[c]) > 1) state[c] &= ~(std::uint64_t{1} << random_digit(state[c], rng));
          }
        }
        ++states;
        bool keeps_solution = true;
        for (std::size_t c = 0; c < 81; ++c)
          keeps_solution = keeps_solution && (state[c] >> (solution.cells[c] - 1) & 1U);
        std::vector<std::uint64_t> next = state;
        if (!same_fixpoint(grid, next, "puzzle " + to_line(puzzles[i]) + " step " + std::to_string(step)))
          ++failures;
        else if (keeps_solution || rng() % 2 == 0)  // off the solution's path, half the time: a dead end ahead
          at_fixpoint = next;
        if (HasFailure()) return;
      }
    }
  }
  EXPECT_GT(failures, states / 20) << "the walk must reach failures too";
  EXPECT_GT(states - failures, states / 4);
}

// Hand-made 9x9 contradictions (digit d is bit d-1): both paths fail on each, from an otherwise empty grid.
TEST(GridPropagator, BandPathFailsOnEveryKindOfContradiction) {
  const Sudoku empty(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)}, AllDifferentMode::grid);
  const auto& grid = dynamic_cast<const SudokuGridConstraint&>(empty.problem().constraint(0));
  const auto cell_of = [](int kind, int u, int k) {  // k-th cell of row, column or box u
    return static_cast<std::size_t>(kind == 0   ? 9 * u + k
                                    : kind == 1 ? 9 * k + u
                                                : 27 * (u / 3) + 3 * (u % 3) + 9 * (k / 3) + k % 3);
  };
  for (int kind = 0; kind < 3; ++kind)
    for (int u : {0, 4, 8}) {
      const std::string where = std::string(kind == 0 ? "row " : kind == 1 ? "column " : "box ") + std::to_string(u);
      std::vector<std::uint64_t> twice(81, 0x1FF);  // digit 5 placed twice
      twice[cell_of(kind, u, 1)] = twice[cell_of(kind, u, 7)] = 0x10;
      std::vector<std::uint64_t> nowhere(81, 0x1FF);  // digit 3 has no place
      for (int k = 0; k < 9; ++k) nowhere[cell_of(kind, u, k)] &= ~std::uint64_t{0x4};
      std::vector<std::uint64_t> same_cell(81, 0x1FF);  // digits 1 and 9 have one place, the same cell
      for (int k = 0; k < 9; ++k)
        if (k != 4) same_cell[cell_of(kind, u, k)] &= ~std::uint64_t{0x101};
      std::vector<std::uint64_t> no_candidate(81, 0x1FF);
      no_candidate[cell_of(kind, u, 2)] = 0;
      for (auto [cells, what] : {std::pair{twice, "a digit placed twice"}, std::pair{nowhere, "a digit with no place"},
                                 std::pair{same_cell, "two digits confined to one cell"},
                                 std::pair{no_candidate, "a cell without candidate"}}) {
        std::vector<std::uint64_t> band = cells;
        EXPECT_FALSE(grid.fixpoint(cells, SudokuGridConstraint::Path::cell_major)) << what << " in " << where;
        EXPECT_FALSE(grid.fixpoint(band, SudokuGridConstraint::Path::fastest)) << what << " in " << where;
      }
    }
}

// The band path through a store, as search drives it: random narrowings, calls, and undos to earlier marks (the
// path's fixpoints are found again through a reversible int). After each call the store holds the cell-major fixpoint
// of the candidates it held before, or the call failed where the cell-major code fails.
TEST(GridPropagator, BandPathFollowsUndosLikeSearch) {
  std::vector<SudokuGrid> puzzles = band_check_puzzles();
  if (puzzles.empty()) GTEST_SKIP() << "no puzzle files in " << kSharedDir << "/puzzles";
  puzzles.resize(std::min<std::size_t>(puzzles.size(), static_cast<std::size_t>(test_support::sized(150, 20))));
  std::mt19937 rng(7);
  int calls = 0;
  int failed = 0;
  for (const SudokuGrid& puzzle : puzzles) {
    const Sudoku model(puzzle, AllDifferentMode::grid);
    const auto& grid = dynamic_cast<const SudokuGridConstraint&>(model.problem().constraint(0));
    Statistics stats;
    Store store(model.problem(), stats);
    std::vector<Trail::Mark> marks;
    for (int step = 0; step < 60; ++step) {
      marks.push_back(store.mark());
      bool alive = true;
      if (step > 0)
        for (int k = 0; alive && k < 1 + static_cast<int>(rng() % 3); ++k) {
          const VarId x = static_cast<VarId>(rng() % 81);
          const std::uint64_t w = store.domain(x).word(0);
          if (std::popcount(w) < 2) continue;
          const int i = random_digit(w, rng);
          alive = rng() % 2 == 0 ? store.assign(x, i, nullptr) : store.remove(x, i, nullptr);
        }
      std::vector<std::uint64_t> expected(81);
      for (VarId x = 0; x < 81; ++x) expected[static_cast<std::size_t>(x)] = store.domain(x).word(0);
      const bool expected_ok = grid.fixpoint(expected, SudokuGridConstraint::Path::cell_major);
      const bool ok = alive && store.propagate(grid);
      ++calls;
      if (alive) {
        EXPECT_EQ(ok, expected_ok) << to_line(puzzle) << " step " << step;
        for (VarId x = 0; ok && expected_ok && x < 81; ++x) {
          ASSERT_EQ(store.domain(x).word(0), expected[static_cast<std::size_t>(x)]) << to_line(puzzle) << " cell " << x;
        }
      }
      if (!ok) {
        ++failed;
        store.undo_to(marks.back());
        marks.pop_back();
      }
      if (!marks.empty() && (!ok || rng() % 5 == 0)) {  // back to a random earlier point of the path
        const std::size_t depth = rng() % marks.size();
        store.undo_to(marks[depth]);
        marks.resize(depth);
      }
    }
  }
  EXPECT_GT(failed, calls / 20);
}

// A grid constraint that is not the problem's keeps no memory in the store (Store::owns): the band path then starts
// from the store's domains on every call, and still reaches the cell-major fixpoint.
TEST(GridPropagator, BandPathWithoutMemoryInAStoreOfAnotherProblem) {
  std::vector<SudokuGrid> puzzles = band_check_puzzles();
  if (puzzles.empty()) GTEST_SKIP() << "no puzzle files in " << kSharedDir << "/puzzles";
  puzzles.resize(std::min<std::size_t>(puzzles.size(), 30));
  std::mt19937 rng(11);
  for (const SudokuGrid& puzzle : puzzles) {
    const Sudoku model(puzzle, AllDifferentMode::grid);
    const SudokuGridConstraint& own = dynamic_cast<const SudokuGridConstraint&>(model.problem().constraint(0));
    const SudokuGridConstraint standalone(own.scope(), BoxShape{3, 3}, "standalone");
    Statistics stats;
    Store store(model.problem(), stats);
    for (int step = 0; step < 20; ++step) {
      const VarId x = static_cast<VarId>(rng() % 81);
      if (std::popcount(store.domain(x).word(0)) > 1 &&
          !store.remove(x, random_digit(store.domain(x).word(0), rng), nullptr))
        break;
      std::vector<std::uint64_t> expected(81);
      for (VarId y = 0; y < 81; ++y) expected[static_cast<std::size_t>(y)] = store.domain(y).word(0);
      const bool expected_ok = own.fixpoint(expected, SudokuGridConstraint::Path::cell_major);
      ASSERT_FALSE(store.owns(standalone));
      const bool ok = standalone.propagate(store);
      ASSERT_EQ(ok, expected_ok) << to_line(puzzle) << " step " << step;
      if (!ok) break;
      for (VarId y = 0; y < 81; ++y) ASSERT_EQ(store.domain(y).word(0), expected[static_cast<std::size_t>(y)]);
    }
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
