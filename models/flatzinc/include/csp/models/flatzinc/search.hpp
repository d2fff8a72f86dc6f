// The solve item's search annotation as csp orderings, phase by phase, as MiniZinc solvers branch.
#pragma once
#include <string>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/flatzinc/model.hpp"

namespace csp::models::flatzinc {

/// The annotation's variable selection (MiniZinc's int_search / bool_search / seq_search semantics): the first
/// phase with an unassigned variable picks among its own variables only, with its selection, a registered variable
/// ordering (csp/heuristics/variable_ordering.hpp) run with the phase's variables as its candidates
/// (SearchContext::Candidates, fixed_first: a variable left with one value is taken first; the phase's variables
/// are consecutive ids, so first is input_order); once every phase is assigned, the ordering registered as `rest`
/// picks among the variables no phase names, the same way. A phase without a selection csp knows uses `rest` too.
/// Throws UnknownNameError, naming the registered orderings, when `rest` or a phase's selection is not one of them;
/// during the run, Error when an ordering answers with a variable outside its candidates.
/// Precondition: `search` comes from build_flatzinc (phases cover consecutive ids from 0).
Strategy<VariableOrdering> phased_variable_ordering(const SearchAnnotation& search, const std::string& rest);

/// The value choice of the phase of x (csp's natural, max, median, lcv), `rest` (a registered value ordering) for
/// a variable of no phase or of a phase without a value choice csp knows; `rest` itself (by name) when every phase
/// chooses as `rest` does. Throws UnknownNameError for an unknown name.
Strategy<ValueOrdering> phased_value_ordering(const SearchAnnotation& search, const std::string& rest);

/// The SolverConfig::branching an annotated search asks for, as MiniZinc's solvers branch (in two, a variable
/// selected again after each branch): "" without phases; "split" / "reverse-split" when every phase says
/// indomain_split / indomain_reverse_split; "binary" (x = v, then x != v) otherwise. `csp fzn` and Python's
/// `csp.flatzinc(...).solve()` use it unless the branching, the value ordering, cbj or a search tree is asked for
/// (a split's decisions are not assignments: binary then).
std::string phased_branching(const SearchAnnotation& search);

}  // namespace csp::models::flatzinc
