// csp::solve: validate the spec, run the algorithm named in it, check every solution once, say why it stopped.
#include "csp/search/solve.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/optimize.hpp"

namespace csp {

namespace {

RunResult run_backtracking(const Problem& problem, const RunSpec& spec) {
  RunResult result;
  if (spec.objective) {
    static_cast<SearchResult&>(result) = optimize(problem, spec.objective->variable, spec.objective->sense, spec.search);
  } else {
    static_cast<SearchResult&>(result) = backtracking_search(problem, spec.search);
  }
  return result;
}

// Min-conflicts under the spec's time limit and interrupt flag; its one solution goes through on_solution as a
// backtracking solution does (the checks live there).
RunResult run_min_conflicts(const Problem& problem, const RunSpec& spec) {
  MinConflictsConfig local = spec.local;
  local.limits = spec.search.limits;
  const MinConflictsResult run = min_conflicts_run(problem, local);
  RunResult result;
  static_cast<SearchResult&>(result) = run.search;
  result.algorithm_counters = {{"steps", run.search.stats.assignments},
                               {"restarts", run.restarts},
                               {"walk_moves", run.walk_steps},
                               {"tabu_rejections", run.tabu_rejections},
                               {"weight_increases", run.weight_increases}};
  return result;
}

// Projected counting with backjumping "cbj", which the engine's projection does not take: the engine enumerates
// every solution and this filter counts each distinct projection once (the first found), keeps those, and stops
// at max_solutions of them.
class ProjectionFilter {
 public:
  explicit ProjectionFilter(const SolverConfig& config)
      : projection_(config.projection), cap_(config.max_solutions), keep_(config.keep_solutions) {}

  // True when `a` projects onto a value tuple not seen before.
  bool fresh(const Assignment& a) {
    std::vector<Value> tuple;
    tuple.reserve(projection_.size());
    for (const VarId x : projection_) tuple.push_back(a.value(x));
    if (!seen_.insert(std::move(tuple)).second) return false;
    ++count_;
    if (!keep_ || kept_.size() < *keep_) kept_.push_back(a);
    return true;
  }
  // After a fresh solution: true when it was the max_solutions-th.
  bool capped() {
    capped_ = cap_ != 0 && count_ >= cap_;
    return capped_;
  }
  // The result as the engine's projection would give it: the distinct solutions counted and kept, a stop at the
  // cap the one asked for.
  void finish(RunResult& result) {
    result.solutions = std::move(kept_);
    result.solution_count = count_;
    result.stats.solutions = count_;
    if (capped_ && result.stop == StopReason::callback) {
      result.stop = StopReason::solution_cap;
      result.complete = true;
      result.status = Status::solved;
    }
  }

 private:
  std::vector<VarId> projection_;
  std::uint64_t cap_;
  std::optional<std::uint64_t> keep_;
  std::set<std::vector<Value>> seen_;
  std::vector<Assignment> kept_;
  std::uint64_t count_ = 0;
  bool capped_ = false;
};

Registry<Algorithm> make_algorithms() {
  Registry<Algorithm> r("algorithm");
  r.add("backtracking",
        "AIMA Fig. 6.5 with the configured orderings, inference, restarts, backjumping and learning; branch and bound "
        "with an objective",
        Algorithm{run_backtracking, nullptr, true});
  r.add("min-conflicts",
        "local search (AIMA Fig. 6.8): a solution or 'gave up', never a proof",
        Algorithm{run_min_conflicts, nullptr, false});
  return r;
}

}  // namespace

Registry<Algorithm>& algorithms() {
  static Registry<Algorithm> registry = make_algorithms();
  return registry;
}

void RunSpec::validate(const Problem& problem) const {
  if (search.backjumping == "cbj" && !search.projection.empty()) {  // solve filters the projection itself
    SolverConfig engine = search;
    engine.projection.clear();
    engine.validate();
  } else {
    search.validate();
  }
  const Algorithm& a = algorithms().get(algorithm).fn;
  if (!a.counts) {
    if (search.max_solutions != 1)
      throw Error("algorithm '" + algorithm + "' finds one solution: max_solutions " +
                  std::to_string(search.max_solutions) + " (a count) needs algorithm 'backtracking'");
    if (!search.projection.empty())
      throw Error("algorithm '" + algorithm + "' finds one solution: a projection needs algorithm 'backtracking'");
    if (objective) throw Error("algorithm '" + algorithm + "' cannot optimise: an objective needs algorithm 'backtracking'");
  }
  if (objective) {
    if (objective->variable < 0 || objective->variable >= problem.variable_count())
      throw ModelError("objective: " + std::to_string(objective->variable) + " is not a variable id (the problem has " +
                       std::to_string(problem.variable_count()) + ")");
    if (search.backjumping == "cbj")
      throw Error("backjumping 'cbj' does not work with an objective (branch and bound)");
    if (!search.projection.empty()) throw Error("a projection does not apply to an objective (branch and bound)");
  }
  if (a.refusal)
    if (std::string why = a.refusal(problem, *this); !why.empty()) throw Error(why);
}

RunResult solve(const Problem& problem, const RunSpec& spec) {
  spec.validate(problem);
  RunSpec run = spec;
  std::optional<ProjectionFilter> filter;
  if (spec.search.backjumping == "cbj" && !spec.search.projection.empty()) {
    for (const VarId x : spec.search.projection)
      if (x < 0 || x >= problem.variable_count())
        throw Error("projection: " + std::to_string(x) + " is not a variable id (the problem has " +
                    std::to_string(problem.variable_count()) + ")");
    filter.emplace(spec.search);
    run.search.projection.clear();
    run.search.max_solutions = 0;
    run.search.keep_solutions = 0;  // the filter keeps the first of each projection
  }
  std::string wrong;
  run.search.on_solution = [&](const Assignment& a) {
    std::string why = spec.check_solutions ? problem.why_not_solution(a) : std::string();
    if (why.empty() && spec.verify) why = spec.verify(a);
    if (!why.empty()) {
      wrong = std::move(why);
      return false;
    }
    if (filter && !filter->fresh(a)) return true;
    const bool go_on = !spec.search.on_solution || spec.search.on_solution(a);
    return go_on && !(filter && filter->capped());
  };
  const Algorithm& algorithm = algorithms().get(spec.algorithm).fn;
  RunResult result = algorithm.run(problem, run);
  result.algorithm = spec.algorithm;
  if (filter) filter->finish(result);
  if (!algorithm.counts) {  // one-solution methods: their solution passes the same checks here
    for (const Assignment& a : result.solutions)
      if (!run.search.on_solution(a)) {
        if (wrong.empty()) result.stop = StopReason::callback;
        break;
      }
  }
  if (!wrong.empty()) {
    result.stop = StopReason::wrong_solution;
    result.complete = false;
    result.wrong = std::move(wrong);
  }
  return result;
}

}  // namespace csp
