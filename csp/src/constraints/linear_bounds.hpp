// Exact bounds reasoning on a weighted sum sum(c_k * x_k), shared by Linear and LinearReif (internal header).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp::detail {

__extension__ using Wide = __int128;  // holds any sum of up to 2^31 products of two ints (each below 2^62)
inline constexpr Wide kInfinity = Wide{1} << 100;

Wide floor_div(Wide a, Wide b);
Wide ceil_div(Wide a, Wide b);
/// Smallest index of var whose value is >= v, or var.size() when none. O(1) on ranges, O(log size) otherwise.
/// Inline: every bounds change of a sum or an arithmetic relation maps its new bounds to indices.
inline int first_index_at_least(const Variable& var, Wide v) {
  if (v <= var.min_value()) return 0;
  if (v > var.max_value()) return var.size();
  if (var.is_range()) return static_cast<int>(v - var.min_value());
  return var.lower_index(static_cast<Value>(v));
}
/// Largest index of var whose value is <= v, or -1 when none.
inline int last_index_at_most(const Variable& var, Wide v) {
  if (v >= var.max_value()) return var.size() - 1;
  if (v < var.min_value()) return -1;
  if (var.is_range()) return static_cast<int>(v - var.min_value());
  return first_index_at_least(var, v + 1) - 1;
}
/// True iff index i of x is in x's current domain and has value v (v anywhere in 128 bits).
bool holds_value(const Store& store, VarId x, Wide v);

/// Running sums of the term bounds of one sum, kept between the calls of its constraint in one run (the constraint's
/// `Store::memory`), so a call does not recompute every product coefficient * bound.
///
/// Kept correct across backtracking by re-synchronisation, not by trailing: each term remembers the domain bounds
/// (indices) its cached [tmin, tmax] were read at, and each call first compares them with the current bounds and
/// updates only the terms that differ (O(arity) integer compares, no product and no 128-bit sum for an unchanged
/// term). The cache is only ever a function of the current domains, so it holds after any undo, restart or failure,
/// and the store's trail and the search need not know about it. Invariant: lo = sum of tmin, hi = sum of tmax, fixed
/// = the number of terms whose cached bounds are one value.
struct TermBounds final : ConstraintMemory {
  explicit TermBounds(int n)
      : min_index(static_cast<std::size_t>(n), -2),
        max_index(static_cast<std::size_t>(n), -3),
        tmin(static_cast<std::size_t>(n), 0),
        tmax(static_cast<std::size_t>(n), 0),
        order(static_cast<std::size_t>(n)) {
    for (int k = 0; k < n; ++k) order[static_cast<std::size_t>(k)] = k;
  }
  std::vector<int> min_index;  // the domain's min / max index when tmin / tmax were read (-2 / -3: never read)
  std::vector<int> max_index;
  std::vector<long long> tmin;  // coefficient * bound: a product of two ints fits in 64 bits
  std::vector<long long> tmax;
  Wide lo = 0;
  Wide hi = 0;
  int fixed = 0;
  std::uint64_t widest = 0;  // the largest tmax - tmin (below 2^63 + 1: exact in 64 unsigned bits), set by `sums`
  // Fixed terms set aside (as Gecode's linear propagators do, a sparse set): the terms order[0 .. active) may still
  // change; those after were fixed when they were set aside, so their cached bounds stay exact below that point of
  // the search. `active` is the store's reversible int `active_id` (undo_to brings the terms back); -1: no store int
  // (a standalone constraint), every term is scanned.
  std::vector<int> order;
  int active_id = -1;
  int active = 0;  // order[0 .. active) as `sums` left it
};

/// The terms coefficients[k] * vars[k] of a sum over one store's current domains; prunings are blamed on `cause`.
/// When `cause` is a constraint of the store's problem, the sums of the term bounds are cached in its memory for the
/// run (TermBounds); otherwise (a store of another problem) they are recomputed on each call.
struct LinearTerms {
  std::span<const VarId> vars;
  std::span<const int> coefficients;
  Store& store;
  const Constraint* cause;

  int size() const { return static_cast<int>(vars.size()); }
  VarId var_at(int k) const { return vars[static_cast<std::size_t>(k)]; }
  Wide coefficient(int k) const { return coefficients[static_cast<std::size_t>(k)]; }
  /// Smallest and largest value of coefficient * vars[k] over its current domain (precondition: not empty).
  Wide term_min(int k) const;
  Wide term_max(int k) const;
  /// Keeps the values v of vars[k] with lo <= coefficient * v <= hi: at most two bounds changes.
  bool narrow(int k, Wide lo, Wide hi) const;
  /// Prunes vars[k] for "sum OP rhs" given that the other terms sum to a value in [others_lo, others_hi];
  /// `others_fixed` when they are all single values (only then does != remove a value). False iff wiped out.
  bool prune(int k, LinearOp op, Wide rhs, Wide others_lo, Wide others_hi, bool others_fixed) const;
  /// REVISE(vars[k]) for "sum OP rhs": one `prune` against the other terms' current bounds (counts a revision).
  bool revise(int k, LinearOp op, Wide rhs) const;
  /// Every `prune` over the terms until a pass changes nothing (one revision counted per position visited;
  /// `Store::tick` once per pass). False on a wipe-out or a passed deadline. A <=, >= or != sum that every
  /// combination of the values left satisfies is put to sleep (`Store::entail` of `cause`) before or after the pass:
  /// `cause` must hold exactly when this sum does (Linear; LinearReif once its b is fixed), never a constraint of
  /// which the sum is one part.
  bool propagate(LinearOp op, Wide rhs) const;
  /// Empties vars[k] (a relation violated whatever the values).
  bool wipe_out(int k) const { return store.remove_above(var_at(k), -1, cause); }
  /// The run's TermBounds of `cause`, synchronised with the current domains (precondition: none is empty). When the
  /// store is not the one of cause's problem, a per-thread scratch TermBounds, reset on each call, is used instead
  /// (valid until the next call of `sums`).
  TermBounds& sums() const;
  /// Re-reads term k's bounds into `s` (after vars[k] changed; precondition: not empty), keeping its sums.
  void refresh(TermBounds& s, int k) const;
};

}  // namespace csp::detail
