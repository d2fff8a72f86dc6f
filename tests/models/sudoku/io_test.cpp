// Sudoku puzzle files: every input format, every error kind, the writers, streaming, and the shared cases.
#include "csp/models/sudoku/io.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "csp/core/errors.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {
namespace {

const std::string kEasy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

std::vector<int> digits_of(const std::string& line) {
  std::vector<int> out;
  for (char c : line) out.push_back(symbol_value(c));
  return out;
}

PuzzleRecord read_one(const std::string& text, std::optional<BoxShape> box = std::nullopt) {
  const auto records = read_puzzles(text, "t.txt", box);
  EXPECT_EQ(records.size(), 1U) << text;
  return records.empty() ? PuzzleRecord{} : records[0];
}

// ---- one puzzle per line -------------------------------------------------------------------------------------

TEST(SudokuReader, ReadsOneLinePuzzlesWithEveryEmptySymbol) {
  std::string dots = kEasy;
  for (char& c : dots)
    if (c == '0') c = '.';
  for (char empty : std::string(".0-_xX")) {
    std::string line = kEasy;
    for (char& c : line)
      if (c == '0') c = empty;
    const PuzzleRecord r = read_one(line + "\n");
    ASSERT_TRUE(r.ok()) << empty << ": " << r.reason;
    EXPECT_EQ(r.grid->box, (BoxShape{3, 3}));
    EXPECT_EQ(to_line(*r.grid), dots);
    EXPECT_EQ(r.text, line);
    EXPECT_EQ(r.line, 1U);
    EXPECT_EQ(r.source, "t.txt");
  }
}

TEST(SudokuReader, InfersTheSizeFromTheCellCount) {
  const std::vector<std::pair<int, BoxShape>> sizes = {{4, {2, 2}},  {6, {2, 3}},  {8, {2, 4}}, {9, {3, 3}},
                                                       {12, {3, 4}}, {16, {4, 4}}, {25, {5, 5}}};
  for (const auto& [n, box] : sizes) {
    std::string line(static_cast<std::size_t>(n * n), '.');
    line[0] = symbol_of(n);                                // the largest digit
    line[static_cast<std::size_t>(n + 1)] = symbol_of(1);  // r2c2
    const PuzzleRecord r = read_one(line);
    ASSERT_TRUE(r.ok()) << n << ": " << r.reason;
    EXPECT_EQ(r.grid->box, box) << n;
    EXPECT_EQ(r.grid->at(0, 0), n);
    EXPECT_EQ(r.grid->at(1, 1), 1);
    EXPECT_EQ(r.grid->given_count(), 2);
  }
}

TEST(SudokuReader, LettersOfEitherCaseAreDigitsAboveNine) {
  std::string line(256, '.');
  line[0] = 'A';
  line[1] = 'g';
  line[2] = '9';
  const PuzzleRecord r = read_one(line);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(r.grid->at(0, 0), 10);
  EXPECT_EQ(r.grid->at(0, 1), 16);
  EXPECT_EQ(r.grid->at(0, 2), 9);
}

TEST(SudokuReader, AcceptsCrlfBomTrailingBlanksCommentsAndDecoration) {
  const std::string text = "\xEF\xBB\xBF# a comment line\r\n" + kEasy + " \t\r\n\r\n" + kEasy +
                           "  # a trailing comment\n" +
                           "003|020|600 900|305|001 001|806|400 008|102|900 700|000|008 006|708|200 002|609|500 " +
                           "800|203|009 005|010|300\n";
  const auto records = read_puzzles(text, "t.txt");
  ASSERT_EQ(records.size(), 3U);
  for (const auto& r : records) {
    ASSERT_TRUE(r.ok()) << r.location() << ": " << r.reason;
    EXPECT_EQ(r.grid->cells, digits_of(kEasy));
  }
  EXPECT_EQ(records[0].line, 2U);
  EXPECT_EQ(records[1].line, 4U);
  EXPECT_EQ(records[2].line, 5U);
}

TEST(SudokuReader, ABomOnlyCountsOnTheFirstLine) {
  const auto records = read_puzzles(kEasy + "\n\xEF\xBB\xBF" + kEasy + "\n");
  ASSERT_EQ(records.size(), 2U);
  EXPECT_TRUE(records[0].ok());
  EXPECT_EQ(records[1].error, PuzzleError::bad_character);
}

TEST(SudokuReader, ProjectEulerTitlesSeparatePictures) {
  std::string text;
  for (int k = 1; k <= 2; ++k) {
    text += "Grid 0" + std::to_string(k) + "\n";
    for (int r = 0; r < 9; ++r) text += kEasy.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  }
  const auto records = read_puzzles(text);
  ASSERT_EQ(records.size(), 2U);
  for (const auto& r : records) {
    ASSERT_TRUE(r.ok()) << r.reason;
    EXPECT_EQ(r.grid->cells, digits_of(kEasy));
  }
  EXPECT_EQ(records[1].line, 12U);
}

// ---- pictures --------------------------------------------------------------------------------------------------

TEST(SudokuReader, ReadsNorvigPicturesWithBorders) {
  // As printed in the seeds (Norvig's display of a solved grid), then with dots, then boxed with '=' and '+'.
  const std::string solved =
      "4 8 3 |9 2 1 |6 5 7 \n9 6 7 |3 4 5 |8 2 1 \n2 5 1 |8 7 6 |4 9 3 \n------+------+------\n"
      "5 4 8 |1 3 2 |9 7 6 \n7 2 9 |5 6 4 |1 3 8 \n1 3 6 |7 9 8 |2 4 5 \n------+------+------\n"
      "3 7 2 |6 8 9 |5 1 4 \n8 1 4 |2 5 3 |7 6 9 \n6 9 5 |4 1 7 |3 8 2\n";
  const std::string dotted =
      "9 . 2 | . . 5 | 4 . 3 \n1 . . | . 6 3 | . 2 5 \n5 . 8 | 4 . 7 | . 6 . \n---------------------\n"
      ". 2 6 | 3 . 9 | . . 1 \n. 5 7 | . 1 . | 2 9 . \n. 9 . | 6 7 . | 5 3 . \n---------------------\n"
      "2 4 . | 5 3 . | 6 . . \n7 . 5 | 2 . . | 3 . 4 \n. 8 . | . 4 1 | 9 5 . \n";
  const std::string boxed =
      "+=====+=====+\n| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n+=====+=====+\n";
  const auto records = read_puzzles(solved + "\n" + dotted + "\n\n" + boxed, "seeds.txt");
  ASSERT_EQ(records.size(), 3U);
  for (const auto& r : records) ASSERT_TRUE(r.ok()) << r.location() << ": " << r.reason;
  EXPECT_EQ(to_line(*records[0].grid),
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382");
  EXPECT_EQ(to_line(*records[1].grid),
            "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24.53.6..7.52..3.4.8..4195.");
  EXPECT_EQ(records[0].line, 1U);
  EXPECT_EQ(records[1].line, 13U);
  EXPECT_EQ(records[2].line, 26U);
  EXPECT_EQ(records[2].grid->box, (BoxShape{2, 2}));
  EXPECT_EQ(to_line(*records[2].grid), "1234341221434321");
  EXPECT_EQ(records[1].text.substr(0, 22), "9 . 2 | . . 5 | 4 . 3 ");
}

TEST(SudokuReader, ReadsRowsOfSpaceSeparatedDigitsWithStrayWhitespace) {
  // BH-13's layout: 0 = empty, trailing spaces and a tab, CRLF, a trailing blank line.
  const std::string text =
      "3 0 6 5 0 8 4 0 0 \r\n5 2 0 0 0 0 0 0 0\r\n0 8 7 0 0 0 0 3 1  \r\n0 0 3 0 1 0 0 8 0\r\n"
      "9 0 0 8 6 3 0 0 5\t\r\n0 5 0 0 9 0 6 0 0\r\n1 3 0 0 0 0 2 5 0 \r\n0 0 0 0 0 0 0 7 4\r\n0 0 5 2 0 6 3 0 "
      "0\r\n\r\n";
  const PuzzleRecord r = read_one(text);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(to_line(*r.grid), "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..");
}

TEST(SudokuReader, ReadsBlankCellsByPositionInPipedPictures) {
  // As the seeds' C# SudokuGrid prints a puzzle (Sudoku-00): blanks for empty cells, three columns per cell.
  const std::string csharp =
      "-------------------------------\n"
      "| 9     2 |       5 | 4     3 | \n| 1       |    6  3 |    2  5 | \n| 5     8 | 4     7 |    6    | \n"
      "-------------------------------\n"
      "|    2  6 | 3     9 |       1 | \n|    5  7 |    1    | 2  9    | \n|    9    | 6  7    | 5  3    | \n"
      "-------------------------------\n"
      "| 2  4    | 5  3    | 6       | \n| 7     5 | 2       | 3     4 | \n|    8    |    4  1 | 9  5    | \n"
      "-------------------------------\n";
  const PuzzleRecord r = read_one(csharp);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(to_line(*r.grid), "9.2..54.31...63.255.84.7.6..263.9..1.57.1.29..9.67.53.24.53.6..7.52..3.4.8..4195.");
  // A row left entirely blank is a row, not a border.
  const PuzzleRecord blank_row = read_one("| 1  2 | 3  4 |\n|      |      |\n|    1 | 4    |\n| 4  3 |    1 |\n");
  ASSERT_TRUE(blank_row.ok()) << blank_row.reason;
  EXPECT_EQ(to_line(*blank_row.grid), "1234.....14.43.1");
  // Without the shape (no outer '|', uneven boxes), rows of different lengths stay an error.
  EXPECT_EQ(read_one("1 2 | 3 4\n3 | 1 2\n2 1 | 4 3\n4 3 | 2 1\n").error, PuzzleError::cell_count);
}

TEST(SudokuReader, DashesAreEmptyCellsInRowsAndBordersOnTheirOwn) {
  const std::string text = "1 - | - 4\n- - | 1 -\n----+----\n- 1 | - -\n4 - | - 1\n";
  const PuzzleRecord r = read_one(text);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(to_line(*r.grid), "1..4..1..1..4..1");
}

TEST(SudokuReader, BoxDrawingCharactersAreDecoration) {
  const std::string text = "┌───┬───┐\n│1 2│3 4│\n│3 4│1 2│\n├───┼───┤\n│2 1│4 3│\n│4 3│2 1│\n└───┴───┘\n";
  const PuzzleRecord r = read_one(text);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(to_line(*r.grid), "1234341221434321");
}

TEST(SudokuReader, SixteenCellLinesArePuzzlesOrRowsByContext) {
  // Alone: a 4x4 puzzle per line. With '|': a 16x16 row. With an explicit 4x4 box: rows of a 16x16 picture.
  const std::string row = "123456789ABCDEFG";
  EXPECT_EQ(read_puzzles(row + "\n" + row + "\n").size(), 2U);
  std::string picture;
  for (int r = 0; r < 16; ++r) picture += std::string(16, '.') + "\n";
  const auto as_rows = read_puzzles(picture, "p", BoxShape{4, 4});
  ASSERT_EQ(as_rows.size(), 1U);
  EXPECT_TRUE(as_rows[0].ok()) << as_rows[0].reason;
  EXPECT_EQ(as_rows[0].grid->box, (BoxShape{4, 4}));
  std::string piped;
  for (int r = 0; r < 16; ++r) piped += "1234|....|....|....\n";
  const auto pipes = read_puzzles(piped);
  ASSERT_EQ(pipes.size(), 1U);
  EXPECT_EQ(pipes[0].grid->box, (BoxShape{4, 4}));
  // A border line first starts a picture: the 16-cell lines after it are its rows, with either kind of border.
  for (const std::string border : {"----------------", "----+----+----+----"}) {
    const auto bordered = read_puzzles(border + "\n" + picture + border + "\n");
    ASSERT_EQ(bordered.size(), 1U) << border;
    EXPECT_TRUE(bordered[0].ok()) << bordered[0].reason;
    EXPECT_EQ(bordered[0].grid->box, (BoxShape{4, 4}));
    EXPECT_EQ(bordered[0].line, 1);
  }
}

TEST(SudokuReader, AnExplicitBoxShapeDecidesSixBySix) {
  const std::string line = "1..............................2....";  // 36 cells
  EXPECT_EQ(read_one(line).grid->box, (BoxShape{2, 3}));
  EXPECT_EQ(read_one(line, BoxShape{3, 2}).grid->box, (BoxShape{3, 2}));
  const PuzzleRecord wrong = read_one(line, BoxShape{3, 3});
  EXPECT_EQ(wrong.error, PuzzleError::cell_count);
  EXPECT_EQ(wrong.reason, "36 cells: a 3x3 box needs 81");
  const PuzzleRecord ten = read_one(std::string(100, '.'), BoxShape{2, 5});
  ASSERT_TRUE(ten.ok()) << ten.reason;
  EXPECT_EQ(ten.grid->size(), 10);
}

// ---- errors ------------------------------------------------------------------------------------------------------

TEST(SudokuReader, WrongCellCountsAreReportedWithTheCount) {
  const std::string text = kEasy + "\n" + kEasy.substr(1) + "\n" + kEasy + "0\n" + kEasy + "\n";
  const auto records = read_puzzles(text, "BH-15.txt");
  ASSERT_EQ(records.size(), 4U);
  EXPECT_TRUE(records[0].ok());
  EXPECT_EQ(records[1].error, PuzzleError::cell_count);
  EXPECT_EQ(records[1].location(), "BH-15.txt:2");
  EXPECT_EQ(records[1].reason.rfind("80 cells: expected 16, 36, 64, 81", 0), 0U) << records[1].reason;
  EXPECT_EQ(records[2].error, PuzzleError::cell_count);
  EXPECT_EQ(records[2].location(), "BH-15.txt:3");
  EXPECT_EQ(records[2].reason.rfind("82 cells", 0), 0U) << records[2].reason;
  EXPECT_TRUE(records[3].ok()) << "a bad puzzle never stops the reader";
}

TEST(SudokuReader, PicturesWithBadRowsNameTheRows) {
  const std::string text = "1 2 | 3 4\n3 4 | 1\n2 1 | 4 3\n4 3 | 2 1\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n";
  const auto records = read_puzzles(text, "p.txt");
  ASSERT_EQ(records.size(), 2U);
  EXPECT_EQ(records[0].error, PuzzleError::cell_count);
  EXPECT_EQ(records[0].reason, "rows of different lengths: line 2 has 3 cells, line 1 has 4 cells");
  EXPECT_EQ(records[1].error, PuzzleError::cell_count);
  EXPECT_EQ(records[1].location(), "p.txt:6");
  EXPECT_EQ(records[1].reason.rfind("12 cells in 3 rows", 0), 0U) << records[1].reason;
}

TEST(SudokuReader, BadCharactersAreReportedWithTheirColumn) {
  std::string line = kEasy;
  line[16] = '?';
  const PuzzleRecord r = read_one(line);
  EXPECT_EQ(r.error, PuzzleError::bad_character);
  EXPECT_EQ(r.reason, "bad character '?' at column 17");
  const PuzzleRecord utf8 = read_one("é" + kEasy.substr(1));
  EXPECT_EQ(utf8.error, PuzzleError::bad_character);
  EXPECT_EQ(utf8.reason, "bad character 'é' at column 1");
  const PuzzleRecord malformed = read_one("12\xFF\xFE" + std::string(12, '.'));
  EXPECT_EQ(malformed.reason, "bad character '\xFF' at column 3");
  const PuzzleRecord in_picture = read_one("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 *\n");
  EXPECT_EQ(in_picture.reason, "bad character '*' at line 4, column 9");
}

TEST(SudokuReader, DigitsAboveTheGridSizeAreBadCharacters) {
  std::string line = kEasy;
  line[4] = 'G';
  const PuzzleRecord r = read_one(line);
  EXPECT_EQ(r.error, PuzzleError::bad_character);
  EXPECT_EQ(r.reason, "bad character 'G' at column 5: 16 is above 9, the largest digit of a 9x9 grid");
  EXPECT_EQ(read_one("5" + std::string(15, '.')).error, PuzzleError::bad_character);
}

TEST(SudokuReader, SquareCountsWithoutADefaultBoxAreAmbiguous) {
  const PuzzleRecord ten = read_one(std::string(100, '.'));
  EXPECT_EQ(ten.error, PuzzleError::ambiguous_size);
  EXPECT_EQ(ten.reason, "100 cells make a 10x10 grid with no default box shape: give it, e.g. 2x5 or 5x2");
  EXPECT_EQ(read_one(std::string(49, '.')).error, PuzzleError::cell_count) << "7x7 has no box shape";
}

TEST(SudokuReader, OverlongLinesAndPicturesAreErrorsAndReadingGoesOn) {
  const std::string text = std::string(PuzzleReader::kMaxLineLength + 10, '.') + "\n" + kEasy + "\n";
  const auto records = read_puzzles(text);
  ASSERT_EQ(records.size(), 2U);
  EXPECT_EQ(records[0].error, PuzzleError::line_too_long);
  EXPECT_TRUE(records[1].ok());
  std::string tall;
  for (int r = 0; r < 40; ++r) tall += "1 2 3 4\n";
  const auto too_many = read_puzzles(tall + "\n" + kEasy + "\n");
  ASSERT_EQ(too_many.size(), 2U);
  EXPECT_EQ(too_many[0].error, PuzzleError::cell_count);
  EXPECT_EQ(too_many[0].reason, "a picture of 40 rows (at most 32)");
  EXPECT_TRUE(too_many[1].ok());
}

TEST(SudokuReader, AOneLinePuzzleAfterAPictureEndsThePicture) {
  const auto records = read_puzzles("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 1\n" + kEasy + "\n");
  ASSERT_EQ(records.size(), 2U);
  EXPECT_TRUE(records[0].ok());
  EXPECT_TRUE(records[1].ok());
  EXPECT_EQ(records[1].line, 5U);
}

TEST(SudokuReader, ParsePuzzleThrowsWithTheReason) {
  EXPECT_EQ(parse_puzzle(kEasy).given_count(), 32);
  try {
    parse_puzzle(kEasy.substr(1));
    FAIL() << "expected ModelError";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("80 cells"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_puzzle(kEasy + "\n" + kEasy), ModelError);
  EXPECT_THROW(parse_puzzle("# nothing\n"), ModelError);
}

// ---- streaming ---------------------------------------------------------------------------------------------------

// An endless stream of one-line puzzles: the reader must hand them out one by one.
class EndlessPuzzles : public std::streambuf {
 public:
  explicit EndlessPuzzles(std::string line) : line_(std::move(line) + "\n") {}

 protected:
  int_type underflow() override {
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_[0]);
  }

 private:
  std::string line_;
};

TEST(SudokuReader, StreamsAnEndlessInput) {
  EndlessPuzzles buf(kEasy);
  std::istream in(&buf);
  PuzzleReader reader(in, "endless");
  PuzzleRecord r;
  for (int i = 0; i < 10000; ++i) {
    ASSERT_TRUE(reader.next(r));
    ASSERT_TRUE(r.ok());
  }
  EXPECT_EQ(r.line, 10000U);
  EXPECT_EQ(reader.lines_read(), 10000U);
}

// ---- writers and symbols ------------------------------------------------------------------------------------------

TEST(SudokuFormat, SymbolsRoundTrip) {
  for (int v = 0; v <= kMaxSudokuSize; ++v) EXPECT_EQ(symbol_value(symbol_of(v)), v) << v;
  EXPECT_EQ(symbol_of(33), '?');
  EXPECT_EQ(symbol_value('a'), 10);
  EXPECT_EQ(symbol_value('x'), 0);
  EXPECT_EQ(symbol_value('?'), -1);
  EXPECT_EQ(symbol_value(' '), -1);
}

TEST(SudokuFormat, BoxShapesParseAndDefault) {
  EXPECT_EQ(parse_box("2x3"), (BoxShape{2, 3}));
  EXPECT_EQ(parse_box("5X5"), (BoxShape{5, 5}));
  EXPECT_EQ(parse_box("3*4"), (BoxShape{3, 4}));
  for (const char* bad : {"", "3", "x3", "3x", "3x3x3", "0x5", "1x1", "9x9", "a3x3", "-2x3"})
    EXPECT_THROW(parse_box(bad), ModelError) << bad;
  EXPECT_EQ(box_for_cell_count(81), (BoxShape{3, 3}));
  EXPECT_EQ(box_for_cell_count(625), (BoxShape{5, 5}));
  EXPECT_FALSE(box_for_cell_count(80));
  EXPECT_FALSE(box_for_cell_count(100));
  EXPECT_EQ(default_box(6), (BoxShape{2, 3}));
}

TEST(SudokuFormat, LineAndPrettyRoundTripForEveryShape) {
  for (const BoxShape box : {BoxShape{2, 2}, BoxShape{2, 3}, BoxShape{3, 2}, BoxShape{2, 4}, BoxShape{3, 3},
                             BoxShape{3, 4}, BoxShape{4, 4}, BoxShape{5, 5}}) {
    const int n = box.size();
    SudokuGrid g{box, std::vector<int>(static_cast<std::size_t>(n * n), 0)};
    for (int i = 0; i < n * n; i += 3) g.cells[static_cast<std::size_t>(i)] = 1 + (i * 7) % n;
    EXPECT_EQ(parse_puzzle(to_line(g), box).cells, g.cells) << to_string(box);
    EXPECT_EQ(parse_puzzle(to_pretty(g), box).cells, g.cells) << to_string(box);
  }
}

TEST(SudokuFormat, PrettyGridHasBoxBorders) {
  const SudokuGrid g = parse_puzzle("1.3..41.2..1.3.4");
  EXPECT_EQ(to_pretty(g), "1 . | 3 .\n. 4 | 1 .\n----+----\n2 . | . 1\n. 3 | . 4\n");
}

TEST(SudokuFormat, CandidatesViewFollowsNorvig) {
  std::vector<std::vector<int>> cand(16, std::vector<int>{1});
  cand[0] = {1, 2};
  cand[5] = {3, 4, 10};
  const std::string view = to_candidates(BoxShape{2, 2}, cand);
  EXPECT_EQ(view,
            " 12  1  | 1   1  \n"
            " 1  34A | 1   1  \n"
            "--------+--------\n"
            " 1   1  | 1   1  \n"
            " 1   1  | 1   1  \n");
  EXPECT_THROW(to_candidates(BoxShape{3, 3}, cand), ModelError);
}

// ---- the shared failure cases (../shared/cases/cases.tsv), read and solved through the library ---------------------

struct SharedCase {
  std::string id, kind, input, expected;
};

void PrintTo(const SharedCase& c, std::ostream* os) { *os << c.id << " (" << c.kind << ")"; }

const std::string kSharedDir = CSP_SHARED_DIR;

std::vector<SharedCase> load_cases() {
  std::vector<SharedCase> out;
  std::ifstream in(kSharedDir + "/cases/cases.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string x; std::getline(fields, x, '\t');) f.push_back(x);
    if (f.size() >= 4 && (f[1].rfind("sudoku", 0) == 0 || f[1] == "file")) out.push_back({f[0], f[1], f[2], f[3]});
  }
  if (out.empty()) out.push_back({"absent", "", "", ""});
  return out;
}

// Solves with propagation (dom/wdeg, mac, global all-different), stopping at `max_solutions`. dom/wdeg because
// MRV is heavy-tailed on BH-08 (about 1.2 million assignments to find 2 solutions; dom/wdeg needs about 300).
SearchResult solve(const SudokuGrid& grid, std::uint64_t max_solutions) {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "dom-wdeg";
  config.inference = "mac";
  config.max_solutions = max_solutions;
  config.keep_solutions = max_solutions;
  config.limits.node_limit = 1000000;
  return backtracking_search(Sudoku(grid).problem(), config);
}

class SharedCases : public ::testing::TestWithParam<SharedCase> {};

// The box shape a row's expected answer names ("10 puzzles, each solutions=1 with 3x2 boxes"), if any.
std::optional<BoxShape> expected_box(const std::string& expected) {
  const std::size_t at = expected.find(" boxes");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t start = expected.rfind(' ', at - 1);
  return parse_box(expected.substr(start + 1, at - start - 1));
}

// A .col row (BH-40: a byte order mark, CRLF or CR line ends): read through the library and 3-coloured properly.
void expect_three_colouring(const SharedCase& c) {
  const Graph g = read_dimacs_file(kSharedDir + "/cases/" + c.input);
  SolverConfig config;
  config.inference = "mac";
  const SearchResult res = backtracking_search(graph_coloring(g, 3), config);
  ASSERT_EQ(res.status, Status::solved) << c.input;
  for (const auto& [a, b] : g.edges) EXPECT_NE(res.solutions[0].value(a), res.solutions[0].value(b)) << c.input;
}

TEST_P(SharedCases, ReadAndSolvedAsExpected) {
  const SharedCase& c = GetParam();
  if (c.id == "absent") GTEST_SKIP() << "no " << kSharedDir << "/cases/cases.tsv";
  if (c.input.size() > 4 && c.input.ends_with(".col")) return expect_three_colouring(c);
  // BH-26 and BH-27 name their box shape in the expected answer; their sibling commands are
  // tests/cli/sibling_cases_test.sh.
  const std::optional<BoxShape> box = expected_box(c.expected);
  std::vector<PuzzleRecord> records;
  if (c.kind == "file") {
    std::ifstream in(kSharedDir + "/cases/" + c.input, std::ios::binary);
    ASSERT_TRUE(in) << c.input;
    PuzzleReader reader(in, c.input, box);
    for (PuzzleRecord r; reader.next(r);) records.push_back(r);
  } else {
    records = read_puzzles(c.input, c.id, box);
  }
  if (const std::size_t each = c.expected.find(" puzzles, each solutions=1"); each != std::string::npos) {
    ASSERT_EQ(records.size(), std::stoul(c.expected.substr(0, each))) << c.id;
    for (const PuzzleRecord& r : records) {
      ASSERT_TRUE(r.ok()) << r.location() << ": " << r.reason;
      const SearchResult res = solve(*r.grid, 2);
      EXPECT_EQ(res.solution_count, 1U) << r.location();
      if (!res.solutions.empty()) {
        EXPECT_EQ(check_solution(*r.grid, Sudoku(*r.grid).to_grid(res.solutions[0])), "");
      }
    }
    return;
  }
  ASSERT_FALSE(records.empty());
  if (c.expected == "error") {
    bool rejected = false;
    for (const PuzzleRecord& r : records) {
      if (!r.ok()) {
        rejected = true;
        EXPECT_FALSE(r.reason.empty());
        continue;
      }
      const auto clashes = clashing_givens(*r.grid);
      if (!clashes.empty()) {
        rejected = true;
        continue;
      }
      const SearchResult res = solve(*r.grid, 1);  // the good puzzles of an error file still solve
      ASSERT_EQ(res.solution_count, 1U) << r.location();
      EXPECT_EQ(check_solution(*r.grid, Sudoku(*r.grid).to_grid(res.solutions[0])), "");
    }
    EXPECT_TRUE(rejected) << c.id << ": nothing was rejected";
    return;
  }
  ASSERT_EQ(records.size(), 1U);
  const PuzzleRecord& r = records[0];
  ASSERT_TRUE(r.ok()) << r.reason;
  ASSERT_TRUE(clashing_givens(*r.grid).empty());
  const SearchResult res = solve(*r.grid, 2);
  ASSERT_EQ(res.status, Status::solved);
  for (const Assignment& a : res.solutions) EXPECT_EQ(check_solution(*r.grid, Sudoku(*r.grid).to_grid(a)), "");
  if (c.expected.rfind("solutions=", 0) == 0) {
    const std::uint64_t n = std::stoull(c.expected.substr(10));  // "solutions=1 with 4x8 boxes" reads 1
    EXPECT_EQ(res.solution_count, std::min<std::uint64_t>(n, 2));
  } else {
    EXPECT_EQ(res.solution_count, 1U) << "expected a unique solution";
    EXPECT_EQ(to_line(Sudoku(*r.grid).to_grid(res.solutions[0])), c.expected);
  }
}

// The seeds' course notebook writes its loose grid Norvig's way: groups of three separated by spaces, and a blank
// line between bands. Every reader takes it as one puzzle (as the notebook's grid_values does), read by path.
TEST(SharedSeeds, LooseGridWithBlankLinesBetweenBandsIsOnePuzzle) {
  std::ifstream in(kSharedDir + "/seeds/003_a5ea7ba07f4b7cab.txt");
  if (!in) GTEST_SKIP() << "no seeds";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t open = text.find("sudoku = \"\"\"\n");
  ASSERT_NE(open, std::string::npos);
  const std::size_t start = open + 13;
  const std::string grid = text.substr(start, text.find("\"\"\"", start) - start);
  const auto records = read_puzzles(grid, "seed");
  ASSERT_EQ(records.size(), 1U);
  ASSERT_TRUE(records[0].ok()) << records[0].reason;
  EXPECT_EQ(records[0].grid->size(), 9);
  EXPECT_EQ(solve(*records[0].grid, 2).solution_count, 2U);  // the notebook: "Doit afficher 2" (at least 2)
  EXPECT_NO_THROW(parse_puzzle(grid));
}

TEST(SudokuReader, BlankLinesBetweenBandsJoinAPictureButNotTwoPuzzles) {
  const std::string band1 = "..3 .2. 6..\n9.. 3.5 ..1\n..1 8.6 4..\n";
  const std::string band2 = "..8 1.2 9..\n7.. ... ..8\n..6 7.8 2..\n";
  const std::string band3 = "..2 6.9 5..\n8.. 2.3 ..9\n..5 .1. 3..\n";
  const std::string loose = band1 + "\n" + band2 + "\n" + band3;
  const auto one = read_puzzles(loose, "t.txt");
  ASSERT_EQ(one.size(), 1U);
  ASSERT_TRUE(one[0].ok()) << one[0].reason;
  EXPECT_EQ(to_line(*one[0].grid), "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
  // Two complete pictures separated by a blank line are two puzzles; so are loose ones.
  const std::string tight = band1 + band2 + band3;
  EXPECT_EQ(read_puzzles(tight + "\n" + tight, "t.txt").size(), 2U);
  EXPECT_EQ(read_puzzles(loose + "\n" + loose, "t.txt").size(), 2U);
  // A picture cut inside a band ends at the blank line; one cut after a band is read across it and the message
  // says so and how to write it.
  EXPECT_EQ(read_puzzles("..3 .2. 6..\n9.. 3.5 ..1\n\n" + tight, "t.txt").size(), 2U);
  const auto joined = read_puzzles(band1 + "\n" + band2 + "\n" + tight, "t.txt");
  ASSERT_FALSE(joined.empty());
  EXPECT_FALSE(joined[0].ok());
  EXPECT_NE(joined[0].reason.find("read as one picture across the blank lines 4, 8"), std::string::npos)
      << joined[0].reason;
  // A file of one-line puzzles, with blank lines between them, still splits at every line.
  const std::string line = to_line(*one[0].grid);
  EXPECT_EQ(read_puzzles(line + "\n\n" + line + "\n" + line + "\n", "t.txt").size(), 3U);
}

TEST(SharedCasesDetail, Bh15NamesBothBadLinesAndTheirLengths) {
  std::ifstream in(kSharedDir + "/cases/files/BH-15.txt");
  if (!in) GTEST_SKIP() << "no shared cases";
  PuzzleReader reader(in, "BH-15.txt");
  std::vector<PuzzleRecord> records;
  for (PuzzleRecord r; reader.next(r);) records.push_back(r);
  ASSERT_EQ(records.size(), 3U);
  EXPECT_TRUE(records[0].ok());
  EXPECT_EQ(records[1].location(), "BH-15.txt:2");
  EXPECT_EQ(records[1].reason.rfind("80 cells", 0), 0U);
  EXPECT_EQ(records[2].location(), "BH-15.txt:3");
  EXPECT_EQ(records[2].reason.rfind("82 cells", 0), 0U);
}

INSTANTIATE_TEST_SUITE_P(Cases, SharedCases, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<SharedCase>& param_info) {
                           std::string name = param_info.param.id;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

}  // namespace
}  // namespace csp::models
