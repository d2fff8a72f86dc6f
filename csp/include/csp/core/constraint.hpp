// Constraint: a scope and a relation, able to check an assignment and to revise domains (AIMA 4th ed. §6.1-6.2).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/explanation.hpp"
#include "csp/core/variable.hpp"

namespace csp {

class Problem;
class Store;

/// Index of a constraint in its `Problem` (0..m-1, in the order added).
using ConstraintId = int;

/// How costly one `Constraint::propagate` call is. MAC runs an `expensive` constraint only when no `cheap` one is
/// waiting, so the cheap ones reach their common fixpoint first and the costly one sees the smallest domains
/// (Gecode's propagator cost classes; Schulte & Stuckey, TOPLAS 2008). `bounds` constraints (O(arity) bounds
/// reasoning, e.g. `Linear`) run before both, in rounds that alternate direction: each round runs the ones scheduled
/// during the previous round newest first. On a chain x1 < x2 < ... < xn a FIFO queue moves the upper bounds one
/// link per round (n rounds of n calls); alternating rounds finish the lower bounds in one sweep and the upper ones
/// in the next. The fixpoint reached is the same.
enum class PropagationCost { bounds, cheap, expensive };

/// Which changes of a scope variable's domain wake a constraint in MAC's propagation queue (Gecode's propagation
/// conditions PC_INT_VAL / PC_INT_BND / PC_INT_DOM; MiniCP's propagateOnBind / propagateOnBoundChange /
/// propagateOnDomainChange), from the narrowest: `fixed`: the variable became one value; `bounds`: its least or its
/// greatest value changed (which a fixing does too); `domain`: any value was removed. Each change is of exactly one
/// kind, the narrowest that describes it (a fixing is `fixed`, a moved bound that leaves several values `bounds`, an
/// inner value `domain`), and wakes the constraints that subscribed to that kind or to a wider one.
enum class PropagationEvent : std::uint8_t { fixed, bounds, domain };

/// Incremental bookkeeping of one constraint for min-conflicts (AIMA 4th ed. Fig. 6.8), made by
/// `Constraint::make_conflict_counter`. The search tells it every value change of a scope variable, and it reports
/// which scope positions changed their state "in conflict here" (scope[k] is assigned and
/// `conflicts(a, k, value of scope[k]) > 0`), so the search keeps the set of conflicted variables without rescanning
/// any constraint, and scores values through the counter instead of the constraint. The base class's default
/// counter (`Constraint::make_conflict_counter`) re-evaluates `Constraint::conflicts` at each assigned position on a
/// move: O(arity) calls, right for binary constraints; AllDifferent keeps counts per value (O(1) per move and per
/// value scored).
class ConflictCounter {
 public:
  /// Scope position `pos` entered (`conflicted` true) or left the state "in conflict here".
  struct Change {
    int pos;
    bool conflicted;
  };
  virtual ~ConflictCounter() = default;
  /// scope[pos] now holds `to` in `a` (already written there); before it held `from`, or nothing when `had_value`
  /// is false. Appends to `changes` each scope position (the moved one included) whose state "in conflict here"
  /// changed. `a` is the one assignment the search keeps; every change of a scope variable is told, in order.
  virtual void moved(const Assignment& a, int pos, bool had_value, Value from, Value to,
                     std::vector<Change>& changes) = 0;
  /// `Constraint::conflicts(a, pos, v)` for the assignment told so far.
  virtual int conflicts(const Assignment& a, int pos, Value v) const = 0;
  /// `Constraint::add_conflicts(a, pos, var, counts)` for the assignment told so far.
  virtual void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const = 0;
  /// Optional, for the greedy initial assignment: the size of a set of values for scope[pos] that holds every value
  /// with no conflict here (it may hold others, and values outside the variable's domain); 0 when the counter keeps
  /// no such set (the default). AllDifferent: the values no scope variable holds.
  virtual std::size_t proposal_count(int pos) const;
  /// The k-th value of that set (0 <= k < proposal_count(pos), in an order that changes with the moves); false when
  /// it is not an int.
  virtual bool proposal(int pos, std::size_t k, Value& out) const;
};

/// A constraint C = <scope, relation>. Subclasses implement the relation; the engine calls:
/// - `is_consistent`: does the assigned part of the scope violate C? (backtracking without inference,
///   min-conflicts);
/// - `revise(pos)`: AIMA's REVISE on the arc (scope[pos], C): remove each value of scope[pos] that has no
///   support among the current domains of the rest of the scope (AC-3);
/// - `propagate`: filter the whole scope once (forward checking, MAC). The default revises every position until
///   nothing changes (generalised arc consistency); global constraints override it with their own algorithm.
/// Contract for every subclass: when all scope domains are single values, `propagate` and `revise` fail exactly
/// when the relation is violated (so search with inference needs no separate check).
class Constraint {
 public:
  /// Throws ModelError when the scope is empty or names a variable twice.
  Constraint(std::vector<VarId> scope, std::string name);
  virtual ~Constraint() = default;
  Constraint(const Constraint&) = delete;
  Constraint& operator=(const Constraint&) = delete;

  const std::vector<VarId>& scope() const { return scope_; }
  int arity() const { return static_cast<int>(scope_.size()); }
  /// Printable name, used in error messages, traces and the DOT export.
  const std::string& name() const { return name_; }
  /// Position of x in the scope, or -1.
  int position_of(VarId x) const;
  /// This constraint's id in its problem (set by `Problem::add_constraint`; -1 before).
  ConstraintId id() const { return id_; }

  /// Called once when the constraint is added to `problem`: checks the scope against the variables
  /// (ids exist, arity fits, values make sense) and precomputes. Throws ModelError naming the culprit.
  virtual void attach(const Problem& problem);

  /// True unless the variables of the scope that `a` assigns already violate the relation. Exact when the whole
  /// scope is assigned; with unassigned variables a subclass may detect more than the default (which then says true).
  virtual bool is_consistent(const Assignment& a) const;

  /// True iff the complete tuple `values` (one value per scope variable, in scope order) satisfies the relation.
  virtual bool is_satisfied_by(std::span<const Value> values) const = 0;

  /// REVISE(scope[pos]) against this constraint (AIMA Fig. 6.3, generalised to n-ary scopes): removes from
  /// scope[pos] every value without a supporting tuple in the current domains. Only scope[pos] changes.
  /// Returns false iff its domain is wiped out. Default: support search by enumeration (exponential in arity).
  virtual bool revise(Store& store, int pos) const;

  /// Filters all scope domains once. Returns false on a wipe-out. Default: `revise` every position until a
  /// fixpoint (generalised arc consistency). Subclasses document their consistency level.
  virtual bool propagate(Store& store) const;

  /// When MAC runs this constraint's `propagate` relative to the others (see PropagationCost). Default: cheap.
  virtual PropagationCost propagation_cost() const { return PropagationCost::cheap; }

  /// Which changes of scope[pos] put this constraint on MAC's queue (see PropagationEvent). Default: `domain`, every
  /// change, which is right for any constraint. A narrower answer is a promise: after a change of scope[pos] of a
  /// narrower kind than the answer (an inner value removed, for `bounds`; any change that leaves several values, for
  /// `fixed`), `propagate` would remove nothing that it would not remove anyway at its next call. Then the fixpoint
  /// MAC reaches is the same and only the number of calls (revisions, constraint checks) falls. Asked once per scope
  /// position when a `Store` is made; forward checking and AC-3 do not ask (they revise every arc they visit).
  virtual PropagationEvent wakes_on(int /*pos*/) const { return PropagationEvent::domain; }
  /// True when `wakes_on(pos)` is `domain` for every position: a `Store` then asks no position (one call per
  /// constraint instead of one per scope position; a Sudoku's 27 units are made again for every puzzle). The
  /// default asks each position; a constraint that keeps the default `wakes_on` may answer true at once.
  virtual bool wakes_on_every_change() const;

  /// Whether this constraint's filtering below the root of the search reads and changes only the bounds of
  /// scope[pos] (an inner value removed now and then is allowed). When every constraint on a variable of more than
  /// 64 values says so, the `Store` keeps its domain as an interval with holes (`Domain::make_interval`), whose
  /// bounds changes cost O(1) where a bitset rewrites and trails word after word. A hint about cost only: the
  /// values, the search and every count are the same either way. Default: `wakes_on(pos)` is `bounds`.
  virtual bool bounds_reasoning(int pos) const { return wakes_on(pos) == PropagationEvent::bounds; }

  /// Clause learning (csp/search/lcg.hpp): the reason why `propagate`, run on the domains `then`, removed value
  /// index `index` of scope[pos]: literals that held then and imply the removal with this constraint, written to
  /// `why`. Returns false when it gives none (the default); the search then takes the whole scope's domains then,
  /// which is correct for every constraint whose filtering reads only its scope's domains. A shorter reason makes
  /// shorter learned clauses, which prune more.
  virtual bool explain(const PastDomains& /*then*/, int /*pos*/, int /*index*/, Explanation& /*why*/) const {
    return false;
  }

  /// For LCV (AIMA §6.3.1): how many values of the other, unassigned scope variables' current domains would be
  /// ruled out if scope[pos] took the value with index `index`. Default: support search per value.
  virtual int count_ruled_out(const Store& store, int pos, int index) const;

  /// For min-conflicts (AIMA Fig. 6.8): how many violations this constraint would count if scope[pos] took value v
  /// and the rest of the scope kept its values in `a`. Default: 1 if violated, else 0 (also 0 while another scope
  /// variable is unassigned); AllDifferent counts the other assigned variables that clash.
  virtual int conflicts(const Assignment& a, int pos, Value v) const;
  /// For min-conflicts: adds `conflicts(a, pos, var.value(i))` to counts[i] for every value index i of
  /// var = scope[pos]. Override when all values can be scored faster than one by one (AllDifferent: O(arity + d)).
  virtual void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const;
  /// For min-conflicts: a counter starting from the empty assignment (never null). The default re-evaluates
  /// `conflicts` at each assigned scope position on a move (O(arity) calls, each O(arity) by default): fine for
  /// small scopes; a constraint with a large scope, or one whose `conflicts` is not "1 if violated", should
  /// override it. `problem` is the problem this constraint belongs to.
  virtual std::unique_ptr<ConflictCounter> make_conflict_counter(const Problem& problem) const;

 protected:
  /// Support search used by the defaults: is there a tuple in the current domains with scope[pos] = index
  /// (and, when pos2 >= 0, scope[pos2] = index2) that satisfies the relation?
  bool has_support(const Store& store, int pos, int index, int pos2 = -1, int index2 = -1) const;

 private:
  friend class Problem;
  std::vector<VarId> scope_;
  std::string name_;
  ConstraintId id_ = -1;
};

}  // namespace csp
