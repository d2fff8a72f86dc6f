// Pictures of Sudoku grids of any box shape, Killer Sudoku with their cages, and a step of the human solver with its
// pencil marks: GridPicture builders (csp/models/grid_picture.hpp draws them as SVG, grid_picture_png.hpp as PNG).
#pragma once

#include <optional>
#include <string>

#include "csp/models/grid_picture.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/sudoku/techniques.hpp"

namespace csp::models {

/// The text of a digit in a picture: "1".."9", then "A".."W" for 10..32 (as the one-line format, symbol_of);
/// "" for 0.
std::string picture_symbol(int value);

/// A Sudoku: the cells of `solution` (or of `puzzle` when there is none), the givens of `puzzle` black and bold,
/// the other values blue; thick lines around the boxes of the puzzle's box shape (any R x C); candidate_columns is
/// the smallest k with k * k >= N. Throws csp::ModelError when the grid does not have N*N cells or the solution has
/// another box shape.
GridPicture sudoku_picture(const SudokuGrid& puzzle, const std::optional<SudokuGrid>& solution = std::nullopt);

/// A Killer Sudoku: its boxes, every cage as a dashed outline with its sum in the corner, and the digits of
/// `solution` (found, blue) when given. Throws csp::ModelError when the solution's box shape differs.
GridPicture killer_picture(const KillerSudoku& puzzle, const std::optional<SudokuGrid>& solution = std::nullopt);

/// A step of the human solver drawn on the grid it applies to: the placed digits of `before` (givens of `puzzle`
/// black, the others blue), the candidates of every empty cell, the step's pattern cells highlighted, its
/// eliminations red and struck out, its placements green. `title` goes above the grid ("" for none). Throws
/// csp::ModelError when `puzzle` and `before` differ in size.
GridPicture step_picture(const SudokuGrid& puzzle, const CandidateGrid& before, const Step& step,
                         const std::string& title = "");

}  // namespace csp::models
