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
  queue_.reserve(static_cast<std::size_t>(problem.constraint_count()));
}

// Common tail of every mutator: count, tell the observer, detect the wipe-out, schedule.
void Store::count_pruned(VarId x, Domain::Word before_word, int w, const Constraint* cause, bool count) {
  const Domain& d = domains_[static_cast<std::size_t>(x)];
  if (count) {
    Domain::Word gone = before_word & ~d.word(w);
    stats_->values_pruned += static_cast<std::uint64_t>(std::popcount(gone));
    if (observer_ != nullptr) [[unlikely]] {
      while (gone != 0) {
        observer_->on_prune(*this, x, value(x, w * Domain::kWordBits + std::countr_zero(gone)), cause);
        gone &= gone - 1;
      }
    }
  }
}

bool Store::remove(VarId x, int i, const Constraint* cause) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  if (!d.contains(i)) return true;
  const int w = i / Domain::kWordBits;
  const Domain::Word before = d.word(w);
  trail_.record(x, w, before);
  d.remove(i);
  count_pruned(x, before, w, cause, true);
  if (d.empty()) {
    ++stats_->wipeouts;
    if (cause != nullptr) record_failure(*cause);
    return false;
  }
  if (scheduling_) schedule_constraints_of(x);
  return true;
}

bool Store::keep_word(VarId x, int w, Domain::Word mask, const Constraint* cause) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  const Domain::Word before = d.word(w);
  const Domain::Word after = before & mask;
  if (after == before) return true;
  trail_.record(x, w, before);
  d.set_word(w, after);
  count_pruned(x, before, w, cause, true);
  if (d.empty()) {
    ++stats_->wipeouts;
    if (cause != nullptr) record_failure(*cause);
    return false;
  }
  if (scheduling_) schedule_constraints_of(x);
  return true;
}

bool Store::assign(VarId x, int i, const Constraint* cause) {
  Domain& d = domains_[static_cast<std::size_t>(x)];
  bool any = false;
  for (int w = 0; w < d.word_count(); ++w) {
    const Domain::Word before = d.word(w);
    const Domain::Word keep = (i >= 0 && i / Domain::kWordBits == w) ? Domain::Word{1} << (i % Domain::kWordBits) : 0;
    if ((before & keep) == before) continue;
    trail_.record(x, w, before);
    d.set_word(w, before & keep);
    count_pruned(x, before, w, cause, cause != nullptr);
    any = true;
  }
  if (d.empty()) {
    ++stats_->wipeouts;
    if (cause != nullptr) record_failure(*cause);
    return false;
  }
  if (any && scheduling_) schedule_constraints_of(x);
  return true;
}

void Store::schedule(ConstraintId c) {
  auto& q = queued_[static_cast<std::size_t>(c)];
  if (q != 0) return;
  q = 1;
  queue_.push_back(c);
}

void Store::schedule_constraints_of(VarId x) {
  for (ConstraintId c : problem_->constraints_of(x))
    if (c != current_) schedule(c);
}

ConstraintId Store::next_scheduled() {
  if (queue_head_ == queue_.size()) {
    queue_.clear();
    queue_head_ = 0;
    current_ = -1;
    return -1;
  }
  const ConstraintId c = queue_[queue_head_++];
  queued_[static_cast<std::size_t>(c)] = 0;
  current_ = c;
  return c;
}

void Store::clear_schedule() {
  for (std::size_t k = queue_head_; k < queue_.size(); ++k) queued_[static_cast<std::size_t>(queue_[k])] = 0;
  queue_.clear();
  queue_head_ = 0;
  current_ = -1;
}

}  // namespace csp
