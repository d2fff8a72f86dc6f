// Killer Sudoku model: the cage text format and the CSP (Sudoku units plus one sum and one all-different per cage).
#include "csp/models/killer_sudoku.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/text_input.hpp"

namespace csp::models {

namespace {

[[noreturn]] void fail(int line, const std::string& why) {
  throw ModelError("killer sudoku line " + std::to_string(line) + ": " + why);
}

// Text of the file for a message: cut to 40 characters and "...", invisible bytes written \xNN (text_input.hpp).
std::string shown(const std::string& word) { return shortened(word); }
std::string shown(char c) { return printable(std::string_view(&c, 1)); }

bool is_label(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Parses "RxC" (e.g. "3x3"); false when malformed.
bool parse_box(const std::string& word, BoxShape& box) {
  const auto x = word.find('x');
  if (x == std::string::npos || x == 0 || x + 1 == word.size()) return false;
  const std::string r = word.substr(0, x);
  const std::string c = word.substr(x + 1);
  auto digits = [](const std::string& s) {
    return s.size() <= 2 && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (!digits(r) || !digits(c)) return false;
  box = {std::stoi(r), std::stoi(c)};
  return box.rows >= 1 && box.cols >= 1;
}

}  // namespace

KillerSudoku parse_killer_sudoku(const std::string& text) {
  KillerSudoku puzzle;
  bool have_box = false;
  int rows_read = 0;
  std::map<char, std::size_t> cage_of;  // label -> index in puzzle.cages
  std::vector<char> has_sum;
  std::istringstream in(text);
  LineReader lines(in, LineReader::kDefaultMaxLine, LineReader::LongLine::stop);
  std::string raw;
  int line = 0;
  while (lines.next(raw)) {
    ++line;
    if (lines.too_long())
      fail(line, std::string("a line longer than ").append(std::to_string(lines.max_line())).append(" bytes"));
    if (const auto hash = raw.find('#'); hash != std::string::npos) raw.erase(hash);
    std::string squeezed;
    for (char c : raw)
      if (c != ' ' && c != '\t' && c != '\r') squeezed.push_back(c);
    if (squeezed.empty()) continue;
    std::istringstream words(raw);
    std::string first;
    words >> first;
    if (!have_box) {
      std::string shape, extra;
      if (first != "box" || !(words >> shape) || !parse_box(shape, puzzle.box) || (words >> extra))
        fail(line, "expected the box shape first, e.g. 'box 3x3'");
      if (puzzle.box.size() < 2)  // as csp sudoku --box: a 1x1 grid is no puzzle
        fail(line, std::string("box ").append(shape).append(" is too small: R*C must be at least 2, as for 'csp sudoku "
                                                            "--box'"));
      if (puzzle.box.size() > kMaxSudokuSize)
        fail(line, std::string("box ")
                       .append(shape)
                       .append(" is too large: its grid would be ")
                       .append(std::to_string(puzzle.box.size()))
                       .append("x")
                       .append(std::to_string(puzzle.box.size()))
                       .append("; grids up to ")
                       .append(std::to_string(kMaxSudokuSize))
                       .append("x")
                       .append(std::to_string(kMaxSudokuSize))
                       .append(" are supported (the box is one box of the "
                               "grid: 'box 3x3' for a 9x9 Killer Sudoku)"));
      have_box = true;
      continue;
    }
    const int n = puzzle.box.size();
    if (rows_read < n) {
      if (static_cast<int>(squeezed.size()) != n)
        fail(line, "row " + std::to_string(rows_read + 1) + " has " + std::to_string(squeezed.size()) +
                       " labels, expected " + std::to_string(n));
      for (int c = 0; c < n; ++c) {
        const char label = squeezed[static_cast<std::size_t>(c)];
        if (label == '.') continue;
        if (!is_label(label))
          fail(line, std::string("cage label '").append(shown(label)).append("' is not a letter or digit"));
        auto [it, fresh] = cage_of.emplace(label, puzzle.cages.size());
        if (fresh) {
          puzzle.cages.push_back({label, 0, {}});
          has_sum.push_back(0);
        }
        puzzle.cages[it->second].cells.push_back(rows_read * n + c);
      }
      ++rows_read;
      continue;
    }
    // One or more "LABEL SUM" pairs.
    std::string label = first;
    do {
      std::string sum_word;
      if (label.size() != 1 || !(words >> sum_word)) fail(line, "expected 'LABEL SUM' pairs, e.g. 'a 12 b 7'");
      const auto it = cage_of.find(label[0]);
      if (it == cage_of.end())
        fail(line, std::string("cage '").append(shown(label)).append("' does not appear in the grid"));
      if (has_sum[it->second] != 0) fail(line, "a second sum for cage '" + label + "'");
      const bool digits = !sum_word.empty() &&
                          std::all_of(sum_word.begin(), sum_word.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
      const std::string_view significant =
          std::string_view(sum_word).substr(std::min(sum_word.find_first_not_of('0'), sum_word.size()));
      if (!digits || significant.empty())
        fail(line, std::string("the sum '")
                       .append(shown(sum_word))
                       .append("' of cage '")
                       .append(shown(label))
                       .append("' is not a positive integer"));
      // Different digits 1..N: no cage adds up to more than 1 + 2 + ... + N.
      const int most = n * (n + 1) / 2;
      if (significant.size() > 6 || std::stoi(std::string(significant)) > most)
        fail(line, std::string("the sum ")
                       .append(shown(sum_word))
                       .append(" of cage '")
                       .append(shown(label))
                       .append("' is more than any cage of a ")
                       .append(std::to_string(n))
                       .append("x")
                       .append(std::to_string(n))
                       .append(" grid holds (its digits differ: at most 1 + ... + ")
                       .append(std::to_string(n))
                       .append(" = ")
                       .append(std::to_string(most))
                       .append(")"));
      puzzle.cages[it->second].sum = std::stoi(std::string(significant));
      has_sum[it->second] = 1;
    } while (words >> label);
  }
  if (line == 0) throw ModelError("empty file");
  if (!have_box) fail(line, "no 'box RxC' line");
  if (rows_read < puzzle.box.size())
    fail(line, "the grid has " + std::to_string(rows_read) + " rows, expected " + std::to_string(puzzle.box.size()));
  for (std::size_t k = 0; k < puzzle.cages.size(); ++k)
    if (has_sum[k] == 0) fail(line, std::string("cage '").append(1, puzzle.cages[k].label).append("' has no sum"));
  return puzzle;
}

Problem killer_sudoku(const KillerSudoku& puzzle, AllDifferentMode mode) {
  const int n = puzzle.box.size();
  // The Sudoku model of an empty grid lends its variables and units; the cages are added on a copy of the layout.
  const Sudoku grid(SudokuGrid{puzzle.box, std::vector<int>(static_cast<std::size_t>(n * n), 0)});
  Problem p;
  for (VarId x = 0; x < grid.problem().variable_count(); ++x) p.add_variable(grid.problem().variable(x).name(), 1, n);
  const char* kinds[] = {"row", "column", "box"};
  for (std::size_t u = 0; u < grid.units().size(); ++u) {
    const std::size_t kind = u / static_cast<std::size_t>(n);
    p.add_all_different(grid.units()[u], mode, std::string(kinds[kind]).append(" ").append(std::to_string(u % n + 1)));
  }
  for (const Cage& cage : puzzle.cages) {
    for (int cell : cage.cells)
      if (cell < 0 || cell >= n * n)
        throw ModelError(std::string("killer_sudoku: cage '").append(1, cage.label).append("' has cell ") +
                         std::to_string(cell) + " outside the " + std::to_string(n * n) + " cells of the grid");
    const std::string name = std::string("cage ").append(1, cage.label);
    if (cage.cells.size() > 1) p.add_all_different(cage.cells, mode, name + " differ");
    p.add_linear(cage.cells, std::vector<int>(cage.cells.size(), 1), LinearOp::eq, cage.sum,
                 name + " = " + std::to_string(cage.sum));
  }
  return p;
}

std::string check_killer_solution(const KillerSudoku& puzzle, const SudokuGrid& grid) {
  const SudokuGrid empty{grid.box, std::vector<int>(grid.cells.size(), 0)};
  if (std::string why = check_solution(empty, grid); !why.empty()) return why;
  for (const Cage& cage : puzzle.cages) {
    int sum = 0;
    std::vector<bool> seen(static_cast<std::size_t>(grid.size()) + 1, false);
    for (const int cell : cage.cells) {
      const int d = grid.cells[static_cast<std::size_t>(cell)];
      if (seen[static_cast<std::size_t>(d)])
        return std::string("cage '").append(1, cage.label).append("' repeats a digit");
      seen[static_cast<std::size_t>(d)] = true;
      sum += d;
    }
    if (sum != cage.sum) return std::string("cage '").append(1, cage.label).append("' does not add up");
  }
  return "";
}

SudokuGrid to_grid(const KillerSudoku& puzzle, const Assignment& a) {
  SudokuGrid g{puzzle.box, std::vector<int>(static_cast<std::size_t>(a.variable_count()), 0)};
  for (VarId x = 0; x < a.variable_count(); ++x)
    if (a.is_assigned(x)) g.cells[static_cast<std::size_t>(x)] = a.value(x);
  return g;
}

}  // namespace csp::models
