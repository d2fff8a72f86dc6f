// Internal to the engine: conflict-directed backjumping (CBJ) and nogood learning for backtracking search
// (AIMA 4th ed. §6.3.3; Prosser 1993, "Hybrid algorithms for the constraint satisfaction problem", for CBJ with
// forward checking).
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "csp/core/store.hpp"

namespace csp::detail {

/// Learned nogoods: each a set of assignments {x1 = v1, ..., xk = vk} that no solution extends ("not all of
/// them"), kept in one flat store and indexed by each of their assignments (not one Constraint object per nogood).
class NogoodStore {
 public:
  /// At most this many nogoods are kept; later ones are not recorded (memory stays below ~ 100 MB at size 10).
  static constexpr std::size_t kMaxNogoods = 1U << 20U;

  struct Literal {
    VarId var;
    int index;  ///< value index
  };
  /// Records a nogood (size >= 1). False when the store is full.
  bool add(const std::vector<Literal>& literals);
  std::size_t size() const { return start_.size() - 1; }
  /// The nogoods that hold x = value index i (empty when none).
  const std::vector<std::uint32_t>& of(VarId x, int i) const {
    const auto at = by_literal_.find(key(x, i));
    return at == by_literal_.end() ? none_ : at->second;
  }
  /// Nogood n's literals: [begin(n), end(n)).
  const Literal* begin(std::uint32_t n) const { return literals_.data() + start_[n]; }
  const Literal* end(std::uint32_t n) const { return literals_.data() + start_[n + 1]; }

 private:
  std::vector<Literal> literals_;
  std::vector<std::size_t> start_{0};  // nogood n: literals_[start_[n], start_[n + 1])
  static std::uint64_t key(VarId x, int i) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32U) | static_cast<std::uint32_t>(i);
  }
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_literal_;
  std::vector<std::uint32_t> none_;
};

/// The bookkeeping of CBJ for one run, driven by the backtracker. Search levels are decision depths (1 for the
/// first decision); level 0 is the root (givens, root inference), which no conflict set contains since no search
/// undoes it.
///
/// Conflict sets (AIMA §6.3.3): conf(d) of the variable assigned at depth d holds the earlier levels that ruled
/// out one of its values:
/// - inference none: the assigned variables of the scope of the constraint (or nogood) that rejected a value;
/// - inference fc: the levels that pruned the variable's domain (recorded per variable on a trail, undone with
///   the decision that made them), and, when a value's forward check wiped out a future variable Y, the pruners of
///   Y. A pruning by an n-ary constraint C is explained by the assigned variables of C's scope and the pruners of
///   its other unassigned variables (whose domains the revise read).
/// At a dead end at depth d (every value tried), search jumps to the deepest level h of conf(d) (with fc, also the
/// pruners of d's variable), and conf(h) gains the rest. An empty conflict set means no solution exists at all.
/// After a solution every level on the path becomes chronological (its conflict set is all earlier levels), so
/// counting all solutions stays exact.
class Backjumping {
 public:
  /// `forward_checking`: the run's inference is fc (else none). `learning`: the largest nogood recorded, 0 = off.
  Backjumping(Store& store, bool forward_checking, std::size_t learning);

  /// A node was opened at depth d: its conflict set starts empty.
  void open(int depth);
  /// x = value index i is being assigned at depth d (before the store and the inference see it).
  void assign(VarId x, int i, int depth);
  /// The value of x at depth d is being retracted: the prunings explained since its assign are forgotten.
  void retract(VarId x, int depth);

  /// Inference none: constraint c rejected a value of x at depth d.
  void rejected_by(const Constraint& c, VarId x, int depth);
  /// Inference none: false when x = index i (not yet assigned, at depth d) completes a learned nogood; then its
  /// other levels join conf(d). One constraint check per nogood examined.
  bool nogoods_allow(VarId x, int i, int depth);

  /// Inference fc for the decision x = i at depth d (already assigned in the store): FORWARD-CHECK as
  /// csp::forward_checking does, recording who pruned what, then the learned nogoods on x (a nogood left with one
  /// unassigned variable removes that value; a violated one fails). False on a failure (its conflict joins conf(d))
  /// or once the store is interrupted.
  bool forward_check(VarId x, int depth);

  /// A solution was found with `depth` decisions on the path: every level on it becomes chronological.
  void solution(int depth);
  /// Every value of x (at depth d) was tried: the level to jump back to (d - 1 for a chronological level, 0 when
  /// no solution is left at all). Merges conf(d) into the target's conflict set and records the nogood.
  int dead_end(VarId x, int depth);

  std::size_t nogood_count() const { return nogoods_.size(); }

 private:
  static void add(std::vector<int>& set, int level);  // sorted, unique
  void merge_into(int depth, const std::vector<int>& levels);  // conf(depth) += levels below depth
  void add_pruner(VarId y, int level);
  void explain_revise(const Constraint& c, VarId y);  // levels that justify a revise of y against c -> scratch_
  bool nogood_propagation(VarId x, int depth);
  bool fail_with_pruners(VarId y, int depth);

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
  std::vector<NogoodStore::Literal> literals_;
  NogoodStore nogoods_;
};

}  // namespace csp::detail
