// Internal to the engine: one node on the path of backtracking search (backtracking.cpp), the recursion of AIMA
// Fig. 6.5 unrolled onto an explicit stack.
#pragma once

#include <cstddef>

#include "branching.hpp"
#include "csp/core/trail.hpp"

namespace csp::detail {

/// The variable chosen at a node, where its value iteration stands, and the decision being tried with the trail
/// mark set before it.
struct Frame {
  VarId x = -1;
  int index = -1;             ///< the value index tried last (-1 before the first)
  std::size_t next = 0;       ///< materialised order: position of the next value in NodeValues' stack
  std::size_t end = 0;        ///< materialised order: end of this node's values
  std::size_t base = 0;       ///< materialised order: the stack's size before this node's values were pushed
  Trail::Mark mark{};         ///< trail mark before the decision (valid while `trying`)
  Value value = 0;            ///< the value being tried
  Branch branch;              ///< the decision being tried (x = value, or a half of x's domain)
  bool trying = false;        ///< the decision is on the path (its subtree is open or just failed)
  bool assigned_any = false;  ///< some decision of this node passed the consistency check and was taken
  bool decided = false;       ///< binary and split: the node's decision was taken (its refutation comes next)
  std::size_t implied = 0;    ///< assign_fixed: the implied assignments' count when the decision was taken
};

}  // namespace csp::detail
