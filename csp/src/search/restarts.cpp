// Restart strategies: the Luby and geometric cutoff sequences and their registry.
#include "csp/search/restarts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace csp {

namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kNever / a) return kNever;
  return a * b;
}

}  // namespace

std::uint64_t luby(std::uint64_t i) {
  if (i == 0) throw Error("luby: the sequence starts at i = 1");
  // luby(i) = 2^(k-1) when i = 2^k - 1, else luby(i - 2^(k-1) + 1) for 2^(k-1) <= i < 2^k - 1.
  for (;;) {
    int k = 1;
    while (k < 64 && ((std::uint64_t{1} << k) - 1) < i) ++k;
    if (k >= 64 || ((std::uint64_t{1} << k) - 1) == i) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

std::uint64_t luby_cutoff(const SolverConfig& config, std::uint64_t k) {
  if (k >= kNever - 1) return kNever;
  return saturating_product(config.restart_base, luby(k + 1));
}

std::uint64_t geometric_cutoff(const SolverConfig& config, std::uint64_t k) {
  const double c =
      std::ceil(static_cast<double>(config.restart_base) * std::pow(config.restart_factor, static_cast<double>(k)));
  // 2^64 is the first double past UINT64_MAX.
  if (!(c < 18446744073709551616.0)) return kNever;
  // At least base + k: with a factor barely above 1 the rounded cutoff would stay at base for millions of runs, each
  // repeating the last, and the search would never end. Growing by one a run keeps it complete.
  const std::uint64_t at_least = config.restart_base > kNever - k ? kNever : config.restart_base + k;
  return std::max(static_cast<std::uint64_t>(c), at_least);
}

Registry<RestartSchedule>& restart_strategies() {
  static Registry<RestartSchedule> registry = [] {
    Registry<RestartSchedule> r("restart strategy");
    r.add("none", "one run, no restarts", [](const SolverConfig&, std::uint64_t) { return kNever; });
    r.add("luby", "restart after restart-base * 1, 1, 2, 1, 1, 2, 4, ... failures (Luby et al. 1993)", luby_cutoff);
    r.add("geometric", "restart after restart-base * restart-factor^k failures (Walsh 1999)", geometric_cutoff);
    return r;
  }();
  return registry;
}

}  // namespace csp
