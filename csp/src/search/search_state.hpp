// Internal to the engine: the state of one backtracking run (backtracking.cpp): the store its decisions are taken
// in, the path of decisions (AIMA 4th ed. Fig. 6.5 unrolled onto a stack), and the moves that take and retract
// them: "add {var = value} to assignment" and "remove {var = value} and inferences from assignment".
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "backjumping.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/solver_config.hpp"
#include "frame.hpp"
#include "implied_assignments.hpp"
#include "node_values.hpp"

namespace csp::detail {

/// The store, the search context, the frames on the path, root first (a frame's depth is its position, 1 for the
/// first decision), with the values each node tries. Takes and retracts decisions in the store, telling the
/// observer, backjumping (null unless cbj) and the statistics. The base of the search loop's class: its members
/// are the loop's own, without an indirection per use (the moves run at every node).
class SearchState {
 public:
  /// A run of `config` on `problem`, counting into `stats`; `bounded`: under branch and bound (cbj refuses it);
  /// `descending`: the variable the natural value order steps through from its largest value, or -1.
  SearchState(const Problem& problem, const SolverConfig& config, Statistics& stats, bool bounded, VarId descending)
      : store_(problem, stats, config.observer),
        ctx_(store_, config.inference != "none"),
        infer_(inferences().get(config.inference).fn),
        implied_(store_, ctx_, infer_,
                 config.assign_fixed && config.inference != "none" && config.backjumping != "cbj"),
        backjump_(make_backjumping(store_, config, bounded)),
        observer_(config.observer),
        stats_(stats),
        values_(config.value_ordering.resolve(value_orderings()), config.value_ordering.name(),
                config.value_ordering == "natural", descending) {
    // The path is at most one frame per variable: reserved up to a bound, so a small model's path never reallocates
    // and a huge one grows as it goes.
    frames_.reserve(static_cast<std::size_t>(std::min(problem.variable_count(), 1024)));
  }

  bool empty() const { return frames_.empty(); }
  /// The depth of the deepest node: the number of frames.
  int depth() const { return static_cast<int>(frames_.size()); }
  Frame& top() { return frames_.back(); }
  NodeValues& values() { return values_; }

  /// A new node f (its values opened) goes on the path.
  void push(const Frame& f) {
    frames_.push_back(f);
    if (backjump_) backjump_->opened(depth());
  }

  /// The decision of f is taken at `depth`: its trail mark, and the counters (a half counts as an assignment).
  void take_decision(Frame& f, int depth) {
    f.mark = store_.mark();
    f.implied = implied_.size();
    f.trying = true;
    f.assigned_any = true;
    ++stats_.assignments;
    if (static_cast<std::uint64_t>(depth) > stats_.max_depth) stats_.max_depth = static_cast<std::uint64_t>(depth);
  }

  /// "add {var = value} to assignment": x = value index i at `depth` (the store's domain of x is reduced to the
  /// value as part of the inference).
  void assign(Frame& f, int i, int depth) {
    take_decision(f, depth);
    f.value = store_.value(f.x, i);
    store_.assignment().assign(f.x, f.value);
    store_.set_depth(depth);
    if (observer_ != nullptr) observer_->on_assign(store_, f.x, f.value, depth);
    ctx_.set_decision_shrank_domain(!store_.domain(f.x).is_singleton());
    if (backjump_) backjump_->assigned(f.x, i, depth);
  }

  /// "remove {var = value} and inferences from assignment" (or the half of x's domain): the end of one iteration
  /// of the book's loop over the values.
  void retract(Frame& f, int depth) {
    ++stats_.backtracks;
    implied_.unassign_above(f.implied);
    if (f.branch.half) {  // a half of x's domain: x was not assigned
      store_.undo_to(f.mark);
      store_.set_depth(depth - 1);
      f.trying = false;
      return;
    }
    if (observer_ != nullptr) observer_->on_backtrack(store_, f.x, f.value, depth);
    store_.undo_to(f.mark);
    store_.set_depth(depth - 1);
    store_.assignment().unassign(f.x);
    ctx_.note_unassigned(f.x);
    if (backjump_) backjump_->retracted(f.x, depth);
    f.trying = false;
  }

  /// The node on top leaves the path (its decision is retracted already).
  void pop() {
    values_.close(frames_.back());
    frames_.pop_back();
  }

  /// Retracts the decisions of the nodes deeper than `depth`, deepest first, and removes those nodes.
  void back_up_to(int depth) {
    while (this->depth() > depth) {
      Frame& g = frames_.back();
      if (g.trying) retract(g, this->depth());
      pop();
    }
  }

 protected:
  Store store_;
  SearchContext ctx_;
  const Inference& infer_;
  ImpliedAssignments implied_;
  std::unique_ptr<BackjumpHook> backjump_;  // null unless config.backjumping is "cbj"
  SearchObserver* observer_;
  Statistics& stats_;
  NodeValues values_;
  std::vector<Frame> frames_;  // root first
};

}  // namespace csp::detail
