// Internal to the engine: the backjumping hook of backtracking search: how far a dead end backs up and what is
// learned on the way (AIMA 4th ed. §6.3.3). Without it, backtracking.cpp backs up chronologically (Fig. 6.5).
#pragma once

#include <memory>

#include "csp/core/constraint.hpp"
#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/solver_config.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp::detail {

/// Called by backtracking.cpp at the steps of Fig. 6.5, with the decision depth (1 for the first decision). One
/// implementation today: conflict-directed backjumping with nogood learning (backjumping.cpp, over
/// conflict_sets.hpp), made by `make_backjumping` when SolverConfig::backjumping is "cbj".
class BackjumpHook {
 public:
  virtual ~BackjumpHook() = default;
  /// SELECT-UNASSIGNED-VARIABLE opened a node at `depth`.
  virtual void opened(int depth) = 0;
  /// Inference none: "is x = index i consistent with the assignment": `violated` (null when none) is the
  /// constraint the plain check found; false when it or a learned nogood rules the value out.
  virtual bool consistent(const Constraint* violated, VarId x, int i, int depth) = 0;
  /// x = value index i is being added to the assignment (before the store and the inference see it).
  virtual void assigned(VarId x, int i, int depth) = 0;
  /// INFERENCE after x = i (already in the store), explained for the conflict sets. False on a failure.
  virtual bool infer(SearchContext& ctx, const Inference& inference, VarId x, int depth) = 0;
  /// {x = value} and its inferences are being removed.
  virtual void retracted(VarId x, int depth) = 0;
  /// A solution was found with `depth` decisions on the path.
  virtual void solution(int depth) = 0;
  /// Every value of x (at `depth`) was tried: the depth to back up to (depth - 1 is chronological).
  virtual int dead_end(VarId x, int depth) = 0;
  /// Search undid every decision to restart from the root.
  virtual void restarted() = 0;
};

/// The hook SolverConfig::backjumping names: null for "none", conflict-directed backjumping (with
/// config.learning) for "cbj". Throws Error for "cbj" under branch and bound (`bounded`).
std::unique_ptr<BackjumpHook> make_backjumping(Store& store, const SolverConfig& config, bool bounded);

}  // namespace csp::detail
