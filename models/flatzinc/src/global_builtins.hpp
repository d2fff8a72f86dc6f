// The FlatZinc builtins of csp's global constraints (csp_cumulative, csp_regular, ...; internal header): what csp's
// MiniZinc library (models/flatzinc/mznlib/fzn_*.mzn) calls, each with a checker and a poster on
// csp/constraints/globals/.
#pragma once

#include <vector>

#include "csp/models/flatzinc/builtins.hpp"

namespace csp::models::flatzinc {

/// The global builtins, checker and poster each (the poster follows Poster::globals(): native or decomposed).
std::vector<Builtin> global_builtins();

}  // namespace csp::models::flatzinc
