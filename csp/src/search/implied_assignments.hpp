// Internal to the engine: assigning fixed variables without a decision (SolverConfig::assign_fixed), as MiniZinc
// solvers count nodes: a variable the inference left with one value is assigned, not branched on.
#pragma once

#include <cstddef>
#include <vector>

#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp::detail {

/// The variables assigned without a decision, in order; the node whose decision led to them unassigns them when
/// it retracts the decision (unassign_above with the size() taken then).
class ImpliedAssignments {
 public:
  /// `on`: SolverConfig::assign_fixed applies (an inference that filters, no cbj); it turns on the store's log.
  ImpliedAssignments(Store& store, SearchContext& ctx, const Inference& infer, bool on);

  bool on() const { return on_; }
  /// Assigns every unassigned variable the store logged as fixed, with the inference run from it as after a
  /// decision that did not shrink its domain (mac: nothing; fc: its constraints revise their unassigned
  /// variables, which may fix more: the loop takes them too). Not decisions: no count, no observer. False on a
  /// wipe-out (or when the inference was cut short: store.interrupted()).
  bool assign_fixed();
  /// How many variables are assigned so far.
  std::size_t size() const { return implied_.size(); }
  /// Unassigns the variables assigned since size() was `size`.
  void unassign_above(std::size_t size) {
    while (implied_.size() > size) {
      const VarId y = implied_.back();
      implied_.pop_back();
      store_.assignment().unassign(y);
      ctx_.note_unassigned(y);
    }
  }

 private:
  Store& store_;
  SearchContext& ctx_;
  const Inference& infer_;
  bool on_;
  std::vector<VarId> implied_;  // the variables assigned without a decision, in order
  std::vector<VarId> fixed_;    // scratch for Store::take_fixed
};

}  // namespace csp::detail
