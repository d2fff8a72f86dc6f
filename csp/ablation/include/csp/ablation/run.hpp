// One run of an ablation: an instance solved with one configuration (R times), verified, its counters recorded.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/stats/statistics.hpp"

namespace csp::ablation {

/// How a run ended.
enum class RunStatus {
  solved,         ///< a solution was found and passed the model's own check
  unsatisfiable,  ///< the complete search proved there is none
  timeout,        ///< the time limit stopped the search
  node_limit,     ///< the node limit stopped the search
  wrong,          ///< the solver's solution failed the model's check (a bug)
  error,          ///< the model could not be built (csp::Error)
};

/// "solved", "unsatisfiable", "timeout", "node-limit", "wrong", "error".
std::string to_string(RunStatus s);
/// The status called `name`; throws InputError for an unknown name.
RunStatus parse_run_status(const std::string& name);
/// True when the run counts against its configuration: a limit, a wrong solution or an error ("disqualified").
bool is_failure(RunStatus s);

/// The limits of every run of a study.
struct RunLimits {
  std::uint64_t node_limit = 0;  ///< assignments per run (0: none)
  std::int64_t timeout_ms = 0;   ///< milliseconds per run (0: none)
  unsigned repeat = 1;           ///< runs per (instance, configuration); the time is their median
  /// Solutions per run of a satisfaction instance: 1 the first, N stop at N, 0 all (optimisation instances run to
  /// the proved optimum whatever it says).
  std::uint64_t max_solutions = 1;
  /// Once true, stops the run in progress as its time limit would (a Python kernel interrupt); the record then
  /// says detail "interrupted", and is no result. Null: none.
  const std::atomic<bool>* interrupt = nullptr;
};

/// The record of one (instance, configuration) pair.
struct RunRecord {
  std::size_t instance = 0;  ///< index into the study's instances
  std::size_t config = 0;    ///< index into the study's configurations
  RunStatus status = RunStatus::error;
  std::string detail;  ///< for wrong and error: why
  /// The counters of the first run (search is deterministic, so every repeat has the same ones); elapsed_us is
  /// the median search time of the repeats. stats.solutions: the solutions found, each verified, counted once
  /// (for optimisation: the improving solutions).
  Statistics stats;
  bool optimisation = false;  ///< the instance minimises or maximises (BuiltInstance::objective)
  /// Optimisation instances: the objective value of the best solution found (the proved optimum when solved).
  std::optional<long long> objective;
};

/// Builds `instance` for `config` and runs it through csp::solve `limits.repeat` times, or once when the first run
/// hits the time limit: for the first solution (the default), for `limits.max_solutions` solutions (projected on
/// BuiltInstance::distinct_variables, so each solution of the instance counts once), or, for an optimisation
/// instance, branch and bound to the proved optimum. Every solution passes Problem::is_solution and the model's
/// own check (BuiltInstance::verify) as it is found, and the status is why the run stopped (RunResult::stop). The
/// time is that of csp::solve's run (model construction excluded, verification included). A run that stopped at
/// max_solutions is solved. Never throws for a model error or a refused configuration: that is an `error` record.
RunRecord run_one(const Instance& instance, const Configuration& config, const RunLimits& limits);

}  // namespace csp::ablation
