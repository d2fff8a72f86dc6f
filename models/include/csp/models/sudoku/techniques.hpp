// Human Sudoku solving techniques over a candidate grid (pencil marks), each a named function returning one step.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// A set of digits 1..N as bits (bit d = digit d); N <= 32 (kMaxSudokuSize: every grid the readers take).
using DigitMask = std::uint64_t;

/// The pencil marks of a Sudoku of any box shape: each cell either holds a digit or keeps its candidates.
/// Cells are numbered r*N+c (0-based), as the variables of `Sudoku`; units come from the `Sudoku` model
/// (N rows, then N columns, then N boxes, left to right, top to bottom).
class CandidateGrid {
 public:
  /// Places the givens; each empty cell's candidates are the digits no peer holds. Throws ModelError for a bad grid.
  explicit CandidateGrid(const SudokuGrid& puzzle);

  int size() const { return n_; }
  BoxShape box() const { return box_; }
  int cell_count() const { return n_ * n_; }
  /// The digit in a cell, 0 when empty.
  int value(int cell) const { return values_[static_cast<std::size_t>(cell)]; }
  /// The candidates of an empty cell (0 for a filled cell).
  DigitMask candidates(int cell) const { return masks_[static_cast<std::size_t>(cell)]; }
  bool has(int cell, int digit) const { return (candidates(cell) >> digit & 1U) != 0; }
  /// Puts `digit` in `cell` and removes it from the candidates of the cell's peers.
  void place(int cell, int digit);
  /// Removes a candidate; returns whether it was there.
  bool eliminate(int cell, int digit);
  /// Sets a cell as it is, without touching its peers (unlike `place`): `digit` (0 = empty) and, for an empty
  /// cell, its candidates (bits 1..N; ignored when `digit` != 0). For reading a grid from another representation,
  /// e.g. a search's domains (SudokuTechniquesConstraint).
  void set_cell(int cell, int digit, DigitMask candidates);

  /// The 3N units; `unit_name(u)` is "row 5", "column 3" or "box 4" (1-based).
  const std::vector<std::vector<int>>& units() const;
  std::string unit_name(int unit) const;
  int row_of(int cell) const { return cell / n_; }
  int col_of(int cell) const { return cell % n_; }
  /// The box index 0..N-1 of a cell (its unit is 2N + box).
  int box_of(int cell) const;
  /// Whether two distinct cells share a unit.
  bool sees(int a, int b) const;

  /// True when no cell is empty.
  bool solved() const;
  /// True when an empty cell has no candidate or two cells of a unit hold the same digit.
  bool contradiction() const;
  /// The digits placed so far (0 = empty).
  SudokuGrid grid() const;

 private:
  struct Geometry;
  BoxShape box_;
  int n_;
  std::shared_ptr<const Geometry> geometry_;
  std::vector<int> values_;
  std::vector<DigitMask> masks_;
};

/// "r5c7" (1-based row and column).
std::string cell_name(const CandidateGrid& g, int cell);

/// The techniques, in the default order from simplest to hardest (all_techniques() gives the reasons).
enum class Technique {
  naked_single,
  hidden_single,
  pointing,
  claiming,
  naked_pair,
  hidden_pair,
  naked_triple,
  hidden_triple,
  naked_quad,
  hidden_quad,
  x_wing,
  xy_wing,
  xyz_wing,
  swordfish,
  jellyfish,
  unique_rectangle,  ///< assumes the puzzle has exactly one solution (assumes_unique_solution)
  simple_colouring,
};

/// All techniques, simplest first (the default order of the human solver). The order up to jellyfish is the one of
/// the common guides (singles, locked candidates, subsets, fish and wings); unique-rectangle and simple-colouring
/// come last, in the order of HoDoKu's default step list (Uniqueness Test 1 right after XYZ-Wing, Simple Colors after
/// the chains), as harder than every fish and wing here.
const std::vector<Technique>& all_techniques();
/// True for the techniques that are sound only on a puzzle with exactly one solution (unique-rectangle): on a puzzle
/// with several they may remove digits of every solution. The human solver uses them only where uniqueness is known
/// (HumanSolverOptions::uniqueness); SudokuTechniquesConstraint refuses them.
bool assumes_unique_solution(Technique t);
/// "naked-single", "hidden-single", "pointing", "claiming", "naked-pair", ..., "x-wing", "xy-wing", "xyz-wing",
/// "swordfish", "jellyfish", "unique-rectangle", "simple-colouring".
std::string to_string(Technique t);
/// "Naked single", "X-Wing", ... as written in a step log.
std::string display_name(Technique t);
/// The technique of a name as given by `to_string`; throws UnknownNameError listing the valid names.
Technique parse_technique(const std::string& name);
/// A comma-separated list of names; "all" is every technique. Throws UnknownNameError.
std::vector<Technique> parse_technique_list(const std::string& list);

/// A digit placed in a cell, or a candidate removed from a cell.
struct CellDigit {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

/// One deduction: what a technique found, and what it justifies.
struct Step {
  Technique technique = Technique::naked_single;
  std::vector<int> cells;               ///< the cells of the pattern, ascending
  std::vector<int> digits;              ///< the digits of the pattern, ascending
  std::vector<CellDigit> placements;    ///< digits to place
  std::vector<CellDigit> eliminations;  ///< candidates to remove, by cell then digit
  std::string reason;                   ///< the pattern in plain words, e.g. "in box 4, 7 lies only in row 5"
};

/// "Pointing: in box 4, 7 lies only in row 5, so r5c7 and r5c9 lose 7".
std::string describe(const CandidateGrid& g, const Step& step);
/// Applies a step's placements and eliminations to the grid.
void apply(CandidateGrid& g, const Step& step);

/// Naked single: an empty cell with one candidate takes it.
std::optional<Step> find_naked_single(const CandidateGrid& g);
/// Hidden single: a digit with one place left in a unit goes there.
std::optional<Step> find_hidden_single(const CandidateGrid& g);
/// Pointing (locked candidates 1): a digit confined within a box to one row or column leaves the rest of that line.
std::optional<Step> find_pointing(const CandidateGrid& g);
/// Claiming (locked candidates 2, box/line reduction): a digit confined within a row or column to one box leaves
/// the rest of that box.
std::optional<Step> find_claiming(const CandidateGrid& g);
/// Naked subset of k = 2, 3, 4 cells: k cells of a unit whose candidates together are k digits; the other cells of
/// the unit lose those digits.
std::optional<Step> find_naked_subset(const CandidateGrid& g, int k);
/// Hidden subset of k = 2, 3, 4 digits: k digits of a unit confined to the same k cells; those cells lose every
/// other digit.
std::optional<Step> find_hidden_subset(const CandidateGrid& g, int k);
/// Fish of size k (2 X-Wing, 3 Swordfish, 4 Jellyfish): in k rows a digit lies only within the same k columns, so
/// the rest of those columns lose it (and the same with rows and columns swapped).
std::optional<Step> find_fish(const CandidateGrid& g, int k);
/// XY-Wing: a pivot {x,y} sees pincers {x,z} and {y,z}; any cell seeing both pincers loses z.
std::optional<Step> find_xy_wing(const CandidateGrid& g);
/// XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; any cell seeing all three loses z.
std::optional<Step> find_xyz_wing(const CandidateGrid& g);

/// Unique rectangle type 1: four empty cells in two rows, two columns and exactly two boxes, three of them holding
/// exactly the candidates {a,b} and the fourth a, b and more. If the fourth took a or b, the four cells could swap a
/// and b and the puzzle would have a second solution, so the fourth loses a and b.
/// Precondition: the puzzle has exactly one solution and no cell of the grid left empty is a given (true of every
/// grid built from a puzzle); on a puzzle with several solutions the step may remove the digits of every solution.
/// Source: HoDoKu's "Uniqueness Test 1", SudokuWiki's "Unique Rectangles" (type 1).
std::optional<Step> find_unique_rectangle(const CandidateGrid& g);
/// Simple colouring (singles chains) of one digit: the units where the digit has exactly two places (conjugate
/// pairs) link cells into chains, and each chain is coloured blue and green alternately, so one colour holds the
/// digit and the other does not. Colour wrap: two cells of one colour see each other, so that colour is false and
/// its cells lose the digit. Colour trap: a cell outside the chain that sees a blue and a green cell loses it.
/// Sound on every puzzle. Source: HoDoKu's "Simple Colors" (trap and wrap), SudokuWiki's "Simple Colouring"
/// (rules 2 and 4).
std::optional<Step> find_simple_colouring(const CandidateGrid& g);

/// The function of a technique: the first step it finds, or nothing.
std::optional<Step> find_step(const CandidateGrid& g, Technique t);

}  // namespace csp::models
