// Statistics per (group, configuration) of an ablation: solved count, mean / median / max of every counter,
// total time, disqualification; and the sort orders of the table.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/run.hpp"

namespace csp::ablation {

/// The counters recorded per run, in column order (Statistics' counters; us is elapsed_us).
enum class Counter {
  assignments,
  backtracks,
  failures,
  constraint_checks,
  revisions,
  values_pruned,
  wipeouts,
  backjumps,
  nogoods,
  restarts,
  max_depth,
  us
};
inline constexpr Counter kCounters[] = {Counter::assignments,       Counter::backtracks, Counter::failures,
                                        Counter::constraint_checks, Counter::revisions,  Counter::values_pruned,
                                        Counter::wipeouts,          Counter::backjumps,  Counter::nogoods,
                                        Counter::restarts,          Counter::max_depth,  Counter::us};
inline constexpr std::size_t kCounterCount = std::size(kCounters);

/// The column name: "assignments", "backtracks", "failures", "constraint_checks", "revisions", "values_pruned",
/// "wipeouts", "backjumps", "nogoods", "restart_count", "max_depth", "us" (Statistics::restarts is "restart_count":
/// a row also holds the restarts dimension, the strategy's name, and a JSON row or a Python dict keeps one value per
/// key). A CSV written when it was "restarts" still resumes.
std::string to_string(Counter c);
/// The counter's value in `s` (us is elapsed_us).
double counter_value(const Statistics& s, Counter c);

/// Mean, median and maximum of one counter over a group's runs.
struct CounterStats {
  double mean = 0;
  double median = 0;  ///< the mean of the two middle values for an even count
  double max = 0;
};

/// The statistics of one configuration on one group (a file, or a model's generated instances).
struct Summary {
  std::string group;
  std::size_t config = 0;     ///< index into the study's configurations
  std::size_t instances = 0;  ///< valid instances run (invalid ones are excluded)
  std::size_t solved = 0;
  std::size_t unsatisfiable = 0;
  std::size_t timeouts = 0;
  std::size_t node_limits = 0;
  std::size_t wrong = 0;   ///< solutions that failed verification (bugs)
  std::size_t errors = 0;  ///< models that could not be built
  /// Some run hit a limit, or failed: the configuration is out of the ranking for this group (as in the seeds'
  /// benchmark) and its counters are lower bounds.
  bool disqualified = false;
  std::int64_t total_us = 0;  ///< sum of the runs' (median) times
  std::array<CounterStats, kCounterCount> counters{};
  CounterStats solutions;  ///< solutions found per run (RunRecord::stats.solutions)
  /// The objective values of the runs that found one (optimisation instances); none when no run did.
  std::optional<CounterStats> objective;

  const CounterStats& stats(Counter c) const { return counters[static_cast<std::size_t>(c)]; }
  /// Runs that finished: solved + unsatisfiable.
  std::size_t finished() const { return solved + unsatisfiable; }
};

/// Mean, median, max of `values` (all 0 for none).
CounterStats describe(std::vector<double> values);

/// One Summary per (group, configuration) that has records: groups in order of their first instance, then
/// configurations in grid order. `instances` gives each record's group.
std::vector<Summary> summarize(const std::vector<RunRecord>& records, const std::vector<Instance>& instances,
                               std::size_t config_count);

/// The keys of --sort: "config" (grid order), a dimension ("var", ...), "solved" (most first), "total" (total
/// time), a counter (its mean), or "COUNTER.mean", "COUNTER.median", "COUNTER.max".
std::vector<std::string> sort_keys();
/// Throws InputError listing sort_keys() when `key` is not one of them.
void check_sort_key(const std::string& key);
/// Sorts summaries within each group (groups keep their order) by `key`, ties in grid order. For "solved" and the
/// counter keys, disqualified configurations come after the others.
void sort_summaries(std::vector<Summary>& summaries, const std::string& key, const std::vector<Configuration>& configs);

}  // namespace csp::ablation
