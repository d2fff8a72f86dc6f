// What the built-in variable orderings keep across the calls of one run: the live (weighted) degrees of dom/wdeg
// and the degree heuristic, and, on large problems, an index of the unassigned variables by the ordering's
// measure, so that a choice costs O(log n) per variable whose measure changed since the last choice instead of a
// scan of every unassigned variable (a scan makes a search of n decisions cost O(n^2): 2-colouring a path of
// 10^6 vertices). Gecode and MiniCP scan too, but after propagation to a fixpoint, which fixes such a path at once;
// forward checking does not, so here the index is what keeps a long path linear.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "csp/core/store.hpp"
#include "csp/strategy/search_context.hpp"

namespace csp::detail {

/// Per variable, the sum of the weights of its "live" constraints: those with two or more unassigned scope
/// variables, i.e. that involve another unassigned variable (a scope never names a variable twice: Constraint's
/// constructor refuses it) (AIMA §6.3.1's degree; Boussemart et al. 2004's wdeg).
/// Weights are the store's dom/wdeg weights, or 1 each (the degree heuristic). The owner applies each change of
/// an assignment flag and each weight increment; the sums of assigned variables are meaningless.
class LiveDegrees {
 public:
  LiveDegrees(const Store& store, bool weighted);
  bool weighted() const { return weighted_; }
  const std::vector<long long>& sums() const { return sums_; }
  /// x became assigned (or unassigned); each variable whose sum changed is appended to `touched` (may be null).
  void on_assignment_change(const Store& store, VarId x, bool assigned, std::vector<VarId>* touched);
  /// Constraint c's weight grew by one; each variable whose sum changed is appended to `touched` (may be null).
  void on_weight_increment(const Problem& p, ConstraintId c, std::vector<VarId>* touched);
  /// Sums every weight again (after the store's weight log overflowed).
  void recompute(const Store& store);

 private:
  bool live(ConstraintId c) const { return unassigned_[static_cast<std::size_t>(c)] >= 2; }
  void add_to_scope(const Problem& p, ConstraintId c, long long w, std::vector<VarId>* touched);
  long long weight(const Store& store, ConstraintId c) const {
    return weighted_ ? static_cast<long long>(store.weights()[static_cast<std::size_t>(c)]) : 1;
  }

  bool weighted_;
  std::vector<int> unassigned_;  // per constraint: its unassigned scope variables
  std::vector<long long> sums_;  // per variable: the weights of its live constraints
};

/// A measure to minimise, compared lexicographically (a, b) or as the ratio a / b (b >= 1); ties go to the
/// smallest variable id, as the scans' do.
struct OrderingKey {
  long long a = 0;
  long long b = 0;
};

/// The unassigned variables in a binary heap by key, with each one's position, so that a changed key moves in
/// O(log n) (an indexed priority queue).
class VariableHeap {
 public:
  VariableHeap(int variables, bool ratio);
  /// Inserts x with key k, or moves it to its new key.
  void set(VarId x, OrderingKey k);
  /// Removes x (a no-op when absent).
  void erase(VarId x);
  /// The variable with the least key (ties: the smallest id), or -1 when empty.
  VarId top() const { return heap_.empty() ? -1 : heap_.front(); }

 private:
  bool less(VarId x, VarId y) const;
  void sift_up(std::size_t i);
  void sift_down(std::size_t i);
  void place(std::size_t i, VarId x) {
    heap_[i] = x;
    pos_[static_cast<std::size_t>(x)] = static_cast<int>(i);
  }

  bool ratio_;
  std::vector<VarId> heap_;
  std::vector<int> pos_;  // per variable: its index in heap_, -1 when absent
  std::vector<OrderingKey> key_;
};

/// The built-in orderings' measures (csp/heuristics/variable_ordering.hpp).
enum class Measure { mrv, anti_mrv, smallest, largest, max_regret, degree, mrv_degree, dom_wdeg };

/// An ordering's state for one run, in SearchContext::strategy_state(): the live degrees it reads and, on a
/// `large` run, the heap of the unassigned variables by its measure. `sync` applies what changed since the last
/// call: the assignment flags (Assignment's change log), the weights (Store's weight log) and the domains
/// (Store::domain_changes).
class OrderingState {
 public:
  /// The state in ctx's slot, made on the first call of the run.
  static OrderingState& of(SearchContext& ctx);
  /// Whether the index may serve this run: domains kept filtered by the inference (the measures read domains, not
  /// counts of legal values), ties by order (a seeded draw among ties scans them) and at least kIndexedFrom
  /// variables. O(1).
  static bool large(const SearchContext& ctx) {
    return ctx.assignment().variable_count() >= kIndexedFrom && ctx.domains_filtered() && !ctx.random_ties();
  }
  /// The number of variables from which the index is used. Measured in instructions (bench/LOG.md, "Orderings
  /// without a quadratic scan"): on random colourings with mac the index saves 4-12% at 300 variables and 17-32% at
  /// 600; on Sudoku, whose every node changes many domains, it costs 10% at 81 variables (9x9), 1.8% at 256
  /// (16x16) and breaks even at 625 (25x25).
  static constexpr int kIndexedFrom = 512;

  /// The live degrees, weighted (dom/wdeg) or not (degree), made on first use and brought up to date.
  const LiveDegrees& degrees(SearchContext& ctx, bool weighted);
  /// The choice of `measure` by the index (precondition: indexed(ctx, measure)): brings it up to date, returns
  /// the unassigned variable with the least measure (ties: the smallest id), -1 when every variable is assigned.
  VarId select(SearchContext& ctx, Measure measure);

 private:
  explicit OrderingState(SearchContext& ctx);
  void sync(SearchContext& ctx);
  void next_generation() {
    if (++generation_ == 0) {  // the stamps wrapped around: start them again
      std::fill(stamp_.begin(), stamp_.end(), 0);
      generation_ = 1;
    }
  }
  void mark(VarId x) {
    auto& s = stamp_[static_cast<std::size_t>(x)];
    if (s == generation_) return;
    s = generation_;
    dirty_.push_back(x);
  }
  OrderingKey key(SearchContext& ctx, VarId x) const;
  void build_index(SearchContext& ctx, Measure measure);

  std::vector<char> mirror_;  // the assignment flags as last seen
  std::optional<LiveDegrees> weighted_;
  std::optional<LiveDegrees> unit_;
  std::optional<VariableHeap> heap_;
  Measure measure_ = Measure::mrv;
  Store::ChangeCursor cursor_;
  std::vector<VarId> changes_;
  std::vector<ConstraintId> weight_changes_;
  std::vector<VarId> touched_;  // variables whose key may have changed since the last sync (with repeats)
  std::vector<VarId> dirty_;    // the same, once each
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 1;
};

}  // namespace csp::detail
