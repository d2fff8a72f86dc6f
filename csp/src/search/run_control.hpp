// Internal to the engine: the limits of a backtracking run (nodes, time, interrupt), its progress reports, and why
// it stopped (SolverConfig::limits, on_progress, max_solutions).
#pragma once

#include <chrono>
#include <cstdint>

#include "csp/core/store.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solver_config.hpp"

namespace csp::detail {

/// Checked before each decision; writes the run's end into the SearchResult.
class RunControl {
 public:
  using Clock = std::chrono::steady_clock;

  /// The run started at `start`; its deadline and interrupt flag are given to `store` here.
  RunControl(const SolverConfig& config, Store& store, SearchResult& result, Clock::time_point start);

  /// True when the run must stop before its next decision: the node limit, or the store's deadline or interrupt
  /// flag (Store::tick with kNodeWork). Also sends the periodic progress report when one is due.
  bool limit_hit() {
    const StopCondition& lim = config_.limits;
    if (lim.node_limit != 0 && result_.stats.assignments >= lim.node_limit) {
      stop_by(StopReason::node_limit);
      return true;
    }
    if (!store_.tick(kNodeWork)) {
      stop_by_limit();
      return true;
    }
    if (config_.on_progress && config_.progress_interval.count() != 0 && (++progress_calls_ & 15U) == 0)
      report_progress_if_due();
    return false;
  }

  /// A stop by the store's deadline or interrupt flag (its tick returned false).
  void stop_by_limit() { stop_by(store_.stopped_by_flag() ? StopReason::interrupted : StopReason::time_limit); }
  /// A stop for `reason` (the first reason given is kept).
  void stop_by(StopReason reason) {
    if (!stopped_) stop_ = reason;
    stopped_ = true;
  }
  /// A solution: the complete assignment of `store`. Counted, kept (SolverConfig::keeps), told to the observer,
  /// on_solution and on_progress. False when the run ends with it: max_solutions reached (the stop that was asked
  /// for, complete), or on_solution returned false (a stop that leaves the count inexact, like a limit).
  bool accept(const Store& store);

  /// SolverConfig::on_progress with the counters so far; `improved` after an accepted solution.
  void report_progress(bool improved);

  /// Writes the elapsed time, the stop reason, completeness and status into the result.
  void finish();

 private:
  // Work reported to Store::tick per search node: the clock is read at least every 256 / kNodeWork nodes (and more
  // often when propagation reports its own work), so a time limit is checked well within a millisecond of search.
  static constexpr std::uint64_t kNodeWork = 64;

  void report_progress_if_due();

  const SolverConfig& config_;
  Store& store_;
  SearchResult& result_;
  Clock::time_point start_;
  bool stopped_ = false;                    // by a limit, the interrupt flag or the callback
  StopReason stop_ = StopReason::complete;  // why, when stopped_
  bool capped_ = false;                     // stopped at max_solutions
  std::uint32_t progress_calls_ = 0;        // limit_hit calls: the clock is read for progress every 16th
  Clock::time_point next_progress_{};       // when the next periodic report is due
};

}  // namespace csp::detail
