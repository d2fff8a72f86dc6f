// Internal to the engine: the failure cutoff of the current run of a restart strategy (SolverConfig::restarts,
// restarts.hpp), for backtracking search's restart layer.
#pragma once

#include <cstdint>

#include "csp/search/restarts.hpp"

namespace csp::detail {

/// Run k of the schedule starts with the failure count so far; it is due to restart once it has met its cutoff.
class RestartCutoff {
 public:
  explicit RestartCutoff(const SolverConfig& config)
      : config_(config), schedule_(restart_strategies().get(config.restarts).fn) {}

  /// Run k (0-based) starts now, when the search has met `failures` failures.
  void start_run(std::uint64_t k, std::uint64_t failures) {
    start_ = failures;
    cutoff_ = schedule_(config_, k);
  }
  /// Has the current run met its cutoff, the search having met `failures` failures in all?
  bool met(std::uint64_t failures) const { return failures - start_ >= cutoff_; }

 private:
  const SolverConfig& config_;
  const RestartSchedule& schedule_;
  std::uint64_t start_ = 0;   // failures when the current run started
  std::uint64_t cutoff_ = 0;  // failures the current run may meet before it restarts
};

}  // namespace csp::detail
