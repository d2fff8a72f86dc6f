// AllDifferent: the global constraint "all variables of the scope take different values" (AIMA §6.2.5).
#pragma once

#include <cstdint>

#include "csp/core/constraint.hpp"

namespace csp {

/// All scope variables take pairwise different values.
///
/// Consistency level of `propagate` (and of `revise` for one position), repeated to a fixpoint:
/// 1. a variable whose domain is one value removes that value from every other variable (this alone is what
///    pairwise != with arc consistency achieves);
/// 2. if the union of the scope's domains has fewer values than the scope has variables, fail (pigeonhole);
/// 3. if it has exactly as many (a permutation, e.g. a Sudoku unit), a value left in only one domain is assigned
///    there ("hidden single"). With more values than variables a value may stay unused, so rule 3 is not applied.
/// This (`Level::rules`) is weaker than generalised arc consistency and stronger than pairwise !=.
/// `Level::matching` reaches generalised arc consistency (it also finds naked pairs, triples, ...) on every path.
/// One-word fast path (the same value list of <= 64 values everywhere, no offsets): the single values leave the
/// others, then the variables left with several values are filtered by Hall's theorem over all their subsets when
/// there are at most 6 of them, else by Régin's matching (AAAI 1994) with strongly connected components.
/// Elsewhere (thousands of variables, any value lists, offsets): the single values leave the others; a variable
/// with more values than there are open variables can be in no Hall set, so it stays out of the graph and only loses
/// the Hall values; the others become rows of bits over the shifted values, Régin's filter runs on them from the
/// matching kept since the previous call of the same run (re-validated, repaired by augmenting paths), and the
/// components come from two iterative depth-first searches over the rows: O(variables x values / 64) per call,
/// never per edge, never recursive. Interval domains are read through `min`, `max` and `next` only.
/// With `offsets`, the constraint is "all x_i + offsets[i] different" (n-queens diagonals: offsets i and -i).
/// Fast paths of `Level::rules`: when every scope variable has the same value list of at most 64 values and there
/// are no offsets, the rules run on bit masks; otherwise, when the (shifted) values span a range not much larger
/// than the domains, they run on counts in an array over that range; else `propagate` revises position by position.
/// `revise` (AC-3) applies the rules to one position, counting values in an array (dense ranges) or by sorting.
class AllDifferent final : public Constraint {
 public:
  /// The filtering level of `propagate`.
  enum class Level {
    rules,    ///< single values leave the others, pigeonhole, hidden singles (cheap)
    matching  ///< the rules, then Régin's matching: generalised arc consistency (stronger, costlier per call)
  };
  /// `offsets` is empty (all zero) or has one entry per scope variable; throws ModelError otherwise.
  AllDifferent(std::vector<VarId> scope, std::string name, std::vector<int> offsets = {}, Level level = Level::rules);
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;
  /// A value another variable held alone: [y = v]. A Hall set that holds v (found greedily; no offsets): its
  /// variables' lost values outside their union. A hidden single of a permutation (every variable of the scope
  /// with the same n values, n the arity, no offsets): x was left with v because no other variable had v, the
  /// reason [y != v] for every other y. Otherwise (a Hall set the greedy search misses, offsets) none: the
  /// search then takes the scope's domains.
  bool explain(const PastDomains& then, int pos, int index, Explanation& why) const override;
  int count_ruled_out(const Store& store, int pos, int index) const override;
  int conflicts(const Assignment& a, int pos, Value v) const override;
  void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const override;
  /// Counts per (shifted) value, updated on each move: O(1) per move and per value scored; proposes unheld values.
  /// Every change of any variable can prune the others (the default wakes_on): true without asking each position.
  bool wakes_on_every_change() const override { return true; }
  std::unique_ptr<ConflictCounter> make_conflict_counter(const Problem& problem) const override;

 private:
  bool explain_by_hall_set(const PastDomains& then, int pos, Value v, Explanation& why) const;
  bool propagate_rules(Store& store) const;
  bool propagate_values(Store& store) const;
  bool propagate_matching(Store& store) const;
  bool propagate_graph(Store& store) const;
  int index_at(const Store& store, int pos, long long shifted_value) const;
  long long shifted(int pos, Value v) const {
    return offsets_.empty() ? v : static_cast<long long>(v) + offsets_[static_cast<std::size_t>(pos)];
  }
  std::vector<int> offsets_;
  Level level_;
  std::uint64_t serial_;       // key of this constraint's per-run state (src/constraints/all_different/state.hpp)
  bool uniform_ = false;       // all scope variables share one value list of <= 64 values
  long long dense_lo_ = 0;     // smallest shifted value of the scope
  long long dense_range_ = 0;  // number of shifted values from dense_lo_, or 0 when too sparse for an array
};

}  // namespace csp
