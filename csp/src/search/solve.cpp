// csp::solve: validate the spec, run the algorithm named in it, check every solution once, say why it stopped.
#include "csp/search/solve.hpp"

#include <algorithm>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/lcg.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/optimize.hpp"

namespace csp {

namespace {

RunResult run_backtracking(const Problem& problem, const RunSpec& spec) {
  RunResult result;
  if (spec.objective) {
    static_cast<SearchResult&>(result) =
        optimize(problem, spec.objective->variable, spec.objective->sense, spec.search, spec.objective->shared_best);
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

// Clause learning (csp/search/lcg.hpp) under the spec's limits; its counters after the common ones.
RunResult run_lcg(const Problem& problem, const RunSpec& spec) {
  LearningCounters c;
  RunResult result;
  static_cast<SearchResult&>(result) =
      spec.objective ? lcg_optimize(problem, spec.objective->variable, spec.objective->sense, spec.search, &c)
                     : lcg_search(problem, spec.search, &c);
  result.algorithm_counters = {{"conflicts", c.conflicts},
                               {"learned_clauses", c.learned_clauses},
                               {"learned_literals", c.learned_literals},
                               {"backjump_levels", c.backjump_levels},
                               {"deleted_clauses", c.deleted_clauses},
                               {"own_explanations", c.own_explanations},
                               {"scope_explanations", c.scope_explanations}};
  return result;
}

std::string lcg_refusal(const Problem& problem, const RunSpec& spec) {
  if (spec.search.observer != nullptr)
    return "algorithm 'lcg' shows no events to an observer yet (--trace, --tree): use algorithm 'backtracking'";
  std::uint64_t values = 0;
  for (VarId x = 0; x < problem.variable_count(); ++x) values += static_cast<std::uint64_t>(problem.variable(x).size());
  if (values > kLcgMaxValues)
    return "algorithm 'lcg' keeps one literal per value: the variables have " + std::to_string(values) +
           " values in all, more than its limit of " + std::to_string(kLcgMaxValues) + "; use algorithm 'backtracking'";
  return "";
}

Registry<Algorithm> make_algorithms() {
  Registry<Algorithm> r("algorithm");
  r.add("backtracking",
        "AIMA Fig. 6.5 with the configured orderings, inference, restarts, backjumping and learning; branch and bound "
        "with an objective",
        Algorithm{run_backtracking, nullptr, true, true});
  r.add("lcg",
        "clause learning over domain literals [x = v], [x != v]: 1-UIP conflict analysis, learned clauses, VSIDS, "
        "phase saving, Luby restarts; counts with blocking clauses, branch and bound with an objective",
        Algorithm{run_lcg, lcg_refusal, true, true});
  r.add("min-conflicts", "local search (AIMA Fig. 6.8): a solution or 'gave up', never a proof",
        Algorithm{run_min_conflicts, nullptr, false});
  return r;
}

}  // namespace

Registry<Algorithm>& algorithms() {
  static Registry<Algorithm> registry = make_algorithms();
  return registry;
}

void RunSpec::validate(const Problem& problem) const {
  search.validate();
  const Algorithm& a = algorithms().get(algorithm).fn;
  if (!a.counts) {
    if (search.max_solutions != 1)
      throw Error("algorithm '" + algorithm + "' finds one solution: max_solutions " +
                  std::to_string(search.max_solutions) + " (a count) needs algorithm 'backtracking' or 'lcg'");
    if (!search.projection.empty())
      throw Error("algorithm '" + algorithm +
                  "' finds one solution: a projection needs algorithm 'backtracking' or 'lcg'");
  }
  if (objective && !a.optimises)
    throw Error("algorithm '" + algorithm + "' cannot optimise: an objective needs algorithm 'backtracking' or 'lcg'");
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
  std::string wrong;
  run.search.on_solution = [&](const Assignment& a) {
    std::string why = spec.check_solutions ? problem.why_not_solution(a) : std::string();
    if (why.empty() && spec.verify) why = spec.verify(a);
    if (!why.empty()) {
      wrong = std::move(why);
      return false;
    }
    return !spec.search.on_solution || spec.search.on_solution(a);
  };
  const Algorithm& algorithm = algorithms().get(spec.algorithm).fn;
  RunResult result = algorithm.run(problem, run);
  result.algorithm = spec.algorithm;
  if (!algorithm.counts && !algorithm.optimises) {  // the others' solutions pass the same checks here
    for (const Assignment& a : result.solutions)
      if (!run.search.on_solution(a)) {
        if (wrong.empty()) {
          result.stop = StopReason::callback;
          result.complete = false;
        }
        break;
      }
  }
  if (!wrong.empty()) {
    result.stop = StopReason::wrong_solution;
    result.complete = false;
    result.wrong = std::move(wrong);
  }
  // A wrong solution or the callback may have stopped a run its algorithm called solved: never "solved" then.
  result.status = status_of(result.stop, result.solution_count);
  return result;
}

}  // namespace csp
