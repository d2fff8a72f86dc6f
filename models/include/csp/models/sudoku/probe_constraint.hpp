// Failed-literal probing over the grid's rules as a propagator: a model-side Constraint over all cells (csp sudoku
// --inference probe).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "csp/core/constraint.hpp"
#include "csp/models/sudoku/grid_constraint.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// A redundant Constraint whose scope is every cell of one Sudoku (variable k = cell k, values 1..N), relation "each
/// unit is a permutation of 1..N". `propagate` reads the current domains, runs the grid propagator's rules to their
/// fixpoint and probes every cell of two candidates over them (SudokuGridConstraint::fixpoint with
/// Probing::bivalue: a digit whose placement the rules refute leaves its cell, until no probe removes anything),
/// then writes the narrowed cells back through Store::keep_word with itself as the cause (statistics, wipe-outs,
/// dom/wdeg). Sound: it removes only digits of no solution, so solution counts are unchanged.
///
/// Consistency level: the rules' fixpoint plus failed-literal consistency on the two-candidate cells; the unit
/// constraints the model posted stay (any --alldiff mode), and MAC runs both to a common fixpoint. Expensive: MAC
/// runs it only when the units are quiet. `revise(pos)` computes the same fixpoint and keeps only the changes of
/// scope[pos] (AC-3's contract, a whole probing per arc: prefer MAC). LCV and min-conflicts: redundant, so
/// `count_ruled_out` and `conflicts` say 0 (the units count). Keeps no state: several runs may share the Problem.
class SudokuProbeConstraint : public Constraint {
 public:
  /// `cells`: the N*N variables of the grid in row-major order. Throws ModelError as SudokuGridConstraint does;
  /// `attach` throws ModelError when a cell's values are not 1..N.
  SudokuProbeConstraint(std::vector<VarId> cells, BoxShape box, std::string name = "probe");

  BoxShape box() const { return rules_.box(); }

  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  bool wakes_on_every_change() const override { return true; }
  PropagationCost propagation_cost() const override { return PropagationCost::expensive; }
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;

 private:
  // The domains' words at the fixpoint of the rules and the probes; false on a failure.
  bool fixpoint(const Store& store, std::vector<std::uint64_t>& words) const;

  SudokuGridConstraint rules_;  // the grid's rules (never attached: only its fixpoint is used)
};

/// Posts a SudokuProbeConstraint over every cell of `model` (the units stay as the model posted them). Use it with
/// the engine's "mac". Returns it.
const SudokuProbeConstraint& post_probe(Sudoku& model);

}  // namespace csp::models
