// Killer Sudoku: the text format and its errors, a 4x4 puzzle against a brute-force enumeration of all 4x4 Sudoku
// grids, and a 9x9 puzzle with a unique, known solution.
#include "csp/models/killer_sudoku.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {
namespace {

// Made from the grid 12 34 / 34 12 / 21 43 / 43 21 (rows), cut into eight cages.
const char* const kFourByFour =
    "# a 4x4 Killer Sudoku\n"
    "box 2x2\n"
    "aabb\n"
    "cddb\n"
    "ceff   # spaces and comments are ignored\n"
    "gehh\n"
    "a 3 b 9 c 5 d 5\n"
    "e 4 f 7 g 4 h 3\n";

// Made from the solution of the classic Sudoku that opens "53..7....6..195..." (Wikipedia's example), cut into 34
// cages of 2-4 cells; the solver proves the solution unique.
const char* const kNineByNine =
    "box 3x3\n"
    "aabbcddef\n"
    "ggbhcdief\n"
    "gjkhlminn\n"
    "ojkklmppq\n"
    "orssltppq\n"
    "urrvwtxxq\n"
    "uyyvwwzzA\n"
    "uByCDEEFA\n"
    "BBGCDHEFF\n"
    "a 8 b 12 c 16 d 22 e 5 f 10 g 14 h 4 i 8 j 14 k 24 l 15\n"
    "m 3 n 13 o 12 p 22 q 10 r 6 s 14 t 7 u 18 v 14 w 12 x 13\n"
    "y 14 z 10 A 9 B 15 C 6 D 9 E 16 F 19 G 5 H 6\n";

SolverConfig all_solutions() {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.max_solutions = 0;
  config.keep_solutions = 1000;
  return config;
}

std::string error_of(const std::string& text) {
  try {
    parse_killer_sudoku(text);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "no error";
}

TEST(KillerSudoku, ParsesCagesInOrderOfAppearance) {
  const KillerSudoku k = parse_killer_sudoku(kFourByFour);
  EXPECT_EQ(k.box, (BoxShape{2, 2}));
  ASSERT_EQ(k.cages.size(), 8U);
  EXPECT_EQ(k.cages[0].label, 'a');
  EXPECT_EQ(k.cages[0].sum, 3);
  EXPECT_EQ(k.cages[0].cells, (std::vector<int>{0, 1}));
  EXPECT_EQ(k.cages[1].cells, (std::vector<int>{2, 3, 7}));  // b: r1c3 r1c4 r2c4
  EXPECT_EQ(k.cages[7].label, 'h');
  EXPECT_EQ(k.cages[7].sum, 3);
  const Problem p = killer_sudoku(k);
  EXPECT_EQ(p.variable_count(), 16);
  EXPECT_EQ(p.constraint_count(), 12 + 7 + 8);  // 12 units, 7 cages of 2+ cells, 8 sums
  EXPECT_EQ(p.variable(5).name(), "r2c2");
}

TEST(KillerSudoku, BadTextNamesLineAndReason) {
  EXPECT_EQ(error_of("aabb\n"), "killer sudoku line 1: expected the box shape first, e.g. 'box 3x3'");
  EXPECT_EQ(error_of("box 2\n"), "killer sudoku line 1: expected the box shape first, e.g. 'box 3x3'");
  EXPECT_EQ(error_of("box 2x2\naab\n"), "killer sudoku line 2: row 1 has 3 labels, expected 4");
  EXPECT_EQ(error_of("box 2x2\naa-b\n"), "killer sudoku line 2: cage label '-' is not a letter or digit");
  EXPECT_EQ(error_of("box 2x2\naabb\naabb\n"), "killer sudoku line 3: the grid has 2 rows, expected 4");
  const std::string grid = "box 2x2\naabb\naabb\ncccc\ndddd\n";
  EXPECT_EQ(error_of(grid + "a 10 z 3\n"), "killer sudoku line 6: cage 'z' does not appear in the grid");
  EXPECT_EQ(error_of(grid + "a 10\na 3\n"), "killer sudoku line 7: a second sum for cage 'a'");
  EXPECT_EQ(error_of(grid + "a 0\n"), "killer sudoku line 6: the sum '0' of cage 'a' is not a positive integer");
  EXPECT_EQ(error_of(grid + "a\n"), "killer sudoku line 6: expected 'LABEL SUM' pairs, e.g. 'a 12 b 7'");
  EXPECT_EQ(error_of(grid + "a 10 b 10 c 10\n"), "killer sudoku line 6: cage 'd' has no sum");
  EXPECT_EQ(error_of(""), "empty file");  // not "line 0"
  EXPECT_EQ(error_of("# a comment\n\n"), "killer sudoku line 2: no 'box RxC' line");
  EXPECT_EQ(error_of("box 9x9\n"),
            "killer sudoku line 1: box 9x9 is too large: its grid would be 81x81; grids up to 32x32 are supported (the "
            "box is one box of the grid: 'box 3x3' for a 9x9 Killer Sudoku)");
  EXPECT_EQ(error_of("box 2x2\naa\001b\n"), "killer sudoku line 2: cage label '\\x01' is not a letter or digit");
  EXPECT_EQ(error_of("box 1x1\n"),
            "killer sudoku line 1: box 1x1 is too small: R*C must be at least 2, as for 'csp sudoku --box'");
  EXPECT_EQ(error_of(grid + "a 9999999\n"),
            "killer sudoku line 6: the sum 9999999 of cage 'a' is more than any cage of a 4x4 grid holds (its digits "
            "differ: at most 1 + ... + 4 = 10)");
  // A byte order mark and CR-only line ends are read as every reader reads them (text_input.hpp).
  EXPECT_EQ(error_of("\xEF\xBB\xBF"
                     "box 2x2\raabb\r"),
            "killer sudoku line 2: the grid has 1 rows, expected 4");
}

// Independent oracle: all 4x4 Sudoku grids (rows are permutations of 1..4; columns and boxes checked directly).
std::vector<std::vector<int>> all_four_by_four_grids() {
  std::vector<std::array<int, 4>> perms;
  std::array<int, 4> p{1, 2, 3, 4};
  do perms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  std::vector<std::vector<int>> grids;
  for (const auto& r0 : perms)
    for (const auto& r1 : perms)
      for (const auto& r2 : perms)
        for (const auto& r3 : perms) {
          const std::array<std::array<int, 4>, 4> g{r0, r1, r2, r3};
          bool ok = true;
          for (std::size_t k = 0; k < 4 && ok; ++k) {
            unsigned column = 0;
            unsigned box = 0;
            for (std::size_t j = 0; j < 4; ++j) {
              column |= 1U << g[j][k];
              box |= 1U << g[k / 2 * 2 + j / 2][k % 2 * 2 + j % 2];
            }
            ok = column == 0b11110U && box == 0b11110U;
          }
          if (!ok) continue;
          std::vector<int> cells;
          for (const auto& row : g) cells.insert(cells.end(), row.begin(), row.end());
          grids.push_back(cells);
        }
  return grids;
}

TEST(KillerSudoku, FourByFourSolutionsMatchBruteForce) {
  const std::vector<std::vector<int>> grids = all_four_by_four_grids();
  ASSERT_EQ(grids.size(), 288U);  // the known number of 4x4 Sudoku grids
  const KillerSudoku k = parse_killer_sudoku(kFourByFour);
  std::set<std::vector<int>> expected;
  for (const auto& g : grids) {
    const bool fits = std::all_of(k.cages.begin(), k.cages.end(), [&g](const Cage& cage) {
      std::set<int> digits;
      int sum = 0;
      for (int cell : cage.cells) {
        digits.insert(g[static_cast<std::size_t>(cell)]);
        sum += g[static_cast<std::size_t>(cell)];
      }
      return sum == cage.sum && digits.size() == cage.cells.size();
    });
    if (fits) expected.insert(g);
  }
  EXPECT_TRUE(expected.count({1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}) == 1);
  for (AllDifferentMode mode : {AllDifferentMode::value, AllDifferentMode::binary}) {
    const Problem p = killer_sudoku(k, mode);
    const SearchResult r = backtracking_search(p, all_solutions());
    ASSERT_TRUE(r.complete);
    std::set<std::vector<int>> got;
    for (const Assignment& a : r.solutions) {
      EXPECT_TRUE(p.is_solution(a));
      got.insert(to_grid(k, a).cells);
    }
    EXPECT_EQ(got, expected);
  }
}

TEST(KillerSudoku, NineByNineHasTheUniqueKnownSolution) {
  const KillerSudoku k = parse_killer_sudoku(kNineByNine);
  EXPECT_EQ(k.cages.size(), 34U);
  const Problem p = killer_sudoku(k);
  const SearchResult r = backtracking_search(p, all_solutions());
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.solution_count, 1U);
  const SudokuGrid solution = to_grid(k, r.solutions.at(0));
  std::string digits;
  for (int v : solution.cells) digits += static_cast<char>('0' + v);
  EXPECT_EQ(digits, "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  EXPECT_EQ(check_solution(SudokuGrid{k.box, std::vector<int>(81, 0)}, solution), "");
}

}  // namespace
}  // namespace csp::models
