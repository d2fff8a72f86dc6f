// The implication graph of a conflict, in Graphviz DOT, for teaching (LearnedClause::implication_graph).
#pragma once

#include <span>
#include <string>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "literal_trail.hpp"
#include "reasons.hpp"

namespace csp::detail::lcg {

/// The events the analysis marked (`seen`, per event) with their reasons' arrows: the resolved ones of the conflict
/// level `top`, the UIP `uip` (no arrows in: the cut), the learned clause's literals of lower levels (dashed); then
/// the failure, named `failed`, with arrows from the marked events of `conflict`.
std::string implication_graph(const Problem& p, const Store& store, const LiteralTrail& trail, Reasons& reasons,
                              std::span<const char> seen, std::span<const int> conflict, const std::string& failed,
                              int top, int uip);

}  // namespace csp::detail::lcg
