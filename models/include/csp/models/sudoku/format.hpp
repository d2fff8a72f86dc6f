// Sudoku symbols and writers: the one-line format, a pretty grid with box borders, Norvig's candidates view.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// The largest grid side the text formats can write and read: symbols are 1-9 then A-W (10-32); 'x' and 'X'
/// mean an empty cell, so the letter X (33) can never be a digit.
inline constexpr int kMaxSudokuSize = 32;

/// The symbol of a cell value: 0 -> '.', 1..9 -> '1'..'9', 10..32 -> 'A'..'W'; '?' for anything else.
char symbol_of(int value);

/// The value of a symbol: '.', '0', '-', '_', 'x', 'X' -> 0 (empty); '1'..'9' -> 1..9; a letter of either case
/// -> 10 ('A') .. 35 ('Z'), except x; -1 when `c` is not a cell symbol. The caller checks the value against N.
int symbol_value(char c);

/// The default box shape of a grid of side n: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4,
/// 25 -> 5x5; nothing for any other side (give the shape explicitly, e.g. `--box 2x5`).
std::optional<BoxShape> default_box(int n);

/// The default box shape for a puzzle of `cells` cells (16, 36, 64, 81, 144, 256, 625), else nothing.
std::optional<BoxShape> box_for_cell_count(std::size_t cells);

/// Parses "RxC" (also "RXC" or "R*C"), e.g. "2x3": R, C >= 1 and R*C between 2 and kMaxSudokuSize.
/// Throws csp::ModelError with a message naming the text otherwise.
BoxShape parse_box(std::string_view text);

/// The one-line format: N*N symbols, row-major, '.' for an empty cell. No line end.
std::string to_line(const SudokuGrid& grid);

/// A pretty grid: one row per line, cells separated by spaces, " | " between boxes, a "------+-------+------"
/// line between box rows; every line ends with '\n'. Reads back with `PuzzleReader` as the same grid.
std::string to_pretty(const SudokuGrid& grid);

/// Norvig's candidates view ("Solving Every Sudoku Puzzle", `display`): each cell shows its candidate symbols,
/// centred in a column one wider than the longest list; '|' after each box column, a '-'/'+' line after each box
/// row. `candidates` has N*N entries (row-major), each the values still possible in that cell (ascending).
/// Every line ends with '\n'. Throws csp::ModelError when `candidates` does not have N*N entries.
std::string to_candidates(BoxShape box, const std::vector<std::vector<int>>& candidates);

}  // namespace csp::models
