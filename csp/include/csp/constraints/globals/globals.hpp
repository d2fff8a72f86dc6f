// Global constraints posted natively or as their decomposition: the ablation switch shared by every posting function
// under csp/constraints/globals/.
#pragma once

#include <string>
#include <string_view>

namespace csp {

/// How a posting function of csp/constraints/globals/ adds its constraint to a problem.
/// - `native`: one propagator that reasons on the whole constraint (its consistency level is written on its posting
///   function);
/// - `decompose`: the textbook decomposition into the engine's linear, reified, element and table constraints (with
///   auxiliary variables, each determined by the original ones, so both forms have the same solutions on the original
///   variables). A propagation-versus-search study compares the two (`csp fzn --globals`).
enum class Globals { native, decompose };

/// "native" or "decompose" as a Globals. Throws std::invalid_argument naming the text otherwise.
Globals parse_globals(std::string_view text);
/// The name parse_globals reads.
std::string to_string(Globals g);

}  // namespace csp
