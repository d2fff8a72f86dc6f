// The cell-major grid propagator's working state (SudokuGridConstraint::Work): shared by its rules
// (grid_constraint.cpp) and its probing (grid_probe.cpp).
#pragma once

#include <array>
#include <cstdint>

#include "csp/models/sudoku/grid_constraint.hpp"

namespace csp::models {

namespace grid {

constexpr int kMaxCells = SudokuGridConstraint::kMaxSize * SudokuGridConstraint::kMaxSize;

// Dirty units as three bitmasks (rows, columns, boxes; N <= 32 each).
struct UnitSet {
  std::array<std::uint64_t, 3> bits{};
  bool any() const { return (bits[0] | bits[1] | bits[2]) != 0; }
};

}  // namespace grid

// One call's working state: the candidates (index d-1 for digit d), the cells changed since the call began, the
// cells that became one digit (their digit must still leave their peers) and the units to visit again.
struct SudokuGridConstraint::Work {
  std::array<Word, grid::kMaxCells> m;
  std::array<std::uint64_t, grid::kMaxCells / 64> changed{};
  std::array<int, grid::kMaxCells> singles;  // [done, queued): still to spread; each cell at most once per call
  int done = 0;
  int queued = 0;
  grid::UnitSet dirty;        // units to visit for hidden singles
  grid::UnitSet dirty_pairs;  // units to visit for pairs
  bool box_line_due = false;  // a cell changed since the last box-line pass
  Word full = 0;
};

inline bool SudokuGridConstraint::narrow(Work& w, int cell, Word keep) const {
  const Word before = w.m[static_cast<std::size_t>(cell)];
  return (before & ~keep) == 0 || narrow_changed(w, cell, before & keep);
}

}  // namespace csp::models
