// The literal trail of clause learning (literal_trail.hpp).
#include "literal_trail.hpp"

namespace csp::detail::lcg {

LiteralTrail::LiteralTrail(const Problem& problem) {
  const auto n = static_cast<std::size_t>(problem.variable_count());
  base_.reserve(n + 1);
  std::size_t total = 0;
  for (VarId x = 0; x < problem.variable_count(); ++x) {
    base_.push_back(total);
    total += static_cast<std::size_t>(problem.variable(x).size());
  }
  removal_.assign(total, kPresent);
  known_size_.reserve(n);
  capacity_.reserve(n);
  removals_of_.resize(n);
  fixed_event_.assign(n, -1);
  root_fixed_.assign(n, -1);
  for (VarId x = 0; x < problem.variable_count(); ++x) {
    const Domain& d = problem.initial_domain(x);
    const int cap = problem.variable(x).size();
    for (int i = 0; i < cap; ++i)
      if (!d.contains(i)) removal_[base_[static_cast<std::size_t>(x)] + static_cast<std::size_t>(i)] = kInitial;
    known_size_.push_back(d.size());
    if (d.size() == 1) root_fixed_[static_cast<std::size_t>(x)] = d.min();
    capacity_.push_back(cap);
  }
}

void LiteralTrail::falsifying_events(Lit l, int before, std::vector<int>& out) const {
  if (l.eq) {  // [x = i] is false: i was removed
    const int e = removal(l.var, l.index);
    if (e >= 0 && e < before) out.push_back(e);
    return;
  }
  const int e = fixed_event_[static_cast<std::size_t>(l.var)];  // [x != i] is false: x was left with i
  if (e >= 0 && e < before) out.push_back(e);
}

void LiteralTrail::push(VarId x, int i, Reason reason, int ref, int start) {
  events_.push_back(Event{x, i, level(), reason, ref, start});
}

int LiteralTrail::decide(VarId x, int i) {
  level_start_.push_back(size());
  fixed_event_[static_cast<std::size_t>(x)] = size();
  push(x, i, Reason::decision, -1, 0);
  return size() - 1;
}

int LiteralTrail::sync(const Store& store, VarId x, Reason reason, int ref, int start, std::vector<Lit>& falsified,
                       int from, int to) {
  const auto ux = static_cast<std::size_t>(x);
  const Domain& d = store.domain(x);
  const int now = d.size();
  int missing = known_size_[ux] - now;
  const int recorded = missing;
  int* slot = removal_.data() + base_[ux];
  const int end = to < 0 ? capacity_[ux] : to + 1;
  for (int i = from; missing > 0 && i < end; ++i) {
    if (slot[i] != kPresent || d.contains(i)) continue;
    slot[i] = size();
    removals_of_[ux].push_back(size());
    push(x, i, reason, ref, start);
    falsified.push_back(Lit{x, i, true});
    --missing;
  }
  known_size_[ux] = now;
  if (now == 1 && recorded > 0) {
    if (fixed_event_[ux] < 0) {
      fixed_event_[ux] = size();
      push(x, d.min(), Reason::fixed, -1, 0);
    }
    falsified.push_back(Lit{x, d.min(), false});
  }
  return recorded;
}

void LiteralTrail::backtrack_to(int level) {
  if (level >= this->level()) return;
  const int keep = level_start_[static_cast<std::size_t>(level)];
  while (size() > keep) {
    const Event& e = events_.back();
    if (e.equality()) {
      fixed_event_[static_cast<std::size_t>(e.var)] = -1;
    } else {
      const auto ux = static_cast<std::size_t>(e.var);
      removal_[base_[ux] + static_cast<std::size_t>(e.index)] = kPresent;
      ++known_size_[ux];
      removals_of_[ux].pop_back();
    }
    events_.pop_back();
  }
  level_start_.resize(static_cast<std::size_t>(level));
}

}  // namespace csp::detail::lcg
