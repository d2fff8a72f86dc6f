// BACKTRACKING-SEARCH, AIMA 4th ed. Fig. 6.5, and the method of Backtracker below that does each step:
//
//   function BACKTRACK(csp, assignment) returns a solution or failure                       open_node()
//     if assignment is complete then return assignment                                       solution_found()
//     var <- SELECT-UNASSIGNED-VARIABLE(csp, assignment)                                     select_
//     for each value in ORDER-DOMAIN-VALUES(csp, var, assignment) do                         next_value()
//       if value is consistent with assignment then                                          consistent()
//         add {var = value} to assignment                                                    assign()
//         inferences <- INFERENCE(csp, var, assignment)                                      infer()
//         if inferences != failure then
//           result <- BACKTRACK(csp, assignment)                                             descend()
//           if result != failure then return result
//         remove {var = value} and inferences from assignment                                retract()
//     return failure                                                                         back_up()
//
// Here "inferences" live in the store's domains and are removed by undoing the trail. With an inference that
// filters domains (fc, mac) the consistency test is implied by the filtering, so it is skipped. The recursion is
// unrolled onto an explicit stack of frames (frame.hpp, one per decision on the current path), so the depth of the
// search is bounded by memory, not by the call stack: a million variables is a million frames of a few words each.
// search() is the loop; "return result" is the run ending (a limit, max_solutions, on_solution returning false).
//
// What varies is asked of objects beside the loop, each in its own file:
// - the store, the path of frames and the moves that take and retract decisions: search_state.hpp (the loop's
//   base class), frame.hpp;
// - ORDER-DOMAIN-VALUES per node: node_values.hpp; what the orderings return is checked (ordering_checks.hpp);
// - how a node branches (SolverConfig::branching): branching.hpp. d-way is the book's loop over the values. binary
//   gives a node one value v of its variable x; once x = v is over, refute() posts x != v at the parent's level,
//   runs the inference and opens a new node in its place (the variable is chosen again). split decides x <= m,
//   then x > m (take_half()), while x has two values or more;
// - limits, progress and why the run stopped: run_control.hpp;
// - projected counting (SolverConfig::projection): a filter on the solutions, projection.hpp; a repeated projection
//   is no solution, and back_up_projected() backs up past the nodes that can only repeat it;
// - assigning fixed variables (SolverConfig::assign_fixed): implied_assignments.hpp, at the start of open_node();
//   the frame on top when they were assigned unassigns them when it retracts its value.
// And hooks around the loop:
// - branch and bound (optimize.cpp, backtracking_hook.hpp): `bound_`, before each value of a node;
// - conflict-directed backjumping and nogood learning (backjumping.hpp, AIMA §6.3.3): `backjump_`, told of each
//   step; at "return failure" it names the depth to back up to instead of the parent;
// - restarts (restarts.hpp): search_with_restarts() around search().
#include "csp/search/backtracking.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "backjumping.hpp"
#include "backtracking_hook.hpp"
#include "branching.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/propagation/pc2.hpp"
#include "csp/search/restarts.hpp"
#include "frame.hpp"
#include "implied_assignments.hpp"
#include "node_values.hpp"
#include "ordering_checks.hpp"
#include "projection.hpp"
#include "restart_cutoff.hpp"
#include "run_control.hpp"
#include "search_state.hpp"

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;
using detail::Frame;

// The root of the search: the givens (variables with one value) assigned and checked against each other, AC-3 when
// asked, then the root inference. False when the problem is already inconsistent (or the time limit interrupted the
// root propagation: then store.interrupted()).
bool propagate_root(Store& store, SearchContext& ctx, const SolverConfig& config, const Inference& infer) {
  const Problem& p = store.problem();
  Assignment& a = store.assignment();
  for (VarId x = 0; x < p.variable_count(); ++x) {
    const Domain& d = store.domain(x);
    if (!d.is_singleton()) continue;
    if (!ctx.domains_filtered() && !ctx.is_consistent(x, d.min())) return false;
    a.assign(x, store.value(x, d.min()));
    if (!store.tick()) return false;
  }
  if ((config.ac3_preprocess || config.pc2_preprocess) && !ac3(store).consistent) return false;
  return infer(ctx, -1);
}

class Backtracker : detail::SearchState {
 public:
  // `start`: read before the store is built, which the elapsed time and the time limit count.
  Backtracker(const Problem& problem, const SolverConfig& config, SearchResult& result,
              const detail::SearchHooks* hooks = nullptr, Clock::time_point start = Clock::now())
      : SearchState(problem, config, result.stats, hooks != nullptr && hooks->bound,
                    hooks != nullptr ? hooks->descending : -1),
        config_(config),
        result_(result),
        control_(config, store_, result, start),
        select_(hooks != nullptr && hooks->select ? hooks->select
                                                  : config.variable_ordering.resolve(variable_orderings())),
        brancher_(config.branching),
        refutes_(brancher_.refutes()),
        bound_(hooks != nullptr && hooks->bound ? &hooks->bound : nullptr),
        projection_(config.projection, problem.variable_count()),
        cutoff_(config),
        forced_(config.inference == "mac" && config.value_ordering == "natural" && !refutes_ && bound_ == nullptr &&
                projection_.empty() && !backjump_ && !implied_.on()) {
    ctx_.set_seed(config.seed);
  }

  void run() {
    if (propagate_root(store_, ctx_, config_, infer_)) {
      search_with_restarts();
    } else if (store_.interrupted()) {
      control_.stop_by_limit();  // the root inference was cut short: nothing is proved
    } else {
      ++result_.stats.failures;  // the givens or the root inference fail: the root is a dead end
    }
    control_.finish();
  }

 private:
  enum class Outcome { go_on, stop, fail };  // fail: a dead end (counted)

  // The loop of Fig. 6.5 for the frame on top of the stack; a successful inference opens the child's frame.
  void search() {
    // Branch and bound with an incumbent already (a portfolio's shared best): the root takes the bound before a
    // propagation that fixes every variable could report a solution no better than it.
    if (bound_ != nullptr && !(*bound_)(ctx_)) {
      failed();
      return;
    }
    if (open_node() == Outcome::stop) return;
    while (!empty()) {
      if (restart_due()) return;  // search_with_restarts undoes the path and starts the next run
      Frame& f = top();
      const int depth = this->depth();  // the decision depth of x = value
      if (f.trying) retract(f, depth);
      if (f.decided) {  // binary and split: the node's decision is over; its refutation comes in its place
        if (refute() == Outcome::stop) return;
        continue;
      }
      // Branch and bound (optimize.cpp): the bound may have tightened since the node opened; a wipe-out ends it.
      const bool bounded = bound_ == nullptr || (*bound_)(ctx_);
      if (!bounded && store_.interrupted()) {
        control_.stop_by_limit();  // the bound's propagation ran past the deadline: not a dead end
        return;
      }
      const int i = bounded ? next_value(f) : -1;
      if (i < 0) {  // every value tried, or the bound of branch and bound cut the node: back to the parent
        back_up(f, depth, !bounded);
        continue;
      }
      if (bound_ != nullptr && !store_.domain(f.x).contains(i)) continue;  // a materialised value the bound removed
      if (try_value(f, i, depth) == Outcome::stop) return;
    }
  }

  // BACKTRACK's entry: a solution when the assignment is complete, otherwise SELECT-UNASSIGNED-VARIABLE and
  // ORDER-DOMAIN-VALUES open a new frame.
  // A forced node (forced_): the chosen variable has one value left. Its one iteration of the loop is taken here at
  // once: the same frame, counters, trail mark and observer call as the loop's (the loop meets the frame again when
  // it backs up), without the loop's round (restart and bound checks, the brancher, the store's assign and the
  // inference, which have nothing to do: mac after a decision that shrank no domain returns at once). Most nodes of
  // a Sudoku are forced: MRV takes the cells the propagation fixed one by one.
  Outcome open_node() {
    if (implied_.on() && !implied_.assign_fixed()) return failed();
    for (;;) {
      if (store_.assignment().is_complete()) return solution_found();
      Frame f;
      f.x = select_(ctx_);
      if (store_.interrupted()) return stop_by_limit();  // the ordering's scan ran past the deadline
      detail::check_variable(store_, config_.variable_ordering.name(), f.x);  // -1 ("none left") is wrong here too
      const bool forced = forced_ && store_.domain(f.x).is_singleton();
      if (!forced && !values_.open(ctx_, f)) return stop_by_limit();
      push(f);
      if (!forced) return Outcome::go_on;
      if (limit_hit()) return Outcome::stop;
      Frame& g = top();
      g.index = store_.domain(g.x).min();
      assign(g, g.index, depth());
    }
  }

  // The next value index of frame f in ORDER-DOMAIN-VALUES order, or -1. A node with a refutation skips the
  // values its refutations and the bound removed.
  int next_value(Frame& f) {
    int i = values_.next(store_, f);
    while (refutes_ && i >= 0 && !store_.domain(f.x).contains(i)) i = values_.next(store_, f);
    return i;
  }

  // One iteration of the book's loop over the values: the decision for value index i (the brancher's: x = value,
  // or a half of x's domain), its inference and, when that succeeds, the child.
  Outcome try_value(Frame& f, int i, int depth) {
    f.decided = refutes_;
    f.branch = brancher_.branch(store_, f.x);
    if (f.branch.half) return limit_hit() ? Outcome::stop : take_half(f, depth);
    if (!consistent(f, i, depth)) return Outcome::go_on;
    if (limit_hit()) return Outcome::stop;
    assign(f, i, depth);
    if (!infer(f.x, i, depth)) return failed();
    return descend();
  }

  // "result <- BACKTRACK(csp, assignment)": the child's node opens on top of the stack (or the assignment is a
  // solution); the loop goes on with it.
  Outcome descend() {
    if (open_node() == Outcome::stop) return Outcome::stop;  // the run ends here: no need to undo
    if (pending_projection_unwind_) back_up_projected();
    return Outcome::go_on;
  }

  // "if value is consistent with assignment" (inference none; fc and mac filter the domains instead). A rejection is
  // told to the observer and to backjumping, which may also rule the value out by a learned nogood.
  bool consistent(const Frame& f, int i, int depth) {
    if (ctx_.domains_filtered()) return true;
    const Constraint* violated = ctx_.violated_constraint(f.x, i);
    if (violated != nullptr && config_.observer != nullptr)
      config_.observer->on_reject(store_, f.x, store_.value(f.x, i), *violated, depth);
    if (backjump_) return backjump_->consistent(violated, f.x, i, depth);
    return violated == nullptr;
  }

  // "inferences <- INFERENCE(csp, var, assignment)" after x = value index i (the store's domain of x becomes the
  // value first). Backjumping runs its own, explained, forward check or MAC.
  bool infer(VarId x, int i, int depth) {
    if (!store_.assign(x, i, nullptr)) return false;
    if (backjump_) return backjump_->infer(ctx_, infer_, x, depth);
    return infer_(ctx_, x);
  }

  // Split branching: the decision of frame f is a half of x's domain, propagated as a change of x's domain. x is
  // not assigned; the child chooses a variable again (x among them). refute() posts the other half.
  Outcome take_half(Frame& f, int depth) {
    take_decision(f, depth);
    store_.set_depth(depth);
    bool ok = brancher_.post_half(store_, f.x, f.branch);
    if (ok) {
      ctx_.set_decision_shrank_domain(true);
      ok = infer_(ctx_, f.x);
    }
    return ok ? descend() : failed();  // a failed half: the other half comes next
  }

  // Binary and split branching: the decision of the node on top is over (its subtree was searched, its inference
  // failed or its value was inconsistent); the node leaves the path and the brancher posts the refutation at the
  // parent's level, where the inference runs as after a change of x's domain. A wipe-out is a failure (the
  // parent's decision is refuted next); otherwise a new node is opened in its place, with the variable chosen again.
  Outcome refute() {
    const VarId x = top().x;
    const int i = top().index;
    const detail::Branch b = top().branch;
    pop();
    bool ok = brancher_.refute(store_, x, i, b);
    if (ok) {
      ctx_.set_decision_shrank_domain(true);
      ok = infer_(ctx_, x);
    }
    // Branch and bound: the refuted decision's subtree may have found a solution since the parent applied the bound,
    // so the node opened here takes the new bound first (else it could report a solution no better than that one).
    if (ok && bound_ != nullptr) ok = (*bound_)(ctx_);
    if (!ok) return failed();
    if (limit_hit()) return Outcome::stop;
    return descend();
  }

  // "return failure": every value of the node on top (at `depth`) was tried. Back to the parent, which then
  // retracts its own value; with backjumping, to the depth the hook names, retracting the values of the nodes jumped
  // over (the target's own value is retracted by the loop).
  void back_up(Frame& f, int depth, bool cut) {
    // A dead end: no value consistent with the assignment (inference none), or the bound of branch and bound wiped
    // the node out (also after some of its values were tried: the node is cut, a failure).
    if (!f.assigned_any || cut) ++result_.stats.failures;
    if (!backjump_) {
      pop();
      return;
    }
    const int target = backjump_->dead_end(f.x, depth);
    if (target < depth - 1) ++result_.stats.backjumps;
    pop();
    back_up_to(target);
  }

  // "if assignment is complete then return assignment": counted, kept and told (RunControl::accept), unless it
  // repeats a projected solution.
  Outcome solution_found() {
    if (backjump_) backjump_->solution(depth());
    if (!projection_.empty() && !new_projected_solution()) return Outcome::go_on;
    return control_.accept(store_) ? Outcome::go_on : Outcome::stop;
  }

  // Projected counting: true when the assignment's projected values are new (they are recorded). Either way the
  // path is then unwound past every node whose subtree can only repeat them: while the projection variables stay
  // fixed after a node's value is retracted, the node's other values cannot change them.
  bool new_projected_solution() {
    const bool fresh = projection_.fresh(store_.assignment());
    if (fresh)
      pending_projection_unwind_ = true;  // after the solution's bookkeeping (observer, on_solution)
    else
      back_up_projected();
    return fresh;
  }

  // Retracts the values on the path, deepest first, while the projection variables are all fixed without them:
  // the node left on top has a value whose retraction frees some projection variable (or the path is empty).
  void back_up_projected() {
    pending_projection_unwind_ = false;
    while (!empty()) {
      Frame& f = top();
      if (f.trying) retract(f, depth());
      if (!projection_.fixed(store_)) return;  // this node's next value may give other projected values
      pop();
    }
  }

  // ---- Restarts (SolverConfig::restarts): a layer around search(). Each run is search() from the root with a
  // failure cutoff from the restart schedule; at the cutoff search() returns with restart_pending_ set, the path is
  // undone to the root (the store keeps its dom/wdeg weights and the random stream goes on), and the next run
  // starts with the next cutoff. Cutoffs grow without bound, so some run is complete. Once a solution is found
  // no more restarts happen: the earlier runs found none, so the last run's tree counts every solution once.
  // With backjumping each run starts with empty conflict sets and keeps the nogoods learned so far (facts about the
  // problem given the root, which every run shares).
  void search_with_restarts() {
    for (std::uint64_t k = 0;; ++k) {
      cutoff_.start_run(k, result_.stats.failures);
      restart_pending_ = false;
      search();
      if (!restart_pending_) return;
      back_up_to(0);  // every value on the path retracted, deepest first (each a backtrack, as the observer sees)
      if (backjump_) backjump_->restarted();
      ++result_.stats.restarts;
    }
  }

  // Has the current run met its failure cutoff (and found no solution yet)?
  bool restart_due() {
    if (result_.solution_count != 0 || !cutoff_.met(result_.stats.failures)) return false;
    restart_pending_ = true;
    return true;
  }

  bool limit_hit() { return control_.limit_hit(); }
  Outcome stop_by_limit() {
    control_.stop_by_limit();
    return Outcome::stop;
  }
  // A propagation failed: a dead end (counted), or a stop when the deadline cut it short.
  Outcome failed() {
    if (store_.interrupted()) return stop_by_limit();
    ++result_.stats.failures;
    return Outcome::fail;
  }

  const SolverConfig& config_;
  SearchResult& result_;
  detail::RunControl control_;
  const VariableOrdering& select_;
  detail::Brancher brancher_;
  bool refutes_;                                      // brancher_.refutes(): binary or split
  const std::function<bool(SearchContext&)>* bound_;  // null except under branch and bound
  detail::ProjectionFilter projection_;
  bool pending_projection_unwind_ = false;
  detail::RestartCutoff cutoff_;
  bool restart_pending_ = false;  // search() returned at the cutoff, not at the end of the tree
  // Forced nodes are taken by open_node() itself: the inference is mac, the values are the lazy natural order (a
  // node's first value is its domain's smallest, nothing is asked of an ordering) and a decision is x = value alone
  // (d-way: a refutation of x = v would fail and count), with no hook told of each step (cbj, branch and bound,
  // projection, assign_fixed).
  bool forced_;
};

// PC-2 before the search when asked (config.pc2_preprocess): the search runs on the transformed problem, which has
// the same variables and solutions. PC-2's work is counted in the run's statistics and elapsed time.
SearchResult run_search(const Problem& problem, const SolverConfig& config, const detail::SearchHooks* hooks) {
  config.validate();
  SearchResult result;
  if (!config.pc2_preprocess) {
    Backtracker(problem, config, result, hooks).run();
    return result;
  }
  const Clock::time_point start = Clock::now();
  const Pc2Result pc = pc2(problem);
  const auto pc2_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
  Statistics pc2_stats;
  pc2_stats.revisions = pc.path_revisions;
  pc2_stats.constraint_checks = pc.constraint_checks;
  pc2_stats.values_pruned = pc.values_pruned;
  if (!pc.consistent) {
    ++pc2_stats.wipeouts;
    ++pc2_stats.failures;  // the root is a dead end, as when AC-3 or the root inference fails
    pc2_stats.elapsed_us = pc2_us;
    result.stats = pc2_stats;
    result.status = Status::unsatisfiable;
    result.complete = true;
    return result;
  }
  Backtracker(pc.problem, config, result, hooks).run();
  result.stats += pc2_stats;
  result.stats.elapsed_us += pc2_us;
  return result;
}

}  // namespace

SearchResult backtracking_search(const Problem& problem, const SolverConfig& config) {
  return run_search(problem, config, nullptr);
}

SearchResult detail::backtracking_search(const Problem& problem, const SolverConfig& config, const SearchHooks& hooks) {
  return run_search(problem, config, &hooks);
}

}  // namespace csp
