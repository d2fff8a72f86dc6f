// Boolean constraints over 0..1 variables: clauses, reified and / or, exclusive or (FlatZinc bool_clause,
// array_bool_and, array_bool_or, array_bool_xor).
#pragma once

#include "csp/core/constraint.hpp"

namespace csp {

/// A disjunction of literals: some positive variable is 1 or some negative variable is 0 (FlatZinc bool_clause).
/// Scope: the distinct variables, positive ones first; a variable both positive and negative makes the clause always
/// true. Every variable must be boolean (values within 0..1).
/// Propagation (unit propagation, domain consistent): a true literal satisfies the clause; with every literal but one
/// false, that one is made true; with all false, it fails. O(arity) per call.
class Clause final : public Constraint {
 public:
  /// Throws ModelError when both lists are empty (the empty clause, always false, has no scope).
  Clause(std::vector<VarId> positive, std::vector<VarId> negative, std::string name);
  /// Throws ModelError naming a variable that is not boolean.
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  std::vector<char> sign_;  // per scope position: the value (0 or 1) that makes its literal true
  bool tautology_ = false;
};

/// r <-> (x_1 and ... and x_n) (`Kind::conjunction`, FlatZinc array_bool_and) or r <-> (x_1 or ... or x_n)
/// (`Kind::disjunction`, array_bool_or). Scope: the distinct xs, then r; all boolean; r must not be among the xs.
/// Propagation (domain consistent), for `or` (`and` is its dual): some x = 1 sets r = 1, all x = 0 set r = 0;
/// r = 0 sets every x to 0; r = 1 with all but one x = 0 sets that one to 1. O(arity) per call.
class BoolReif final : public Constraint {
 public:
  enum class Kind { conjunction, disjunction };
  /// Precondition (checked by `Problem::add_and_reif` / `add_or_reif`): xs distinct, r not among them. Empty xs:
  /// and() is true, or() is false.
  BoolReif(Kind kind, std::vector<VarId> xs, VarId r, std::string name);
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  // In the disjunction view R <-> OR(L_i), literal L_i is "x_i = lit_" and R is "r = lit_" (lit_ = 1 for or,
  // 0 for and: r <-> and(xs) is (not r) <-> or(not xs)).
  int lit_;
};

/// An odd number of the variables are 1 (FlatZinc array_bool_xor; bool_xor(a, b, r) is a + b + r odd with r
/// negated, or a reified !=). All boolean. Propagation: the last open variable is set to make the count odd; all
/// fixed: fails on an even count. O(arity) per call, O(1) while the two open variables its last call found in the
/// run (a hint in Store::memory) are still open.
class Xor final : public Constraint {
 public:
  /// Precondition (checked by `Problem::add_xor`): xs distinct and not empty.
  Xor(std::vector<VarId> xs, std::string name);
  void attach(const Problem& problem) override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
};

}  // namespace csp
