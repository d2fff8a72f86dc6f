// --why-unsat: after a run that proved a model unsatisfiable, a minimal set of its parts that has no solution
// (csp::why_unsat), printed the same way by every command.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "csp/search/why_unsat.hpp"

namespace csp::cli {

/// The answer's lines: "why unsatisfiable: these K of the N constraints and givens have no solution together; without any
/// one of them the rest has one (C checks)" ("constraints" or "givens" when the parts hold only those), then each part's name on a line of its own, after `indent` and two spaces. Without
/// a proof of minimality (a limit stopped some checks) the first line says the set may hold more than needed; an
/// unknown or satisfiable verdict gets one line saying so.
std::string why_unsat_text(const std::vector<ModelPart>& parts, const UnsatCore& core, const std::string& indent = "");

/// The line --why-unsat prints after a run that found a solution (`solved`: "nothing to explain") or stopped at a
/// limit ("not asked": no proof to explain).
std::string why_unsat_not_asked(bool solved, const std::string& indent = "");

/// With --why-unsat, after `result`: when it proved `problem` unsatisfiable, asks csp::why_unsat over `parts` with
/// `spec` (the command's search, what is left of --timeout) and writes why_unsat_text to `out`; after a run that found
/// a solution or stopped at a limit, one line saying there is nothing to explain or no proof to explain.
void write_why_unsat(std::ostream& out, const Problem& problem, const std::vector<ModelPart>& parts,
                     const SearchResult& result, const RunSpec& spec, const std::string& indent = "");

}  // namespace csp::cli
