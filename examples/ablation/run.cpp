// One run of an ablation: build, search R times, verify, record.
#include "ablation/run.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/graph/tree_solver.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "csp/search/min_conflicts.hpp"

namespace csp::ablation {

std::string to_string(RunStatus s) {
  switch (s) {
    case RunStatus::solved: return "solved";
    case RunStatus::unsatisfiable: return "unsatisfiable";
    case RunStatus::timeout: return "timeout";
    case RunStatus::node_limit: return "node-limit";
    case RunStatus::wrong: return "wrong";
    case RunStatus::error: return "error";
  }
  return "?";
}

RunStatus parse_run_status(const std::string& name) {
  for (RunStatus s : {RunStatus::solved, RunStatus::unsatisfiable, RunStatus::timeout, RunStatus::node_limit,
                      RunStatus::wrong, RunStatus::error})
    if (to_string(s) == name) return s;
  throw InputError("unknown run status '" + name +
                   "' (valid: solved, unsatisfiable, timeout, node-limit, wrong, error)");
}

bool is_failure(RunStatus s) { return s != RunStatus::solved && s != RunStatus::unsatisfiable; }

namespace {

RunStatus limit_status(const SearchResult& r, const RunLimits& limits) {
  return limits.node_limit != 0 && r.stats.assignments >= limits.node_limit ? RunStatus::node_limit
                                                                             : RunStatus::timeout;
}

// Counting (max_solutions != 1), distinct solutions (auxiliary variables) or optimisation: every solution is
// verified as it is found, and counted once. Returns the result of the search; `out` gets the first run's record.
SearchResult search_counting(const BuiltInstance& built, SolverConfig solver, const RunLimits& limits, bool first,
                             RunRecord& out) {
  const Problem& problem = built.problem();
  const std::optional<BuiltInstance::Objective> objective = built.objective();
  std::vector<VarId> distinct_by = built.distinct_by();  // the variables that tell solutions apart
  if (distinct_by.empty())
    for (VarId x = 0; x < std::max(0, built.distinct_variables()); ++x) distinct_by.push_back(x);
  const bool deduplicate = !objective && distinct_by.size() < static_cast<std::size_t>(problem.variable_count());
  const std::uint64_t wanted = limits.max_solutions;
  solver.keep_solutions = 0;
  // Copies that differ only in auxiliary variables are skipped here, so the engine enumerates them all.
  solver.max_solutions = deduplicate ? 0 : wanted;
  std::string wrong;
  std::set<std::vector<Value>> seen;
  std::uint64_t found = 0;
  bool capped = false;
  solver.on_solution = [&](const Assignment& a) {
    if (std::string why = built.verify(a); !why.empty()) {
      wrong = std::move(why);
      return false;
    }
    if (deduplicate) {
      std::vector<Value> key;
      key.reserve(distinct_by.size());
      for (VarId x : distinct_by) key.push_back(a.value(x));
      if (!seen.insert(std::move(key)).second) return true;
    }
    ++found;
    if (deduplicate && wanted != 0 && found >= wanted) {
      capped = true;
      return false;
    }
    return true;
  };
  SearchResult r = objective ? optimize(problem, objective->variable, objective->sense, solver)
                             : backtracking_search(problem, solver);
  if (!first) return r;
  out.stats = r.stats;
  out.stats.solutions = found;
  out.optimisation = objective.has_value();
  out.objective = r.objective;
  if (!wrong.empty()) {
    out.status = RunStatus::wrong;
    out.detail = std::move(wrong);
  } else if (r.status == Status::limit_reached && !capped) {
    out.status = limit_status(r, limits);
  } else {
    out.status = found == 0 ? RunStatus::unsatisfiable : RunStatus::solved;
  }
  return r;
}

// The configuration's algorithm on `problem` (Configuration::algorithm). Min-conflicts (with the configuration's
// walk, tabu, weighting, restart-after) gave-up counts as a node limit reached (its max_steps is the node limit, or
// 100,000); a tree-solver refusal (a cycle, a constraint on three
// variables) throws ModelError, an error run.
SearchResult run_algorithm(const Problem& problem, const Configuration& config, const SolverConfig& solver) {
  if (config.algorithm == "min-conflicts") {
    MinConflictsConfig local;
    if (solver.limits.node_limit != 0) local.max_steps = solver.limits.node_limit;
    local.limits.time_limit = solver.limits.time_limit;
    if (solver.seed != 0) local.seed = solver.seed;  // --seed LIST; 0 (ties by order in backtracking) keeps seed 1
    // --walk, --tabu, --weighting, --restart-after LIST ("" when not in the study: the book's algorithm)
    if (!config.walk.empty())  // checked by parse_probabilities; from_chars: no locale
      std::from_chars(config.walk.data(), config.walk.data() + config.walk.size(), local.walk_probability);
    if (!config.tabu.empty()) local.tabu_tenure = std::stoull(config.tabu);
    local.weighting = config.weighting == "on";
    if (!config.restart_after.empty()) local.restart_after = std::stoull(config.restart_after);
    return min_conflicts(problem, local);  // its restarts are in stats.restarts
  }
  if (config.algorithm == "tree") return tree_csp_solver(problem, solver.limits);
  if (config.algorithm == "cutset") {
    CutsetConfig cutset;
    cutset.limits.time_limit = solver.limits.time_limit;
    return cutset_conditioning(problem, cutset).search;
  }
  return backtracking_search(problem, solver);
}

}  // namespace

RunRecord run_one(const Instance& instance, const Configuration& config, const RunLimits& limits) {
  RunRecord out;
  try {
    const std::unique_ptr<BuiltInstance> built = instance.build(config);
    if (std::string why = built->proved_unsatisfiable(); !why.empty()) {
      out.status = RunStatus::unsatisfiable;  // building proved it: no search, every counter 0
      out.optimisation = built->objective().has_value();
      out.detail = std::move(why);
      return out;
    }
    SolverConfig solver = config.solver_config();
    solver.limits.node_limit = limits.node_limit;
    solver.limits.time_limit = std::chrono::milliseconds(limits.timeout_ms);
    const bool counting = limits.max_solutions != 1 || built->objective();
    solver.max_solutions = 1;
    solver.keep_solutions = 1;
    std::vector<std::int64_t> times;
    const unsigned repeat = std::max(1U, limits.repeat);
    for (unsigned k = 0; k < repeat; ++k) {
      if (counting) {
        if (!config.backtracking())
          throw Error("counting solutions or optimising needs --algorithm backtracking (" + config.algorithm +
                      " stops at its first solution)");
        const SearchResult r = search_counting(*built, solver, limits, k == 0, out);
        times.push_back(r.stats.elapsed_us);
        if (k == 0 && out.status == RunStatus::timeout) break;
        continue;
      }
      const SearchResult r = run_algorithm(built->problem(), config, solver);
      times.push_back(r.stats.elapsed_us);
      if (k > 0) continue;
      out.stats = r.stats;
      if (r.status == Status::gave_up) {  // min-conflicts used its steps
        out.status = RunStatus::node_limit;
        out.detail = "gave up after " + std::to_string(r.stats.assignments) + " steps";
      } else if (r.status == Status::limit_reached) {
        out.status = limit_status(r, limits);
        if (out.status == RunStatus::timeout) break;  // repeating a timeout only costs the limit again
      } else if (r.solutions.empty()) {
        out.status = RunStatus::unsatisfiable;
      } else if (std::string why = built->verify(r.solutions.front()); !why.empty()) {
        out.status = RunStatus::wrong;
        out.detail = std::move(why);
      } else {
        out.status = RunStatus::solved;
      }
    }
    std::sort(times.begin(), times.end());
    const std::size_t m = times.size() / 2;
    out.stats.elapsed_us = times.size() % 2 == 1 ? times[m] : (times[m - 1] + times[m]) / 2;
  } catch (const Error& e) {
    out.status = RunStatus::error;
    out.detail = e.what();
  }
  return out;
}

}  // namespace csp::ablation
