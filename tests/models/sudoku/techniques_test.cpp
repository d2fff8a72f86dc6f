// Human techniques: each fires on a crafted candidate grid with exact eliminations, and not on a near miss.
#include "csp/models/sudoku/techniques.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp::models {
namespace {

// An empty 9x9 grid: every cell has every candidate, so no technique applies.
CandidateGrid empty9() { return CandidateGrid(SudokuGrid{BoxShape{3, 3}, std::vector<int>(81, 0)}); }

int cell(int row1, int col1) { return (row1 - 1) * 9 + (col1 - 1); }

// Leaves cell (row1, col1) with exactly `keep` as candidates.
void keep_only(CandidateGrid& g, int row1, int col1, std::initializer_list<int> keep) {
  for (int d = 1; d <= 9; ++d)
    if (std::find(keep.begin(), keep.end(), d) == keep.end()) g.eliminate(cell(row1, col1), d);
}

// Removes digit d from every cell of row `row1` except the listed columns.
void row_only(CandidateGrid& g, int row1, int d, std::initializer_list<int> cols) {
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) g.eliminate(cell(row1, c), d);
}

std::vector<CellDigit> lose(int d, std::initializer_list<std::pair<int, int>> cells) {
  std::vector<CellDigit> out;
  for (auto [r, c] : cells) out.push_back({cell(r, c), d});
  return out;
}

// Every (cell, digit) of the listed cells and digits, by cell then digit (the order of Step::eliminations).
std::vector<CellDigit> lose_all(std::vector<int> cells, std::initializer_list<int> digits) {
  std::sort(cells.begin(), cells.end());
  std::vector<CellDigit> out;
  for (int c : cells)
    for (int d : digits) out.push_back({c, d});
  return out;
}

std::vector<int> row_cells(int row1, std::initializer_list<int> cols) {
  std::vector<int> out;
  for (int c : cols) out.push_back(cell(row1, c));
  return out;
}

TEST(CandidateGrid, GivensRemoveCandidatesFromPeers) {
  SudokuGrid puzzle{BoxShape{3, 3}, std::vector<int>(81, 0)};
  puzzle.cells[0] = 5;
  const CandidateGrid g(puzzle);
  EXPECT_EQ(g.value(0), 5);
  EXPECT_FALSE(g.has(cell(1, 9), 5));
  EXPECT_FALSE(g.has(cell(9, 1), 5));
  EXPECT_FALSE(g.has(cell(3, 3), 5));
  EXPECT_TRUE(g.has(cell(4, 4), 5));
  EXPECT_EQ(g.unit_name(0), "row 1");
  EXPECT_EQ(g.unit_name(9 + 2), "column 3");
  EXPECT_EQ(g.unit_name(18 + 4), "box 5");
  EXPECT_EQ(cell_name(g, cell(5, 7)), "r5c7");
  EXPECT_FALSE(g.contradiction());
}

TEST(CandidateGrid, EveryBoxShapeHasItsBoxes) {
  const CandidateGrid g(SudokuGrid{BoxShape{2, 3}, std::vector<int>(36, 0)});
  EXPECT_EQ(g.box_of(0), 0);
  EXPECT_EQ(g.box_of(3), 1);
  EXPECT_EQ(g.box_of(2 * 6), 2);
  EXPECT_TRUE(g.sees(0, 1 * 6 + 2));   // same 2x3 box
  EXPECT_FALSE(g.sees(0, 2 * 6 + 1));  // next box down, other row and column
}

TEST(Techniques, NoTechniqueFiresOnAnEmptyGrid) {
  const CandidateGrid g = empty9();
  for (Technique t : all_techniques()) EXPECT_FALSE(find_step(g, t)) << to_string(t);
}

TEST(Techniques, NakedSingle) {
  CandidateGrid g = empty9();
  keep_only(g, 5, 5, {4});
  const auto s = find_naked_single(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->placements, (std::vector<CellDigit>{{cell(5, 5), 4}}));
  EXPECT_EQ(describe(g, *s), "Naked single: r5c5 has only candidate 4, so r5c5 = 4");
  CandidateGrid h = empty9();
  keep_only(h, 5, 5, {4, 6});
  EXPECT_FALSE(find_naked_single(h));
}

TEST(Techniques, HiddenSingle) {
  CandidateGrid g = empty9();
  for (int r = 4; r <= 6; ++r)
    for (int c = 4; c <= 6; ++c)
      if (r != 5 || c != 5) g.eliminate(cell(r, c), 5);
  const auto s = find_hidden_single(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->placements, (std::vector<CellDigit>{{cell(5, 5), 5}}));
  EXPECT_EQ(describe(g, *s), "Hidden single: in box 5, 5 fits only in r5c5, so r5c5 = 5");
  CandidateGrid h = empty9();
  for (int r = 4; r <= 6; ++r)
    for (int c = 4; c <= 6; ++c)
      if (r != 5 || c > 5) h.eliminate(cell(r, c), 5);
  EXPECT_FALSE(find_hidden_single(h));
}

TEST(Techniques, Pointing) {
  CandidateGrid g = empty9();
  for (int r = 2; r <= 3; ++r)
    for (int c = 1; c <= 3; ++c) g.eliminate(cell(r, c), 7);
  g.eliminate(cell(1, 3), 7);
  const auto s = find_pointing(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, lose(7, {{1, 4}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9}}));
  EXPECT_EQ(s->cells, (std::vector<int>{cell(1, 1), cell(1, 2)}));
  EXPECT_EQ(describe(g, *s),
            "Pointing: in box 1, 7 lies only in row 1, so r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 lose 7");
  CandidateGrid h = empty9();
  for (int r = 1; r <= 3; ++r)
    for (int c = 1; c <= 3; ++c)
      if (!(r == 1 && c == 1) && !(r == 2 && c == 2)) h.eliminate(cell(r, c), 7);
  EXPECT_FALSE(find_pointing(h));
}

TEST(Techniques, PointingNeedsSomethingToRemove) {
  CandidateGrid g = empty9();
  for (int r = 2; r <= 3; ++r)
    for (int c = 1; c <= 3; ++c) g.eliminate(cell(r, c), 7);
  row_only(g, 1, 7, {1, 2, 3});
  EXPECT_FALSE(find_pointing(g));
}

TEST(Techniques, Claiming) {
  CandidateGrid g = empty9();
  row_only(g, 1, 7, {1, 2});
  const auto s = find_claiming(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, lose(7, {{2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}}));
  EXPECT_EQ(describe(g, *s),
            "Claiming: in row 1, 7 lies only in box 1, so r2c1, r2c2, r2c3, r3c1, r3c2 and r3c3 lose 7");
  CandidateGrid h = empty9();
  row_only(h, 1, 7, {1, 4});
  EXPECT_FALSE(find_claiming(h));
}

TEST(Techniques, NakedPair) {
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {1, 2});
  keep_only(g, 1, 2, {1, 2});
  const auto s = find_naked_subset(g, 2);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::naked_pair);
  EXPECT_EQ(s->eliminations, lose_all(row_cells(1, {3, 4, 5, 6, 7, 8, 9}), {1, 2}));
  EXPECT_EQ(describe(g, *s),
            "Naked pair: in row 1, r1c1 and r1c2 hold only 1 and 2, so r1c3, r1c4, r1c5, r1c6, "
            "r1c7, r1c8 and r1c9 lose 1 and 2");
  CandidateGrid h = empty9();
  keep_only(h, 1, 1, {1, 2});
  keep_only(h, 1, 2, {1, 3});
  EXPECT_FALSE(find_naked_subset(h, 2));
}

TEST(Techniques, NakedTriple) {
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {1, 2});
  keep_only(g, 1, 2, {2, 3});
  keep_only(g, 1, 3, {1, 3});
  EXPECT_FALSE(find_naked_subset(g, 2));
  const auto s = find_naked_subset(g, 3);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::naked_triple);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(1, 1), cell(1, 2), cell(1, 3)}));
  EXPECT_EQ(s->digits, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(s->eliminations, lose_all(row_cells(1, {4, 5, 6, 7, 8, 9}), {1, 2, 3}));
  CandidateGrid h = empty9();
  keep_only(h, 1, 1, {1, 2});
  keep_only(h, 1, 2, {2, 3});
  keep_only(h, 1, 3, {1, 4});
  EXPECT_FALSE(find_naked_subset(h, 3));
}

TEST(Techniques, HiddenPair) {
  CandidateGrid g = empty9();
  row_only(g, 1, 1, {1, 2});
  row_only(g, 1, 2, {1, 2});
  const auto s = find_hidden_subset(g, 2);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::hidden_pair);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(1, 1), cell(1, 2)}));
  EXPECT_EQ(s->eliminations, lose_all(row_cells(1, {1, 2}), {3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(describe(g, *s),
            "Hidden pair: in row 1, 1 and 2 lie only in r1c1 and r1c2, so r1c1 and r1c2 lose 3, "
            "4, 5, 6, 7, 8 and 9");
  CandidateGrid h = empty9();
  row_only(h, 1, 1, {1, 2});
  row_only(h, 1, 2, {1, 3});
  EXPECT_FALSE(find_hidden_subset(h, 2));
}

TEST(Techniques, HiddenTriple) {
  CandidateGrid g = empty9();
  row_only(g, 1, 1, {1, 2});
  row_only(g, 1, 2, {2, 3});
  row_only(g, 1, 3, {1, 3});
  EXPECT_FALSE(find_hidden_subset(g, 2));
  const auto s = find_hidden_subset(g, 3);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::hidden_triple);
  EXPECT_EQ(s->digits, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(s->eliminations, lose_all(row_cells(1, {1, 2, 3}), {4, 5, 6, 7, 8, 9}));
  CandidateGrid h = empty9();
  row_only(h, 1, 1, {1, 2});
  row_only(h, 1, 2, {2, 3});
  row_only(h, 1, 3, {1, 4});
  EXPECT_FALSE(find_hidden_subset(h, 3));
}

TEST(Techniques, XWing) {
  CandidateGrid g = empty9();
  row_only(g, 2, 4, {3, 8});
  row_only(g, 7, 4, {3, 8});
  const auto s = find_fish(g, 2);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::x_wing);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(2, 3), cell(2, 8), cell(7, 3), cell(7, 8)}));
  EXPECT_EQ(s->eliminations, lose(4, {{1, 3},
                                      {1, 8},
                                      {3, 3},
                                      {3, 8},
                                      {4, 3},
                                      {4, 8},
                                      {5, 3},
                                      {5, 8},
                                      {6, 3},
                                      {6, 8},
                                      {8, 3},
                                      {8, 8},
                                      {9, 3},
                                      {9, 8}}));
  EXPECT_EQ(describe(g, *s).rfind("X-Wing: in rows 2 and 7, 4 lies only in columns 3 and 8, so r1c3, r1c8, ", 0), 0U);
  CandidateGrid h = empty9();
  row_only(h, 2, 4, {3, 8});
  row_only(h, 7, 4, {3, 9});
  EXPECT_FALSE(find_fish(h, 2));
}

TEST(Techniques, XWingOnColumns) {
  CandidateGrid g = empty9();
  for (int r = 1; r <= 9; ++r)
    if (r != 3 && r != 8) {
      g.eliminate(cell(r, 2), 4);
      g.eliminate(cell(r, 6), 4);
    }
  const auto s = find_fish(g, 2);
  ASSERT_TRUE(s);
  std::vector<int> expected = row_cells(3, {1, 3, 4, 5, 7, 8, 9});
  for (int c : row_cells(8, {1, 3, 4, 5, 7, 8, 9})) expected.push_back(c);
  EXPECT_EQ(s->eliminations, lose_all(expected, {4}));
  EXPECT_EQ(describe(g, *s).rfind("X-Wing: in columns 2 and 6, 4 lies only in rows 3 and 8, so ", 0), 0U);
}

TEST(Techniques, PointingInA2x3Box) {
  CandidateGrid g(SudokuGrid{BoxShape{2, 3}, std::vector<int>(36, 0)});
  for (int c = 0; c < 3; ++c) g.eliminate(6 + c, 5);  // row 2 of box 1 loses 5
  const auto s = find_pointing(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, (std::vector<CellDigit>{{3, 5}, {4, 5}, {5, 5}}));
  EXPECT_EQ(describe(g, *s), "Pointing: in box 1, 5 lies only in row 1, so r1c4, r1c5 and r1c6 lose 5");
}

TEST(Techniques, Swordfish) {
  CandidateGrid g = empty9();
  row_only(g, 1, 4, {1, 5});
  row_only(g, 5, 4, {5, 9});
  row_only(g, 9, 4, {1, 9});
  EXPECT_FALSE(find_fish(g, 2));
  const auto s = find_fish(g, 3);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::swordfish);
  std::vector<int> expected;
  for (int r : {2, 3, 4, 6, 7, 8})
    for (int c : {1, 5, 9}) expected.push_back(cell(r, c));
  EXPECT_EQ(s->eliminations, lose_all(expected, {4}));
  EXPECT_EQ(describe(g, *s).rfind("Swordfish: in rows 1, 5 and 9, 4 lies only in columns 1, 5 and 9, so ", 0), 0U);
  CandidateGrid h = empty9();
  row_only(h, 1, 4, {1, 5});
  row_only(h, 5, 4, {5, 9});
  row_only(h, 9, 4, {1, 8});
  EXPECT_FALSE(find_fish(h, 3));
}

TEST(Techniques, Jellyfish) {
  CandidateGrid g = empty9();
  row_only(g, 1, 6, {1, 2});
  row_only(g, 3, 6, {2, 4});
  row_only(g, 5, 6, {4, 7});
  row_only(g, 7, 6, {7, 1});
  EXPECT_FALSE(find_fish(g, 2));
  EXPECT_FALSE(find_fish(g, 3));
  const auto s = find_fish(g, 4);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::jellyfish);
  std::vector<int> expected;
  for (int r : {2, 4, 6, 8, 9})
    for (int c : {1, 2, 4, 7}) expected.push_back(cell(r, c));
  EXPECT_EQ(s->eliminations, lose_all(expected, {6}));
  CandidateGrid h = empty9();
  row_only(h, 1, 6, {1, 2});
  row_only(h, 3, 6, {2, 4});
  row_only(h, 5, 6, {4, 7});
  row_only(h, 7, 6, {7, 8});
  EXPECT_FALSE(find_fish(h, 4));
}

TEST(Techniques, XYWing) {
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {1, 2});
  keep_only(g, 1, 5, {1, 3});
  keep_only(g, 5, 1, {2, 3});
  const auto s = find_xy_wing(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, lose(3, {{5, 5}}));
  EXPECT_EQ(describe(g, *s),
            "XY-Wing: pivot r1c1 {1,2} sees r1c5 {1,3} and r5c1 {2,3}, one of which is 3, so r5c5 loses 3");
  CandidateGrid h = empty9();
  keep_only(h, 1, 1, {1, 2});
  keep_only(h, 1, 5, {1, 3});
  keep_only(h, 5, 1, {2, 4});
  EXPECT_FALSE(find_xy_wing(h));
}

TEST(Techniques, XYZWing) {
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {1, 2, 3});
  keep_only(g, 1, 5, {1, 3});
  keep_only(g, 2, 2, {2, 3});
  const auto s = find_xyz_wing(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, lose(3, {{1, 2}, {1, 3}}));
  CandidateGrid h = empty9();
  keep_only(h, 1, 1, {1, 2, 3});
  keep_only(h, 1, 5, {1, 3});
  keep_only(h, 2, 2, {2, 4});
  EXPECT_FALSE(find_xyz_wing(h));
}

// ---- unique rectangle type 1 --------------------------------------------------------------------------------------

TEST(Techniques, UniqueRectangle) {
  // r1c1, r1c2, r4c1, r4c2: rows 1 and 4, columns 1 and 2, boxes 1 and 4.
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {2, 7});
  keep_only(g, 1, 2, {2, 7});
  keep_only(g, 4, 1, {2, 7});
  keep_only(g, 4, 2, {2, 7, 9});
  const auto s = find_unique_rectangle(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::unique_rectangle);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(1, 1), cell(1, 2), cell(4, 1), cell(4, 2)}));
  EXPECT_EQ(s->digits, (std::vector<int>{2, 7}));
  EXPECT_EQ(s->eliminations, (std::vector<CellDigit>{{cell(4, 2), 2}, {cell(4, 2), 7}}));
  EXPECT_EQ(describe(g, *s),
            "Unique rectangle: r1c1, r1c2 and r4c1 hold only 2 and 7; if r4c2 were 2 or 7, swapping 2 and 7 in these "
            "four cells (boxes 1 and 4) would give a second solution, which a puzzle with one solution cannot have, "
            "so r4c2 loses 2 and 7");
}

TEST(Techniques, UniqueRectangleWithTheExtraCornerAnywhere) {
  // The corner with more candidates first in scan order, rows sharing their boxes (columns 2 and 8).
  CandidateGrid g = empty9();
  keep_only(g, 2, 2, {1, 5, 6});
  keep_only(g, 2, 8, {1, 5});
  keep_only(g, 3, 2, {1, 5});
  keep_only(g, 3, 8, {1, 5});
  const auto s = find_unique_rectangle(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, (std::vector<CellDigit>{{cell(2, 2), 1}, {cell(2, 2), 5}}));
  EXPECT_NE(describe(g, *s).find("(boxes 1 and 3)"), std::string::npos) << describe(g, *s);
}

TEST(Techniques, UniqueRectangleNearMisses) {
  const auto rectangle = [](std::initializer_list<int> a, std::initializer_list<int> b, std::initializer_list<int> c,
                            std::initializer_list<int> d, int col2) {
    CandidateGrid g = empty9();
    keep_only(g, 1, 1, a);
    keep_only(g, 1, col2, b);
    keep_only(g, 4, 1, c);
    keep_only(g, 4, col2, d);
    return find_unique_rectangle(g);
  };
  EXPECT_TRUE(rectangle({2, 7}, {2, 7}, {2, 7}, {2, 7, 9}, 2)) << "the pattern itself";
  EXPECT_FALSE(rectangle({2, 7}, {2, 7}, {2, 7}, {2, 7, 9}, 4)) << "four boxes: 1, 2, 4 and 5";
  EXPECT_FALSE(rectangle({2, 7}, {2, 7}, {2, 7, 8}, {2, 7, 9}, 2)) << "extra candidates on two corners: not type 1";
  EXPECT_FALSE(rectangle({2, 7}, {2, 7}, {2, 7}, {2, 8, 9}, 2)) << "the fourth corner lacks 7";
  EXPECT_FALSE(rectangle({2, 7}, {2, 7}, {2, 8}, {2, 7, 9}, 2)) << "three corners, two different pairs";
  EXPECT_FALSE(rectangle({2, 7}, {2, 7}, {2, 7}, {2, 7}, 2)) << "four bivalue corners: nothing to remove";
  // A placed digit is no corner.
  CandidateGrid g = empty9();
  keep_only(g, 1, 1, {2, 7});
  keep_only(g, 1, 2, {2, 7});
  keep_only(g, 4, 1, {2, 7});
  g.set_cell(cell(4, 2), 9, 0);
  EXPECT_FALSE(find_unique_rectangle(g));
}

TEST(Techniques, UniqueRectangleIn2x3Boxes) {
  // 6x6 with 2x3 boxes: r1c1, r1c4, r2c1, r2c4 lie in boxes 1 and 2.
  CandidateGrid g(SudokuGrid{BoxShape{2, 3}, std::vector<int>(36, 0)});
  const auto keep = [&](int c, DigitMask m) {
    for (int d = 1; d <= 6; ++d)
      if ((m >> d & 1U) == 0) g.eliminate(c, d);
  };
  keep(0, 0b0001'0010);  // {1,4}
  keep(3, 0b0001'0010);  // {1,4}
  keep(6, 0b0001'0010);  // {1,4}
  keep(9, 0b0101'0010);  // {1,4,6}
  const auto s = find_unique_rectangle(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, (std::vector<CellDigit>{{9, 1}, {9, 4}}));
  EXPECT_NE(describe(g, *s).find("r2c4 were 1 or 4"), std::string::npos) << describe(g, *s);
  keep(3, 0b0000'0010);  // no longer a corner of the pattern
  EXPECT_FALSE(find_unique_rectangle(g));
}

TEST(Techniques, OnlyUniqueRectangleAssumesOneSolution) {
  for (Technique t : all_techniques()) EXPECT_EQ(assumes_unique_solution(t), t == Technique::unique_rectangle);
}

// ---- simple colouring ---------------------------------------------------------------------------------------------

// Leaves digit d in column `col1` only in the listed rows.
void column_only(CandidateGrid& g, int col1, int d, std::initializer_list<int> rows) {
  for (int r = 1; r <= 9; ++r)
    if (std::find(rows.begin(), rows.end(), r) == rows.end()) g.eliminate(cell(r, col1), d);
}

TEST(Techniques, SimpleColouringWrap) {
  // 7's conjugate pairs: row 1 (c1, c5), column 5 (r1, r5), row 5 (c5, c2), column 2 (r5, r2). Blue r1c1, r5c5,
  // r2c2; green r1c5, r5c2. Blue r1c1 and r2c2 share box 1, so blue is false.
  CandidateGrid g = empty9();
  row_only(g, 1, 7, {1, 5});
  column_only(g, 5, 7, {1, 5});
  row_only(g, 5, 7, {2, 5});
  column_only(g, 2, 7, {2, 5});
  const auto s = find_simple_colouring(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, Technique::simple_colouring);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(1, 1), cell(1, 5), cell(2, 2), cell(5, 2), cell(5, 5)}));
  EXPECT_EQ(s->digits, (std::vector<int>{7}));
  EXPECT_EQ(s->eliminations, lose(7, {{1, 1}, {2, 2}, {5, 5}}));
  EXPECT_EQ(describe(g, *s),
            "Simple colouring: on 7, conjugate pairs colour r1c1, r2c2 and r5c5 blue and r1c5 and r5c2 green; r1c1 "
            "and r2c2 (both blue) see each other, so r1c1, r2c2 and r5c5 lose 7");
}

TEST(Techniques, SimpleColouringTrap) {
  // 7's conjugate pairs: column 1 (r4, r8), row 8 (c1, c5), column 5 (r8, r6). Blue r4c1, r8c5; green r8c1, r6c5.
  // r4c4 and r4c6 see r4c1 (row 4) and r6c5 (box 5); r6c2 and r6c3 see r6c5 (row 6) and r4c1 (box 4).
  CandidateGrid g = empty9();
  column_only(g, 1, 7, {4, 8});
  row_only(g, 8, 7, {1, 5});
  column_only(g, 5, 7, {6, 8});
  const auto s = find_simple_colouring(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->cells, (std::vector<int>{cell(4, 1), cell(6, 5), cell(8, 1), cell(8, 5)}));
  EXPECT_EQ(s->eliminations, lose(7, {{4, 4}, {4, 6}, {6, 2}, {6, 3}}));
  EXPECT_EQ(describe(g, *s),
            "Simple colouring: on 7, conjugate pairs colour r4c1 and r8c5 blue and r6c5 and r8c1 green; r4c4 sees "
            "r4c1 (blue) and r6c5 (green); r4c6 sees r4c1 (blue) and r6c5 (green); r6c2 sees r4c1 (blue) and r6c5 "
            "(green); r6c3 sees r4c1 (blue) and r6c5 (green), so r4c4, r4c6, r6c2 and r6c3 lose 7");
}

TEST(Techniques, SimpleColouringNearMisses) {
  // The trap's chain without its last link (column 5): no cell sees both colours.
  CandidateGrid g = empty9();
  column_only(g, 1, 7, {4, 8});
  row_only(g, 8, 7, {1, 5});
  EXPECT_FALSE(find_simple_colouring(g));
  // The wrap's chain without its last link (column 2): r1c1 blue, r1c5 green, r5c5 blue, r5c2 green; no two cells of
  // one colour see each other, so no wrap, but r2c2 and r3c2 (box 1 and column 2) and r4c1 and r6c1 (column 1 and
  // box 4) see r1c1 and r5c2: a trap.
  CandidateGrid h = empty9();
  row_only(h, 1, 7, {1, 5});
  column_only(h, 5, 7, {1, 5});
  row_only(h, 5, 7, {2, 5});
  const auto s = find_simple_colouring(h);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, lose(7, {{2, 2}, {3, 2}, {4, 1}, {6, 1}}));
  EXPECT_NE(describe(h, *s).find("; r2c2 sees r1c1 (blue) and r5c2 (green); "), std::string::npos) << describe(h, *s);
}

TEST(Techniques, SimpleColouringIn2x3Boxes) {
  // 6x6 with 2x3 boxes, digit 1: column 1 (r1, r5), row 5 (c1, c4), column 4 (r5, r2). Blue r1c1, r5c4; green
  // r5c1, r2c4. r1c5 and r1c6 see r1c1 (row 1) and r2c4 (box 2); r2c2 and r2c3 see r2c4 (row 2) and r1c1 (box 1).
  CandidateGrid g(SudokuGrid{BoxShape{2, 3}, std::vector<int>(36, 0)});
  for (int r = 0; r < 6; ++r) {
    if (r != 0 && r != 4) g.eliminate(r * 6 + 0, 1);
    if (r != 4 && r != 1) g.eliminate(r * 6 + 3, 1);
  }
  for (int c = 0; c < 6; ++c)
    if (c != 0 && c != 3) g.eliminate(4 * 6 + c, 1);
  const auto s = find_simple_colouring(g);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->eliminations, (std::vector<CellDigit>{{4, 1}, {5, 1}, {7, 1}, {8, 1}}));
}

TEST(Techniques, Names) {
  for (Technique t : all_techniques()) EXPECT_EQ(parse_technique(to_string(t)), t);
  EXPECT_THROW(parse_technique("y-wing"), UnknownNameError);
  EXPECT_EQ(parse_technique_list("x-wing,naked-single"),
            (std::vector<Technique>{Technique::x_wing, Technique::naked_single}));
  EXPECT_EQ(parse_technique_list("all"), all_techniques());
  EXPECT_EQ(parse_technique_list("simple-colouring,unique-rectangle"),
            (std::vector<Technique>{Technique::simple_colouring, Technique::unique_rectangle}));
  EXPECT_EQ(display_name(Technique::simple_colouring), "Simple colouring");
  EXPECT_EQ(display_name(Technique::unique_rectangle), "Unique rectangle");
}

}  // namespace
}  // namespace csp::models
