// Variable ordering heuristics: first, MRV, degree, MRV+degree, dom/wdeg, and MiniZinc's anti_first_fail,
// smallest, largest and max_regret.
#include "csp/heuristics/variable_ordering.hpp"

#include <climits>
#include <cstdint>
#include <vector>

#include "ordering_state.hpp"

namespace csp {

// Every scan runs over the candidates (SearchContext::candidates(): every variable, or a search annotation's
// phase) from ctx.first_candidate(): the candidates below it are assigned, so a deep path does not rescan its
// assigned prefix at each node. With Candidates::fixed_first (and filtered domains), the scans of the orderings
// that would rank a single value after others (all but first and mrv) return the first candidate left with one
// value instead; they are compiled twice (kFixedFirst), so the common case pays nothing for it. Scans that count
// legal values (inference "none") stop early once the store's deadline has passed (search then ends with
// limit_reached and ignores the choice). With a seed
// (SearchContext::random_ties) a tie goes to a uniformly random one of the equally good variables (reservoir
// sampling over the scan), instead of the smallest id. On a large run with filtered domains and no seed, each
// ordering but `first` asks an index of the unassigned variables by its measure instead (ordering_state.hpp),
// which makes the same choice without a scan (only when the candidates are every variable).

namespace {

using detail::Measure;
using detail::OrderingState;
constexpr VarId kScan = -2;

// The index's choice for measure `m` on a large run (OrderingState::large) choosing among every variable, else kScan.
VarId indexed_choice(SearchContext& ctx, Measure m) {
  return ctx.all_candidates() && OrderingState::large(ctx) ? OrderingState::of(ctx).select(ctx, m) : kScan;
}

// Whether a candidate left with one value is taken before the others are ranked (Candidates::fixed_first).
bool fixed_first(const SearchContext& ctx) { return ctx.candidates().fixed_first && ctx.domains_filtered(); }

}  // namespace

VarId first_unassigned(SearchContext& ctx) { return ctx.first_candidate(); }

VarId mrv(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::mrv); x != kScan) return x;
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  const VarId end = ctx.candidates().end;
  if (ctx.domains_filtered()) {  // the common case, on the domains directly: no per-variable call
    const std::vector<Domain>& domains = ctx.store().domains();
    // Nothing beats one value (a wiped-out domain has already failed): the first one found is taken, unless a
    // seed draws among them; Candidates::fixed_first takes it anyway.
    const bool take_one = !random || ctx.candidates().fixed_first;
    // 64-bit counts: an assigned variable must rank after any domain, also one of Domain::kMaxCapacity = INT_MAX values.
    VarId best = -1;
    long long best_count = LLONG_MAX;
    std::uint64_t ties = 1;  // equally good candidates seen (random tie-breaking)
    for (VarId x = ctx.first_candidate(); x >= 0 && x < end; ++x) {
      const long long r = a.is_assigned(x) ? LLONG_MAX : domains[static_cast<std::size_t>(x)].size();
      if (r < best_count) {
        best = x;
        best_count = r;
        ties = 1;
        if (r <= 1 && take_one) break;
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
  for (VarId x = ctx.first_candidate(); x >= 0 && x < end && !store.interrupted(); ++x) {
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

namespace {

// With kFixedFirst, whether unassigned x is left with one value: then it is taken before any ranking
// (Candidates::fixed_first; the callers pass kFixedFirst only with filtered domains).
template <bool kFixedFirst>
bool taken_as_fixed(const SearchContext& ctx, VarId x) {
  if constexpr (kFixedFirst)
    return ctx.store().domains()[static_cast<std::size_t>(x)].size() == 1;
  else
    return false;
}

template <bool kFixedFirst>
VarId degree_scan(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  const VarId end = ctx.candidates().end;
  VarId best = -1;
  int best_degree = -1;
  std::uint64_t ties = 1;
  for (VarId x = ctx.first_candidate(); x >= 0 && x < end; ++x) {
    if (a.is_assigned(x)) continue;
    if (taken_as_fixed<kFixedFirst>(ctx, x)) return x;
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

template <bool kFixedFirst>
VarId mrv_degree_scan(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  const VarId end = ctx.candidates().end;
  VarId best = -1;
  int best_count = 0;
  int best_degree = -1;  // computed lazily, only when a tie needs it
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_candidate(); x >= 0 && x < end && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    if (taken_as_fixed<kFixedFirst>(ctx, x)) return x;
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

template <bool kFixedFirst>
VarId dom_wdeg_scan(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  const Store& store = ctx.store();
  const VarId end = ctx.candidates().end;
  VarId x = ctx.first_candidate();
  if (x < 0) return -1;
  if constexpr (kFixedFirst) {
    // The fixed candidates before the first one to rank are taken without the weighted degrees, which are brought
    // up to date only once a variable is ranked (langford spent 21% of its time on them, for the single values of
    // its auxiliary variables).
    for (; x < end && (a.is_assigned(x) || taken_as_fixed<true>(ctx, x)); ++x)
      if (!a.is_assigned(x)) return x;
    if (x >= end) return -1;
  }
  const std::vector<long long>& sums = weighted_degrees(ctx);
  const bool random = ctx.random_ties();
  VarId best = -1;
  long long best_dom = 0;
  long long best_w = 1;
  std::uint64_t ties = 1;
  for (; x < end && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    if (taken_as_fixed<kFixedFirst>(ctx, x)) return x;
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

// The unassigned candidate with the least key(x) (a long long), scanning from ctx.first_candidate(); ties go to
// the smallest id, or to a uniformly random one of them with a seed.
template <bool kFixedFirst, class Key>
VarId least_key_scan(SearchContext& ctx, const Key& key) {
  const Assignment& a = ctx.assignment();
  const bool random = ctx.random_ties();
  const VarId end = ctx.candidates().end;
  VarId best = -1;
  long long best_key = 0;
  std::uint64_t ties = 1;
  const Store& store = ctx.store();
  for (VarId x = ctx.first_candidate(); x >= 0 && x < end && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    if (taken_as_fixed<kFixedFirst>(ctx, x)) return x;
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

template <class Key>
VarId least_key(SearchContext& ctx, const Key& key) {
  return fixed_first(ctx) ? least_key_scan<true>(ctx, key) : least_key_scan<false>(ctx, key);
}

}  // namespace

VarId degree(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::degree); x != kScan) return x;
  return fixed_first(ctx) ? degree_scan<true>(ctx) : degree_scan<false>(ctx);
}

VarId mrv_degree(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::mrv_degree); x != kScan) return x;
  return fixed_first(ctx) ? mrv_degree_scan<true>(ctx) : mrv_degree_scan<false>(ctx);
}

const std::vector<long long>& weighted_degrees(SearchContext& ctx) {
  return detail::OrderingState::of(ctx).degrees(ctx, true).sums();
}

VarId dom_wdeg(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::dom_wdeg); x != kScan) return x;
  return fixed_first(ctx) ? dom_wdeg_scan<true>(ctx) : dom_wdeg_scan<false>(ctx);
}

long long regret(const Store& store, VarId x) {
  const Domain& d = store.domain(x);
  if (d.size() < 2) return 0;
  const int lo = d.min();
  return static_cast<long long>(store.value(x, d.next(lo))) - store.value(x, lo);
}

VarId anti_mrv(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::anti_mrv); x != kScan) return x;
  return least_key(ctx, [&](VarId x) { return -static_cast<long long>(ctx.remaining_values(x)); });
}

VarId smallest_value(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::smallest); x != kScan) return x;
  const Store& s = ctx.store();
  return least_key(ctx, [&](VarId x) { return static_cast<long long>(s.value(x, s.domain(x).min())); });
}

VarId largest_value(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::largest); x != kScan) return x;
  const Store& s = ctx.store();
  return least_key(ctx, [&](VarId x) { return -static_cast<long long>(s.value(x, s.domain(x).max())); });
}

VarId max_regret(SearchContext& ctx) {
  if (const VarId x = indexed_choice(ctx, Measure::max_regret); x != kScan) return x;
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
