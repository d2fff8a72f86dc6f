// A FlatZinc model built onto a csp::Problem: the problem, the resolved constraints (for the independent check of
// every solution), the output specification and the solve item with its search annotation.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/flatzinc/ast.hpp"
#include "csp/models/flatzinc/builtins.hpp"

namespace csp::models::flatzinc {

/// One output item: a variable with `output_var`, or an array with `output_array([1..n, ...])`.
struct OutputItem {
  std::string name;
  bool is_array = false;
  bool is_bool = false;            ///< print true / false
  std::vector<IntSet> dimensions;  ///< the index sets of output_array (empty for a variable)
  std::vector<Term> terms;         ///< one for a variable, the elements for an array
};

/// One int_search / bool_search of the solve annotation (in seq_search order): its variables, which have the
/// consecutive ids begin .. end - 1 (a variable named by several phases belongs to the first), and its variable
/// selection and value choice in csp's names ("" when csp has none).
struct SearchPhase {
  VarId begin = 0;
  VarId end = 0;
  std::string variable_ordering;
  std::string value_ordering;
  /// "split" for indomain_split, "reverse-split" for indomain_reverse_split (the SolverConfig::branching that
  /// follows them to the letter), "" for the other value choices.
  std::string split;
};

/// The search the solve item's annotation asks for, in csp's names (empty when there is no annotation).
struct SearchAnnotation {
  /// Every int_search / bool_search, in order; the names below are those of the first.
  std::vector<SearchPhase> phases;
  std::string variable_ordering;  ///< a csp variable ordering name ("first", "mrv", ...), or ""
  std::string value_ordering;     ///< a csp value ordering name ("natural", "max", ...), or ""
  /// How the annotation was mapped where csp has no exact equivalent, e.g. "indomain_split taken as natural".
  std::vector<std::string> notes;
};

/// How to build: the all-different mode of fzn_all_different_int, and whether the search annotation orders the
/// variables (the annotated variables get the first ids, in annotation order, so "first" is input_order).
struct BuildOptions {
  AllDifferentMode all_different = AllDifferentMode::gac;
  bool use_annotations = true;
  /// The global constraints of csp's MiniZinc library: native propagators or their decompositions (--globals).
  Globals globals = Globals::native;
  /// Asked every few thousand constraints: true stops the build with ReadStopped (parser.hpp).
  std::function<bool()> stop = {};
};

/// A FlatZinc model on the engine.
struct FlatZincModel {
  Problem problem;
  std::vector<Call> calls;          ///< every constraint item, resolved
  std::vector<OutputItem> outputs;  ///< in file order
  SolveItem::Goal goal = SolveItem::Goal::satisfy;
  Term objective;  ///< for minimize / maximize
  SearchAnnotation search;
  /// Variables 0 .. search_variable_count - 1 tell solutions apart: the model's own variables, the output and
  /// annotated ones, and the introduced ones a constraint defines. The others (introduced, not defined: auxiliary
  /// variables with free choices, such as those of a lex decomposition) have the last ids; two solutions that
  /// differ only there are one solution of the model.
  int search_variable_count = 0;
  /// Non-empty when building proved the model unsatisfiable (e.g. a constraint between constants that fails):
  /// "SOURCE:LINE: int_le cannot hold".
  std::string unsatisfiable;
  /// The variables declared without bounds (`var int`), read as kWidestDomain; with them, "unsatisfiable" and
  /// "optimal" hold within that range (csp fzn says so on standard error).
  std::vector<VarId> unbounded;

  /// "" when every constraint of the model holds on `a` (complete over the problem's variables), else
  /// "SOURCE:LINE: NAME violated". Evaluates the FlatZinc builtins directly, not the engine's constraints.
  std::string verify(const Assignment& a) const;
  /// The output items as MiniZinc solvers print them: "x = 3;", "q = array1d(1..8, [1, 5, ...]);", one a line.
  std::string format(const Assignment& a) const;
  /// The value of a term in `a`.
  long long value(const Term& t, const Assignment& a) const { return t.is_var() ? a.value(t.var) : t.value; }

  std::string source;  ///< the file name, for messages
};

/// The widest domain a FlatZinc variable may have, -kWidestDomain..kWidestDomain (2^31 - 1 values, the store's
/// largest): a `var int` without bounds gets it, as Gecode gives such a variable its integer limits.
inline constexpr long long kWidestDomain = 1073741823;

/// Builds the model. Throws FlatZincError "SOURCE:LINE: reason" for an unknown builtin (naming it), a wrong
/// argument, an undeclared name, a domain outside -1073741823..1073741823 (+-(2^30 - 1)) or with holes and more
/// than 10^7 values, a constant outside that range in a constraint on a variable without bounds (the limit is
/// named), a linear coefficient beyond +-(2^31 - 1) (after a repeated variable's are added up), a constant
/// argument outside 32 bits, or constant terms whose folded sum overflows 64 bits; ReadStopped (parser.hpp) when
/// `options.stop` says stop. `model` is taken by value (pass a temporary, or std::move it): its constraint items are freed as they are
/// posted, so reading 10^6 constraints peaks at about the larger of the syntax tree and the model, not their sum.
FlatZincModel build_flatzinc(Model model, const std::string& source, const BuildOptions& options = {});

}  // namespace csp::models::flatzinc
