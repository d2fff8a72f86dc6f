// Variable ordering heuristics: first, MRV, degree, MRV+degree, dom/wdeg, and MiniZinc's anti_first_fail,
// smallest, largest and max_regret.
#include "csp/heuristics/variable_ordering.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace csp {

// Every scan starts at ctx.first_unassigned(): the variables below it are assigned, so a deep path does not
// rescan its assigned prefix at each node. Scans that count legal values (inference "none") stop early once the
// store's deadline has passed (search then ends with limit_reached and ignores the choice). With a seed
// (SearchContext::random_ties) a tie goes to a uniformly random one of the equally good variables (reservoir
// sampling over the scan), instead of the smallest id.

VarId first_unassigned(SearchContext& ctx) { return ctx.first_unassigned(); }

VarId mrv(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  if (ctx.domains_filtered()) {  // the common case, on the domains directly: no per-variable call
    const std::vector<Domain>& domains = ctx.store().domains();
    // 64-bit counts: an assigned variable must rank after any domain, also one of Domain::kMaxCapacity = INT_MAX values.
    VarId best = -1;
    long long best_count = LLONG_MAX;
    std::uint64_t ties = 1;  // equally good candidates seen (random tie-breaking)
    for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count(); ++x) {
      const long long r = a.is_assigned(x) ? LLONG_MAX : domains[static_cast<std::size_t>(x)].size();
      if (r < best_count) {
        best = x;
        best_count = r;
        ties = 1;
        if (r <= 1 && !random) break;  // nothing beats one value (a wiped-out domain has already failed)
      } else if (random && r == best_count && r != LLONG_MAX && ctx.take_tie(++ties)) {
        best = x;
      }
    }
    return best;
  }
  // Nothing can beat this count: 0 (a dead end), or 1 when inference keeps domains filtered (a wiped-out domain
  // has already failed there). Stopping at it keeps "ties go to the smallest id".
  const int floor = ctx.domains_filtered() ? 1 : 0;
  VarId best = -1;
  int best_count = 0;
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count() && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    const int r = ctx.remaining_values(x);
    if (best < 0 || r < best_count) {
      best = x;
      best_count = r;
      ties = 1;
      if (r <= floor && (!random || r == 0)) break;  // 0: a dead end, taken at once
    } else if (random && r == best_count && ctx.take_tie(++ties)) {
      best = x;
    }
  }
  return best;
}

VarId degree(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  VarId best = -1;
  int best_degree = -1;
  std::uint64_t ties = 1;
  for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count(); ++x) {
    if (a.is_assigned(x)) continue;
    const int d = ctx.dynamic_degree(x);
    if (d > best_degree) {
      best = x;
      best_degree = d;
      ties = 1;
    } else if (random && d == best_degree && ctx.take_tie(++ties)) {
      best = x;
    }
  }
  return best;
}

VarId mrv_degree(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  VarId best = -1;
  int best_count = 0;
  int best_degree = -1;  // computed lazily, only when a tie needs it
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count() && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    const int r = ctx.remaining_values(x);
    if (best >= 0 && r > best_count) continue;
    if (best >= 0 && r == best_count) {
      if (best_degree < 0) best_degree = ctx.dynamic_degree(best);
      const int d = ctx.dynamic_degree(x);
      if (d < best_degree) continue;
      if (d == best_degree) {  // a tie on both measures
        if (random && ctx.take_tie(++ties)) best = x;
        continue;
      }
      best_degree = d;
    } else {
      best_degree = -1;
    }
    best = x;
    best_count = r;
    ties = 1;
  }
  return best;
}

namespace {

// dom/wdeg's weighted degrees over one run, kept up to date instead of re-summed at each node. A mirror of the
// assignment as last seen; per constraint, how many scope variables the mirror leaves unassigned; per variable,
// the sum of the weights of its constraints with two or more of them (`live`). A constraint that becomes live or
// dead adds or removes its weight on its scope; a weight increment on a live constraint adds to its scope.
class WeightedDegrees {
 public:
  explicit WeightedDegrees(const Problem& p)
      : mirror_(static_cast<std::size_t>(p.variable_count()), 0),
        unassigned_(static_cast<std::size_t>(p.constraint_count()), 0),
        sums_(static_cast<std::size_t>(p.variable_count()), 0) {}

  // Brings the sums up to the current assignment and weights. Every variable whose state changed since the last
  // call was unassigned then or is now, so it lies at or above the smaller of the two first-unassigned cursors.
  const std::vector<long long>& update(SearchContext& ctx) {
    const Problem& p = ctx.problem();
    const auto& weights = ctx.store().weights();
    if (!started_) {
      ctx.store().take_weight_changes(changes_);  // increments so far: in the weights `start` reads
      start(p, weights);
    } else if (ctx.store().take_weight_changes(changes_)) {
      for (const ConstraintId c : changes_)
        if (live(c)) add_to_scope(p, c, 1);
    } else {
      recompute(p, weights);
    }
    const Assignment& a = ctx.assignment();
    const VarId first = ctx.first_unassigned();
    const VarId from = first < 0 ? scan_from_ : std::min(scan_from_, first);
    const std::vector<char>& flags = a.assigned_flags();
    const std::size_t n = flags.size();
    for (VarId x = from; x < a.variable_count(); ++x) {
      const auto i = static_cast<std::size_t>(x);
      if (i + 8 <= n && std::memcmp(flags.data() + i, mirror_.data() + i, 8) == 0) {  // 8 unchanged at once
        x += 7;
        continue;
      }
      const char now = flags[i];
      if (now == mirror_[i]) continue;
      mirror_[i] = now;
      for (const ConstraintId c : p.constraints_of(x)) {
        int& u = unassigned_[static_cast<std::size_t>(c)];
        const auto w = static_cast<long long>(weights[static_cast<std::size_t>(c)]);
        if (now != 0 && --u == 1) add_to_scope(p, c, -w);  // c dies
        else if (now == 0 && ++u == 2) add_to_scope(p, c, w);  // c comes back to life
      }
    }
    scan_from_ = first < 0 ? a.variable_count() : first;
    return sums_;
  }

 private:
  bool live(ConstraintId c) const { return unassigned_[static_cast<std::size_t>(c)] >= 2; }

  void add_to_scope(const Problem& p, ConstraintId c, long long w) {
    for (const VarId y : p.constraint(c).scope()) sums_[static_cast<std::size_t>(y)] += w;
  }

  // The mirror starts with every variable unassigned (the loop of `update` then applies the assigned ones).
  void start(const Problem& p, const std::vector<std::uint64_t>& weights) {
    started_ = true;
    for (ConstraintId c = 0; c < p.constraint_count(); ++c)
      unassigned_[static_cast<std::size_t>(c)] = static_cast<int>(p.constraint(c).scope().size());
    recompute(p, weights);
  }

  void recompute(const Problem& p, const std::vector<std::uint64_t>& weights) {
    std::fill(sums_.begin(), sums_.end(), 0);
    for (ConstraintId c = 0; c < p.constraint_count(); ++c)
      if (live(c)) add_to_scope(p, c, static_cast<long long>(weights[static_cast<std::size_t>(c)]));
  }

  std::vector<char> mirror_;       // 1: assigned when last seen
  std::vector<int> unassigned_;    // per constraint: scope variables the mirror leaves unassigned
  std::vector<long long> sums_;    // per variable: the weights of its live constraints
  std::vector<ConstraintId> changes_;
  VarId scan_from_ = 0;
  bool started_ = false;
};

}  // namespace

const std::vector<long long>& weighted_degrees(SearchContext& ctx) {
  std::shared_ptr<void>& slot = ctx.strategy_state();
  if (!slot) slot = std::make_shared<WeightedDegrees>(ctx.problem());
  return static_cast<WeightedDegrees*>(slot.get())->update(ctx);
}

VarId dom_wdeg(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const std::vector<long long>& sums = weighted_degrees(ctx);
  const bool random = ctx.random_ties();
  VarId best = -1;
  long long best_dom = 0;
  long long best_w = 1;
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count() && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    long long w = sums[static_cast<std::size_t>(x)];
    if (w == 0) w = 1;  // no constraint left: rank by domain size alone
    const long long dom = ctx.remaining_values(x);
    if (best < 0 || dom * best_w < best_dom * w) {
      best = x;
      best_dom = dom;
      best_w = w;
      ties = 1;
    } else if (random && dom * best_w == best_dom * w && ctx.take_tie(++ties)) {
      best = x;
    }
  }
  return best;
}

namespace {

// The unassigned variable with the least key(x) (a long long), scanning from ctx.first_unassigned(); ties go to
// the smallest id, or to a uniformly random one of them with a seed.
template <class Key>
VarId least_key(SearchContext& ctx, Key key) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  VarId best = -1;
  long long best_key = 0;
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_unassigned(); x >= 0 && x < a.variable_count() && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    const long long k = key(x);
    if (best < 0 || k < best_key) {
      best = x;
      best_key = k;
      ties = 1;
    } else if (random && k == best_key && ctx.take_tie(++ties)) {
      best = x;
    }
  }
  return best;
}

}  // namespace

long long regret(const Store& store, VarId x) {
  const Domain& d = store.domain(x);
  if (d.size() < 2) return 0;
  const int lo = d.min();
  return static_cast<long long>(store.value(x, d.next(lo))) - store.value(x, lo);
}

VarId anti_mrv(SearchContext& ctx) {
  return least_key(ctx, [&](VarId x) { return -static_cast<long long>(ctx.remaining_values(x)); });
}

VarId smallest_value(SearchContext& ctx) {
  const Store& s = ctx.store();
  return least_key(ctx, [&](VarId x) { return static_cast<long long>(s.value(x, s.domain(x).min())); });
}

VarId largest_value(SearchContext& ctx) {
  const Store& s = ctx.store();
  return least_key(ctx, [&](VarId x) { return -static_cast<long long>(s.value(x, s.domain(x).max())); });
}

VarId max_regret(SearchContext& ctx) {
  return least_key(ctx, [&](VarId x) { return -regret(ctx.store(), x); });
}

Registry<VariableOrdering>& variable_orderings() {
  static Registry<VariableOrdering> registry = [] {
    Registry<VariableOrdering> r("variable ordering");
    r.add("first", "static order: the first unassigned variable", first_unassigned);
    r.add("mrv", "minimum remaining values (fail first)", mrv);
    r.add("degree", "most constraints on unassigned variables", degree);
    r.add("mrv-degree", "MRV, ties broken by the degree heuristic", mrv_degree);
    r.add("dom-wdeg", "smallest domain / weighted degree (learns from failures)", dom_wdeg);
    r.add("anti-mrv", "the most values left (MiniZinc's anti_first_fail)", anti_mrv);
    r.add("smallest", "the smallest value in its domain (MiniZinc's smallest)", smallest_value);
    r.add("largest", "the largest value in its domain (MiniZinc's largest)", largest_value);
    r.add("max-regret", "the largest gap between its two smallest values (MiniZinc's max_regret)", max_regret);
    return r;
  }();
  return registry;
}

}  // namespace csp
