// Sudoku symbols and writers.
#include "csp/models/sudoku/format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "csp/core/errors.hpp"

namespace csp::models {

namespace {

// The text of one row of boxes: cells joined by ' ', boxes joined by " | ".
template <class Cell>
std::string box_row(BoxShape box, int row, Cell&& cell) {
  std::string out;
  for (int c = 0; c < box.size(); ++c) {
    if (c > 0) out += (c % box.cols == 0) ? " | " : " ";
    out += cell(row, c);
  }
  return out;
}

// A border line under `row_text`: '-' everywhere, '+' under each '|'.
std::string border_under(const std::string& row_text) {
  std::string out = row_text;
  for (char& ch : out) ch = (ch == '|') ? '+' : '-';
  return out;
}

}  // namespace

char symbol_of(int value) {
  if (value == 0) return '.';
  if (value >= 1 && value <= 9) return static_cast<char>('0' + value);
  if (value >= 10 && value <= kMaxSudokuSize) return static_cast<char>('A' + (value - 10));
  return '?';
}

int symbol_value(char c) {
  switch (c) {
    case '.':
    case '0':
    case '-':
    case '_':
    case 'x':
    case 'X':
      return 0;
    default:
      break;
  }
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return 10 + (c - 'A');
  if (c >= 'a' && c <= 'z') return 10 + (c - 'a');
  return -1;
}

std::optional<BoxShape> default_box(int n) {
  switch (n) {
    case 4:
      return BoxShape{2, 2};
    case 6:
      return BoxShape{2, 3};
    case 8:
      return BoxShape{2, 4};
    case 9:
      return BoxShape{3, 3};
    case 12:
      return BoxShape{3, 4};
    case 16:
      return BoxShape{4, 4};
    case 25:
      return BoxShape{5, 5};
    default:
      return std::nullopt;
  }
}

std::optional<BoxShape> box_for_cell_count(std::size_t cells) {
  for (int n = 2; n <= kMaxSudokuSize; ++n)
    if (static_cast<std::size_t>(n) * static_cast<std::size_t>(n) == cells) return default_box(n);
  return std::nullopt;
}

BoxShape parse_box(std::string_view text) {
  const auto bad = [&](const std::string& why) {
    return ModelError(std::string("bad box shape '").append(text).append("': ").append(why));
  };
  const std::size_t sep = text.find_first_of("xX*");
  if (sep == std::string_view::npos) throw bad("expected RxC, e.g. 3x3 or 2x3");
  BoxShape box{0, 0};
  const auto number = [&](std::string_view part, int& out) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size())
      throw bad("expected RxC, e.g. 3x3 or 2x3");
  };
  number(text.substr(0, sep), box.rows);
  number(text.substr(sep + 1), box.cols);
  if (box.rows < 1 || box.cols < 1 || box.rows > kMaxSudokuSize || box.cols > kMaxSudokuSize || box.size() < 2 ||
      box.size() > kMaxSudokuSize)
    throw bad(std::string("R and C must be at least 1 and R*C between 2 and ").append(std::to_string(kMaxSudokuSize)));
  return box;
}

std::string to_line(const SudokuGrid& grid) {
  std::string out;
  out.reserve(grid.cells.size());
  for (int v : grid.cells) out += symbol_of(v);
  return out;
}

std::string to_pretty(const SudokuGrid& grid) {
  const BoxShape box = grid.box;
  const int n = box.size();
  std::string out;
  for (int r = 0; r < n; ++r) {
    const std::string row = box_row(box, r, [&](int rr, int c) { return std::string(1, symbol_of(grid.at(rr, c))); });
    if (r > 0 && r % box.rows == 0) out.append(border_under(row)).append("\n");
    out.append(row).append("\n");
  }
  return out;
}

std::string to_candidates(BoxShape box, const std::vector<std::vector<int>>& candidates) {
  const int n = box.size();
  if (candidates.size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(n))
    throw ModelError(std::string("to_candidates: a ")
                         .append(to_string(box))
                         .append(" grid needs ")
                         .append(std::to_string(n * n))
                         .append(" candidate lists, got ")
                         .append(std::to_string(candidates.size())));
  std::vector<std::string> text(candidates.size());
  std::size_t longest = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    for (int v : candidates[i]) text[i] += symbol_of(v);
    longest = std::max(longest, text[i].size());
  }
  const std::size_t width = longest + 1;
  // Python's str.center, as Norvig's display uses it: the odd space goes left when the width is odd.
  const auto center = [width](const std::string& s) {
    const std::size_t pad = width - s.size();
    const std::size_t left = pad / 2 + (pad & width & 1U);
    return std::string(left, ' ').append(s).append(pad - left, ' ');
  };
  std::string border;
  for (int b = 0; b < n / box.cols; ++b) {
    if (b > 0) border += '+';
    border.append(width * static_cast<std::size_t>(box.cols), '-');
  }
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r > 0 && r % box.rows == 0) out.append(border).append("\n");
    for (int c = 0; c < n; ++c) {
      out += center(text[static_cast<std::size_t>(r * n + c)]);
      if ((c + 1) % box.cols == 0 && c + 1 < n) out += '|';
    }
    out += '\n';
  }
  return out;
}

}  // namespace csp::models
