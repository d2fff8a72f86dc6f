// Failed-literal probing on the cell-major state of the grid propagator (Probing::bivalue, grid_constraint.hpp): each
// cell with two candidates, each of its digits placed on a copy of the candidates and the rules run to their fixpoint
// from it with only that cell's units dirty; a digit whose copy fails leaves the cell.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>

#include "csp/models/sudoku/grid_constraint.hpp"
#include "grid_work.hpp"

namespace csp::models {

bool SudokuGridConstraint::probe(Work& w) const {
  const int cells = n_ * n_;
  auto trial = std::make_unique<Work>();  // the copy each probe runs on (16 KB: not on the stack beside `w`)
  trial->full = w.full;
  for (bool again = true; again;) {
    again = false;
    for (int c = 0; c < cells; ++c) {
      const Word m = w.m[static_cast<std::size_t>(c)];
      if (std::popcount(m) != 2) continue;
      for (Word bits = m; bits != 0; bits &= bits - 1) {
        const Word d = bits & (~bits + 1);
        // A copy at the fixpoint of `w`: nothing queued, no unit dirty but those the placement marks.
        std::copy(w.m.begin(), w.m.begin() + cells, trial->m.begin());
        trial->done = trial->queued = 0;
        trial->dirty = grid::UnitSet{};
        trial->box_line_due = false;
        if (narrow(*trial, c, d) && run(*trial)) continue;
        // c = d fails: d leaves c.
        if (!narrow(w, c, ~d) || !run(w)) return false;
        again = true;
        break;
      }
    }
  }
  return true;
}

}  // namespace csp::models
