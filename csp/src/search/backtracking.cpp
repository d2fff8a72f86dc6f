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
//           result <- BACKTRACK(csp, assignment)                                             open_node()
//           if result != failure then return result
//         remove {var = value} and inferences from assignment                                retract()
//     return failure                                                                         back_up()
//
// Here "inferences" live in the store's domains and are removed by undoing the trail. With an inference that
// filters domains (fc, mac) the consistency test is implied by the filtering, so it is skipped. The recursion is
// unrolled onto an explicit stack of frames (one per decision on the current path), so the depth of the search is
// bounded by memory, not by the call stack: a million variables is a million frames of a few words each. search()
// is the loop; "return result" is the run ending (a limit, max_solutions, on_solution returning false).
//
// The variants are hooks around these steps, each in its own place:
// - branch and bound (optimize.cpp, backtracking_hook.hpp): `bound_`, before each value of a node;
// - conflict-directed backjumping and nogood learning (backjumping.hpp, AIMA §6.3.3): `backjump_`, told of each
//   step; at "return failure" it names the depth to back up to instead of the parent;
// - projected counting (SolverConfig::projection): in solution_found(), a repeated projection is no solution, and
//   back_up_projected() backs up past the nodes that can only repeat it;
// - restarts (restarts.hpp): search_with_restarts() around search();
// - binary branching (SolverConfig::branching): a node tries one value v of its variable x; once x = v is over,
//   refute() posts x != v at the parent's level, runs the inference and opens a new node in its place (the
//   variable is chosen again). The book's loop over the values is then the chain of refutations;
// - split branching (the same branching "split" / "reverse-split"): while x has two values or more, the node's
//   decision is x <= m (split()) and its refutation x > m (the other way round for reverse-split); x stays
//   unassigned until one value is left, then a binary node assigns it;
// - assigning fixed variables (SolverConfig::assign_fixed): open_node() first assigns every variable the inference
//   left with one value (assign_fixed_variables(), forward checking from each), without a frame; the frame on top
//   when they were assigned unassigns them when it retracts its value.
#include "csp/search/backtracking.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

#include "backjumping.hpp"
#include "backtracking_hook.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/propagation/pc2.hpp"
#include "csp/search/restarts.hpp"

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;

// Work reported to Store::tick per search node: the clock is read at least every 256 / kNodeWork nodes (and more
// often when propagation reports its own work), so a time limit is checked well within a millisecond of search.
constexpr std::uint64_t kNodeWork = 64;

class Backtracker {
 public:
  Backtracker(const Problem& problem, const SolverConfig& config, SearchResult& result,
              const detail::SearchHooks* hooks = nullptr)
      : config_(config),
        result_(result),
        start_(Clock::now()),
        store_(problem, result.stats, config.observer),
        select_(hooks != nullptr && hooks->select ? hooks->select
                                                  : config.variable_ordering.resolve(variable_orderings())),
        order_(config.value_ordering.resolve(value_orderings())),
        // "natural" is the built-in ascending order (registry names are unique; a callable never equals a name): it
        // is iterated lazily with Domain::next instead of filling a vector per node.
        lazy_natural_(config.value_ordering == "natural"),
        binary_(config.branching != "d-way"),
        split_(config.branching == "split"           ? Split::lower_first
               : config.branching == "reverse-split" ? Split::upper_first
                                                     : Split::none),
        assign_fixed_(config.assign_fixed && config.inference != "none" && config.backjumping != "cbj"),
        infer_(inferences().get(config.inference).fn),
        ctx_(store_, config.inference != "none"),
        bound_(hooks != nullptr && hooks->bound ? &hooks->bound : nullptr),
        descending_(hooks != nullptr ? hooks->descending : -1),
        restart_schedule_(restart_strategies().get(config.restarts).fn) {
    store_.set_fixed_log(assign_fixed_);
    if (config.limits.time_limit.count() != 0) store_.set_deadline(start_ + config.limits.time_limit);
    store_.set_interrupt_flag(config.limits.interrupt);
    for (const VarId x : config.projection) {
      if (x < 0 || x >= problem.variable_count())
        throw Error("projection: " + std::to_string(x) + " is not a variable id (the problem has " +
                    std::to_string(problem.variable_count()) + ")");
      if (std::find(projection_.begin(), projection_.end(), x) == projection_.end()) projection_.push_back(x);
    }
    backjump_ = detail::make_backjumping(store_, config, bound_ != nullptr);
    ctx_.set_seed(config.seed);
    next_progress_ = start_ + config.progress_interval;
  }

  void run() {
    if (root()) {
      search_with_restarts();
    } else if (store_.interrupted()) {
      stop_by_limit();  // the root inference was cut short: nothing is proved
    } else {
      ++result_.stats.failures;  // the givens or the root inference fail: the root is a dead end
    }
    Statistics& s = result_.stats;
    s.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
    result_.complete = !stopped_by_limit_;
    result_.stop = stopped_by_limit_ ? stop_ : capped_ ? StopReason::solution_cap : StopReason::complete;
    if (stopped_by_limit_) {
      result_.status = Status::limit_reached;
    } else {
      result_.status = result_.solution_count > 0 ? Status::solved : Status::unsatisfiable;
    }
  }

 private:
  enum class Outcome { go_on, stop, fail };  // fail: the node is a dead end (assign_fixed's forward checking)

  // One node of the search tree on the explicit stack (the recursion of Fig. 6.5 unrolled): the variable chosen
  // there, where its value iteration stands, and the value being tried with the trail mark set before it.
  struct Frame {
    VarId x = -1;
    int index = -1;             // the value index tried last (-1 before the first)
    std::size_t next = 0;       // materialised order: position of the next value in order_stack_
    std::size_t end = 0;        // materialised order: end of this node's values in order_stack_
    std::size_t base = 0;       // order_stack_ size before this node's values were pushed
    Trail::Mark mark{};         // trail mark before x = value (valid while `trying`)
    Value value = 0;            // the value being tried
    bool trying = false;        // x = value is in the assignment (its subtree is open or just failed)
    bool assigned_any = false;  // some value of x passed the consistency check and was assigned
    bool decided = false;       // binary branching: the node's one value was chosen (x != value comes next)
    bool split = false;         // split branching: the decision is a half of x's domain, not x = value
    int split_at = -1;          // split branching: the last index of the lower half (values <= m)
    std::size_t implied = 0;    // assign_fixed: implied_ size when the value was tried (retract unassigns above)
  };
  enum class Split { none, lower_first, upper_first };

  // Givens, optional AC-3, root inference. False when the problem is already inconsistent (or the time limit
  // interrupted the root propagation: then store_.interrupted()).
  bool root() {
    const Problem& p = store_.problem();
    Assignment& a = store_.assignment();
    for (VarId x = 0; x < p.variable_count(); ++x) {
      const Domain& d = store_.domain(x);
      if (!d.is_singleton()) continue;
      if (!ctx_.domains_filtered() && !ctx_.is_consistent(x, d.min())) return false;
      a.assign(x, store_.value(x, d.min()));
      if (!store_.tick()) return false;
    }
    if ((config_.ac3_preprocess || config_.pc2_preprocess) && !ac3(store_).consistent) return false;
    return infer_(ctx_, -1);
  }

  bool limit_hit() {
    const StopCondition& lim = config_.limits;
    if (lim.node_limit != 0 && result_.stats.assignments >= lim.node_limit) {
      stop_by(StopReason::node_limit);
      return true;
    }
    if (!store_.tick(kNodeWork)) {
      stop_by_limit();
      return true;
    }
    if (config_.on_progress && config_.progress_interval.count() != 0 && (++progress_calls_ & 15U) == 0)
      report_progress_if_due();
    return false;
  }

  // SolverConfig::on_progress: the counters so far, after an accepted solution (improved) or every interval.
  void report_progress(bool improved) {
    Progress p;
    p.stats = result_.stats;
    p.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
    p.solutions = result_.solution_count;
    p.improved = improved;
    config_.on_progress(p);
  }
  void report_progress_if_due() {
    const Clock::time_point now = Clock::now();
    if (now < next_progress_) return;
    next_progress_ = now + config_.progress_interval;
    report_progress(false);
  }

  Outcome solution_found() {
    const Assignment& a = store_.assignment();
    if (backjump_) backjump_->solution(static_cast<int>(frames_.size()));
    if (!projection_.empty() && !new_projected_solution()) return Outcome::go_on;
    ++result_.solution_count;
    ++result_.stats.solutions;
    if (config_.keeps(result_.solution_count)) result_.solutions.push_back(a);
    if (config_.observer != nullptr) config_.observer->on_solution(store_, a);
    const bool go_on = !config_.on_solution || config_.on_solution(a);
    if (go_on && config_.on_progress) report_progress(true);
    // Reaching max_solutions is the stop that was asked for (complete); a stop by the callback before it leaves
    // the count inexact, like a node or time limit.
    if (config_.max_solutions != 0 && result_.solution_count >= config_.max_solutions) {
      capped_ = true;
      return Outcome::stop;
    }
    if (!go_on) {
      stop_by(StopReason::callback);
      return Outcome::stop;
    }
    return Outcome::go_on;
  }

  // ---- Projected counting (SolverConfig::projection): solutions that differ on the projection variables count
  // once. A solution whose projected values were seen before is not a solution of the projected problem; either
  // way the search then backs up past every node whose subtree can only repeat these projected values: while the
  // projection variables stay fixed after a node's value is retracted, the node's other values cannot change them.
  // The set of seen tuples makes the count exact whatever the ordering; the backing up keeps the enumeration of
  // the variables outside the projection (MiniZinc's hidden variables) from multiplying the work.

  // True when the assignment's projected values are new (and records them); then unwinds the path as above.
  bool new_projected_solution() {
    const Assignment& a = store_.assignment();
    std::vector<Value> tuple;
    tuple.reserve(projection_.size());
    for (const VarId x : projection_) tuple.push_back(a.unchecked_value(x));
    const bool fresh = seen_projections_.insert(std::move(tuple)).second;
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
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      if (f.trying) retract(f, static_cast<int>(frames_.size()));
      if (!projection_fixed()) return;  // this node's next value may give other projected values
      pop_node();
    }
  }

  bool projection_fixed() const {
    for (const VarId x : projection_)
      if (!store_.domain(x).is_singleton()) return false;
    return true;
  }

  // BACKTRACK's entry: a solution when the assignment is complete, otherwise SELECT-UNASSIGNED-VARIABLE and
  // ORDER-DOMAIN-VALUES open a new frame.
  Outcome open_node() {
    if (assign_fixed_) {
      const Outcome o = assign_fixed_variables();
      if (o != Outcome::go_on) return o;
    }
    if (store_.assignment().is_complete()) return solution_found();
    const VarId x = select_(ctx_);
    if (store_.interrupted()) return stop_by_limit();  // the ordering's scan ran past the deadline
    check_variable(x);  // the assignment is not complete here, so -1 ("none left") is a wrong answer too
    Frame f;
    f.x = x;
    if (!lazy_natural_) {
      scratch_.clear();
      order_(ctx_, x, scratch_);
      if (store_.interrupted()) return stop_by_limit();
      check_values(x);
      f.base = order_stack_.size();
      order_stack_.insert(order_stack_.end(), scratch_.begin(), scratch_.end());
      f.next = f.base;
      f.end = order_stack_.size();
    }
    frames_.push_back(f);
    if (backjump_) backjump_->opened(static_cast<int>(frames_.size()));
    return Outcome::go_on;
  }

  // SolverConfig::assign_fixed: every unassigned variable the store logged as fixed (one value left) is assigned,
  // with the inference run from it as after a decision that did not shrink its domain (mac: nothing; fc: its
  // constraints revise their unassigned variables, which may fix more: the loop takes them too). A wipe-out there
  // fails the node. Not decisions: no frame, no count, no observer.
  Outcome assign_fixed_variables() {
    Assignment& a = store_.assignment();
    for (;;) {
      store_.take_fixed(fixed_);
      if (fixed_.empty()) return Outcome::go_on;
      for (const VarId y : fixed_) {
        const Domain& d = store_.domain(y);
        if (a.is_assigned(y) || !d.is_singleton()) continue;
        a.assign(y, store_.value(y, d.min()));
        implied_.push_back(y);
        ctx_.set_decision_shrank_domain(false);
        if (!infer_(ctx_, y)) {
          if (store_.interrupted()) return stop_by_limit();
          ++result_.stats.failures;
          return Outcome::fail;
        }
      }
    }
  }

  // Unassigns the variables assign_fixed_variables() assigned since implied_ had `size` entries.
  void unassign_implied(std::size_t size) {
    while (implied_.size() > size) {
      const VarId y = implied_.back();
      implied_.pop_back();
      store_.assignment().unassign(y);
      ctx_.note_unassigned(y);
    }
  }

  // The checked extension points: what SELECT-UNASSIGNED-VARIABLE returned must be an unassigned variable of
  // the problem (called only while one is left). O(1) per node.
  void check_variable(VarId x) const {
    const Assignment& a = store_.assignment();
    const auto fail = [&](const std::string& why) {
      throw Error("variable ordering '" + config_.variable_ordering.name() + "' returned " + std::to_string(x) + ": " +
                  why);
    };
    if (x == -1) fail("none left, but " + std::to_string(a.variable_count() - a.assigned_count()) + " unassigned");
    if (x < 0 || x >= a.variable_count())
      fail("not a variable id (the problem has " + std::to_string(a.variable_count()) + " variable" +
           (a.variable_count() == 1 ? "" : "s") + ")");
    if (a.is_assigned(x)) fail("variable '" + store_.problem().variable(x).name() + "' is already assigned");
  }

  // What ORDER-DOMAIN-VALUES put in scratch_ must be distinct indices of values still in x's domain.
  // O(k log k) for k values, well below the ordering's own cost (lcv counts ruled-out values per index).
  void check_values(VarId x) {
    const Domain& d = store_.domain(x);
    const auto fail = [&](int i, const std::string& why) {
      throw Error("value ordering '" + config_.value_ordering.name() + "' returned index " + std::to_string(i) +
                  " for variable '" + store_.problem().variable(x).name() + "': " + why);
    };
    for (const int i : scratch_)
      if (!d.contains(i))
        fail(i, "not the index of a value in its domain (a value index is 0.." + std::to_string(d.capacity() - 1) +
                    "; was a value given instead of its index?)");
    sorted_.assign(scratch_.begin(), scratch_.end());
    std::sort(sorted_.begin(), sorted_.end());
    const auto twice = std::adjacent_find(sorted_.begin(), sorted_.end());
    if (twice != sorted_.end()) fail(*twice, "given twice");
  }

  // A stop by the store's deadline or interrupt flag (tick returned false), or by `reason`.
  Outcome stop_by_limit() {
    return stop_by(store_.stopped_by_flag() ? StopReason::interrupted : StopReason::time_limit);
  }
  Outcome stop_by(StopReason reason) {
    if (!stopped_by_limit_) stop_ = reason;
    stopped_by_limit_ = true;
    return Outcome::stop;
  }

  // The next value index of frame f in ORDER-DOMAIN-VALUES order, or -1. The natural order steps through x's
  // domain with Domain::next from the index tried last: the trail has restored the domain x had when the node
  // was opened, so this visits the same indices as a materialised ascending list, O(1) per value on intervals.
  int next_value(Frame& f) {
    if (lazy_natural_) {
      const Domain& d = store_.domain(f.x);
      if (f.x == descending_)
        f.index = f.index < 0 ? d.max() : d.prev(f.index);  // a maximised objective
      else
        f.index = f.index < 0 ? d.min() : d.next(f.index);
      return f.index;
    }
    if (f.next == f.end) return -1;
    f.index = order_stack_[f.next++];
    return f.index;
  }

  // Removes {x = value} and its inferences: the end of one iteration of the book's loop.
  void retract(Frame& f, int depth) {
    ++result_.stats.backtracks;
    unassign_implied(f.implied);
    if (f.split) {  // a half of x's domain: x was not assigned
      store_.undo_to(f.mark);
      store_.set_depth(depth - 1);
      f.trying = false;
      return;
    }
    if (config_.observer != nullptr) config_.observer->on_backtrack(store_, f.x, f.value, depth);
    store_.undo_to(f.mark);
    store_.set_depth(depth - 1);
    store_.assignment().unassign(f.x);
    ctx_.note_unassigned(f.x);
    if (backjump_) backjump_->retracted(f.x, depth);
    f.trying = false;
  }

  // The node on top leaves the path (its value is retracted already).
  void pop_node() {
    order_stack_.resize(frames_.back().base);
    frames_.pop_back();
  }

  // Retracts the values of the nodes deeper than `depth`, deepest first, and removes those nodes.
  void back_up_to(std::size_t depth) {
    while (frames_.size() > depth) {
      Frame& g = frames_.back();
      if (g.trying) retract(g, static_cast<int>(frames_.size()));
      pop_node();
    }
  }

  // "return failure": every value of the node on top (at `depth`) was tried. Back to the parent, which then
  // retracts its own value; with backjumping, to the depth the hook names, retracting the values of the nodes jumped
  // over (the target's own value is retracted by the loop).
  void back_up(Frame& f, int depth, bool cut) {
    // A dead end: no value consistent with the assignment (inference none), or the bound of branch and bound wiped
    // the node out (also after some of its values were tried: the node is cut, a failure).
    if (!f.assigned_any || cut) ++result_.stats.failures;
    if (!backjump_) {
      pop_node();
      return;
    }
    const int target = backjump_->dead_end(f.x, depth);
    if (target < depth - 1) ++result_.stats.backjumps;
    pop_node();
    back_up_to(static_cast<std::size_t>(target));
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

  // "add {var = value} to assignment": x = value index i at `depth`, with its trail mark (the store's domain of x is
  // reduced to the value by the caller, as part of the inference).
  void assign(Frame& f, int i, int depth) {
    Statistics& s = result_.stats;
    f.mark = store_.mark();
    f.implied = implied_.size();
    f.value = store_.value(f.x, i);
    f.trying = true;
    f.assigned_any = true;
    ++s.assignments;
    if (static_cast<std::uint64_t>(depth) > s.max_depth) s.max_depth = static_cast<std::uint64_t>(depth);
    store_.assignment().assign(f.x, f.value);
    store_.set_depth(depth);
    if (config_.observer != nullptr) config_.observer->on_assign(store_, f.x, f.value, depth);
    ctx_.set_decision_shrank_domain(!store_.domain(f.x).is_singleton());
    if (backjump_) backjump_->assigned(f.x, i, depth);
  }

  // "inferences <- INFERENCE(csp, var, assignment)" after x = value index i (the store's domain of x becomes the
  // value first). Backjumping runs its own, explained, forward check or MAC.
  bool infer(VarId x, int i, int depth) {
    if (!store_.assign(x, i, nullptr)) return false;
    if (backjump_) return backjump_->infer(ctx_, infer_, x, depth);
    return infer_(ctx_, x);
  }

  // Binary branching: the decision x = v of the node on top is over (its subtree was searched, its inference
  // failed or v was inconsistent); the node leaves the path and x != v is posted at the parent's level, where the
  // inference runs as after a change of x's domain. A wipe-out is a failure (the parent's decision is refuted
  // next); otherwise a new node is opened in its place, with the variable chosen again.
  Outcome refute() {
    const VarId x = frames_.back().x;
    const int i = frames_.back().index;
    const bool split = frames_.back().split;
    const int at = frames_.back().split_at;
    pop_node();
    bool ok = !split                         ? store_.remove(x, i, nullptr)
              : split_ == Split::lower_first ? store_.remove_below(x, at + 1, nullptr)  // x > m
                                             : store_.remove_above(x, at, nullptr);     // x <= m
    if (ok) {
      ctx_.set_decision_shrank_domain(true);
      ok = infer_(ctx_, x);
    }
    // Branch and bound: the refuted decision's subtree may have found a solution since the parent applied the bound,
    // so the node opened here takes the new bound first (else it could report a solution no better than that one).
    if (ok && bound_ != nullptr) ok = (*bound_)(ctx_);
    if (!ok) {
      if (store_.interrupted()) return stop_by_limit();
      ++result_.stats.failures;
      return Outcome::go_on;
    }
    if (limit_hit()) return Outcome::stop;
    if (open_node() == Outcome::stop) return Outcome::stop;
    if (pending_projection_unwind_) back_up_projected();
    return Outcome::go_on;
  }

  // Split branching: the decision of the node on top is a half of x's domain (x has two values or more): x <= m
  // (lower_first) or x > m, m = min + (max - min) / 2 of x's values, propagated as a change of x's domain. x is not
  // assigned; the child chooses a variable again (x among them). refute() posts the other half.
  Outcome split(Frame& f, int depth) {
    const Domain& d = store_.domain(f.x);
    const Value lo = store_.value(f.x, d.min());
    const Value m = static_cast<Value>(lo + (static_cast<long long>(store_.value(f.x, d.max())) - lo) / 2);
    int a = d.min();  // value(a) <= m < value(b): the values are sorted by index
    int b = d.max();
    while (b - a > 1) {
      const int c = a + (b - a) / 2;
      (store_.value(f.x, c) <= m ? a : b) = c;
    }
    Statistics& s = result_.stats;
    f.split = true;
    f.split_at = a;
    f.mark = store_.mark();
    f.implied = implied_.size();
    f.trying = true;
    f.assigned_any = true;
    ++s.assignments;
    if (static_cast<std::uint64_t>(depth) > s.max_depth) s.max_depth = static_cast<std::uint64_t>(depth);
    store_.set_depth(depth);
    bool ok =
        split_ == Split::lower_first ? store_.remove_above(f.x, a, nullptr) : store_.remove_below(f.x, a + 1, nullptr);
    if (ok) {
      ctx_.set_decision_shrank_domain(true);
      ok = infer_(ctx_, f.x);
    }
    if (ok) {
      if (open_node() == Outcome::stop) return Outcome::stop;
      if (pending_projection_unwind_) back_up_projected();
    } else if (store_.interrupted()) {
      return stop_by_limit();
    } else {
      ++s.failures;  // the half failed: the other half comes next
    }
    return Outcome::go_on;
  }

  // The loop of Fig. 6.5 for the frame on top of the stack; a successful inference opens the child's frame.
  void search() {
    // Branch and bound with an incumbent already (a portfolio's shared best): the root takes the bound before a
    // propagation that fixes every variable could report a solution no better than it.
    if (bound_ != nullptr && !(*bound_)(ctx_)) {
      if (store_.interrupted())
        stop_by_limit();
      else
        ++result_.stats.failures;
      return;
    }
    if (open_node() == Outcome::stop) return;
    while (!frames_.empty()) {
      if (restart_due()) return;  // search_with_restarts undoes the path and starts the next run
      Frame& f = frames_.back();
      const int depth = static_cast<int>(frames_.size());  // the decision depth of x = value
      if (f.trying) retract(f, depth);
      if (binary_ && f.decided) {
        if (refute() == Outcome::stop) return;
        continue;
      }
      // Branch and bound (optimize.cpp): the bound may have tightened since the node opened; a wipe-out ends it.
      const bool bounded = bound_ == nullptr || (*bound_)(ctx_);
      if (!bounded && store_.interrupted()) {
        stop_by_limit();  // the bound's propagation ran past the deadline: not a dead end
        return;
      }
      int i = bounded ? next_value(f) : -1;
      while (binary_ && i >= 0 && !store_.domain(f.x).contains(i)) i = next_value(f);  // one the bound removed
      if (i < 0) {  // every value tried, or the bound of branch and bound cut the node: back to the parent
        back_up(f, depth, !bounded);
        continue;
      }
      if (bound_ != nullptr && !store_.domain(f.x).contains(i)) continue;  // a materialised value the bound removed
      f.decided = binary_;
      if (split_ != Split::none && store_.domain(f.x).size() > 1) {
        if (limit_hit() || split(f, depth) == Outcome::stop) return;
        continue;
      }
      if (!consistent(f, i, depth)) continue;
      if (limit_hit()) return;
      assign(f, i, depth);
      if (infer(f.x, i, depth)) {
        if (open_node() == Outcome::stop) return;  // the run ends here: no need to undo
        if (pending_projection_unwind_) back_up_projected();
      } else if (store_.interrupted()) {
        stop_by_limit();  // cut short by the deadline: not a dead end, so no backtrack is counted
        return;
      } else {
        ++result_.stats.failures;  // the inference after x = value failed: a dead end
      }
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
      run_failures_start_ = result_.stats.failures;
      run_cutoff_ = restart_schedule_(config_, k);
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
    if (result_.solution_count != 0 || result_.stats.failures - run_failures_start_ < run_cutoff_) return false;
    restart_pending_ = true;
    return true;
  }

  const SolverConfig& config_;
  SearchResult& result_;
  Clock::time_point start_;
  Store store_;
  const VariableOrdering& select_;
  const ValueOrdering& order_;
  bool lazy_natural_;
  bool binary_;                 // SolverConfig::branching other than "d-way": two children per node
  Split split_;                 // SolverConfig::branching "split" / "reverse-split"
  bool assign_fixed_;           // SolverConfig::assign_fixed (with an inference that filters, without cbj)
  std::vector<VarId> implied_;  // assign_fixed: the variables assigned without a decision, in order
  std::vector<VarId> fixed_;    // assign_fixed: scratch for Store::take_fixed
  const Inference& infer_;
  SearchContext ctx_;
  const std::function<bool(SearchContext&)>* bound_;  // null except under branch and bound
  VarId descending_;  // -1, or the variable the natural order steps through from its largest value
  bool stopped_by_limit_ = false;
  StopReason stop_ = StopReason::complete;  // why, when stopped_by_limit_
  bool capped_ = false;                     // stopped at max_solutions
  // projection (SolverConfig::projection)
  std::vector<VarId> projection_;  // the projection variables, each once
  std::set<std::vector<Value>> seen_projections_;
  bool pending_projection_unwind_ = false;
  std::vector<Frame> frames_;                       // the current path, root first
  std::vector<int> scratch_;                        // filled by the value ordering
  std::vector<int> sorted_;                         // scratch_ sorted, to find an index given twice
  std::vector<int> order_stack_;                    // the materialised value orders of the nodes on the current path
  std::unique_ptr<detail::BackjumpHook> backjump_;  // null unless config.backjumping is "cbj"
  // restarts
  const RestartSchedule& restart_schedule_;
  std::uint64_t run_cutoff_ = 0;          // failures the current run may meet before it restarts
  std::uint64_t run_failures_start_ = 0;  // stats.failures when the current run started
  bool restart_pending_ = false;          // search() returned at the cutoff, not at the end of the tree
  // progress (SolverConfig::on_progress)
  std::uint32_t progress_calls_ = 0;   // limit_hit calls: the clock is read for progress every 16th
  Clock::time_point next_progress_{};  // when the next periodic report is due
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
