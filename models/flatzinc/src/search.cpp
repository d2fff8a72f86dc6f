// The search annotation phase by phase: each int_search / bool_search selects among its own variables.
#include "csp/models/flatzinc/search.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace csp::models::flatzinc {

namespace {

// A phase's variables and the registered ordering that chooses among them.
struct Phase {
  VarId begin, end;
  std::string name;  // the ordering's, for messages
  VariableOrdering ordering;
};

// The choice of p's ordering among its variables, or -1 when they are all assigned. A candidate left with a single
// value (inference fixed it) is taken first, without ranking (Candidates::fixed_first): that never branches, and it
// saves ranking the many auxiliary variables a FlatZinc model fixes by propagation (rcpsp: 19,000 of them) when
// fixed variables are not assigned by the search itself (SolverConfig::assign_fixed). Throws Error when the
// ordering (one of your own) answers with a variable that is not one of the phase's.
VarId choose(SearchContext& ctx, const Phase& p, VarId end) {
  const SearchContext::CandidateScope scope(ctx, {p.begin, end, true});
  const VarId x = p.ordering(ctx);
  if (x != -1 && (x < p.begin || x >= end))
    throw Error("variable ordering '" + p.name + "' returned " + std::to_string(x) + ", not one of the " +
                "candidates " + std::to_string(p.begin) + " .. " + std::to_string(end - 1) +
                " of a search annotation's phase (SearchContext::candidates)");
  return x;
}

}  // namespace

Strategy<VariableOrdering> phased_variable_ordering(const SearchAnnotation& search, const std::string& rest) {
  // Looked up now, so that an unknown name throws here (UnknownNameError naming the valid ones), not in the run.
  const auto phase = [](VarId begin, VarId end, const std::string& name) {
    const Registry<VariableOrdering>::Entry& e = variable_orderings().get(name);
    return Phase{begin, end, e.name, e.fn};
  };
  Phase others = phase(0, 0, rest);  // the variables of no phase, from the end of the last one: `end` set per run
  auto phases = std::make_shared<std::vector<Phase>>();
  for (const SearchPhase& p : search.phases) {
    if (p.begin < p.end)
      phases->push_back(phase(p.begin, p.end, p.variable_ordering.empty() ? rest : p.variable_ordering));
    others.begin = std::max(others.begin, p.end);
  }
  return {[phases, others = std::move(others)](SearchContext& ctx) -> VarId {
            for (const Phase& p : *phases)
              if (const VarId x = choose(ctx, p, p.end); x >= 0) return x;
            return choose(ctx, others, ctx.assignment().variable_count());
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
