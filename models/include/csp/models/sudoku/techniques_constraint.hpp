// The human Sudoku techniques as a propagator: a model-side Constraint over all cells (csp sudoku --inference techniques).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "csp/core/constraint.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/sudoku/techniques.hpp"

namespace csp::models {

/// The techniques the propagator uses by default: every technique of all_techniques() that stays sound on a
/// puzzle with several solutions (all but unique-rectangle, see assumes_unique_solution), simplest first.
std::vector<Technique> propagator_techniques();

/// A redundant Constraint whose scope is every cell of one Sudoku (variable k = cell k, values 1..N), relation "each
/// unit is a permutation of 1..N". `propagate` reads the current domains into a CandidateGrid (single values as
/// placed digits), applies its techniques simplest first, restarting at the first after each step, until none fires
/// (the human solver's loop, sudoku/human_solver.hpp), then writes every placement and elimination back through
/// Store::keep_word with itself as the cause, so the statistics count the prunings, a wipe-out is detected by the
/// store, and dom/wdeg weights this constraint. A contradiction (an empty cell, a digit with no place in a unit, a
/// digit twice in a unit) is a failure (false), never an exception.
///
/// Consistency level: the fixpoint of the techniques, which is neither weaker nor stronger than arc consistency on
/// the units in general (the unit constraints stay posted; MAC runs both to a common fixpoint). Sound: every
/// technique only removes values of no solution, so solution counts are unchanged.
/// `revise(pos)` computes the same fixpoint and keeps only the changes of scope[pos] (AC-3's contract); it costs a
/// whole fixpoint per arc, so prefer MAC (`propagate`) over --ac3 with this constraint.
/// LCV and min-conflicts: the constraint is redundant, so `count_ruled_out` and `conflicts` say 0 (the units count).
/// Thread-safe: propagation keeps no state in the constraint; several runs may share the Problem.
class SudokuTechniquesConstraint : public Constraint {
 public:
  /// `cells`: the N*N variables of the grid in row-major order; `box`: the box shape (N = box.size() <= 32);
  /// `techniques`: tried in this order (duplicates ignored). Throws ModelError when `techniques` is empty or holds
  /// a technique that assumes one solution (unique-rectangle: search must keep every solution, e.g. to count them),
  /// or the number of cells is not N*N; `attach` throws ModelError when a cell's values are not exactly 1..N.
  SudokuTechniquesConstraint(std::vector<VarId> cells, BoxShape box,
                             std::vector<Technique> techniques = propagator_techniques(),
                             std::string name = "techniques");

  BoxShape box() const { return box_; }
  const std::vector<Technique>& techniques() const { return techniques_; }

  void attach(const Problem& problem) override;
  /// True iff every unit of the complete grid `values` (row-major) is a permutation of 1..N.
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;
  /// Expensive: MAC runs it only once the unit constraints reached their fixpoint (see PropagationCost).
  PropagationCost propagation_cost() const override { return PropagationCost::expensive; }

 private:
  // Runs the techniques on the store's domains; false on a contradiction.
  bool fixpoint(const Store& store, CandidateGrid& g) const;
  // The domain word of cell k as the fixpoint left it (value indices: digit d is index d-1).
  static std::uint64_t word_of(const CandidateGrid& g, int cell);

  BoxShape box_;
  std::vector<Technique> techniques_;
  CandidateGrid blank_;  // the empty grid of this box shape: its geometry is shared by every copy
};

/// Posts a SudokuTechniquesConstraint over every cell of `model` (the units stay as the model posted them).
/// Use it with the engine's "mac" (or "fc") inference. Throws ModelError as the constructor does.
const SudokuTechniquesConstraint& post_techniques(Sudoku& model,
                                                  std::vector<Technique> techniques = propagator_techniques());

}  // namespace csp::models
