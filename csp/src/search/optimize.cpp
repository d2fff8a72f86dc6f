// Branch and bound (Dechter, Constraint Processing, ch. 13): backtracking search that keeps the objective strictly
// better than the best solution found, through the node hook of backtracking.cpp (backtracking_hook.hpp).
#include "csp/search/optimize.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>

#include "backtracking_hook.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"

namespace csp {

std::string to_string(Sense s) { return s == Sense::minimize ? "minimize" : "maximize"; }

namespace {

// How many improving solutions the result keeps: the last keep_solutions, and at least the best.
std::uint64_t solutions_to_keep(const SolverConfig& config) {
  return std::max<std::uint64_t>(1, config.keep_solutions.value_or(UINT64_MAX));  // unset: every one
}

// The first index of `var` whose value is above `v` (strictly when `strictly`), or var.size(): values are sorted
// ascending, so a bound on values is a bound on indices.
// (A binary search by hand: std::ranges over std::views::iota does not compile with clang 14 and libstdc++ 12, the
// fuzz preset's pair.)
int first_index_above(const Variable& var, long long v, bool strictly) {
  int lo = 0;
  int hi = var.size();
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    const long long w = var.value(mid);
    if (strictly ? w > v : w >= v) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

// The bound "objective < best" (minimize) or "objective > best" (maximize) as a limit on the objective's value
// indices, enforced at each node. `best` is the better of this run's best and the shared incumbent (optional:
// runs of a portfolio on one problem), which this run also lowers (raises) with each of its own improvements.
class ObjectiveBound {
 public:
  ObjectiveBound(const Variable& var, VarId objective, Sense sense, const std::string& inference,
                 std::atomic<long long>* shared)
      : var_(var), objective_(objective), sense_(sense), inference_(inference), shared_(shared) {}

  // After a solution whose objective value is v: only values below (minimize) or above (maximize) it.
  void improve(long long v) {
    tighten(v);
    if (shared_ == nullptr) return;
    long long current = shared_->load(std::memory_order_relaxed);
    while (better(v, current) && !shared_->compare_exchange_weak(current, v, std::memory_order_relaxed)) {
    }
  }

  // The node hook: removes the objective's values beyond the bound and propagates the change. False on wipe-out.
  bool operator()(SearchContext& ctx) {
    if (shared_ != nullptr) {
      const long long s = shared_->load(std::memory_order_relaxed);
      if (s != no_incumbent(sense_) && (!bounded_ || better(s, best_))) tighten(s);
    }
    if (!bounded_) return true;
    Store& store = ctx.store();
    const Domain& d = store.domain(objective_);
    if (d.empty()) return false;
    const bool minimize = sense_ == Sense::minimize;
    if (minimize ? d.max() <= limit_ : d.min() >= limit_) return true;  // already within the bound
    if (!(minimize ? store.remove_above(objective_, limit_, nullptr) : store.remove_below(objective_, limit_, nullptr)))
      return false;
    // Unassigned here: an assigned objective has one value, which is either kept or wiped out above.
    if (!ctx.domains_filtered()) return true;  // inference "none": search checks values against the assignment
    if (inference_ == "mac") {
      ctx.set_decision_shrank_domain(true);
      return mac(ctx, objective_);  // to the fixpoint, starting from the objective's constraints
    }
    if (inference_ == "fc") return forward_checking(ctx, objective_);  // the objective's constraints filter once
    return inferences().get(inference_).fn(ctx, -1);  // a registered inference: its "root" call, all constraints
  }

 private:
  bool better(long long a, long long b) const { return sense_ == Sense::minimize ? a < b : a > b; }
  void tighten(long long v) {
    best_ = v;
    limit_ = sense_ == Sense::minimize ? first_index_above(var_, v, false) - 1 : first_index_above(var_, v, true);
    bounded_ = true;
  }

  const Variable& var_;
  VarId objective_;
  Sense sense_;
  std::string inference_;
  std::atomic<long long>* shared_;
  long long best_ = 0;
  int limit_ = 0;
  bool bounded_ = false;
};

// The configured variable ordering over every variable but the objective, which is chosen last: branch and bound
// searches the other variables, and the objective, bounded by propagation, takes its best value left at the leaf
// (choosing it early would try "objective = best possible" first: a proof of the hardest bound before any
// solution). The objective counts as assigned to its best value left while the ordering looks (so the ordering
// sees it as settled; with inference "none" MRV's legal-value counts assume that value).
class ObjectiveLast {
 public:
  ObjectiveLast(VarId objective, Sense sense, const Strategy<VariableOrdering>& ordering)
      : objective_(objective), sense_(sense), select_(ordering.resolve(variable_orderings())) {}

  VarId operator()(SearchContext& ctx) const {
    Assignment& a = ctx.store().assignment();
    const Domain& d = ctx.store().domain(objective_);
    if (a.is_assigned(objective_) || a.assigned_count() + 1 == a.variable_count() || d.empty()) return select_(ctx);
    a.assign(objective_, ctx.store().value(objective_, sense_ == Sense::minimize ? d.min() : d.max()));
    const VarId x = select_(ctx);
    a.unassign(objective_);
    ctx.note_unassigned(objective_);
    return x;
  }

 private:
  VarId objective_;
  Sense sense_;
  VariableOrdering select_;
};

}  // namespace

long long no_incumbent(Sense sense) { return sense == Sense::minimize ? LLONG_MAX : LLONG_MIN; }

SearchResult optimize(const Problem& problem, VarId objective, Sense sense, const SolverConfig& config,
                      std::atomic<long long>* shared_best) {
  if (objective < 0 || objective >= problem.variable_count())
    throw ModelError("optimize: objective " + std::to_string(objective) + " is not a variable of the problem (it has " +
                     std::to_string(problem.variable_count()) + " variables)");
  config.validate();
  const Variable& var = problem.variable(objective);
  const std::uint64_t keep = solutions_to_keep(config);
  ObjectiveBound bound(var, objective, sense, config.inference, shared_best);
  std::deque<Assignment> improving;  // the last `keep` improving solutions, best last
  std::optional<long long> best;

  SolverConfig inner = config;
  inner.max_solutions = 0;   // every improving solution, until the bound proves the last one optimal
  inner.keep_solutions = 0;  // kept here instead, best last
  inner.on_solution = [&](const Assignment& a) {
    const Value v = a.value(objective);
    best = v;
    bound.improve(v);
    improving.push_back(a);
    if (improving.size() > keep) improving.pop_front();
    return !config.on_solution || config.on_solution(a);
  };
  if (config.on_progress)
    inner.on_progress = [&](const Progress& p) {
      Progress q = p;
      q.objective = best;
      config.on_progress(q);
    };
  detail::SearchHooks hooks;
  hooks.bound = [&bound](SearchContext& ctx) { return bound(ctx); };
  hooks.select = ObjectiveLast(objective, sense, config.variable_ordering);
  hooks.descending = sense == Sense::maximize ? objective : -1;
  SearchResult result = detail::backtracking_search(problem, inner, hooks);
  result.solutions.assign(std::make_move_iterator(improving.begin()), std::make_move_iterator(improving.end()));
  result.objective = best;
  return result;
}

SearchResult minimize(const Problem& problem, VarId objective, const SolverConfig& config) {
  return optimize(problem, objective, Sense::minimize, config);
}

SearchResult maximize(const Problem& problem, VarId objective, const SolverConfig& config) {
  return optimize(problem, objective, Sense::maximize, config);
}

}  // namespace csp
