// Restart strategies for backtracking search: the failure cutoff of each run, by stable name.
#pragma once

#include <cstdint>
#include <functional>

#include "csp/search/solver_config.hpp"
#include "csp/strategy/registry.hpp"

namespace csp {

/// The failure cutoff of run k (0-based: run 0 is the first) under `config` (restart_base, restart_factor):
/// the search restarts once that run has met this many failures (dead ends). UINT64_MAX: never restart.
using RestartSchedule = std::function<std::uint64_t(const SolverConfig& config, std::uint64_t k)>;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... for i >= 1 (Luby, Sinclair & Zuckerman,
/// "Optimal speedup of Las Vegas algorithms", 1993). Throws Error for i = 0.
std::uint64_t luby(std::uint64_t i);

/// restart_base * luby(k + 1), saturating at UINT64_MAX.
std::uint64_t luby_cutoff(const SolverConfig& config, std::uint64_t k);
/// max(ceil(restart_base * restart_factor^k), restart_base + k), saturating at UINT64_MAX (Walsh, "Search in a
/// small world", 1999). The second term makes every run longer than the last whatever the factor (> 1), so the
/// search always ends (a factor such as 1.0000000001 would otherwise repeat the same short run for ever).
std::uint64_t geometric_cutoff(const SolverConfig& config, std::uint64_t k);

/// The registry: "none" (one run, no cutoff), "luby", "geometric" built in.
Registry<RestartSchedule>& restart_strategies();

}  // namespace csp
