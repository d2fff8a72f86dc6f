// Killer Sudoku as a CSP: a Sudoku whose cages must hold different digits adding up to a target
// (AIMA 4th ed. §6.2.6 plus linear constraints, §6.1.3).
#pragma once

#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// A cage: cells (row-major indices r*N+c, which are also the variable ids) whose digits differ and add up to `sum`.
struct Cage {
  char label = '?';        ///< the cage's character in the text format
  int sum = 0;             ///< the target
  std::vector<int> cells;  ///< ascending
};

/// A Killer Sudoku: the box shape (the grid is N x N, N = rows * cols) and its cages.
struct KillerSudoku {
  BoxShape box;             ///< the box shape; the grid is N x N with N = box.rows * box.cols
  std::vector<Cage> cages;  ///< in order of first appearance in the grid
};

/// Reads the text format:
///
///     # a comment; blank lines are skipped
///     box 2x2          <- the box shape RxC (first non-comment line)
///     aabb             <- N rows of N cage labels, one character each (letters or digits; spaces ignored);
///     cddb                '.' marks a cell in no cage
///     cefb
///     ggfh
///     a 3  b 10        <- then "LABEL SUM" pairs, one or more per line, one pair per cage, in any order
///     c 5 ...
///
/// Lines end with LF, CRLF or CR and a UTF-8 byte order mark is skipped (csp/models/text_input.hpp, as in every
/// reader). Throws csp::ModelError "empty file" for an empty text, and "killer sudoku line L: reason" (bytes of the
/// text quoted with invisible ones written \xNN) for a missing or malformed box line, a box whose grid is smaller than
/// 2x2 or larger than 32x32, a row with the wrong number of labels, a label that is not a letter, digit or '.', too
/// few rows, a sum for an unknown cage or a second one for the same cage, a sum that is not a positive integer or is
/// more than 1 + ... + N, a line longer than 64 KiB, or (at the end) a cage without a sum.
KillerSudoku parse_killer_sudoku(const std::string& text);

/// The CSP: the variables, names and units of `Sudoku` for an empty grid of this box shape (variable r*N+c named
/// "r1c1".., values 1..N, one all-different per row, column and box, posted as `mode` says), plus, per cage, one
/// all-different over its cells (when it has two or more) and one linear equality "sum of its cells = sum".
/// Throws csp::ModelError for a cell index outside the grid.
Problem killer_sudoku(const KillerSudoku& puzzle, AllDifferentMode mode = AllDifferentMode::value);

/// The solved grid of a complete assignment of `killer_sudoku(puzzle)`.
SudokuGrid to_grid(const KillerSudoku& puzzle, const Assignment& a);

/// Why `grid` breaks a rule of `puzzle` (a row, column or box that is not a permutation, a cage whose digits repeat
/// or miss its sum), or "" when it solves it. Checked on the grid, independently of the CSP.
std::string check_killer_solution(const KillerSudoku& puzzle, const SudokuGrid& grid);

}  // namespace csp::models
