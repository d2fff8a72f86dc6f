// ConflictState: the incremental conflict counts of MIN-CONFLICTS.
#include "conflict_state.hpp"

#include <algorithm>

namespace csp::detail {

namespace {

// Counters made between two readings of the clock while setting up.
constexpr ConstraintId kSetupClockEvery = 256;

}  // namespace

bool ConflictState::set_up(const std::function<bool()>& out_of_time) {
  const int n = p_.variable_count();
  const ConstraintId m = p_.constraint_count();
  if (!make_counters(out_of_time)) return false;
  arc_start_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (ConstraintId c = 0; c < m; ++c)
    for (VarId x : p_.constraint(c).scope()) ++arc_start_[static_cast<std::size_t>(x) + 1];
  for (std::size_t x = 0; x < static_cast<std::size_t>(n); ++x) arc_start_[x + 1] += arc_start_[x];
  arcs_.resize(arc_start_.back());
  std::vector<std::size_t> fill(arc_start_.begin(), arc_start_.end() - 1);
  for (ConstraintId c = 0; c < m; ++c) {
    const std::vector<VarId>& scope = p_.constraint(c).scope();
    for (std::size_t k = 0; k < scope.size(); ++k)
      arcs_[fill[static_cast<std::size_t>(scope[k])]++] = {c, static_cast<int>(k)};
  }
  movable_.resize(static_cast<std::size_t>(n));
  for (VarId x = 0; x < n; ++x) {  // a given: one value (found from the smallest, not by counting them all)
    const Domain& d = p_.initial_domain(x);
    movable_[static_cast<std::size_t>(x)] = d.next(d.min()) >= 0;
  }
  conflicted_in_.assign(static_cast<std::size_t>(n), 0);
  where_.assign(static_cast<std::size_t>(n), -1);
  return true;
}

bool ConflictState::reset(const std::function<bool()>& out_of_time) {
  current_ = Assignment(p_);
  if (!make_counters(out_of_time)) return false;
  std::fill(conflicted_in_.begin(), conflicted_in_.end(), 0);
  std::fill(where_.begin(), where_.end(), -1);
  conflicted_.clear();
  return true;
}

// One fresh counter per constraint (the empty assignment).
bool ConflictState::make_counters(const std::function<bool()>& out_of_time) {
  const ConstraintId m = p_.constraint_count();
  counters_.clear();
  counters_.reserve(static_cast<std::size_t>(m));
  for (ConstraintId c = 0; c < m; ++c) {
    if (c % kSetupClockEvery == 0 && out_of_time()) return false;
    const Constraint& con = p_.constraint(c);
    std::unique_ptr<ConflictCounter> counter = con.make_conflict_counter(p_);
    if (!counter) counter = con.Constraint::make_conflict_counter(p_);  // an override declining: the default
    counters_.push_back(std::move(counter));
  }
  return true;
}

std::int64_t ConflictState::conflicts_of(VarId x, Value v) {
  std::int64_t sum = 0;
  for (const Arc& arc : arcs(x)) sum += ask(arc).conflicts(current_, arc.pos, v);
  return sum;
}

bool ConflictState::in_no_conflict(VarId x, Value v) {
  for (const Arc& arc : arcs(x))
    if (ask(arc).conflicts(current_, arc.pos, v) > 0) return false;
  return true;
}

void ConflictState::set(VarId x, Value v) {
  const bool had = current_.is_assigned(x);
  const Value from = had ? current_.value(x) : v;
  current_.assign(x, v);
  for (const Arc& arc : arcs(x)) {
    ++checks_;
    counters_[static_cast<std::size_t>(arc.c)]->moved(current_, arc.pos, had, from, v, changes_);
    if (changes_.empty()) continue;
    const std::vector<VarId>& scope = p_.constraint(arc.c).scope();
    for (const ConflictCounter::Change& ch : changes_) update(scope[static_cast<std::size_t>(ch.pos)], ch.conflicted);
    changes_.clear();
  }
}

}  // namespace csp::detail
