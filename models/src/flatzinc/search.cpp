// The search annotation phase by phase: each int_search / bool_search selects among its own variables.
#include "csp/models/flatzinc/search.hpp"

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

namespace csp::models::flatzinc {

namespace {

enum class Selection { first, mrv, degree, mrv_degree, dom_wdeg, anti_mrv, smallest, largest, max_regret };

Selection selection_named(const std::string& name) {
  if (name == "first") return Selection::first;
  if (name == "mrv") return Selection::mrv;
  if (name == "degree") return Selection::degree;
  if (name == "mrv-degree") return Selection::mrv_degree;
  if (name == "dom-wdeg") return Selection::dom_wdeg;
  if (name == "anti-mrv") return Selection::anti_mrv;
  if (name == "smallest") return Selection::smallest;
  if (name == "largest") return Selection::largest;
  if (name == "max-regret") return Selection::max_regret;
  throw UnknownNameError("unknown variable selection for an annotated search '" + name +
                         "' (valid: first, mrv, degree, mrv-degree, dom-wdeg, anti-mrv, smallest, largest, "
                         "max-regret)");
}

// The key the selections that rank by one number minimise (anti-mrv, smallest, largest, max-regret).
long long key_of(SearchContext& ctx, Selection s, VarId x) {
  const Store& store = ctx.store();
  const Domain& d = store.domain(x);
  switch (s) {
    case Selection::anti_mrv:
      return -static_cast<long long>(ctx.remaining_values(x));
    case Selection::smallest:
      return store.value(x, d.min());
    case Selection::largest:
      return -static_cast<long long>(store.value(x, d.max()));
    default:
      return -regret(store, x);
  }
}

// The unassigned variable of ids begin .. end - 1 that `s` prefers (ties to the smallest id), or -1.
VarId select(SearchContext& ctx, Selection s, VarId begin, VarId end) {
  const Assignment& a = ctx.assignment();
  const Store& store = ctx.store();
  VarId best = -1;
  long long best_count = LLONG_MAX;                  // domain size (mrv, mrv-degree, dom-wdeg), or the key of key_of
  long long best_score = -1;                         // degree, or dom-wdeg's weight
  const int floor = ctx.domains_filtered() ? 1 : 0;  // no variable has fewer values left
  // dom/wdeg's sums, brought up to date only once a variable with two values or more is ranked (the single values
  // of a FlatZinc model's auxiliary variables are taken first without them: langford spent 21% of its time there).
  const std::vector<long long>* sums = nullptr;
  for (VarId x = std::max(begin, ctx.first_unassigned()); x >= 0 && x < end && !store.interrupted(); ++x) {
    if (a.is_assigned(x)) continue;
    // A single value left (inference fixed it): taking it first never branches, and saves scanning the many
    // auxiliary variables a FlatZinc model fixes by propagation (rcpsp: 19,000 of them).
    if (s == Selection::first || (ctx.domains_filtered() && store.domain(x).size() == 1)) return x;
    switch (s) {
      case Selection::first:
        break;
      case Selection::mrv: {
        const long long r = ctx.remaining_values(x);
        if (r < best_count) {
          best = x;
          best_count = r;
          if (r <= floor) return best;
        }
        break;
      }
      case Selection::degree: {
        const long long d = ctx.dynamic_degree(x);
        if (d > best_score) {
          best = x;
          best_score = d;
        }
        break;
      }
      case Selection::mrv_degree: {
        const long long r = ctx.remaining_values(x);
        if (r > best_count) break;
        const long long d = ctx.dynamic_degree(x);
        if (r == best_count && d <= best_score) break;
        best = x;
        best_count = r;
        best_score = d;
        break;
      }
      case Selection::anti_mrv:
      case Selection::smallest:
      case Selection::largest:
      case Selection::max_regret: {
        const long long k = key_of(ctx, s, x);
        if (best < 0 || k < best_count) {
          best = x;
          best_count = k;
        }
        break;
      }
      case Selection::dom_wdeg: {
        if (sums == nullptr) sums = &weighted_degrees(ctx);
        const long long r = ctx.remaining_values(x);
        const long long w = std::max(1LL, (*sums)[static_cast<std::size_t>(x)]);
        if (best < 0 || r * best_score < best_count * w) {
          best = x;
          best_count = r;
          best_score = w;
        }
        break;
      }
    }
  }
  return best;
}

}  // namespace

Strategy<VariableOrdering> phased_variable_ordering(const SearchAnnotation& search, const std::string& rest) {
  struct Phase {
    VarId begin, end;
    Selection selection;
  };
  const Selection otherwise = selection_named(rest);
  auto phases = std::make_shared<std::vector<Phase>>();
  VarId rest_begin = 0;
  for (const SearchPhase& p : search.phases) {
    if (p.begin < p.end)
      phases->push_back(
          {p.begin, p.end, p.variable_ordering.empty() ? otherwise : selection_named(p.variable_ordering)});
    rest_begin = std::max(rest_begin, p.end);
  }
  return {[phases, otherwise, rest_begin](SearchContext& ctx) -> VarId {
            for (const Phase& p : *phases)
              if (const VarId x = select(ctx, p.selection, p.begin, p.end); x >= 0) return x;
            return select(ctx, otherwise, rest_begin, ctx.assignment().variable_count());
          },
          "annotation"};
}

Strategy<ValueOrdering> phased_value_ordering(const SearchAnnotation& search, const std::string& rest) {
  struct Phase {
    VarId begin, end;
    ValueOrdering order;
  };
  // Every phase orders values as the rest does: that registered ordering itself, which the search may run lazily
  // (natural: the next value found by Domain::next, not a list of the whole domain built and checked at each node;
  // city-position spent 3% of its time sorting such lists).
  bool uniform = true;
  for (const SearchPhase& p : search.phases)
    uniform = uniform && (p.value_ordering.empty() || p.value_ordering == rest);
  const ValueOrdering otherwise = value_orderings().get(rest).fn;  // throws for an unknown name
  if (uniform) return rest;
  auto phases = std::make_shared<std::vector<Phase>>();
  for (const SearchPhase& p : search.phases)
    if (p.begin < p.end)
      phases->push_back(
          {p.begin, p.end, p.value_ordering.empty() ? otherwise : value_orderings().get(p.value_ordering).fn});
  return {[phases, otherwise](SearchContext& ctx, VarId x, std::vector<int>& order) {
            for (const Phase& p : *phases)
              if (x >= p.begin && x < p.end) return p.order(ctx, x, order);
            otherwise(ctx, x, order);
          },
          "annotation"};
}

std::string phased_branching(const SearchAnnotation& search) {
  if (search.phases.empty()) return "";
  const std::string& split = search.phases.front().split;
  for (const SearchPhase& p : search.phases)
    if (p.split != split) return "binary";
  return split.empty() ? "binary" : split;
}

}  // namespace csp::models::flatzinc
