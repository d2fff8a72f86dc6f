// Store: current domains, trail and constraint queue of one run.
#include "csp/core/store.hpp"

#include <bit>

#include "csp/search/search_observer.hpp"

namespace csp {

Store::Store(const Problem& problem, Statistics& stats, SearchObserver* observer)
    : problem_(&problem),
      stats_(&stats),
      observer_(observer),
      assignment_(problem.variable_count()),
      queued_(static_cast<std::size_t>(problem.constraint_count()), 0),
      weights_(static_cast<std::size_t>(problem.constraint_count()), 1) {
  domains_.reserve(static_cast<std::size_t>(problem.variable_count()));
  trail_.reserve(static_cast<std::size_t>(4 * problem.variable_count()));
  for (VarId x = 0; x < problem.variable_count(); ++x) domains_.push_back(problem.initial_domain(x));
  const std::size_t ring_size = std::bit_ceil(static_cast<std::size_t>(problem.constraint_count()) + 1);
  queue_.resize(kRings * ring_size);
  queue_mask_ = ring_size - 1;
  cost_.reserve(static_cast<std::size_t>(problem.constraint_count()));
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c)
    cost_.push_back(static_cast<std::uint8_t>(problem.constraint(c).propagation_cost()));
}

// Trails word w of x, sets it to `after` (a subset), counts the values it loses when `count` (inference, not a
// decision) and tells the observer.
void Store::shrink_word(VarId x, int w, Domain::Word after, const Constraint* cause, bool count) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  const Domain::Word before = d.word(w);
  trail_.record(x, w, before);
  d.set_word(w, after);
  if (!count) return;
  Domain::Word gone = before & ~after;
  stats_->values_pruned += static_cast<std::uint64_t>(std::popcount(gone));
  if (observer_ != nullptr) [[unlikely]] {
    for (; gone != 0; gone &= gone - 1)
      observer_->on_prune(*this, x, value(x, w * Domain::kWordBits + std::countr_zero(gone)), cause);
  }
}

// After x's domain shrank: the one place where a wipe-out is detected and counted (and blamed on its cause for
// dom/wdeg); otherwise the constraints on x are scheduled (when MAC is running).
bool Store::settle(VarId x, const Constraint* cause) {
  if (domains_[static_cast<std::size_t>(x)].empty()) {
    ++stats_->wipeouts;
    if (cause != nullptr) record_failure(*cause);
    return false;
  }
  if (scheduling_) schedule_constraints_of(x);
  return true;
}

bool Store::remove(VarId x, int i, const Constraint* cause) {
  if (!domain(x).contains(i)) return true;
  return keep_word(x, i / Domain::kWordBits, ~(Domain::Word{1} << (i % Domain::kWordBits)), cause);
}

bool Store::keep_word(VarId x, int w, Domain::Word mask, const Constraint* cause) {
  const Domain::Word before = domain(x).word(w);
  if ((before & mask) == before) return true;
  shrink_word(x, w, before & mask, cause, true);
  return settle(x, cause);
}

bool Store::assign(VarId x, int i, const Constraint* cause) {
  const Domain& d = domain(x);
  bool changed = false;
  for (int w = 0; w < d.word_count(); ++w) {
    const Domain::Word before = d.word(w);
    const Domain::Word keep = (i >= 0 && i / Domain::kWordBits == w) ? Domain::Word{1} << (i % Domain::kWordBits) : 0;
    if ((before & keep) == before) continue;
    shrink_word(x, w, before & keep, cause, cause != nullptr);
    changed = true;
  }
  return !changed || settle(x, cause);
}

// Appends c to its ring; the slot is written always and kept only when `keep` (no branch on it).
void Store::push(ConstraintId c, bool keep) {
  const std::size_t r = ring_of(c);
  queue_[r * (queue_mask_ + 1) + (queue_tail_[r] & queue_mask_)] = c;
  queue_tail_[r] += static_cast<std::size_t>(keep);
  queued_[static_cast<std::size_t>(c)] = static_cast<char>(queued_[static_cast<std::size_t>(c)] | static_cast<char>(keep));
}

void Store::schedule(ConstraintId c) { push(c, queued_[static_cast<std::size_t>(c)] == 0); }

void Store::schedule_constraints_of(VarId x) {
  for (ConstraintId c : problem_->constraints_of(x)) push(c, (queued_[static_cast<std::size_t>(c)] == 0) & (c != current_));
}

ConstraintId Store::next_scheduled() {
  for (std::size_t r = 0; r < kRings; ++r) {
    if (queue_head_[r] == queue_tail_[r]) continue;
    const ConstraintId c = queue_[r * (queue_mask_ + 1) + (queue_head_[r]++ & queue_mask_)];
    queued_[static_cast<std::size_t>(c)] = 0;
    current_ = c;
    return c;
  }
  queue_head_.fill(0);
  queue_tail_.fill(0);
  current_ = -1;
  return -1;
}

void Store::clear_schedule() {
  for (std::size_t r = 0; r < kRings; ++r)
    for (; queue_head_[r] != queue_tail_[r]; ++queue_head_[r])
      queued_[static_cast<std::size_t>(queue_[r * (queue_mask_ + 1) + (queue_head_[r] & queue_mask_)])] = 0;
  queue_head_.fill(0);
  queue_tail_.fill(0);
  current_ = -1;
}

}  // namespace csp
