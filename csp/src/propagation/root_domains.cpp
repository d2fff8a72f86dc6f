// root_domains: the givens assigned, the inference run once at the root, the domains read back.
#include "csp/propagation/root_domains.hpp"

#include "csp/core/store.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/stats/statistics.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp {

RootDomains root_domains(const Problem& problem, const std::string& inference) {
  const Inference& infer = inferences().get(inference).fn;
  Statistics stats;
  Store store(problem, stats);
  SearchContext ctx(store, inference != "none");
  for (VarId x = 0; x < problem.variable_count(); ++x)
    if (store.domain(x).is_singleton()) store.assignment().assign(x, store.value(x, store.domain(x).min()));
  RootDomains out;
  out.consistent = infer(ctx, -1);
  out.values.resize(static_cast<std::size_t>(problem.variable_count()));
  for (VarId x = 0; x < problem.variable_count(); ++x)
    store.domain(x).for_each([&](int i) { out.values[static_cast<std::size_t>(x)].push_back(store.value(x, i)); });
  return out;
}

}  // namespace csp
