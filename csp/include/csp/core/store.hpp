// Store: the state of one run — current domains, assignment, trail, statistics — and the one place where
// domains shrink (so wipe-outs are detected, trailed and counted in one place).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/domain.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/trail.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

class SearchObserver;

/// Per-run memory a constraint keeps between its calls (e.g. the residual supports of `BinaryPredicate`). Owned by
/// the store and never trailed, so it may hold only hints that are checked before use. Runs in parallel threads share
/// one const `Problem` but each has its own `Store`: per-run caches belong here, never in the constraint.
class ConstraintMemory {
 public:
  virtual ~ConstraintMemory() = default;
};

/// The mutable state of one run over a const `Problem`: current domains (starting as the initial ones),
/// the current assignment, the trail, the statistics, and the constraint queue used by MAC.
/// Domains only shrink through `remove`, `assign`, `keep_word`, `remove_below` and `remove_above`, which trail
/// the old state, count pruned values and wipe-outs, tell the observer, and schedule the constraints that
/// subscribed to the kind of change (`Constraint::wakes_on`, `PropagationEvent`) on the changed variable.
/// A variable of more than 64 values whose constraints all reason on its bounds (`Constraint::bounds_reasoning`)
/// gets its domain as an interval with holes (`Domain::make_interval`): the same values, cheaper bounds changes.
class Store {
 public:
  /// Starts from the problem's initial domains and an empty assignment. `stats` and `observer` (may be null)
  /// must outlive the store.
  Store(const Problem& problem, Statistics& stats, SearchObserver* observer = nullptr);

  const Problem& problem() const { return *problem_; }
  Statistics& stats() { return *stats_; }
  const Statistics& stats() const { return *stats_; }
  SearchObserver* observer() const { return observer_; }

  const Domain& domain(VarId x) const { return domains_[static_cast<std::size_t>(x)]; }
  const std::vector<Domain>& domains() const { return domains_; }
  /// The value with index i of variable x.
  Value value(VarId x, int i) const { return problem_->variable(x).value(i); }

  Assignment& assignment() { return assignment_; }
  const Assignment& assignment() const { return assignment_; }

  // ---- the only domain mutators (each returns false iff x's domain became empty) ---------------------------
  /// Removes index i from x's domain; `cause` (may be null) is the constraint that justified it.
  bool remove(VarId x, int i, const Constraint* cause);
  /// Keeps only index i in x's domain (pruned values are counted as inference prunings only when `cause` is
  /// non-null; a search decision passes null).
  bool assign(VarId x, int i, const Constraint* cause);
  /// Intersects word w of x's domain with `mask` (fast path for bitset-based global constraints).
  bool keep_word(VarId x, int w, Domain::Word mask, const Constraint* cause);
  /// Removes every index below i from x's domain (bounds reasoning: O(words touched), O(log holes) on intervals).
  bool remove_below(VarId x, int i, const Constraint* cause);
  /// Removes every index above i from x's domain.
  bool remove_above(VarId x, int i, const Constraint* cause);
  /// Keeps only the indices lo..hi of x's domain (lo > hi empties it): remove_below(x, lo) and remove_above(x, hi)
  /// in one change, so an interval trails one entry and the subscribers are woken once, by the kind of the whole
  /// change (bounds reasoning that moves both bounds of a variable: a sum's =, x = f(y, z)). Linear and Arithmetic
  /// call it only when both bounds move: for one bound, remove_below / remove_above cost less.
  bool keep_between(VarId x, int lo, int hi, const Constraint* cause);

  // ---- the engine's calls of a constraint's filtering ------------------------------------------------------
  /// Runs `c.revise(*this, pos)` (REVISE of the arc (scope[pos], c), AIMA Fig. 6.3) and counts it: one revision,
  /// and one constraint check per value of scope[pos] when it starts (at most 2 for a `PropagationCost::bounds`
  /// constraint, which tests the bounds only). Reports the work to `tick`; false on a wipe-out, a violation or once
  /// the deadline has passed. AC-3 and forward checking call constraints only through here, so a user-written
  /// constraint is counted like a built-in one and never counts itself.
  bool revise(const Constraint& c, int pos) {
    stats_->revisions += 1;
    stats_->constraint_checks += tested_values(c, pos);
    return tick(kWorkPerScopeVariable * static_cast<std::uint64_t>(c.arity())) && c.revise(*this, pos);
  }
  /// Runs `c.propagate(*this)` (one constraint filters its whole scope) and counts it: one revision, and one
  /// constraint check per value in the domains of the scope when it starts (bounds constraints: at most 2 per
  /// variable). Reports the work to `tick`; false on a wipe-out, a violation or once the deadline has passed. MAC
  /// (and forward checking at the root) call constraints only through here.
  bool propagate(const Constraint& c) {
    stats_->revisions += 1;
    stats_->constraint_checks += tested_values(c);
    return tick(kWorkPerScopeVariable * static_cast<std::uint64_t>(c.arity())) && c.propagate(*this);
  }

  // ---- search depth (for the observer) ---------------------------------------------------------------------
  /// The number of search decisions on the current path (0 at the root); set by search, passed to the observer's
  /// propagation hooks.
  int depth() const { return depth_; }
  void set_depth(int depth) { depth_ = depth; }

  // ---- time limit inside propagation ----------------------------------------------------------------------
  using Clock = std::chrono::steady_clock;
  /// Sets the deadline checked by `tick` (the run's start plus its time limit). Without one, `tick` never stops.
  void set_deadline(Clock::time_point deadline) {
    deadline_ = deadline;
    has_deadline_ = true;
    clock_interval_ = kMinClockInterval;
    next_clock_read_ = work_ + clock_interval_;
    last_clock_read_ = Clock::now();
  }
  /// Sets a flag checked where `tick` reads the clock (so within about a millisecond of search): once another
  /// thread or a signal handler sets it to true, `tick` returns false as after the deadline. nullptr: none.
  void set_interrupt_flag(const std::atomic<bool>* flag) {
    interrupt_flag_ = flag;
    if (flag == nullptr) return;
    if (!has_deadline_) {
      clock_interval_ = kMinClockInterval;
      last_clock_read_ = Clock::now();
    }
    next_clock_read_ = work_ + clock_interval_;
  }
  /// Whether the run was stopped by the interrupt flag (rather than by the deadline or `interrupt`).
  bool stopped_by_flag() const { return stopped_by_flag_; }
  /// Reports `work` units of work (about one support check each). Reads the clock every 256 to 2^20 units: the interval
  /// doubles while reads come less than 0.1 ms apart and halves when they come more than 1 ms apart, so the deadline is
  /// seen within about a millisecond at a negligible cost (a clock read costs 25-50 ns, as much as a small propagator
  /// call). Returns false once the deadline has passed (and from then on). Long loops in constraints and propagation
  /// call it, so a time limit holds inside one revise; a propagator that sees false fails at once and search ends with
  /// Status::limit_reached.
  bool tick(std::uint64_t work = 1) {
    work_ += work;
    if (work_ < next_clock_read_) return !interrupted_;
    return read_clock();
  }
  /// True once `tick` (or `interrupt`) stopped the run: a failure seen since then is not a real dead end.
  bool interrupted() const { return interrupted_; }
  /// Stops the run as a passed deadline does (for a caller's own limit).
  void interrupt() { interrupted_ = true; }

  // ---- trail --------------------------------------------------------------------------------------------
  Trail::Mark mark() const { return trail_.mark(); }
  /// Restores every domain to its content at mark m.
  void undo_to(Trail::Mark m) { trail_.undo_to(m, domains_, queued_, ints_); }
  /// What the one reader of domain_changes has seen: the variable of each trail entry it read, in trail order.
  struct ChangeCursor {
    std::vector<VarId> seen;
  };
  /// Appends to `out` each variable whose domain changed since the cursor's last call: shrunk (a trail entry made
  /// since) or restored (an entry read before and undone since); a variable may appear several times. A new cursor
  /// reports every entry on the trail. One cursor per store: the trail keeps one low-water mark for it. O(entries
  /// made or undone since the last call), so an ordering kept incrementally pays in proportion to propagation.
  void domain_changes(ChangeCursor& cursor, std::vector<VarId>& out);

  // ---- reversible ints (MiniCP's StateInt) ---------------------------------------------------------------------
  /// A new int of this run with value v, whose changes by set_int are undone by undo_to (a constraint's memory
  /// keeps state that must follow the search: Linear's count of unfixed terms). Returns its id.
  int new_int(long long v) {
    ints_.push_back(v);
    return static_cast<int>(ints_.size()) - 1;
  }
  long long int_value(int id) const { return ints_[static_cast<std::size_t>(id)]; }
  /// Sets reversible int `id` to v (trailed when it changes).
  void set_int(int id, long long v) {
    long long& slot = ints_[static_cast<std::size_t>(id)];
    if (slot == v) return;
    trail_.record_int(id, slot);
    slot = v;
  }

  // ---- entailment ------------------------------------------------------------------------------------------
  /// Puts constraint c to sleep: c is entailed (every combination of the values left satisfies it), so it is not
  /// scheduled again, nor revised by forward checking, until search undoes past this point (undo_to wakes it).
  /// Called by c's own propagate / revise; a no-op for a constraint that is not the problem's (a standalone one).
  void entail(const Constraint& c) {
    const ConstraintId id = c.id();
    if (id < 0 || id >= problem_->constraint_count() || &problem_->constraint(id) != &c) return;
    char& flags = queued_[static_cast<std::size_t>(id)];
    if ((flags & 2) != 0) return;
    flags = static_cast<char>(flags | 2);
    trail_.record_sleep(id);
  }
  /// Whether constraint c sleeps (was found entailed on the current path).
  bool entailed(ConstraintId c) const { return (queued_[static_cast<std::size_t>(c)] & 2) != 0; }

  // ---- fixed variables -------------------------------------------------------------------------------------
  /// While enabled, each variable whose domain becomes one value is appended to the fixed log (once per change;
  /// entries may be stale after an undo: readers check the domain). For SolverConfig::assign_fixed.
  void set_fixed_log(bool on) { log_fixed_ = on; }
  /// The variables fixed since the last call, into `out` (cleared first).
  void take_fixed(std::vector<VarId>& out) {
    out.swap(fixed_log_);
    fixed_log_.clear();
  }

  // ---- constraint queue (coarse-grained AC-3 used by MAC; see propagation/mac.hpp) --------------------------
  /// While enabled, every domain change schedules the constraints on the changed variable that subscribed to its
  /// kind (`schedule_on`), except the one propagating now. Disabled by default (forward checking and AC-3 manage
  /// their own work lists).
  void set_scheduling(bool on) { scheduling_ = on; }
  /// Puts constraint c on the queue unless it is already there.
  void schedule(ConstraintId c);
  /// Schedules every constraint on x (as a fixing of x does), in the order of `Problem::constraints_of(x)`.
  void schedule_constraints_of(VarId x);
  /// Schedules the constraints on x woken by a change of kind `e` (those whose `wakes_on` for x is `e` or wider),
  /// in the order of `Problem::constraints_of(x)`, except the one propagating now.
  void schedule_on(VarId x, PropagationEvent e);
  /// The kind of the change of x's (non-empty) domain whose bounds were the indices lo0..hi0 before it.
  PropagationEvent event_of(VarId x, int lo0, int hi0) const {
    const Domain& d = domain(x);
    if (d.is_singleton()) return PropagationEvent::fixed;
    return d.min() != lo0 || d.max() != hi0 ? PropagationEvent::bounds : PropagationEvent::domain;
  }
  /// Takes the next constraint off the queue, or -1 when empty: a `bounds` one (the current round newest first;
  /// when it is done, those scheduled meanwhile become the next round), else the oldest cheap one, else the oldest
  /// expensive one (Constraint::propagation_cost). It becomes the "current" one.
  ConstraintId next_scheduled();
  /// Empties the queue (after a wipe-out).
  void clear_schedule();
  /// Weight of each constraint for dom/wdeg: how many wipe-outs it caused (Boussemart et al. 2004).
  std::vector<std::uint64_t>& weights() { return weights_; }
  const std::vector<std::uint64_t>& weights() const { return weights_; }
  /// Called by propagation when constraint c failed (increments its dom/wdeg weight, and logs c for
  /// `take_weight_changes`).
  void record_failure(const Constraint& c) {
    ++weights_[static_cast<std::size_t>(c.id())];
    if (weight_log_.size() < weights_.size())
      weight_log_.push_back(c.id());
    else
      weight_log_overflow_ = true;
  }
  /// The constraints whose weight grew since the last call, one entry per increment, into `out` (cleared first);
  /// false when more increments happened than the log keeps (one per constraint): then `out` is incomplete and the
  /// caller must read every weight. For dom/wdeg kept incrementally.
  bool take_weight_changes(std::vector<ConstraintId>& out) {
    out.swap(weight_log_);
    weight_log_.clear();
    const bool complete = !weight_log_overflow_;
    weight_log_overflow_ = false;
    return complete;
  }

  // ---- per-run constraint memory ---------------------------------------------------------------------------
  /// True when c is the constraint of this store's problem with c's id (then the memory slot c.id() is c's own);
  /// false for a constraint never added to a problem or propagated in a store of another problem, which must keep
  /// no memory here.
  bool owns(const Constraint& c) const {
    const ConstraintId id = c.id();
    return id >= 0 && id < problem_->constraint_count() && &problem_->constraint(id) == &c;
  }
  /// Constraint c's memory in this run, or null when it has none yet.
  ConstraintMemory* memory(ConstraintId c) const {
    return static_cast<std::size_t>(c) < memory_.size() ? memory_[static_cast<std::size_t>(c)].get() : nullptr;
  }
  /// Gives constraint c its memory for this run (replacing any) and returns it.
  ConstraintMemory& set_memory(ConstraintId c, std::unique_ptr<ConstraintMemory> m);

 private:
  // Work reported to `tick` per scope variable of each revise / propagate.
  static constexpr std::uint64_t kWorkPerScopeVariable = 32;
  // The values a revise of (scope[pos], c) tests for support: the domain's size, or its two bounds.
  std::uint64_t tested_values(const Constraint& c, int pos) const {
    const int n = domain(c.scope()[static_cast<std::size_t>(pos)]).size();
    const bool bounds = cost_[static_cast<std::size_t>(c.id())] == 0;
    return static_cast<std::uint64_t>(bounds && n > 2 ? 2 : n);
  }
  // The sum of tested_values over c's scope (one test of the cost class, then one tight loop over the domains).
  std::uint64_t tested_values(const Constraint& c) const {
    std::uint64_t checks = 0;
    const Domain* domains = domains_.data();
    if (cost_[static_cast<std::size_t>(c.id())] == 0) {
      for (VarId x : c.scope()) {
        const int n = domains[static_cast<std::size_t>(x)].size();
        checks += static_cast<std::uint64_t>(n > 2 ? 2 : n);
      }
    } else {
      for (VarId x : c.scope()) checks += static_cast<std::uint64_t>(domains[static_cast<std::size_t>(x)].size());
    }
    return checks;
  }
  void shrink_word(VarId x, int w, Domain::Word after, const Constraint* cause, bool count);
  // After x's domain (whose bounds were lo0..hi0) shrank: detects a wipe-out or schedules the subscribers.
  bool settle(VarId x, const Constraint* cause, int lo0, int hi0);
  void build_subscriptions();
  // Interval domains: trails the bounds (or the hole) and applies one change, counting the values it loses.
  void shrink_interval(VarId x, int lo, int hi, const Constraint* cause, bool count);
  void remove_inner(VarId x, int i, const Constraint* cause);
  // Bitset domains: clears the indices below i / above i (precondition: x not empty), without settle.
  void cut_below(VarId x, int i, const Constraint* cause);
  void cut_above(VarId x, int i, const Constraint* cause);
  void report_pruned(VarId x, const Domain& before, const Constraint* cause);
  bool read_clock();

  Clock::time_point deadline_{};
  bool has_deadline_ = false;
  bool interrupted_ = false;
  const std::atomic<bool>* interrupt_flag_ = nullptr;
  bool stopped_by_flag_ = false;
  std::uint64_t work_ = 0;
  std::uint64_t next_clock_read_ = UINT64_MAX;  // no deadline: never read the clock
  static constexpr std::uint64_t kMinClockInterval = 256;
  static constexpr std::uint64_t kMaxClockInterval = std::uint64_t{1} << 20;
  std::uint64_t clock_interval_ = kMinClockInterval;  // work between two clock reads (adapted by read_clock)
  Clock::time_point last_clock_read_{};

  const Problem* problem_;
  Statistics* stats_;
  SearchObserver* observer_;
  std::vector<Domain> domains_;
  Assignment assignment_;
  Trail trail_;
  bool scheduling_ = false;
  bool log_fixed_ = false;
  std::vector<long long> ints_;   // new_int's reversible ints
  std::vector<VarId> fixed_log_;  // set_fixed_log: the variables fixed since take_fixed
  int depth_ = 0;
  ConstraintId current_ = -1;
  // The constraint queue: one ring per PropagationCost, each of power-of-two size > the number of constraints
  // (each is queued at most once), so scheduling needs no capacity check and no data-dependent branch.
  // Ring r occupies queue_[r * ring_size, (r + 1) * ring_size). Rings 1 and 2 (cheap, expensive) are FIFO; rings 0
  // and 3 are the two `bounds` stacks: the one being run (popped newest first) and the one filling for the next round.
  static constexpr std::size_t kRings = 4;
  std::size_t ring_of(ConstraintId c) const {
    const std::size_t r = cost_[static_cast<std::size_t>(c)];
    return r == 0 ? bounds_in_ : r;
  }
  std::size_t bounds_in_ = 0;  // the bounds stack that receives scheduled constraints (0 or 3)
  // Appends c to its ring; the slot is written always and kept (the tail moved, c marked queued) only when `keep`
  // (no branch on it).
  void push(ConstraintId c, bool keep) {
    const std::size_t r = ring_of(c);
    queue_[r * (queue_mask_ + 1) + (queue_tail_[r] & queue_mask_)] = c;
    queue_tail_[r] += static_cast<std::size_t>(keep);
    queued_[static_cast<std::size_t>(c)] =
        static_cast<char>(queued_[static_cast<std::size_t>(c)] | static_cast<char>(keep));
  }
  std::vector<ConstraintId> queue_;
  std::size_t queue_mask_ = 0;
  std::array<std::size_t, kRings> queue_head_{};
  std::array<std::size_t, kRings> queue_tail_{};
  std::vector<char> queued_;  // per constraint: 1 on the queue, 2 asleep (entail); either keeps push from queuing it
  // Subscriptions (Constraint::wakes_on), by variable, ascending constraint ids: the constraints woken by a `domain`
  // change of x are on_domain_[domain_at_[x] .. domain_at_[x + 1]), those woken by a `bounds` change (the `bounds`
  // and `domain` subscribers) on_bounds_[bounds_at_[x] .. bounds_at_[x + 1]); a fixing wakes constraints_of(x).
  std::vector<ConstraintId> on_domain_;
  std::vector<std::size_t> domain_at_;
  std::vector<ConstraintId> on_bounds_;
  std::vector<std::size_t> bounds_at_;
  // Per variable: 1 when some constraint on it wakes on a narrower kind than `domain` (then a change schedules by
  // its kind), 0 when each wakes on any change (then every change schedules constraints_of(x), in the same order,
  // and the bounds before a change need not be read).
  std::vector<std::uint8_t> by_event_;
  std::vector<std::uint8_t> cost_;  // PropagationCost of each constraint, as a ring index
  std::vector<std::uint64_t> weights_;
  std::vector<ConstraintId> weight_log_;  // record_failure's increments since take_weight_changes
  bool weight_log_overflow_ = false;
  std::vector<std::unique_ptr<ConstraintMemory>> memory_;  // sized on the first set_memory
};

}  // namespace csp
