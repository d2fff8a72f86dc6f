// The syntax tree of a FlatZinc model (the FlatZinc of MiniZinc 2.6): what the parser reads, before any variable
// of a csp::Problem exists.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp::models::flatzinc {

/// A malformed or unsupported FlatZinc input. The message is "FILE:LINE: reason".
class FlatZincError : public ModelError {
 public:
  using ModelError::ModelError;
};

/// A finite set of integers as sorted, disjoint, non-adjacent ranges [lo, hi].
struct IntSet {
  std::vector<std::pair<long long, long long>> ranges;

  bool contains(long long v) const;
  bool empty() const { return ranges.empty(); }
  /// Number of values (saturates at LLONG_MAX).
  long long size() const;
  /// Adds [lo, hi] (ignored when lo > hi), keeping the ranges sorted and merged.
  void add(long long lo, long long hi);
  /// The set of `values` (any order, repeats allowed): one sort, O(n log n).
  static IntSet of_values(std::vector<long long> values);
  /// "1..5" or "{1,3,7}" as FlatZinc writes it.
  std::string to_string() const;
};

/// An expression: a literal, an identifier, an array access, an array literal, or an annotation call.
struct Expr {
  enum class Kind { boolean, integer, floating, set, string, identifier, access, array, call };
  Kind kind = Kind::integer;
  long long value = 0;      ///< boolean (0/1) and integer literals; the index of an access
  IntSet set;               ///< set literals
  std::string name;         ///< identifier, access (the array), call (the annotation), string contents
  std::vector<Expr> items;  ///< array elements, call arguments
  int line = 0;
};

/// The type of a declaration.
struct Type {
  enum class Base { boolean, integer, floating, set_of_int };
  bool is_var = false;
  Base base = Base::integer;
  std::optional<IntSet> domain;  ///< `var 1..5`, `var {1,3}`, `set of 1..3`: the declared values
  long long array_size = -1;     ///< n for `array [1..n] of ...`, -1 for a scalar
};

/// A parameter or variable declaration: `TYPE: NAME ANNOTATIONS [= VALUE];`.
struct Declaration {
  Type type;
  std::string name;
  std::vector<Expr> annotations;
  std::optional<Expr> value;
  int line = 0;
};

/// `constraint NAME(ARGS) ANNOTATIONS;`.
struct ConstraintItem {
  std::string name;
  std::vector<Expr> args;
  std::vector<Expr> annotations;
  int line = 0;
};

/// `solve ANNOTATIONS satisfy|minimize EXPR|maximize EXPR;`.
struct SolveItem {
  enum class Goal { satisfy, minimize, maximize };
  Goal goal = Goal::satisfy;
  std::optional<Expr> objective;
  std::vector<Expr> annotations;
  int line = 0;
};

/// A whole FlatZinc model (predicate declarations are skipped: they only name the solver's own builtins).
struct Model {
  std::vector<Declaration> declarations;  ///< parameters and variables, in file order
  std::vector<ConstraintItem> constraints;
  SolveItem solve;
};

/// The annotation called `name` among `annotations`, or nullptr.
const Expr* find_annotation(const std::vector<Expr>& annotations, const std::string& name);

}  // namespace csp::models::flatzinc
