// Store: current domains, trail and constraint queue of one run.
#include "csp/core/store.hpp"

#include <algorithm>
#include <bit>

#include "csp/core/search_observer.hpp"

namespace csp {

Store::Store(const Problem& problem, Statistics& stats, SearchObserver* observer)
    : problem_(&problem),
      stats_(&stats),
      observer_(observer),
      domains_(problem.initial_domains()),
      assignment_(problem),
      queued_(static_cast<std::size_t>(problem.constraint_count()), 0),
      weights_(static_cast<std::size_t>(problem.constraint_count()), 1) {
  trail_.reserve(static_cast<std::size_t>(4 * problem.variable_count()));
  const std::size_t ring_size = std::bit_ceil(static_cast<std::size_t>(problem.constraint_count()) + 1);
  queue_.resize(kRings * ring_size);
  queue_mask_ = ring_size - 1;
  cost_.reserve(static_cast<std::size_t>(problem.constraint_count()));
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c)
    cost_.push_back(static_cast<std::uint8_t>(problem.constraint(c).propagation_cost()));
  build_subscriptions();
}

// One pass over the scopes asks each position what wakes it (one wakes_on call each); only when some variable has a
// subscriber by kind (by_event_) do two more build the lists: their sizes, then the lists, in ascending constraint
// order. Sudoku's units all wake on any change, so its stores (one per puzzle) skip the lists.
void Store::build_subscriptions() {
  const Problem& p = *problem_;
  const std::size_t n = static_cast<std::size_t>(p.variable_count());
  by_event_.assign(n, 0);
  // Per variable of more than one word: 1 while every constraint seen so far reasons on its bounds only
  // (Constraint::bounds_reasoning), 2 once one does not; 0: no constraint yet.
  std::vector<std::uint8_t> by_bounds;
  bool any_by_event = false;
  bool wide = false;  // some domain of more than one word (which might become an interval)
  for (const Domain& d : domains_) wide = wide || d.capacity() > Domain::kWordBits;
  if (wide) by_bounds.assign(n, 0);
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    const Constraint& con = p.constraint(c);
    if (!wide && con.wakes_on_every_change()) continue;  // by_event_ stays 0 on its scope; nothing else to ask
    for (int pos = 0; pos < con.arity(); ++pos) {
      const std::size_t x = static_cast<std::size_t>(con.scope()[static_cast<std::size_t>(pos)]);
      const bool by_event = con.wakes_on(pos) != PropagationEvent::domain;
      by_event_[x] = static_cast<std::uint8_t>(by_event_[x] | static_cast<std::uint8_t>(by_event));
      any_by_event = any_by_event || by_event;
      if (domains_[x].capacity() > Domain::kWordBits)  // only those can become intervals
        by_bounds[x] = std::max<std::uint8_t>(by_bounds[x], con.bounds_reasoning(pos) ? 1 : 2);
    }
  }
  // Bounds reasoning alone on a variable: an interval, whose bounds change in O(1) and trail once (city-position's
  // 225-value coordinates and distances: a bitset of 4 words rewrote and trailed each word a bound crossed).
  for (std::size_t x = 0; x < n && wide; ++x)
    if (by_bounds[x] == 1) domains_[x].make_interval();
  if (!any_by_event) return;  // settle schedules constraints_of(x) for every variable: no lists
  domain_at_.assign(n + 1, 0);
  bounds_at_.assign(n + 1, 0);
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    const Constraint& con = p.constraint(c);
    for (int pos = 0; pos < con.arity(); ++pos) {
      const PropagationEvent e = con.wakes_on(pos);
      const std::size_t x = static_cast<std::size_t>(con.scope()[static_cast<std::size_t>(pos)]);
      domain_at_[x + 1] += static_cast<std::size_t>(e == PropagationEvent::domain);
      bounds_at_[x + 1] += static_cast<std::size_t>(e != PropagationEvent::fixed);
    }
  }
  for (std::size_t x = 0; x < n; ++x) {
    domain_at_[x + 1] += domain_at_[x];
    bounds_at_[x + 1] += bounds_at_[x];
  }
  on_domain_.resize(domain_at_[n]);
  on_bounds_.resize(bounds_at_[n]);
  std::vector<std::size_t> d_fill(domain_at_.begin(), domain_at_.end() - 1);
  std::vector<std::size_t> b_fill(bounds_at_.begin(), bounds_at_.end() - 1);
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    const Constraint& con = p.constraint(c);
    for (int pos = 0; pos < con.arity(); ++pos) {
      const PropagationEvent e = con.wakes_on(pos);
      const std::size_t x = static_cast<std::size_t>(con.scope()[static_cast<std::size_t>(pos)]);
      if (e == PropagationEvent::domain) on_domain_[d_fill[x]++] = c;
      if (e != PropagationEvent::fixed) on_bounds_[b_fill[x]++] = c;
    }
  }
}

// Trails word w of x, sets it to `after` (a subset), counts the values it loses when `count` (inference, not a
// decision) and tells the observer.
[[gnu::always_inline]] inline void Store::shrink_word(VarId x, int w, Domain::Word after, const Constraint* cause,
                                                      bool count) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  const Domain::Word before = d.word(w);
  trail_.record(x, w, before);
  d.set_word(w, after);
  if (!count) return;
  Domain::Word gone = before & ~after;
  stats_->values_pruned += static_cast<std::uint64_t>(std::popcount(gone));
  if (observer_ != nullptr) [[unlikely]] {
    for (; gone != 0; gone &= gone - 1)
      observer_->on_prune(*this, x, value(x, w * Domain::kWordBits + std::countr_zero(gone)), cause, depth_);
  }
}

// After x's domain shrank: the one place where a wipe-out is detected and counted (and blamed on its cause for
// dom/wdeg); otherwise the constraints on x that subscribed to the kind of change are scheduled (when MAC is
// running). lo0..hi0: x's bounds before the change.
[[gnu::always_inline]] inline bool Store::settle(VarId x, const Constraint* cause, int lo0, int hi0) {
  if (domains_[static_cast<std::size_t>(x)].empty()) {
    ++stats_->wipeouts;
    if (cause != nullptr) record_failure(*cause);
    if (observer_ != nullptr) [[unlikely]]
      observer_->on_wipeout(*this, x, cause, depth_);
    return false;
  }
  if (log_fixed_ && domains_[static_cast<std::size_t>(x)].is_singleton()) [[unlikely]]
    fixed_log_.push_back(x);
  if (scheduling_) {
    if (by_event_[static_cast<std::size_t>(x)] != 0)
      schedule_on(x, event_of(x, lo0, hi0));
    else
      schedule_constraints_of(x);  // every constraint on x wakes on any change: the kind does not matter
  }
  return true;
}

bool Store::remove(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  if (!d.contains(i)) return true;
  if (!d.is_bitset()) {
    const int lo0 = d.min();
    const int hi0 = d.max();
    remove_inner(x, i, cause);
    return settle(x, cause, lo0, hi0);
  }
  return keep_word(x, i / Domain::kWordBits, ~(Domain::Word{1} << (i % Domain::kWordBits)), cause);
}

bool Store::keep_word(VarId x, int w, Domain::Word mask, const Constraint* cause) {
  const Domain& d = domain(x);
  const Domain::Word before = d.word(w);
  if ((before & mask) == before) return true;
  if (d.word_count() == 1 && by_event_[static_cast<std::size_t>(x)] == 0) [[likely]] {
    // The common case (Sudoku's units): one word, and every constraint on x wakes on any change, so neither the
    // kind of the change nor the bounds before it are needed. The word is read and written once, not through the
    // representation checks of shrink_word and settle.
    const Domain::Word after = before & mask;
    trail_.record(x, 0, before);
    domains_[static_cast<std::size_t>(x)].set_word(0, after);
    Domain::Word gone = before & ~mask;
    stats_->values_pruned += static_cast<std::uint64_t>(std::popcount(gone));
    if (observer_ != nullptr) [[unlikely]] {
      for (; gone != 0; gone &= gone - 1)
        observer_->on_prune(*this, x, value(x, std::countr_zero(gone)), cause, depth_);
    }
    if (after == 0) return settle(x, cause, 0, 0);  // the wipe-out, counted and blamed there
    if (log_fixed_ && std::has_single_bit(after)) [[unlikely]]
      fixed_log_.push_back(x);
    if (scheduling_) schedule_constraints_of(x);
    return true;
  }
  const int lo0 = d.min();
  const int hi0 = d.max();
  if (!d.is_bitset()) {
    for (Domain::Word gone = before & ~mask; gone != 0; gone &= gone - 1)
      remove_inner(x, w * Domain::kWordBits + std::countr_zero(gone), cause);
    return settle(x, cause, lo0, hi0);
  }
  shrink_word(x, w, before & mask, cause, true);
  return settle(x, cause, lo0, hi0);
}

// Interval domain: one value out, trailed as a bounds change (at either end) or as a new hole.
void Store::remove_inner(VarId x, int i, const Constraint* cause) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  if (!d.contains(i)) return;
  if (i == d.min() || i == d.max()) {
    trail_.record(x, Domain::kBoundsEntry, d.packed_bounds());
  } else {
    trail_.record(x, Domain::kHoleEntry, static_cast<Domain::Word>(i));
  }
  d.remove(i);
  ++stats_->values_pruned;
  if (observer_ != nullptr) [[unlikely]]
    observer_->on_prune(*this, x, value(x, i), cause, depth_);
}

// Interval domain: keeps indices lo..hi (a bounds change), trailed once, counting the values lost when `count`.
[[gnu::always_inline]] inline void Store::shrink_interval(VarId x, int lo, int hi, const Constraint* cause,
                                                          bool count) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  const int before = d.size();
  if (count && observer_ != nullptr) [[unlikely]] {
    for (int i = d.min(); i >= 0 && i < lo; i = d.next(i)) observer_->on_prune(*this, x, value(x, i), cause, depth_);
    for (int i = d.max(); i > hi; i = d.prev(i)) observer_->on_prune(*this, x, value(x, i), cause, depth_);
  }
  trail_.record(x, Domain::kBoundsEntry, d.packed_bounds());
  d.keep_between(lo, hi);
  if (count) stats_->values_pruned += static_cast<std::uint64_t>(before - d.size());
}

[[gnu::always_inline]] inline void Store::cut_below(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  const int last = std::min(i, d.capacity()) - 1;  // the highest index to remove
  for (int w = d.min() / Domain::kWordBits; w <= last / Domain::kWordBits; ++w) {
    const Domain::Word keep = w < last / Domain::kWordBits ? 0 : ~Domain::Word{0} << 1 << (last % Domain::kWordBits);
    const Domain::Word before = d.word(w);
    if ((before & keep) != before) shrink_word(x, w, before & keep, cause, true);
  }
}

[[gnu::always_inline]] inline void Store::cut_above(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  const int first = std::max(i, -1) + 1;  // the lowest index to remove
  for (int w = d.max() / Domain::kWordBits; w >= first / Domain::kWordBits; --w) {
    const Domain::Word keep = w > first / Domain::kWordBits ? 0 : (Domain::Word{1} << (first % Domain::kWordBits)) - 1;
    const Domain::Word before = d.word(w);
    if ((before & keep) != before) shrink_word(x, w, before & keep, cause, true);
  }
}

bool Store::remove_below(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  if (d.empty() || i <= d.min()) return true;
  const int lo0 = d.min();
  const int hi0 = d.max();
  if (!d.is_bitset()) {
    shrink_interval(x, i, d.max(), cause, true);
  } else {
    cut_below(x, i, cause);
  }
  return settle(x, cause, lo0, hi0);
}

bool Store::remove_above(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  if (d.empty() || i >= d.max()) return true;
  const int lo0 = d.min();
  const int hi0 = d.max();
  if (!d.is_bitset()) {
    shrink_interval(x, d.min(), i, cause, true);
  } else {
    cut_above(x, i, cause);
  }
  return settle(x, cause, lo0, hi0);
}

bool Store::keep_between(VarId x, int lo, int hi, const Constraint* cause) {
  const Domain& d = domain(x);
  const int lo0 = d.min();
  const int hi0 = d.max();
  if (d.empty() || (lo <= lo0 && hi >= hi0)) return true;
  if (!d.is_bitset()) {
    shrink_interval(x, std::max(lo, lo0), std::min(hi, hi0), cause, true);
  } else {
    if (lo > lo0) cut_below(x, lo, cause);
    if (hi < hi0 && !d.empty()) cut_above(x, hi, cause);
  }
  return settle(x, cause, lo0, hi0);
}

bool Store::assign(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  if (d.empty()) return settle(x, cause, -1, -1);
  const int lo0 = d.min();
  const int hi0 = d.max();
  if (!d.is_bitset()) {
    if (d.is_singleton() && d.contains(i)) return true;
    if (d.contains(i)) {
      shrink_interval(x, i, i, cause, cause != nullptr);
    } else {
      shrink_interval(x, 1, 0, cause, cause != nullptr);
    }
    return settle(x, cause, lo0, hi0);
  }
  bool changed = false;
  const int first_word = d.min() / Domain::kWordBits;
  const int last_word = d.max() / Domain::kWordBits;
  for (int w = first_word; w <= last_word; ++w) {
    const Domain::Word before = d.word(w);
    const Domain::Word keep = (i >= 0 && i / Domain::kWordBits == w) ? Domain::Word{1} << (i % Domain::kWordBits) : 0;
    if ((before & keep) == before) continue;
    shrink_word(x, w, before & keep, cause, cause != nullptr);
    changed = true;
  }
  return !changed || settle(x, cause, lo0, hi0);
}

bool Store::read_clock() {
  if (!interrupted_ && interrupt_flag_ != nullptr && interrupt_flag_->load(std::memory_order_relaxed)) {
    interrupted_ = true;
    stopped_by_flag_ = true;
  }
  if (!interrupted_ && (has_deadline_ || interrupt_flag_ != nullptr)) {
    const Clock::time_point now = Clock::now();
    if (has_deadline_ && now >= deadline_) interrupted_ = true;
    const Clock::duration since = now - last_clock_read_;
    if (since < std::chrono::microseconds(100) && clock_interval_ < kMaxClockInterval) {
      clock_interval_ *= 2;
    } else if (since > std::chrono::milliseconds(1) && clock_interval_ > kMinClockInterval) {
      clock_interval_ /= 2;
    }
    last_clock_read_ = now;
  }
  next_clock_read_ = work_ + clock_interval_;
  return !interrupted_;
}

void Store::schedule(ConstraintId c) { push(c, queued_[static_cast<std::size_t>(c)] == 0); }

void Store::schedule_constraints_of(VarId x) {
  for (ConstraintId c : problem_->constraints_of(x))
    push(c, (queued_[static_cast<std::size_t>(c)] == 0) & (c != current_));
}

void Store::schedule_on(VarId x, PropagationEvent e) {
  if (e == PropagationEvent::fixed || by_event_[static_cast<std::size_t>(x)] == 0) {  // all of x's constraints
    schedule_constraints_of(x);
    return;
  }
  const std::size_t v = static_cast<std::size_t>(x);
  const bool inner = e == PropagationEvent::domain;
  const ConstraintId* list = inner ? on_domain_.data() : on_bounds_.data();
  const std::size_t begin = inner ? domain_at_[v] : bounds_at_[v];
  const std::size_t end = inner ? domain_at_[v + 1] : bounds_at_[v + 1];
  for (std::size_t k = begin; k < end; ++k) {
    const ConstraintId c = list[k];
    push(c, (queued_[static_cast<std::size_t>(c)] == 0) & (c != current_));
  }
}

ConstraintId Store::next_scheduled() {
  // Bounds constraints: pop the round being run; when it is empty, the one filled meanwhile becomes the next round.
  const std::size_t out = kRings - 1 - bounds_in_;
  if (queue_head_[out] == queue_tail_[out] && queue_head_[bounds_in_] != queue_tail_[bounds_in_]) {
    queue_head_[out] = queue_tail_[out] = 0;
    bounds_in_ = out;
  }
  const std::size_t run = kRings - 1 - bounds_in_;
  if (queue_head_[run] != queue_tail_[run]) {
    const ConstraintId c = queue_[run * (queue_mask_ + 1) + (--queue_tail_[run] & queue_mask_)];
    queued_[static_cast<std::size_t>(c)] &= 2;
    current_ = c;
    return c;
  }
  for (std::size_t r = 1; r + 1 < kRings; ++r) {
    if (queue_head_[r] == queue_tail_[r]) continue;
    const ConstraintId c = queue_[r * (queue_mask_ + 1) + (queue_head_[r]++ & queue_mask_)];
    queued_[static_cast<std::size_t>(c)] &= 2;
    current_ = c;
    return c;
  }
  queue_head_.fill(0);
  queue_tail_.fill(0);
  current_ = -1;
  return -1;
}

ConstraintMemory& Store::set_memory(ConstraintId c, std::unique_ptr<ConstraintMemory> m) {
  if (memory_.empty()) memory_.resize(static_cast<std::size_t>(problem_->constraint_count()));
  auto& slot = memory_[static_cast<std::size_t>(c)];
  slot = std::move(m);
  return *slot;
}

void Store::clear_schedule() {
  for (std::size_t r = 0; r < kRings; ++r)
    for (; queue_head_[r] != queue_tail_[r]; ++queue_head_[r])
      queued_[static_cast<std::size_t>(queue_[r * (queue_mask_ + 1) + (queue_head_[r] & queue_mask_)])] &= 2;
  queue_head_.fill(0);
  queue_tail_.fill(0);
  current_ = -1;
}

void Store::domain_changes(ChangeCursor& cursor, std::vector<VarId>& out) {
  std::vector<VarId>& seen = cursor.seen;
  const std::size_t low = std::min<std::size_t>(trail_.take_low_water(), seen.size());
  for (std::size_t pos = low; pos < seen.size(); ++pos)  // undone since: restored
    if (seen[pos] >= 0) out.push_back(seen[pos]);
  seen.resize(low);
  for (std::size_t pos = low; pos < trail_.size(); ++pos) {  // made since: shrunk
    const VarId x = trail_.variable_at(pos);
    seen.push_back(x);
    if (x >= 0) out.push_back(x);
  }
}

}  // namespace csp
