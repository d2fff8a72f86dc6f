// Reading Sudoku puzzle files: a streaming reader of one-line puzzles and multi-line pictures.
//
// Formats (also in puzzles/README.md):
// - one puzzle per line: N*N cell symbols (see `symbol_value`): '.', '0', '-', '_', 'x' are empty; 1-9, then
//   letters A-W of either case for 10-32. Spaces, tabs, '|', '+' and '=' between them are decoration.
// - a picture: one row per line (N cells, the same symbols and decoration, e.g. "4 8 3 | 9 2 1 | 6 5 7" or
//   "3 0 6 5 0 8 4 0 0"), with optional border lines; puzzles are separated by a blank line. A blank line after
//   whole bands of an unfinished picture (rows of N cells, fewer than N, a multiple of the box height) separates
//   bands, as Norvig's loose grid and the seeds' notebook write them ("7.. .2. ...", three rows, a blank line,
//   ...): the picture goes on. If such a picture turns out bad, its reason names the blank lines it was read across.
// - the '-' rule: a line made only of decoration characters ('-', '=', '+', '|', spaces, tabs, Unicode
//   box-drawing characters) is a border line; in any other line '-' is an empty cell. (So an all-empty row or
//   puzzle must be written with '.' or '0', not only with '-'.)
// - blanks as empty cells: a picture of N rows that each start and end with '|' (as the seeds' C# SudokuGrid
//   prints "| 9     2 |       5 | 4     3 |") whose rows do not all hold N symbols is read by position: each box
//   between two '|' is cut into C cells of equal width, each holding one symbol or only spaces (= empty).
// - '#' starts a comment to the end of the line; a line holding only a comment is skipped (it neither ends nor
//   starts a puzzle). A comment line "# box RxC" (as csp sudoku-generate writes before puzzles of a box shape that is
//   not the default of their size) gives the box shape of the puzzles after it, unless the reader was given one. A line starting with "Grid" (Project Euler 96's titles) ends a picture and is skipped.
// - accepted anywhere: LF, CRLF or CR line ends, a UTF-8 byte order mark at the start, trailing spaces and tabs
//   (the lines are split by csp/models/text_input.hpp, as in every reader).
// - one line or picture? A line of more than kMaxSudokuSize cells is a one-line puzzle (it ends a picture in
//   progress). A line of 16 cells is a one-line 4x4 puzzle when no picture is in progress, it has no '|' and
//   --box does not say 16x16; otherwise lines of at most kMaxSudokuSize cells are picture rows.
// - size: from the cell count (16, 36, 64, 81, 144, 256, 625 -> box 2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5), or from
//   an explicit box shape (needed for 6x6 as 3x2, 8x8 as 4x2, 10x10, ...).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/text_input.hpp"

namespace csp::models {

/// Why a puzzle could not be read.
enum class PuzzleError {
  none,            ///< read fine
  cell_count,      ///< the number of cells is not N*N for a known size (the message gives the count)
  bad_character,   ///< a character that is neither a cell symbol nor decoration, or a digit above N (with column)
  ambiguous_size,  ///< N*N cells, but N has several box shapes and none is the default: give the box shape
  line_too_long,   ///< a line longer than PuzzleReader::kMaxLineLength characters
};

/// "cell-count", "bad-character", "ambiguous-size", "line-too-long" ("" for none).
std::string to_string(PuzzleError e);

/// One puzzle as read: where it came from, its text, and either its grid or why it has none.
struct PuzzleRecord {
  std::string source;              ///< the source name given to the reader (e.g. a file path, or "-")
  std::size_t line = 0;            ///< 1-based line where the puzzle starts (a picture's first line, border included)
  std::string text;                ///< the original lines (without line ends, CR and BOM), joined with '\n'
  std::optional<SudokuGrid> grid;  ///< the puzzle, when it could be read
  PuzzleError error = PuzzleError::none;
  std::string reason;  ///< why it could not be read, e.g. "80 cells: expected 16, 36, ..." ("" when ok)

  bool ok() const { return grid.has_value(); }
  /// "source:line", for messages.
  std::string location() const;
};

/// Reads puzzles one at a time from a stream, holding only the current line (and the current picture) in memory.
/// A bad puzzle yields a record with an error and the reader goes on with the next one.
class PuzzleReader {
 public:
  /// Longer lines are not kept; they yield a `line_too_long` record.
  static constexpr std::size_t kMaxLineLength = 64 * 1024;

  /// `source_name` is copied into every record. With `box`, every puzzle must have (box.size())^2 cells, and a line
  /// of exactly that many cells is a one-line puzzle. The stream must outlive the reader.
  PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxShape> box = std::nullopt);

  /// Fills `record` with the next puzzle (good or bad) and returns true; returns false at the end of the input.
  bool next(PuzzleRecord& record);

  /// Lines read so far.
  std::size_t lines_read() const { return line_no_; }
  /// The box shape puzzles are read with now: the one given to the reader, else the last "# box RxC" line's.
  std::optional<BoxShape> box() const { return box_ ? box_ : file_box_; }

 private:
  struct Cell {
    int value;    // symbol value, -1 for a bad character
    char symbol;  // as written
    std::size_t line;
    int column;  // 1-based, in characters (UTF-8 code points)
  };
  struct Pending {  // a picture being collected
    std::size_t start = 0;
    std::string text;
    std::vector<Cell> cells;
    std::vector<std::size_t> row_sizes;
    std::vector<std::size_t> row_lines;
    std::vector<std::string> row_texts;    // the rows as written (for read_by_position)
    std::size_t row_count = 0;             // rows seen (only the first kMaxSudokuSize + 1 are kept)
    std::string bad;                       // first bad character, as text
    std::vector<std::size_t> blank_lines;  // blank lines read as separating bands of this picture
    bool active = false;
  };

  bool read_line(std::string& line, bool& too_long);
  void read_box_comment();
  bool band_ends(const std::optional<BoxShape>& shape) const;
  bool finish_picture(PuzzleRecord& record);
  static void explain_bands(PuzzleRecord& record, const Pending& p);
  void read_by_position(Pending& p) const;
  void build(PuzzleRecord& record, std::size_t start, std::string text, const std::vector<Cell>& cells,
             const std::string& bad, const std::vector<std::size_t>& row_sizes,
             const std::vector<std::size_t>& row_lines) const;

  LineReader lines_;
  std::string source_;
  std::optional<BoxShape> box_;
  std::optional<BoxShape> file_box_;  // from a "# box RxC" line
  std::size_t line_no_ = 0;
  std::string line_;
  Pending picture_;
  std::optional<PuzzleRecord> held_;  // a one-line puzzle read while finishing a picture
};

/// Reads every puzzle of `text` (convenience for tests and small inputs).
std::vector<PuzzleRecord> read_puzzles(const std::string& text, const std::string& source_name = "<string>",
                                       std::optional<BoxShape> box = std::nullopt);

/// Reads a single one-line or picture puzzle from `text`. Throws csp::ModelError with the reader's reason when
/// `text` holds no puzzle, more than one, or a bad one.
SudokuGrid parse_puzzle(const std::string& text, std::optional<BoxShape> box = std::nullopt);

}  // namespace csp::models
