// Sudoku model: structural facts, every box shape, the solution checker, and the seeds' call counts.
#include "csp/models/sudoku/sudoku.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "csp/models/sudoku/io.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {
namespace {

const std::string kSharedDir = CSP_SHARED_DIR;
// The seeds' easy puzzle (Sudoku-01: 49 calls of the recursive backtracker).
const std::string kSeedEasy = "902005403100063025508407060026309001057010290090670530240530600705200304080041950";

SudokuGrid empty_grid(BoxShape box) {
  return SudokuGrid{box, std::vector<int>(static_cast<std::size_t>(box.size() * box.size()), 0)};
}

SolverConfig config_of(const std::string& var, const std::string& inference) {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = var;
  config.value_ordering = "natural";
  config.inference = inference;
  return config;
}

// The seeds' count of calls of their recursive backtracker: one per entry, the root included.
std::uint64_t seed_calls(const SudokuGrid& puzzle, const std::string& var) {
  const Sudoku sudoku(puzzle, AllDifferentMode::binary);
  const SearchResult r = backtracking_search(sudoku.problem(), config_of(var, "none"));
  EXPECT_EQ(r.status, Status::solved);
  if (!r.solutions.empty()) {
    EXPECT_EQ(check_solution(puzzle, sudoku.to_grid(r.solutions[0])), "");
  }
  return r.stats.assignments + 1;
}

std::vector<SudokuGrid> read_file(const std::string& path, std::size_t limit = 0) {
  std::ifstream in(path);
  std::vector<SudokuGrid> out;
  if (!in) return out;
  PuzzleReader reader(in, path);
  for (PuzzleRecord r; reader.next(r) && (limit == 0 || out.size() < limit);) {
    EXPECT_TRUE(r.ok()) << r.location() << ": " << r.reason;
    if (r.ok()) out.push_back(*r.grid);
  }
  return out;
}

// ---- structure -----------------------------------------------------------------------------------------------------

TEST(Sudoku, NineByNineHas81Variables27UnitsAnd20PeersPerCell) {
  const Sudoku s(empty_grid({3, 3}));
  EXPECT_EQ(s.problem().variable_count(), 81);
  EXPECT_EQ(s.units().size(), 27U);
  EXPECT_EQ(s.problem().constraint_count(), 27);
  for (VarId x = 0; x < 81; ++x) EXPECT_EQ(s.peers(x).size(), 20U) << x;
  EXPECT_EQ(s.problem().variable(s.cell(0, 0)).name(), "r1c1");
  EXPECT_EQ(s.problem().variable(s.cell(8, 8)).name(), "r9c9");
  const Sudoku pairwise(empty_grid({3, 3}), AllDifferentMode::binary);
  EXPECT_EQ(pairwise.problem().constraint_count(), 81 * 20 / 2) << "each pair of peers once";
}

TEST(Sudoku, FourByFourHas16Variables12UnitsAnd7PeersPerCell) {
  const Sudoku s(empty_grid({2, 2}));
  EXPECT_EQ(s.problem().variable_count(), 16);
  EXPECT_EQ(s.units().size(), 12U);
  for (VarId x = 0; x < 16; ++x) EXPECT_EQ(s.peers(x).size(), 7U) << x;
}

TEST(Sudoku, EveryBoxShapeBuildsAndAnEmptyGridSolves) {
  for (const BoxShape box : {BoxShape{2, 2}, BoxShape{2, 3}, BoxShape{3, 2}, BoxShape{2, 4}, BoxShape{3, 3},
                             BoxShape{3, 4}, BoxShape{4, 4}, BoxShape{5, 5}}) {
    const int n = box.size();
    for (const AllDifferentMode mode : {AllDifferentMode::value, AllDifferentMode::binary}) {
      const Sudoku s(empty_grid(box), mode);
      EXPECT_EQ(s.problem().variable_count(), n * n) << to_string(box);
      EXPECT_EQ(s.units().size(), static_cast<std::size_t>(3 * n));
      for (const auto& unit : s.units()) EXPECT_EQ(unit.size(), static_cast<std::size_t>(n));
      const auto peers = static_cast<std::size_t>(2 * (n - 1) + (box.rows - 1) * (box.cols - 1));
      for (VarId x = 0; x < n * n; ++x) ASSERT_EQ(s.peers(x).size(), peers) << to_string(box) << " cell " << x;
    }
    SolverConfig config = config_of("mrv", "mac");
    config.limits.node_limit = 100000;
    const Sudoku s(empty_grid(box));
    const SearchResult r = backtracking_search(s.problem(), config);
    ASSERT_EQ(r.status, Status::solved) << to_string(box);
    EXPECT_EQ(check_solution(empty_grid(box), s.to_grid(r.solutions[0])), "") << to_string(box);
  }
}

TEST(Sudoku, GivensRestrictTheirCells) {
  const SudokuGrid g = parse_puzzle(kSeedEasy);
  const Sudoku s(g);
  EXPECT_EQ(s.problem().initial_domain(s.cell(0, 0)).size(), 1);
  EXPECT_EQ(s.problem().initial_domain(s.cell(0, 1)).size(), 9);
}

// ---- the solution checker ------------------------------------------------------------------------------------------

TEST(SudokuCheck, CatchesAChangedGivenAndABrokenBox) {
  const SudokuGrid puzzle = parse_puzzle(kSeedEasy);
  const Sudoku s(puzzle);
  const SearchResult r = backtracking_search(s.problem(), config_of("mrv", "mac"));
  ASSERT_EQ(r.status, Status::solved);
  SudokuGrid solution = s.to_grid(r.solutions[0]);
  EXPECT_EQ(check_solution(puzzle, solution), "");
  // Swap two rows of the same band: still a Latin square with valid boxes, but r1c1's given changes.
  SudokuGrid swapped = solution;
  for (int c = 0; c < 9; ++c)
    std::swap(swapped.cells[static_cast<std::size_t>(c)], swapped.cells[static_cast<std::size_t>(9 + c)]);
  EXPECT_EQ(check_solution(puzzle, swapped), "the given 9 at r1c1 was changed");
  // BH-04: a Latin square whose 2x2 boxes repeat digits; rows and columns alone would accept it.
  const SudokuGrid bh04 = parse_puzzle("1....1....1....1");
  const SudokuGrid latin = parse_puzzle("1234214334124321");
  EXPECT_EQ(check_solution(bh04, latin), "box 1 is not a permutation of 1..4");
  EXPECT_EQ(clashing_givens(bh04).size(), 2U);
  EXPECT_EQ(clashing_givens(bh04)[0], "two 1s in box 1 (r1c1, r2c2)");
}

// ---- the seeds' numbers --------------------------------------------------------------------------------------------

TEST(SudokuSeeds, TextbookBacktrackerCallsOnTheEasyPuzzle) {
  EXPECT_EQ(seed_calls(parse_puzzle(kSeedEasy), "first"), 49U);
}

TEST(SudokuSeeds, TextbookBacktrackerCallsOnTheHardestFile) {
  const auto puzzles = read_file(kSharedDir + "/puzzles/CoursIA/Sudoku_hardest.txt", 5);
  if (puzzles.size() < 5) GTEST_SKIP() << "no " << kSharedDir << "/puzzles/CoursIA/Sudoku_hardest.txt";
  const std::vector<std::uint64_t> first = {335638, 10008, 228215, 75446, 207075};
  const std::vector<std::uint64_t> mrv = {4037, 543, 171, 1079, 79};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(seed_calls(puzzles[i], "first"), first[i]) << "puzzle " << i + 1;
    EXPECT_EQ(seed_calls(puzzles[i], "mrv"), mrv[i]) << "puzzle " << i + 1;
  }
}

TEST(SudokuSeeds, PropagationSolvesEveryPuzzleOfTheSeedFiles) {
  for (const char* file : {"Sudoku_Easy51.txt", "Sudoku_hardest.txt", "Sudoku_top95.txt"}) {
    const auto puzzles = read_file(kSharedDir + "/puzzles/CoursIA/" + file);
    if (puzzles.empty()) GTEST_SKIP() << "no " << kSharedDir << "/puzzles/CoursIA/" << file;
    for (const char* inference : {"fc", "mac"}) {
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Sudoku s(puzzles[i], AllDifferentMode::value);
        const SearchResult r = backtracking_search(s.problem(), config_of("mrv", inference));
        ASSERT_EQ(r.status, Status::solved) << file << " #" << i + 1 << " " << inference;
        EXPECT_EQ(check_solution(puzzles[i], s.to_grid(r.solutions[0])), "") << file << " #" << i + 1;
      }
    }
  }
}

}  // namespace
}  // namespace csp::models
