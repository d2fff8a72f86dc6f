// Internal to the engine: conflict-directed backjumping (CBJ) and nogood learning for backtracking search
// (AIMA 4th ed. §6.3.3; Prosser 1993, "Hybrid algorithms for the constraint satisfaction problem", for CBJ with
// forward checking).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "nogood_store.hpp"

namespace csp::detail {

/// The bookkeeping of CBJ for one run, driven by the backtracker. Search levels are decision depths (1 for the
/// first decision); level 0 is the root (givens, root inference), which no conflict set contains since no search
/// undoes it.
///
/// Conflict sets (AIMA §6.3.3): conf(d) of the variable assigned at depth d holds the earlier levels that ruled
/// out one of its values:
/// - inference none: the assigned variables of the scope of the constraint (or nogood) that rejected a value;
/// - inference fc (and mac): the levels that pruned the variable's domain (recorded per variable on a trail, undone
///   with the decision that made them), and, when a value's forward check wiped out a future variable Y, the
///   pruners of Y. A pruning by an n-ary constraint C is explained by the assigned variables of C's scope and the
///   pruners of its other unassigned variables (whose domains the revise read). Under mac a propagate of C that
///   changed or failed is explained by the levels of C's whole scope (MAC-CBJ, Prosser 1995, coarse: per
///   constraint).
/// At a dead end at depth d (every value tried), search jumps to the deepest level h of conf(d) (with fc, also the
/// pruners of d's variable), and conf(h) gains the rest. An empty conflict set means no solution exists at all.
/// After a solution every level on the path becomes chronological (its conflict set is all earlier levels), so
/// counting all solutions stays exact. Learned nogoods hold given the root alone, so they outlive a restart.
class Backjumping {
 public:
  /// `filtering`: the run's inference is fc or mac, which prune domains (else none). `learning`: the largest
  /// nogood recorded, 0 = off. `observer` (may be null) is told of each nogood recorded.
  Backjumping(Store& store, bool filtering, std::size_t learning, SearchObserver* observer = nullptr);

  /// A node was opened at depth d: its conflict set starts empty.
  void open(int depth);
  /// x = value index i is being assigned at depth d (before the store and the inference see it). With learning,
  /// the nogoods watching x = i move their watches (one constraint check per nogood visited).
  void assign(VarId x, int i, int depth);
  /// The value of x at depth d is being retracted: the prunings explained since its assign are forgotten.
  void retract(VarId x, int depth);

  /// Inference none: constraint c rejected a value of x at depth d.
  void rejected_by(const Constraint& c, VarId x, int depth);
  /// Inference none: false when x = index i (not yet assigned, at depth d) completes a learned nogood; then the
  /// levels of its other literals join conf(d) (of the lowest-numbered such nogood, as a scan in order would find).
  /// O(1) when no nogood forbids the value; else one constraint check per nogood watching x = i.
  bool nogoods_allow(VarId x, int i, int depth);

  /// Inference fc for the decision x = i at depth d (already assigned in the store): FORWARD-CHECK as
  /// csp::forward_checking does, recording who pruned what, then the learned nogoods holding x = i that the
  /// assignment left with at most one literal not true (found by the watches at assign, taken in the order they
  /// were learned): one whose open literal is an unassigned variable's value still in its domain removes that
  /// value, explained by the levels of the others; a violated one fails. False on a failure (its conflict joins
  /// conf(d)) or once the store is interrupted.
  bool forward_check(VarId x, int depth);

  /// Inference mac for the decision x = i at depth d (already assigned in the store; `shrank`: the decision removed
  /// values): MAC as csp::mac does (Store's constraint queue, Store::propagate), each propagate that changed or
  /// failed explained by the levels of its whole scope (assigned variables: their level; the others: their
  /// pruners), then the learned nogoods as under fc, whose removals propagate in turn. False on a failure (its
  /// conflict joins conf(d)) or once the store is interrupted.
  bool maintain_arc_consistency(VarId x, int depth, bool shrank);

  /// A solution was found with `depth` decisions on the path: every level on it becomes chronological.
  void solution(int depth);
  /// Every value of x (at depth d) was tried: the level to jump back to (d - 1 for a chronological level, 0 when
  /// no solution is left at all). Merges conf(d) into the target's conflict set and records the nogood.
  int dead_end(VarId x, int depth);

  /// Search undid every decision to restart from the root: the conflict sets start empty; the nogoods stay.
  void restart();

  std::size_t nogood_count() const { return nogoods_.size(); }

 private:
  static void add(std::vector<int>& set, int level);           // sorted, unique
  void merge_into(int depth, const std::vector<int>& levels);  // conf(depth) += levels below depth
  void add_pruner(VarId y, int level);
  void explain_revise(const Constraint& c, VarId y);  // levels that justify a revise of y against c -> scratch_
  bool nogood_propagation(VarId x, int depth);
  bool fail_with_pruners(VarId y, int depth);
  bool propagate_queue(int depth);

  Store& store_;
  bool fc_;
  std::size_t learning_;
  std::vector<int> level_;                 // per variable: its decision depth while assigned by search, else 0
  std::vector<VarId> var_at_;              // per depth: the variable assigned there
  std::vector<int> index_at_;              // per depth: its value index
  std::vector<std::vector<int>> conf_;     // per depth: the conflict set (sorted levels)
  std::vector<char> chronological_;        // per depth: a solution was found below it
  std::vector<std::vector<int>> pruners_;  // per variable: the levels that pruned its domain (fc)
  std::vector<VarId> pruner_trail_;        // the variables whose pruners_ grew, in order (undone by pop_back)
  std::vector<std::size_t> pruner_mark_;   // per depth: pruner_trail_ size at its assign
  std::vector<int> scratch_;
  std::vector<int> sizes_;  // mac: the domain sizes of a scope before its propagate
  std::vector<NogoodStore::Literal> literals_;
  SearchObserver* observer_;
  std::vector<NogoodLiteral> told_;   // the nogood as the observer sees it (x = value)
  std::vector<std::uint32_t> fired_;  // the nogoods the last assign left unit or violated (fc propagates them)
  NogoodStore nogoods_;
};

}  // namespace csp::detail
