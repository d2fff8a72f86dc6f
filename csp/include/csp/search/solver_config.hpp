// SolverConfig: every choice of a backtracking run, by stable name, so an ablation is a flag.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "csp/core/assignment.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

class SearchObserver;

/// The configuration of `backtracking_search`. Defaults are the textbook baseline (AIMA Fig. 6.5 with static
/// order, ascending values and no inference). Strategy fields hold registry names; `validate()` checks them.
struct SolverConfig {
  std::string variable_ordering = "first";  ///< a name from variable_orderings(): first, mrv, degree, mrv-degree, dom-wdeg
  std::string value_ordering = "natural";   ///< a name from value_orderings(): natural, lcv
  std::string inference = "none";           ///< a name from inferences(): none, fc, mac
  bool ac3_preprocess = false;              ///< run AC-3 on every arc once before search

  /// Stop after this many solutions; 0 = find (count) all. 1 finds one; 2 tells a unique solution from several.
  std::uint64_t max_solutions = 1;
  /// Keep at most this many solutions in the result (the rest are only counted).
  std::uint64_t keep_solutions = 1;
  /// Node and time limits.
  StopCondition limits;
  /// Optional hooks for tracing; must outlive the run.
  SearchObserver* observer = nullptr;
  /// Optional: called on every solution; return false to stop the search. Such a stop (before max_solutions is
  /// reached) ends the run with status limit_reached and complete = false: the count is no longer exact.
  std::function<bool(const Assignment&)> on_solution;

  /// Throws UnknownNameError (listing the valid names) when a strategy name is not registered.
  void validate() const;
};

/// "var=mrv val=natural inference=mac ac3=off max_solutions=1" (the strategy part of a config, for reports).
std::string to_string(const SolverConfig& config);

/// Canonical names, checked against the registries (throw UnknownNameError listing the valid names).
std::string parse_variable_ordering(const std::string& name);
std::string parse_value_ordering(const std::string& name);
std::string parse_inference(const std::string& name);

}  // namespace csp
