// Human solver: soundness of every step against the known solution on the reference files, box shapes, grading.
#include "csp/models/sudoku/human_solver.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/format.hpp"
#include "csp/search/backtracking.hpp"
#include "support/sudoku_puzzles.hpp"

namespace csp::models {
namespace {

const std::string kSharedDir = CSP_SHARED_DIR;

using test_support::read_puzzles;

SudokuGrid known_solution(const SudokuGrid& puzzle) {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  const Sudoku model(puzzle, AllDifferentMode::gac);
  const SearchResult r = backtracking_search(model.problem(), config);
  EXPECT_FALSE(r.solutions.empty());
  return r.solutions.empty() ? puzzle : model.to_grid(r.solutions.front());
}

// Runs the human loop with every technique, checking each step against the solution; returns the steps taken.
int check_steps(const SudokuGrid& puzzle, const SudokuGrid& solution, const std::string& where) {
  CandidateGrid g(puzzle);
  int steps = 0;
  for (bool progress = true; progress && !g.solved();) {
    progress = false;
    for (Technique t : all_techniques()) {
      const std::optional<Step> s = find_step(g, t);
      if (!s) continue;
      EXPECT_FALSE(s->placements.empty() && s->eliminations.empty()) << where;
      for (const CellDigit& p : s->placements)
        EXPECT_EQ(p.digit, solution.cells[static_cast<std::size_t>(p.cell)]) << where << ": " << describe(g, *s);
      for (const CellDigit& e : s->eliminations)
        EXPECT_NE(e.digit, solution.cells[static_cast<std::size_t>(e.cell)]) << where << ": " << describe(g, *s);
      if (::testing::Test::HasFailure()) return steps;
      apply(g, *s);
      ++steps;
      progress = true;
      break;
    }
  }
  return steps;
}

void check_file(const std::string& name, std::size_t limit) {
  const std::string path = kSharedDir + "/puzzles/" + name;
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const std::vector<SudokuGrid> puzzles = read_puzzles(path, limit);
  ASSERT_FALSE(puzzles.empty());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const SudokuGrid solution = known_solution(puzzles[i]);
    const std::string where = name + " #" + std::to_string(i + 1);
    check_steps(puzzles[i], solution, where);
    if (::testing::Test::HasFailure()) return;
    const HumanSolveResult r = human_solve(puzzles[i]);
    ASSERT_TRUE(r.solution) << where;
    EXPECT_EQ(r.solution->cells, solution.cells) << where;
    EXPECT_NE(r.outcome, HumanOutcome::contradiction) << where;
  }
}

TEST(HumanSolverSoundness, Top95) { check_file("top95.txt", 1000); }
TEST(HumanSolverSoundness, Hardest) { check_file("hardest.txt", 1000); }
TEST(HumanSolverSoundness, Easy50) { check_file("easy50.txt", 1000); }
TEST(HumanSolverSoundness, SeventeenClueFirst200) { check_file("17_clue_sample1000.txt", 200); }

// The seeds' easy puzzle needs only singles.
TEST(HumanSolver, EasyPuzzleNeedsOnlySingles) {
  const SudokuGrid puzzle =
      parse_puzzle("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
  const HumanSolveResult r = human_solve(puzzle);
  EXPECT_EQ(r.outcome, HumanOutcome::solved);
  ASSERT_TRUE(r.hardest);
  EXPECT_LE(technique_rank(*r.hardest), technique_rank(Technique::hidden_single));
  EXPECT_EQ(r.steps.size(), static_cast<std::size_t>(81 - puzzle.given_count()));
  EXPECT_EQ(check_solution(puzzle, *r.solution), "");
}

// A solved grid of any box shape: the usual shifted pattern.
SudokuGrid pattern_solution(BoxShape box) {
  const int n = box.size();
  SudokuGrid g{box, std::vector<int>(static_cast<std::size_t>(n * n), 0)};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      g.cells[static_cast<std::size_t>(r * n + c)] = (box.cols * (r % box.rows) + r / box.rows + c) % n + 1;
  return g;
}

TEST(HumanSolver, EveryBoxShape) {
  for (BoxShape box : {BoxShape{2, 2}, BoxShape{2, 3}, BoxShape{3, 2}, BoxShape{2, 4}, BoxShape{3, 3}, BoxShape{3, 4},
                       BoxShape{4, 4}}) {
    SudokuGrid puzzle = pattern_solution(box);
    ASSERT_EQ(check_solution(puzzle, puzzle), "") << to_string(box);
    for (std::size_t i = 0; i < puzzle.cells.size(); ++i)
      if ((i * 7 + i / 3) % 5 < 3) puzzle.cells[i] = 0;
    const HumanSolveResult r = human_solve(puzzle);
    ASSERT_TRUE(r.solution) << to_string(box);
    EXPECT_EQ(check_solution(puzzle, *r.solution), "") << to_string(box);
  }
}

TEST(HumanSolver, StuckWithoutSearch) {
  const SudokuGrid puzzle =
      parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  HumanSolverOptions options;
  options.techniques = {Technique::naked_single};
  options.search_when_stuck = false;
  const HumanSolveResult r = human_solve(puzzle, options);
  EXPECT_EQ(r.outcome, HumanOutcome::stuck);
  EXPECT_FALSE(r.solution);
  EXPECT_GT(r.empty_when_stuck, 0);
}

// Two solutions: r1c2, r1c4, r2c2 and r2c4 (boxes 1 and 2) hold 1 and 3 either way, and r2c4 also has candidate 5,
// so unique rectangle type 1 would remove 1 and 3 from r2c4, its digit in both solutions.
const char* const kDeadlyRectangle =
    "4.7.698256.2..8947958724316825437169791.86432346912758289643571573291684164875293";

TEST(HumanSolver, UniqueRectangleOnlyWhenTheSolutionIsUnique) {
  const SudokuGrid puzzle = parse_puzzle(kDeadlyRectangle);
  HumanSolverOptions options;
  options.techniques = {Technique::unique_rectangle};
  options.search_when_stuck = false;
  const HumanSolveResult checked = human_solve(puzzle, options);
  EXPECT_FALSE(checked.uniqueness_assumed);
  ASSERT_TRUE(checked.solutions_counted);
  EXPECT_EQ(*checked.solutions_counted, 2U);
  EXPECT_TRUE(checked.steps.empty());
  // Assumed against the facts, the step removes r2c4's digit of both solutions: why `check` skips it here.
  options.uniqueness = UniquenessPolicy::assume;
  const HumanSolveResult assumed = human_solve(puzzle, options);
  EXPECT_TRUE(assumed.uniqueness_assumed);
  ASSERT_FALSE(assumed.steps.empty());
  EXPECT_EQ(assumed.steps[0].technique, Technique::unique_rectangle);
  EXPECT_EQ(assumed.steps[0].eliminations, (std::vector<CellDigit>{{12, 1}, {12, 3}}));
  // Every technique, uniqueness checked: a true solution, no rectangle step; the grader says "several".
  const HumanSolveResult all = human_solve(puzzle);
  ASSERT_TRUE(all.solution);
  EXPECT_EQ(check_solution(puzzle, *all.solution), "");
  for (const Step& s : all.steps) EXPECT_NE(s.technique, Technique::unique_rectangle);
  const Grade g = grade_puzzle(puzzle);
  EXPECT_EQ(g.solutions, 2U);
  EXPECT_FALSE(g.solve);
}

TEST(HumanSolver, SolutionsAreCountedOnlyForUniquenessTechniques) {
  const SudokuGrid puzzle =
      parse_puzzle("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
  HumanSolverOptions options;
  const HumanSolveResult checked = human_solve(puzzle, options);
  EXPECT_TRUE(checked.uniqueness_assumed);
  EXPECT_EQ(checked.solutions_counted, std::optional<std::uint64_t>(1));
  options.uniqueness = UniquenessPolicy::never;
  const HumanSolveResult never = human_solve(puzzle, options);
  EXPECT_FALSE(never.uniqueness_assumed);
  EXPECT_FALSE(never.solutions_counted);
  options.uniqueness = UniquenessPolicy::check;
  options.techniques = {Technique::naked_single, Technique::hidden_single};
  EXPECT_FALSE(human_solve(puzzle, options).solutions_counted) << "no uniqueness technique listed: no count";
  const Grade g = grade_puzzle(puzzle);
  ASSERT_TRUE(g.solve);
  EXPECT_TRUE(g.solve->uniqueness_assumed) << "the grader counted one solution";
  EXPECT_FALSE(g.solve->solutions_counted) << "and did not count again";
}

TEST(Grade, SeveralSolutionsAreNotGraded) {
  const Grade g = grade_puzzle(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)});
  EXPECT_EQ(g.solutions, 2U);
  EXPECT_FALSE(g.solve);
}

TEST(Grade, SearchLimitStopsTheCount) {
  HumanSolverOptions options;
  options.search_limits.node_limit = 10;
  const Grade g = grade_puzzle(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)}, options);
  EXPECT_TRUE(g.limit_reached);
  EXPECT_FALSE(g.solve);
}

TEST(Grade, ContradictoryPuzzleHasNoSolution) {
  SudokuGrid puzzle{BoxShape{2, 2}, std::vector<int>(16, 0)};
  puzzle.cells[0] = 1;
  puzzle.cells[5] = 1;  // same box
  const Grade g = grade_puzzle(puzzle);
  EXPECT_EQ(g.solutions, 0U);
  EXPECT_FALSE(g.solve);
}

TEST(Grade, HardPuzzleNeedsMoreThanSingles) {
  const SudokuGrid puzzle =
      parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const Grade g = grade_puzzle(puzzle);
  EXPECT_EQ(g.solutions, 1U);
  ASSERT_TRUE(g.solve);
  EXPECT_TRUE(g.solve->solution);
}

}  // namespace
}  // namespace csp::models
