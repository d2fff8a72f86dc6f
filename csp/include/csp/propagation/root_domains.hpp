// root_domains: what is left of each domain at the root of a search, before its first decision.
#pragma once

#include <string>
#include <vector>

#include "csp/core/problem.hpp"

namespace csp {

/// The domains at the root of a backtracking search: every variable whose domain is a single value is assigned
/// (the givens), then the inference named `inference` ("none", "fc", "mac" or one registered in inferences()) runs
/// once from the root (AIMA 4th ed. §6.3.2; Norvig's candidates after parse_grid). Preprocessing (AC-3, PC-2) is
/// not part of it.
struct RootDomains {
  /// False when the inference wiped out a domain (then `values` holds what was left when it stopped).
  bool consistent = true;
  /// Per variable id, its values left, in increasing order.
  std::vector<std::vector<Value>> values;
};

/// The root domains of `problem` under `inference`. Throws UnknownNameError for an inference not in inferences().
RootDomains root_domains(const Problem& problem, const std::string& inference);

}  // namespace csp
