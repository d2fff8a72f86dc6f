// Failed-literal probing over the grid's rules as a propagator: a model-side Constraint over all cells (csp sudoku
// --inference probe).
#pragma once

#include <string>
#include <vector>

#include "csp/models/sudoku/grid_constraint.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// The grid propagator with Probing::bivalue, as a redundant Constraint posted beside a model's units (any --alldiff
/// mode): its scope is every cell of one Sudoku (variable k = cell k, values 1..N), relation "each unit is a
/// permutation of 1..N". `propagate` runs the grid's rules to their fixpoint and probes every cell of two candidates
/// over them (a digit whose placement the rules refute leaves its cell, until no probe removes anything), then writes
/// the narrowed cells back through Store::keep_word with itself as the cause (statistics, wipe-outs, dom/wdeg).
/// Sound: it removes only digits of no solution, so solution counts are unchanged. Like the grid, it remembers its
/// last fixpoint per run and starts from what changed since.
///
/// Consistency level: the rules' fixpoint plus failed-literal consistency on the two-candidate cells; MAC runs it
/// with the units to a common fixpoint. Expensive: MAC runs it only when the units are quiet. Redundant: LCV and
/// min-conflicts count the units, so `count_ruled_out` and `conflicts` say 0. Thread-safe as the grid is.
class SudokuProbeConstraint : public SudokuGridConstraint {
 public:
  /// `cells`: the N*N variables of the grid in row-major order. Throws ModelError as SudokuGridConstraint does.
  SudokuProbeConstraint(std::vector<VarId> cells, BoxShape box, std::string name = "probe");

  PropagationCost propagation_cost() const override { return PropagationCost::expensive; }
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;
};

/// Posts a SudokuProbeConstraint over every cell of `model` (the units stay as the model posted them). Use it with
/// the engine's "mac". Returns it.
const SudokuProbeConstraint& post_probe(Sudoku& model);

}  // namespace csp::models
