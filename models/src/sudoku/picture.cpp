// Sudoku, Killer Sudoku and explain-step pictures.
#include "csp/models/sudoku/picture.hpp"

#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"

namespace csp::models {

namespace {

// The grid, boxes and candidate layout of an N x N Sudoku of box shape `box`.
GridPicture sudoku_frame(BoxShape box) {
  const int n = box.size();
  GridPicture p;
  p.rows = n;
  p.cols = n;
  p.regions.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      p.regions[static_cast<std::size_t>(r * n + c)] = (r / box.rows) * (n / box.cols) + c / box.cols;
  p.candidate_columns = 1;
  while (p.candidate_columns * p.candidate_columns < n) ++p.candidate_columns;
  return p;
}

void check_grid(const SudokuGrid& g, const char* what) {
  const std::size_t n = static_cast<std::size_t>(g.size());
  if (g.box.rows < 1 || g.box.cols < 1 || g.cells.size() != n * n)
    throw ModelError(std::string("sudoku picture: the ")
                         .append(what)
                         .append(" has ")
                         .append(std::to_string(g.cells.size()))
                         .append(" cells, expected ")
                         .append(std::to_string(n * n)));
}

}  // namespace

std::string picture_symbol(int value) { return value == 0 ? std::string() : std::string(1, symbol_of(value)); }

GridPicture sudoku_picture(const SudokuGrid& puzzle, const std::optional<SudokuGrid>& solution) {
  check_grid(puzzle, "puzzle");
  if (solution) {
    check_grid(*solution, "solution");
    if (!(solution->box == puzzle.box)) throw ModelError("sudoku picture: the solution has another box shape");
  }
  GridPicture p = sudoku_frame(puzzle.box);
  const SudokuGrid& shown = solution ? *solution : puzzle;
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
    p.texts.push_back(picture_symbol(shown.cells[i]));
    p.roles.push_back(puzzle.cells[i] != 0 ? CellRole::given : CellRole::found);
  }
  return p;
}

GridPicture killer_picture(const KillerSudoku& puzzle, const std::optional<SudokuGrid>& solution) {
  GridPicture p = sudoku_frame(puzzle.box);
  const std::size_t cells = static_cast<std::size_t>(p.rows) * static_cast<std::size_t>(p.cols);
  if (solution) {
    check_grid(*solution, "solution");
    if (!(solution->box == puzzle.box)) throw ModelError("killer picture: the solution has another box shape");
  }
  for (std::size_t i = 0; i < cells; ++i) p.texts.push_back(solution ? picture_symbol(solution->cells[i]) : "");
  p.roles.assign(cells, CellRole::found);
  for (const Cage& cage : puzzle.cages) p.cages.push_back(PictureCage{cage.cells, std::to_string(cage.sum)});
  return p;
}

GridPicture step_picture(const SudokuGrid& puzzle, const CandidateGrid& before, const Step& step,
                         const std::string& title) {
  check_grid(puzzle, "puzzle");
  if (before.size() != puzzle.size())
    throw ModelError("step picture: the puzzle and the candidate grid differ in size");
  GridPicture p = sudoku_frame(puzzle.box);
  p.title = title;
  p.candidates.resize(puzzle.cells.size());
  for (int cell = 0; cell < before.cell_count(); ++cell) {
    const std::size_t i = static_cast<std::size_t>(cell);
    p.texts.push_back(picture_symbol(before.value(cell)));
    p.roles.push_back(puzzle.cells[i] != 0 ? CellRole::given : CellRole::found);
    for (int d = 1; d <= before.size(); ++d)
      if (before.value(cell) == 0 && before.has(cell, d)) p.candidates[i].push_back(d);
  }
  p.highlighted = step.cells;
  for (const CellDigit& e : step.eliminations) p.eliminated.push_back(CandidateMark{e.cell, e.digit});
  for (const CellDigit& e : step.placements) {
    p.placed.push_back(CandidateMark{e.cell, e.digit});
    p.highlighted.push_back(e.cell);
  }
  return p;
}

}  // namespace csp::models
