// Pictures of 2D grids (a Sudoku, a Killer Sudoku, any grid model of the user's): what to draw (GridPicture), laid
// out once as a list of shapes (PictureScene), written as SVG text here (no dependency) or as PNG with cairo
// (csp/models/grid_picture_png.hpp). As the course notebooks' plot_sudoku: givens black, found values blue.
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace csp::models {

/// The colours of a picture, as SVG / CSS "#rrggbb" text (the PNG writer reads the same strings).
inline constexpr const char* kGivenColour = "#000000";       ///< givens (bold)
inline constexpr const char* kFoundColour = "#0000ff";       ///< values found by the solver (matplotlib's "blue")
inline constexpr const char* kCandidateColour = "#555555";   ///< pencil marks
inline constexpr const char* kEliminatedColour = "#d62728";  ///< candidates an explain step removes (struck out)
inline constexpr const char* kPlacedColour = "#2ca02c";      ///< candidates an explain step places
inline constexpr const char* kHighlightColour = "#fff3b0";   ///< background of the cells of a step's pattern
inline constexpr const char* kLineColour = "#000000";        ///< grid, region and cage lines

/// How the value of a cell was obtained.
enum class CellRole {
  given,  ///< part of the puzzle: drawn in kGivenColour, bold
  found,  ///< found by the solver: drawn in kFoundColour
};

/// A candidate mark of an explain step: a digit of a cell's candidates.
struct CandidateMark {
  int cell = 0;   ///< row-major index r * cols + c
  int digit = 0;  ///< the candidate (1..)
  friend bool operator==(const CandidateMark&, const CandidateMark&) = default;
};

/// A cage of a Killer Sudoku (or any outlined group of cells): drawn as a dashed outline inside its cells, with
/// its label (the sum) small in the corner of its first cell (the top-most, then left-most).
struct PictureCage {
  std::vector<int> cells;  ///< row-major indices
  std::string label;       ///< e.g. "15"; "" for none
};

/// What to draw. Cells are numbered r * cols + c (0-based, row-major), as the variables of the Sudoku models.
/// Every per-cell vector is either empty (nothing of that kind) or has rows * cols entries.
struct GridPicture {
  int rows = 0;
  int cols = 0;
  std::vector<std::string> texts;  ///< the text of each cell ("" = empty); see sudoku/picture.hpp for digits
  std::vector<CellRole> roles;     ///< per cell; empty = every value is a given
  /// The region of each cell (e.g. its Sudoku box): a thick line separates two neighbouring cells of different
  /// regions; empty = only the outer border is thick.
  std::vector<int> regions;
  std::vector<PictureCage> cages;  ///< dashed outlines with a label (Killer cages)
  /// The candidates of each cell, drawn as small digits when its text is empty: digit d (1-based) sits at row
  /// (d-1) / k, column (d-1) % k of a k x k layout of the cell, k = candidate_columns.
  std::vector<std::vector<int>> candidates;
  int candidate_columns = 3;              ///< k above (3 for 9x9, 4 for 16x16, ...)
  std::vector<CandidateMark> eliminated;  ///< candidates drawn in kEliminatedColour and struck out
  std::vector<CandidateMark> placed;      ///< candidates drawn in kPlacedColour, bold
  std::vector<int> highlighted;           ///< cells with a kHighlightColour background
  std::string title;                      ///< a line of text above the grid ("" for none)
};

/// The sizes of a picture, in pixels (SVG user units; one PNG pixel each).
struct PictureStyle {
  double cell = 40;          ///< side of a cell
  double margin = 8;         ///< around the grid
  double thin_line = 0.75;   ///< between cells of one region
  double thick_line = 3;     ///< between regions, and the outer border
  double title_height = 24;  ///< the band of the title, when there is one
};

/// A filled rectangle.
struct PictureRect {
  double x = 0, y = 0, width = 0, height = 0;
  std::string fill;
  std::string kind;  ///< "background", "highlight", "label-background"
};

/// A straight line.
struct PictureLine {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  double width = 1;
  std::string colour;
  bool dashed = false;
  std::string kind;  ///< "grid" (thin), "region" (thick), "cage" (dashed), "strike" (through an eliminated candidate)
};

/// A text centred vertically on y: horizontally centred on x (middle) or starting at x.
struct PictureText {
  double x = 0, y = 0;
  double size = 12;  ///< font size
  std::string colour;
  bool bold = false;
  bool middle = true;
  std::string text;
  std::string kind;  ///< "given", "found", "candidate", "eliminated", "placed", "cage-sum", "title"
  int row = -1;      ///< the cell's row and column (0-based), -1 for the title
  int col = -1;
};

/// A shape of a scene.
using PictureShape = std::variant<PictureRect, PictureLine, PictureText>;

/// A laid-out picture: its size and its shapes, drawn in order (later shapes over earlier ones).
struct PictureScene {
  double width = 0;
  double height = 0;
  std::vector<PictureShape> shapes;
};

/// Lays `picture` out: a white background, highlights, thin grid lines, cage outlines and labels, thick region
/// lines (merged into one line per run of region edges) and the outer border, then the texts. Throws csp::ModelError
/// when rows or cols is below 1 or above 1024, a per-cell vector has neither 0 nor rows * cols entries, or a cage,
/// highlighted cell or mark names a cell outside the grid.
PictureScene layout_picture(const GridPicture& picture, const PictureStyle& style = {});

/// The SVG document of a scene (SVG 1.1, UTF-8 text, no external resource). Every shape is one element with a
/// `class` attribute naming its kind; every cell text also carries data-row and data-col (0-based).
std::string to_svg(const PictureScene& scene);

/// to_svg(layout_picture(picture, style)).
std::string to_svg(const GridPicture& picture, const PictureStyle& style = {});

/// Writes to_svg(picture, style) to `path`. Throws csp::ModelError naming the path when it cannot be written.
void write_svg(const GridPicture& picture, const std::string& path, const PictureStyle& style = {});

}  // namespace csp::models
