// One run of an ablation: build, csp::solve R times (every solution verified there), record why it stopped.
#include "csp/ablation/run.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/graph/tree_solver.hpp"  // registers "tree" and "cutset" with csp::solve
#include "csp/search/solve.hpp"

namespace csp::ablation {

std::string to_string(RunStatus s) {
  switch (s) {
    case RunStatus::solved:
      return "solved";
    case RunStatus::unsatisfiable:
      return "unsatisfiable";
    case RunStatus::timeout:
      return "timeout";
    case RunStatus::node_limit:
      return "node-limit";
    case RunStatus::wrong:
      return "wrong";
    case RunStatus::error:
      return "error";
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

// Min-conflicts' options from the configuration (Configuration::local_search_config, through the run options'
// setters): --walk, --tabu, --weighting, --restart-after LIST ("" when not in
// the study: the book's algorithm); its max_steps is the study's node limit (or 100,000), its seed the
// configuration's (0, ties by order in backtracking, keeps seed 1).
MinConflictsConfig local_search_config(const Configuration& config, const RunLimits& limits) {
  MinConflictsConfig local = config.local_search_config();
  if (limits.node_limit != 0) local.max_steps = limits.node_limit;
  return local;
}

// One cell of the grid as a run specification: the configuration's algorithm and options under the study's
// limits, the instance's own check (RunSpec::verify), its objective (branch and bound), and, when counting a
// model with auxiliary variables, the projection on its distinct variables (each solution counted once).
RunSpec run_spec(const BuiltInstance& built, const Configuration& config, const RunLimits& limits) {
  RunSpec spec;
  spec.algorithm = config.backtracking() ? "backtracking" : config.algorithm;  // "" when not in the study
  spec.search = config.solver_config();
  spec.search.limits.node_limit = limits.node_limit;
  spec.search.limits.time_limit = std::chrono::milliseconds(limits.timeout_ms);
  spec.search.limits.interrupt = limits.interrupt;
  spec.search.keep_solutions = 0;
  spec.verify = [&built](const Assignment& a) { return built.verify(a); };
  if (config.algorithm == "min-conflicts") spec.local = local_search_config(config, limits);
  if (config.algorithm == "cutset") spec.search.limits.node_limit = 0;  // its limit is the time limit alone
  if (const std::optional<BuiltInstance::Objective> objective = built.objective()) {
    spec.objective = Objective{objective->variable, objective->sense};
    return spec;  // branch and bound runs to the proved optimum
  }
  spec.search.max_solutions = limits.max_solutions;
  std::vector<VarId> distinct_by = built.distinct_by();  // the variables that tell solutions apart
  if (distinct_by.empty())
    for (VarId x = 0; x < std::max(0, built.distinct_variables()); ++x) distinct_by.push_back(x);
  if (limits.max_solutions != 1 && static_cast<int>(distinct_by.size()) < built.problem().variable_count())
    spec.search.projection = std::move(distinct_by);
  return spec;
}

// The record of a run from why it stopped (RunResult::stop).
void record(const RunResult& r, RunRecord& out) {
  out.stats = r.stats;
  out.stats.solutions = r.solution_count;
  out.objective = r.objective;
  switch (r.stop) {
    case StopReason::wrong_solution:
      out.status = RunStatus::wrong;
      out.detail = r.wrong;
      return;
    case StopReason::step_limit:  // min-conflicts used its steps: its max_steps is the node limit
      out.status = RunStatus::node_limit;
      out.detail = "gave up after " + std::to_string(r.stats.assignments) + " steps";
      return;
    case StopReason::node_limit:
      out.status = RunStatus::node_limit;
      return;
    case StopReason::interrupted:
      out.status = RunStatus::timeout;
      out.detail = "interrupted";
      return;
    case StopReason::time_limit:
    case StopReason::callback:
      out.status = RunStatus::timeout;
      return;
    case StopReason::complete:
    case StopReason::solution_cap:
      out.status = r.solution_count == 0 ? RunStatus::unsatisfiable : RunStatus::solved;
  }
}

}  // namespace

RunRecord run_one(const Instance& instance, const Configuration& config, const RunLimits& limits) {
  RunRecord out;
  try {
    const std::unique_ptr<BuiltInstance> built = instance.build(config);
    out.optimisation = built->objective().has_value();
    if (std::string why = built->proved_unsatisfiable(); !why.empty()) {
      out.status = RunStatus::unsatisfiable;  // building proved it: no search, every counter 0
      out.detail = std::move(why);
      return out;
    }
    const RunSpec spec = run_spec(*built, config, limits);
    std::vector<std::int64_t> times;
    const unsigned repeat = std::max(1U, limits.repeat);
    for (unsigned k = 0; k < repeat; ++k) {
      const RunResult r = csp::solve(built->problem(), spec);
      times.push_back(r.stats.elapsed_us);
      if (k > 0) continue;
      record(r, out);
      if (out.status == RunStatus::timeout) break;  // repeating a timeout only costs the limit again
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
