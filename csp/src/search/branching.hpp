// Internal to the engine: how a node of backtracking search branches (SolverConfig::branching), the children the
// loop of Fig. 6.5 (backtracking.cpp) asks for. d-way is the book's: one child per value. binary and split give a
// node two children, a decision and its refutation (MiniCP's branching closures, Gecode's branchers).
#pragma once

#include <string>

#include "csp/core/store.hpp"

namespace csp::detail {

/// The decision of a node of x for its value index i: x = value, or (a split) the half of x's domain up to index
/// `at` (values <= m) or above it.
struct Branch {
  int at = -1;        ///< half: the last index of the lower half
  bool half = false;  ///< a half of x's domain, not x = value: x stays unassigned
};

/// d-way, binary, split or reverse-split: one object per run, asked at each node. One class with the branchings
/// as its kinds rather than a class hierarchy: the search asks it at every value, and a virtual call and a heap
/// object per run cost the main job (Sudoku, d-way) measurable instructions for nothing.
class Brancher {
 public:
  /// The branching SolverConfig::branching names ("d-way", "binary", "split", "reverse-split"; validated there).
  explicit Brancher(const std::string& name);

  /// False for d-way (one child per value, AIMA Fig. 6.5). True for binary and split: a node has two children,
  /// its decision and then the decision's refutation, posted at the parent's level in the node's place.
  bool refutes() const { return kind_ != Kind::d_way; }

  /// The decision of a node of x for its next value of ORDER-DOMAIN-VALUES: x = value, or (split,
  /// while x has two values or more) a half of x's domain, split at m = min + (max - min) / 2 of its values.
  Branch branch(const Store& store, VarId x) const {
    if (kind_ < Kind::split || store.domain(x).size() <= 1) return {};
    return {split_point(store, x), true};
  }

  /// Posts a half decision: x <= m (split) or x > m (reverse-split). An assignment is posted by the search (it is
  /// "add {var = value} to assignment"). False on a wipe-out.
  bool post_half(Store& store, VarId x, const Branch& b) const;

  /// Posts the refutation of b, the decision for value index i: x != value, or the other half. False on a wipe-out.
  bool refute(Store& store, VarId x, int i, const Branch& b) const;

 private:
  enum class Kind { d_way, binary, split, reverse_split };

  // The last index a of x's domain with value(a) <= m.
  static int split_point(const Store& store, VarId x);

  Kind kind_;
};

}  // namespace csp::detail
