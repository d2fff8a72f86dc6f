// Streaming reader of Sudoku puzzle files (one-line puzzles and multi-line pictures).
#include "csp/models/sudoku/io.hpp"

#include <algorithm>
#include <sstream>
#include <string_view>
#include <tuple>

#include "csp/core/errors.hpp"

namespace csp::models {

namespace {

// One line split into cells: symbol values (-1 = bad character) with their columns.
struct LineScan {
  std::vector<std::tuple<int, char, int>> cells;  // (value, symbol, 1-based column)
  std::string bad;                                // the first bad character, as text
  bool pipe = false;                              // the line contains '|'
  bool border = false;                            // only decoration characters (and '-'), at least one rule character
};

bool is_decoration(char c) {
  return c == ' ' || c == '\t' || c == '|' || c == '+' || c == '=' || c == '\v' || c == '\f';
}

// Length of the UTF-8 sequence starting at work[i]: 1 for ASCII and for any malformed byte.
std::size_t utf8_length(std::string_view work, std::size_t i) {
  const auto lead = static_cast<unsigned char>(work[i]);
  const std::size_t len = lead >= 0xF8 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (i + len > work.size()) return 1;
  for (std::size_t k = 1; k < len; ++k)
    if ((static_cast<unsigned char>(work[i + k]) & 0xC0U) != 0x80U) return 1;
  return len;
}

// Unicode box drawing (U+2500..U+257F) is E2 94 80 .. E2 95 BF.
bool is_box_drawing(std::string_view seq) {
  return seq.size() == 3 && static_cast<unsigned char>(seq[0]) == 0xE2 &&
         (static_cast<unsigned char>(seq[1]) == 0x94 || static_cast<unsigned char>(seq[1]) == 0x95);
}

LineScan scan(std::string_view work) {
  LineScan s;
  s.cells.reserve(work.size());  // at most one cell per byte: one allocation per line
  bool only_dashes = true;
  bool rule = false;  // '-', '=', '+' or box drawing: what a border line is drawn with
  int column = 0;
  for (std::size_t i = 0; i < work.size();) {
    ++column;
    const auto lead = static_cast<unsigned char>(work[i]);
    if (lead >= 0x80) {
      const std::size_t len = utf8_length(work, i);
      const std::string_view seq = work.substr(i, len);
      i += len;
      if (is_box_drawing(seq)) {
        rule = true;
        continue;
      }
      if (s.bad.empty()) s.bad = std::string(seq);
      s.cells.emplace_back(-1, '?', column);
      only_dashes = false;
      continue;
    }
    const char c = work[i++];
    if (is_decoration(c)) {
      s.pipe = s.pipe || c == '|';
      rule = rule || c == '+' || c == '=';
      continue;
    }
    const int v = symbol_value(c);
    if (v < 0 && s.bad.empty()) s.bad = std::string(1, c);
    if (c != '-') only_dashes = false;
    rule = rule || c == '-';
    s.cells.emplace_back(v, c, column);
  }
  // Only '-' and decoration: a border line, unless nothing but '|' and blanks (an all-empty row drawn with
  // blanks, as the seeds' C# grids print them; see read_by_position).
  if (only_dashes && (rule || !s.pipe)) {
    s.border = true;
    s.cells.clear();
  }
  return s;
}

// A picture row drawn with blanks for empty cells, e.g. "| 9     2 |       5 | 4     3 |": the text between the
// outer '|' is cut at each '|' into n / box.cols boxes, and each box into box.cols cells of equal width holding one
// symbol or only blanks. Returns false when the row does not have that shape.
bool read_row_by_position(std::string_view row, BoxShape box, std::vector<std::pair<int, int>>& cells) {
  const std::size_t first = row.find_first_not_of(' ');
  if (first == std::string_view::npos || row[first] != '|' || row.back() != '|' || row.size() - first < 2) return false;
  std::size_t pos = first + 1;
  int boxes = 0;
  while (pos < row.size()) {
    const std::size_t bar = row.find('|', pos);
    const std::string_view segment = row.substr(pos, bar - pos);
    const auto width = segment.size() / static_cast<std::size_t>(box.cols);
    if (width == 0 || segment.size() % static_cast<std::size_t>(box.cols) != 0) return false;
    for (std::size_t k = 0; k < static_cast<std::size_t>(box.cols); ++k) {
      const std::string_view chunk = segment.substr(k * width, width);
      const std::size_t at = chunk.find_first_not_of(' ');
      if (at == std::string_view::npos) {
        cells.emplace_back(0, static_cast<int>(pos + k * width + 1));
        continue;
      }
      const int v = symbol_value(chunk[at]);
      if (v < 0 || chunk[at] == '-' || chunk.find_first_not_of(' ', at + 1) != std::string_view::npos) return false;
      cells.emplace_back(v, static_cast<int>(pos + k * width + at + 1));
    }
    ++boxes;
    pos = bar + 1;
  }
  return boxes * box.cols == box.size();
}

// The part of a raw line that holds puzzle content: before '#', without trailing whitespace.
std::string_view content_of(std::string_view raw) {
  const std::size_t hash = raw.find('#');
  std::string_view work = raw.substr(0, hash);
  while (!work.empty() && (work.back() == ' ' || work.back() == '\t' || work.back() == '\r' || work.back() == '\v' ||
                           work.back() == '\f'))
    work.remove_suffix(1);
  return work;
}

bool has_nontrivial_box(int n) {
  for (int r = 2; r * 2 <= n; ++r)
    if (n % r == 0) return true;
  return false;
}

std::string count_text(std::size_t count) { return std::to_string(count).append(count == 1 ? " cell" : " cells"); }

}  // namespace

std::string to_string(PuzzleError e) {
  switch (e) {
    case PuzzleError::none:
      return "";
    case PuzzleError::cell_count:
      return "cell-count";
    case PuzzleError::bad_character:
      return "bad-character";
    case PuzzleError::ambiguous_size:
      return "ambiguous-size";
    case PuzzleError::line_too_long:
      return "line-too-long";
  }
  return "?";
}

std::string PuzzleRecord::location() const { return std::string(source).append(":").append(std::to_string(line)); }

PuzzleReader::PuzzleReader(std::istream& in, std::string source_name, std::optional<BoxShape> box)
    : lines_(in, kMaxLineLength), source_(std::move(source_name)), box_(box) {}

bool PuzzleReader::read_line(std::string& line, bool& too_long) {
  if (!lines_.next(line)) return false;
  too_long = lines_.too_long();
  line_no_ = lines_.line_number();
  return true;
}

void PuzzleReader::read_box_comment() {
  // "# box RxC" alone on its line (as csp sudoku-generate writes it); any other comment is only a comment.
  std::istringstream words(line_.substr(line_.find('#') + 1));
  std::string word;
  std::string shape;
  std::string extra;
  if (!(words >> word) || word != "box" || !(words >> shape) || (words >> extra)) return;
  if (line_.find_first_not_of(" \t") != line_.find('#')) return;
  try {
    file_box_ = parse_box(shape);
  } catch (const ModelError&) {
    // not a box shape: an ordinary comment
  }
}

bool PuzzleReader::next(PuzzleRecord& record) {
  if (held_) {
    record = std::move(*held_);
    held_.reset();
    return true;
  }
  std::optional<BoxShape> shape = box();
  bool too_long = false;
  while (read_line(line_, too_long)) {
    if (too_long) {
      PuzzleRecord r;
      r.source = source_;
      r.line = line_no_;
      r.text = line_.substr(0, 80).append("...");
      r.error = PuzzleError::line_too_long;
      r.reason = std::string("line longer than ").append(std::to_string(kMaxLineLength)).append(" characters");
      if (finish_picture(record)) {
        held_ = std::move(r);
        return true;
      }
      record = std::move(r);
      return true;
    }
    const std::string_view work = content_of(line_);
    if (work.empty()) {
      if (line_.find('#') != std::string::npos) {  // a comment line; "# box RxC" sets the box shape from here on
        read_box_comment();
        shape = box();
        continue;
      }
      if (band_ends(shape)) {  // a blank line between bands of a picture, as the seeds' notebook writes them
        picture_.blank_lines.push_back(line_no_);
        continue;
      }
      if (finish_picture(record)) return true;  // a blank line ends a picture
      continue;
    }
    if (work.rfind("Grid", 0) == 0) {  // a Project Euler title
      if (finish_picture(record)) return true;
      continue;
    }
    LineScan s = scan(work);
    const auto append_text = [&] {
      if (!picture_.text.empty()) picture_.text += '\n';
      if (picture_.text.size() < kMaxLineLength) picture_.text += line_;
    };
    const auto start_picture = [&] {
      if (picture_.active) return;
      picture_ = Pending{};
      picture_.active = true;
      picture_.start = line_no_;
    };
    if (s.border) {
      start_picture();
      append_text();
      continue;
    }
    const std::size_t count = s.cells.size();
    // A picture is in progress once it has a row or a border line: a 16-cell line is then one of its rows.
    const bool rows_pending = picture_.active;
    const std::size_t max_rows = static_cast<std::size_t>(shape ? shape->size() : kMaxSudokuSize);
    const std::size_t one_line_count = shape ? static_cast<std::size_t>(shape->size() * shape->size()) : 16;
    const bool one_line =
        count > static_cast<std::size_t>(kMaxSudokuSize) || (count == one_line_count && !rows_pending && !s.pipe);
    if (one_line) {
      PuzzleRecord r;
      std::vector<Cell> cells;
      cells.reserve(count);
      for (const auto& [v, ch, col] : s.cells) cells.push_back({v, ch, line_no_, col});
      build(r, line_no_, line_, cells, s.bad, {count}, {line_no_});
      if (finish_picture(record)) {
        held_ = std::move(r);
        return true;
      }
      record = std::move(r);
      return true;
    }
    start_picture();
    append_text();
    if (++picture_.row_count > max_rows + 1) continue;  // far too many rows: only count them
    picture_.row_sizes.push_back(count);
    picture_.row_lines.push_back(line_no_);
    picture_.row_texts.emplace_back(work);
    if (picture_.bad.empty()) picture_.bad = s.bad;
    for (const auto& [v, ch, col] : s.cells) picture_.cells.push_back({v, ch, line_no_, col});
  }
  return finish_picture(record);
}

// The picture in progress has whole bands of full rows and is not complete: its rows all hold N cells (N a
// Sudoku size: the box's, or one of the default shapes), fewer than N rows, and a multiple of the box height.
// Then a blank line separates two bands (Norvig's loose grid: "7.. .2. ...", three rows, a blank line, ...), and
// the rows after it belong to the same puzzle; a complete picture, or one cut inside a band, still ends there.
bool PuzzleReader::band_ends(const std::optional<BoxShape>& shape) const {
  if (!picture_.active || picture_.row_sizes.empty() || picture_.row_count != picture_.row_sizes.size()) return false;
  const std::size_t n = picture_.row_sizes.front();
  if (!std::all_of(picture_.row_sizes.begin(), picture_.row_sizes.end(), [n](std::size_t k) { return k == n; }))
    return false;
  const std::optional<BoxShape> box = shape ? shape : default_box(static_cast<int>(n));
  if (!box || static_cast<std::size_t>(box->size()) != n || picture_.row_count >= n) return false;
  return picture_.row_count % static_cast<std::size_t>(box->rows) == 0;
}

bool PuzzleReader::finish_picture(PuzzleRecord& record) {
  if (!picture_.active) return false;
  Pending p = std::move(picture_);
  picture_ = Pending{};
  if (p.row_sizes.empty()) return false;  // only border lines
  if (p.row_count > p.row_sizes.size()) {
    record = PuzzleRecord{};
    record.source = source_;
    record.line = p.start;
    record.text = std::move(p.text);
    record.error = PuzzleError::cell_count;
    record.reason = std::string("a picture of ")
                        .append(std::to_string(p.row_count))
                        .append(" rows (at most ")
                        .append(std::to_string(p.row_sizes.size() - 1))
                        .append(")");
    explain_bands(record, p);
    return true;
  }
  const bool square =
      std::all_of(p.row_sizes.begin(), p.row_sizes.end(), [&](std::size_t k) { return k == p.row_sizes.size(); });
  if (p.bad.empty() && !square) read_by_position(p);
  build(record, p.start, std::move(p.text), p.cells, p.bad, p.row_sizes, p.row_lines);
  explain_bands(record, p);
  return true;
}

// A bad picture read across blank lines (band_ends): say how the ambiguous text was read, and how to write it.
void PuzzleReader::explain_bands(PuzzleRecord& record, const Pending& p) {
  if (record.ok() || p.blank_lines.empty()) return;
  record.reason.append(" (read as one picture across the blank line");
  record.reason.append(p.blank_lines.size() == 1 ? " " : "s ");
  for (std::size_t i = 0; i < p.blank_lines.size(); ++i)
    record.reason.append(i == 0 ? "" : ", ").append(std::to_string(p.blank_lines[i]));
  record.reason.append(
      ", taken as separating bands: put a blank line only after a complete picture to start the "
      "next puzzle)");
}

void PuzzleReader::read_by_position(Pending& p) const {
  const int n = static_cast<int>(p.row_texts.size());
  const std::optional<BoxShape> box = this->box() ? this->box() : default_box(n);
  if (!box || box->size() != n) return;
  std::vector<Cell> cells;
  std::vector<std::pair<int, int>> row;
  for (std::size_t r = 0; r < p.row_texts.size(); ++r) {
    row.clear();
    if (!read_row_by_position(p.row_texts[r], *box, row)) return;
    for (const auto& [v, col] : row) cells.push_back({v, symbol_of(v), p.row_lines[r], col});
  }
  p.cells = std::move(cells);
  p.row_sizes.assign(p.row_sizes.size(), static_cast<std::size_t>(n));
}

void PuzzleReader::build(PuzzleRecord& r, std::size_t start, std::string text, const std::vector<Cell>& cells,
                         const std::string& bad, const std::vector<std::size_t>& row_sizes,
                         const std::vector<std::size_t>& row_lines) const {
  r = PuzzleRecord{};
  r.source = source_;
  r.line = start;
  r.text = std::move(text);
  const bool picture = row_sizes.size() > 1;
  const auto where = [picture](const Cell& c) {
    std::string out = picture ? std::string("line ").append(std::to_string(c.line)).append(", ") : std::string();
    return out.append("column ").append(std::to_string(c.column));
  };
  const auto fail = [&r](PuzzleError e, std::string why) {
    r.error = e;
    r.reason = std::move(why);
  };
  if (!bad.empty()) {
    const auto it = std::find_if(cells.begin(), cells.end(), [](const Cell& c) { return c.value < 0; });
    std::string why = std::string("bad character '").append(bad).append("'");
    if (it != cells.end()) why.append(" at ").append(where(*it));
    return fail(PuzzleError::bad_character, why);
  }
  const std::size_t total = cells.size();
  for (std::size_t i = 1; i < row_sizes.size(); ++i) {
    if (row_sizes[i] != row_sizes[0])
      return fail(PuzzleError::cell_count, std::string("rows of different lengths: line ")
                                               .append(std::to_string(row_lines[i]))
                                               .append(" has ")
                                               .append(count_text(row_sizes[i]))
                                               .append(", line ")
                                               .append(std::to_string(row_lines[0]))
                                               .append(" has ")
                                               .append(count_text(row_sizes[0])));
  }
  const std::string rows_text =
      picture ? std::string(" in ").append(std::to_string(row_sizes.size())).append(" rows") : std::string();
  std::optional<BoxShape> box = this->box();
  if (box) {
    const auto need = static_cast<std::size_t>(box->size() * box->size());
    if (total != need)
      return fail(PuzzleError::cell_count, count_text(total)
                                               .append(rows_text)
                                               .append(": a ")
                                               .append(to_string(*box))
                                               .append(" box needs ")
                                               .append(std::to_string(need)));
  } else {
    box = box_for_cell_count(total);
    if (!box) {
      int n = 2;
      while (n < kMaxSudokuSize && static_cast<std::size_t>(n * n) < total) ++n;
      if (static_cast<std::size_t>(n * n) == total && has_nontrivial_box(n)) {
        int r1 = 2;
        while (n % r1 != 0) ++r1;
        const std::string a = std::to_string(r1).append("x").append(std::to_string(n / r1));
        const std::string b = std::to_string(n / r1).append("x").append(std::to_string(r1));
        return fail(PuzzleError::ambiguous_size, count_text(total)
                                                     .append(rows_text)
                                                     .append(" make a ")
                                                     .append(std::to_string(n))
                                                     .append("x")
                                                     .append(std::to_string(n))
                                                     .append(" grid with no default box shape: give it, e.g. ")
                                                     .append(a)
                                                     .append(a == b ? "" : std::string(" or ").append(b)));
      }
      return fail(PuzzleError::cell_count,
                  count_text(total).append(rows_text).append(": expected 16, 36, 64, 81, 144, 256 or 625 "
                                                             "(or N*N with an explicit box shape)"));
    }
  }
  const int n = box->size();
  SudokuGrid grid{*box, std::vector<int>(total, 0)};
  for (std::size_t i = 0; i < total; ++i) {
    const int v = cells[i].value;
    if (v > n)
      return fail(PuzzleError::bad_character, std::string("bad character '")
                                                  .append(1, cells[i].symbol)
                                                  .append("' at ")
                                                  .append(where(cells[i]))
                                                  .append(": ")
                                                  .append(std::to_string(v))
                                                  .append(" is above ")
                                                  .append(std::to_string(n))
                                                  .append(", the largest digit of a ")
                                                  .append(std::to_string(n))
                                                  .append("x")
                                                  .append(std::to_string(n))
                                                  .append(" grid"));
    grid.cells[i] = v;
  }
  r.grid = std::move(grid);
}

std::vector<PuzzleRecord> read_puzzles(const std::string& text, const std::string& source_name,
                                       std::optional<BoxShape> box) {
  std::istringstream in(text);
  PuzzleReader reader(in, source_name, box);
  std::vector<PuzzleRecord> out;
  PuzzleRecord r;
  while (reader.next(r)) out.push_back(r);
  return out;
}

SudokuGrid parse_puzzle(const std::string& text, std::optional<BoxShape> box) {
  const std::vector<PuzzleRecord> records = read_puzzles(text, "<string>", box);
  if (records.size() != 1)
    throw ModelError(std::string("parse_puzzle: expected one puzzle, found ").append(std::to_string(records.size())));
  if (!records[0].ok()) throw ModelError(std::string("parse_puzzle: ").append(records[0].reason));
  return *records[0].grid;
}

}  // namespace csp::models
