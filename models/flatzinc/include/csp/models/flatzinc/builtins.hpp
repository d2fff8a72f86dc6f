// The FlatZinc builtins csp takes: for each, a checker (evaluates the constraint on values, independently of any
// propagator) and a poster (adds it to a csp::Problem).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/flatzinc/ast.hpp"

namespace csp::models::flatzinc {

/// An int or bool argument: a variable of the problem, or a constant (bool: 0 / 1).
struct Term {
  VarId var = -1;       ///< the variable, or -1 for a constant
  long long value = 0;  ///< the constant
  bool is_var() const { return var >= 0; }
};

/// One argument of a constraint, resolved: a term, an array of terms, a constant set, or an array of sets.
struct Arg {
  enum class Kind { term, array, set, set_array };
  Kind kind = Kind::term;
  std::vector<Term> terms;   ///< one for Kind::term, the elements for Kind::array
  std::vector<IntSet> sets;  ///< one for Kind::set, the elements for Kind::set_array
};

/// A constraint item with its arguments resolved against the model's declarations.
struct Call {
  std::string name;
  std::vector<Arg> args;
  int line = 0;
};

/// The value of a variable in a complete assignment.
using ValueOf = std::function<long long(VarId)>;

/// Posts calls on a problem; constants become fixed variables ("const:5") where a builtin needs a variable.
class Poster {
 public:
  Poster(Problem& problem, AllDifferentMode mode, Globals globals = Globals::native)
      : problem_(problem), mode_(mode), globals_(globals) {}
  Problem& problem() { return problem_; }
  AllDifferentMode all_different_mode() const { return mode_; }
  /// How the global constraints (csp_cumulative, csp_regular, ...) are posted: natively or decomposed.
  Globals globals() const { return globals_; }
  /// The term's variable, or the fixed variable of its constant (one per value).
  VarId variable(const Term& t);
  /// Restricts x to the values of `keep` for which `allowed(v)` holds; false when none is left (the model is then
  /// unsatisfiable).
  bool restrict(VarId x, const std::function<bool(long long)>& allowed);
  /// Keeps x's values within lo..hi (clamped to x's range) without listing them: the form for wide domains (a
  /// `var int` without bounds has 2^31 - 1 values). Returns false when none is left.
  bool restrict_range(VarId x, long long lo, long long hi);

 private:
  Problem& problem_;
  AllDifferentMode mode_;
  Globals globals_;
  std::vector<std::pair<long long, VarId>> constants_;
};

/// A builtin: the argument kinds it takes, its checker and its poster.
struct Builtin {
  std::string name;
  /// One letter per argument: 'v' an int or bool term, 'a' an array of terms, 's' a constant set.
  std::string signature;
  /// True iff the call holds on the values of `value`.
  std::function<bool(const Call&, const ValueOf& value)> check;
  /// Adds the constraint to the problem; returns false when it is violated whatever the values (the model is
  /// unsatisfiable). Throws ModelError on a malformed call.
  std::function<bool(Poster&, const Call&)> post;
};

/// The builtin called `name`, or nullptr when csp does not know it.
const Builtin* find_builtin(const std::string& name);
/// The names of every builtin, sorted (for --help and the docs).
std::vector<std::string> builtin_names();

/// The value of a term in a complete assignment.
inline long long value_of(const Term& t, const ValueOf& value) { return t.is_var() ? value(t.var) : t.value; }

}  // namespace csp::models::flatzinc
