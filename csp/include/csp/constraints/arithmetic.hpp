// Arithmetic: x*y = z, x div y = z, x mod y = z, |x| = z, min, max, pow, and the KenKen cage relations (a product
// with a constant target, an exact quotient, an absolute difference). Posted through Problem::add_times & co.
#pragma once

#include "csp/core/constraint.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// One arithmetic relation over its scope, exact for any int values (all arithmetic in 128 bits; pow saturates far
/// outside the int range, so it never wraps). Relations, by `ArithmeticKind` (scope in brackets):
/// - times [x, y, z]: x * y = z (FlatZinc int_times);
/// - div [x, y, z]: x / y truncated toward zero = z, y != 0 (int_div: 7 div -2 = -3, -7 div 2 = -3);
/// - mod [x, y, z]: x - y * (x div y) = z, the sign of x, y != 0 (int_mod: -7 mod 2 = -1, 7 mod -2 = 1);
/// - abs [x, z]: |x| = z;  min / max [x, y, z]: min(x, y) = z / max(x, y) = z;
/// - pow [x, y, z]: x ^ y = z, 0 ^ 0 = 1; for y < 0 z = 1 div x^|y| (MiniZinc 2.6's int_pow: 1 for x = 1, (-1)^|y| for
///   x = -1, 0 for |x| >= 2, no solution for x = 0);
/// - product [x1..xn], target t: x1 * ... * xn = t;
/// - quotient [a, b], target t: min(a, b) != 0 and max(a, b) = t * min(a, b) (KenKen ÷: {2, 6} for t = 3);
/// - difference [a, b], target t: |a - b| = t.
///
/// Filtering (consistency level): at the root of the search (depth 0 before the first decision: preprocessing, the
/// givens' propagation) when the product of the current domain sizes of the inputs (every scope variable but the result
/// z of a functional relation) is at most `kEnumerationLimit`, and below the root only when every input is a single
/// value (`kSearchEnumerationLimit`), generalised arc consistency by enumerating the input tuples once (z is looked up,
/// so a wide z costs nothing; z's inner values are removed when it has at most Domain::kMaxBitsetCapacity values,
/// else z keeps the bounds of its supported values). Above the limit, bounds reasoning on the current [min, max] of
/// each variable (interval arithmetic, exact rounding: see arithmetic.cpp for each relation; a product also keeps
/// only divisors of its target, on domains of at most that many values) until the inputs are within the limit or
/// nothing changes (at most 64 rounds per call). Every pruning is sound, so a run finds exactly the
/// solutions of the relation, and when all domains are single values `propagate` and `revise` fail exactly when the
/// relation is violated. `revise(pos)` does the same filtering but changes only scope[pos]. Each call counts as one
/// revision.
/// Source: bounds propagation of arithmetic constraints as in Apt, Principles of Constraint Programming (2003),
/// ch. 6; the relations are FlatZinc's (MiniZinc Handbook, FlatZinc builtins).
class Arithmetic final : public Constraint {
 public:
  /// Largest product of input domain sizes that is filtered by enumeration (GAC).
  static constexpr long long kEnumerationLimit = 4096;
  /// The same below the root of the search: enumeration only once the inputs are fixed; bounds reasoning otherwise
  /// (a constraint filtered at every node pays its enumeration at every node: template_design spent 44% of its
  /// time enumerating int_times supports for prunings its bounds made too).
  static constexpr long long kSearchEnumerationLimit = 1;

  /// Throws ModelError when the scope's size does not fit `kind` (3 for times, div, mod, min, max, pow; 2 for abs,
  /// quotient, difference; at least 1 for product). `target` is used by product, quotient and difference only.
  Arithmetic(ArithmeticKind kind, std::vector<VarId> scope, long long target, std::string name);

  ArithmeticKind kind() const { return kind_; }
  long long target() const { return target_; }

  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// True but for a product with a target (its factors keep only the target's divisors): below the root the
  /// filtering is bounds reasoning (see above), whatever `wakes_on` says.
  bool bounds_reasoning(int pos) const override;

 private:
  friend struct ArithmeticFilter;  // the filtering (arithmetic.cpp)
  ArithmeticKind kind_;
  long long target_;
  int output_;  // scope position of the result z of a functional relation, or -1 (product, quotient, difference)
};

/// "times", "div", "mod", "abs", "min", "max", "pow", "product", "quotient", "difference".
const char* arithmetic_name(ArithmeticKind kind);

}  // namespace csp
