// The rules of a whole Sudoku grid as one propagator over bitmasks (csp sudoku --alldiff grid).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "csp/core/constraint.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// The 3N units of an N x N Sudoku (N = box.rows * box.cols <= 32) in one Constraint whose scope is every cell
/// (variable k = cell k in row-major order, values 1..N), relation "each unit is a permutation of 1..N".
/// It replaces the 3N all-different constraints (AllDifferentMode::grid): each cell's candidates are one machine
/// word, and `propagate` applies, over the units touched since its last call and until nothing changes:
///   - naked singles: a placed digit leaves the candidates of every peer;
///   - hidden singles: a digit with one place left in a unit goes there;
///   - pointing and claiming (box-line reduction): a digit confined to one row or column of a box leaves the
///     rest of that line, and a digit confined to one box within a line leaves the rest of that box;
///   - naked and hidden pairs (the Hall sets of two cells): two cells holding the same two digits take them from
///     the rest of their unit; two digits with the same two places in a unit leave those cells nothing else;
/// and fails when a cell has no candidate, a digit has no place in a unit, a digit is placed twice in a unit or two
/// digits are confined to the same cell. Singles and box-line are the first layer of the specialised solvers (tdoku,
/// JCZSolve); the consistency is incomparable with arc consistency on each unit (gac finds every Hall set of a unit,
/// this finds box-line reductions that no single unit sees), and a call costs a few words per cell of the units it
/// visits instead of one matching per unit. Without the pairs a count to two solutions can take thousands of times
/// gac's nodes (case BH-08: 352,932 against 84); with them, 84.
///
/// On a 9x9 grid with 3x3 boxes the same rules run on digit-major bitboards (one 27-bit word per digit and band,
/// as JCZSolve keeps them: sudoku/band_board.hpp), several times cheaper per call; the fixpoint of monotone deletion
/// rules is unique, so the domains left, and hence the search, are the same as the cell-major code's.
///
/// `revise(pos)` removes from scope[pos] the digits placed on its peers (forward checking, AIMA 4th ed. §6.3.2);
/// `is_consistent` finds a digit twice in a unit among the assigned cells (for --inference none); LCV counts the
/// unassigned peers that hold a digit; min-conflicts counts the assigned peers that hold it. Every prune is written
/// through Store::keep_word with this constraint as the cause (statistics, wipe-outs, dom/wdeg). Per-run memory:
/// the candidates of the last call (a hint of which units changed since, checked against the store); on the 9x9
/// path, the fixpoint of each call along the search path, found again after an undo through a reversible int.
/// Thread-safe: several runs may share the Problem.
class SudokuGridConstraint : public Constraint {
 public:
  /// Which representation the rules run on: `fastest` digit-major bitboards on a 9x9 grid with 3x3 boxes
  /// (sudoku/band_board.hpp) and cell-major words otherwise; `cell_major` one candidate word per cell on any grid
  /// (the band code's oracle in the tests, and --alldiff grid-cells). Both reach the same fixpoint.
  enum class Path { fastest, cell_major };

  /// What `propagate` adds to the rules once they reach their fixpoint: `none`; `bivalue`, failed-literal probing
  /// (as SAT solvers probe literals; Freeman's POSIT, 1995) of each cell with two candidates (sudoku/grid_probe.cpp,
  /// band_probe.cpp): for each of its digits d, the rules' fixpoint on a copy with d placed; a copy that fails takes
  /// d from the cell (then the rules' fixpoint again), and the passes over the cells repeat until no probe removes
  /// anything. Sound: a digit whose placement the rules refute is in no solution. A probe copies the state instead of
  /// trailing it (as Gecode copies spaces; Schulte, ICLP 1999) and starts from the fixpoint with only the probed
  /// cell's units to visit. SudokuProbeConstraint is the grid with probing, posted beside a model's units.
  enum class Probing { none, bivalue };

  /// `cells`: the N*N variables of the grid in row-major order; `probing`: what follows the rules' fixpoint; `path`:
  /// how `propagate` computes. Throws ModelError
  /// when the box shape is not 1..32 digits or the number of cells is not N*N; `attach` throws ModelError when a
  /// cell's values are not 1..N.
  SudokuGridConstraint(std::vector<VarId> cells, BoxShape box, std::string name = "grid",
                       Probing probing = Probing::none, Path path = Path::fastest);

  /// The box shape of the grid (N = rows * cols digits).
  BoxShape box() const { return box_; }
  /// The probing `propagate` adds after the rules' fixpoint (the constructor's).
  Probing probing() const { return probing_; }

  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool is_consistent(const Assignment& a) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  bool wakes_on_every_change() const override { return true; }
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;

  /// The largest grid side this propagator takes (a cell's candidates are one 64-bit word; the Sudoku reader's
  /// limit is 32).
  static constexpr int kMaxSize = 32;

  /// The rules' fixpoint over the candidates of every cell (N*N words in row-major order, bit d-1 for digit d), as
  /// `propagate` reaches it from domains holding them (with this constraint's probing), computed by `path`
  /// (whatever the constructor's): false on a failure (`cells` is then unspecified). Both paths reach the same
  /// candidates (they probe the cells in row-major order).
  bool fixpoint(std::span<std::uint64_t> cells, Path path = Path::fastest) const;

 private:
  using Word = std::uint64_t;
  struct Work;  // one call's candidates and dirty units (sudoku/grid_work.hpp)
  void mark_all(Work& w) const;
  bool run(Work& w) const;
  bool propagate_band(Store& store) const;
  bool probe(Work& w) const;  // Probing::bivalue on the cell-major state at its fixpoint (sudoku/grid_probe.cpp)
  bool naked_singles(Work& w) const;
  bool hidden_singles(Work& w, int kind, int u) const;
  bool pairs(Work& w, int kind, int u) const;
  template <int kind>
  bool box_line(Work& w) const;
  // Keeps only `keep` of the cell's candidates; marks its units when they change and queues it when it became one
  // digit (which must leave its peers). False on a wipe-out.
  bool narrow(Work& w, int cell, Word keep) const;
  bool narrow_changed(Work& w, int cell, Word after) const;
  int peer_count() const { return static_cast<int>(peers_.size()) / arity(); }

  BoxShape box_;
  int n_;
  bool band_;                 // 9x9 with 3x3 boxes and Path::fastest: propagate on digit-major bitboards
  Probing probing_;           // after the rules' fixpoint (SudokuProbeConstraint: bivalue)
  std::vector<int> units_;    // 3N units of N cells: rows, columns, boxes (cell indices)
  std::vector<int> unit_of_;  // per cell: its row, column and box unit ids
  std::vector<int> peers_;    // per cell: its peers, peer_count() each
};

}  // namespace csp::models
