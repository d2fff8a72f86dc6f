// Sudoku of any box shape as a CSP (AIMA 4th ed. §6.2.6): one variable per cell, one all-different per unit.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"

namespace csp::models {

/// The shape of a box: `rows` x `cols` cells. The grid is N x N with N = rows * cols
/// (2x2 -> 4x4, 2x3 -> 6x6, 2x4 -> 8x8, 3x3 -> 9x9, 3x4 -> 12x12, 4x4 -> 16x16, 5x5 -> 25x25).
struct BoxShape {
  int rows = 3;
  int cols = 3;
  /// N, the side of the grid and the number of digits.
  int size() const { return rows * cols; }
  friend bool operator==(const BoxShape&, const BoxShape&) = default;
};

/// "RxC", e.g. "2x3".
std::string to_string(BoxShape box);

/// A puzzle or a solution: N*N cells in row-major order, 0 = empty, 1..N = a digit.
struct SudokuGrid {
  BoxShape box;
  std::vector<int> cells;
  int size() const { return box.size(); }
  int at(int row, int col) const { return cells[static_cast<std::size_t>(row * size() + col)]; }
  /// Number of non-empty cells.
  int given_count() const;
};

/// The Sudoku CSP of one puzzle: variable r*N+c is the cell in row r, column c (0-based), named "r1c1".."rNcN",
/// values 1..N; givens restrict their cell's initial domain to one value; the 3N units (rows, columns, boxes) are
/// all-different, posted as binary != between peers (AllDifferentMode::binary, each peer pair once) or
/// as 3N global constraints (AllDifferentMode::value, or ::gac for Régin's filtering). The model only builds
/// the Problem.
/// Construction is cheap: the blank grid (variables, units, constraints) is built once per box shape and mode,
/// kept for the life of the program, and shared by every puzzle through `Problem`'s copy-on-write copy, so a
/// puzzle costs only its givens (about 1 µs for 9x9 instead of ~25 µs). Thread-safe.
class Sudoku {
 public:
  /// Throws csp::ModelError when the grid has the wrong number of cells or a digit outside 0..N.
  /// Contradictory givens are NOT an error here: search reports the puzzle unsatisfiable.
  explicit Sudoku(const SudokuGrid& puzzle, AllDifferentMode mode = AllDifferentMode::value);

  const Problem& problem() const { return problem_; }
  BoxShape box() const { return box_; }
  int size() const { return box_.size(); }
  /// The variable of the cell in row r, column c (0-based).
  VarId cell(int row, int col) const { return row * size() + col; }
  /// The 3N units as lists of variables: N rows, then N columns, then N boxes (left to right, top to bottom).
  const std::vector<std::vector<VarId>>& units() const { return *units_; }
  /// The peers of a cell: the cells sharing a unit with it (2(N-1) + (R-1)(C-1) of them), ascending. From the
  /// units, not the constraint graph (a posted propagator may span the whole grid).
  std::vector<VarId> peers(VarId cell) const;
  /// Adds a model-side propagator to the problem before any search: a redundant Constraint over cells of this grid
  /// (e.g. SudokuTechniquesConstraint, see post_techniques). Returns it. Throws ModelError as
  /// Problem::add_constraint does.
  const Constraint& post(std::unique_ptr<Constraint> propagator);
  /// The grid of a (complete or partial) assignment; unassigned cells are 0.
  SudokuGrid to_grid(const Assignment& a) const;

 private:
  BoxShape box_;
  Problem problem_;
  std::shared_ptr<const std::vector<std::vector<VarId>>> units_;
};

/// Why a grid is not a valid solution of a puzzle, or "" when it is: every unit a permutation of 1..N and every
/// given of `puzzle` kept. Checks the rules directly, independently of the CSP.
std::string check_solution(const SudokuGrid& puzzle, const SudokuGrid& solution);

/// Givens that clash (the same digit more than once in a unit), one message per digit and unit listing every cell,
/// like "two 9s in row 1 (r1c2, r1c3)" or "three 5s in box 4 (r4c1, r5c2, r6c3)"; units in the order rows, columns,
/// boxes, digits in increasing order. Empty when the givens are consistent with each other.
std::vector<std::string> clashing_givens(const SudokuGrid& puzzle);

}  // namespace csp::models
