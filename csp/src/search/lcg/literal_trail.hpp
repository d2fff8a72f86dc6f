// The literal trail of clause learning (lcg_search.cpp): each domain literal made true, in order, with its decision
// level and its reason, mirrored from the Store's domains.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp::detail::lcg {

/// A domain literal over a variable's value indices: [var = index] (eq) or [var != index]; the literals of
/// generalised nogoods (Katsirelos & Bacchus, "Generalized nogoods in CSPs", AAAI 2005) and of Chuffed's equality
/// literals (Ohrimenko, Stuckey & Codish, "Propagation via lazy clause generation", Constraints 2009).
struct Lit {
  VarId var = -1;
  int index = 0;
  bool eq = false;
  friend bool operator==(const Lit&, const Lit&) = default;
};
inline Lit negation(Lit l) { return {l.var, l.index, !l.eq}; }

enum class Truth : std::uint8_t { undefined, yes, no };

/// Why an event holds: a search decision; a removal made by a decision's assignment; a constraint's propagate
/// call (explained by the constraint, Constraint::explain, or by what the call read: its scope's domains when it
/// started); a learned clause whose other literals were all false; a variable left with one value (the fixed
/// literal [var = index], implied by the variable's removals: one literal in place of them in explanations); the
/// objective's bound after a solution (branch and bound: a removal at level 0, a fact for the rest of the run).
enum class Reason : std::uint8_t { decision, by_decision, constraint, clause, fixed, bound };

/// One literal made true: a decision or fixed literal [var = index], or the removal [var != index].
struct Event {
  VarId var;
  int index;
  int level;
  Reason reason;
  int ref;    ///< by_decision: the decision's event; constraint: its id; clause: the clause's id
  int start;  ///< constraint: the trail size when its propagate call started
  bool decision() const { return reason == Reason::decision; }
  bool equality() const { return reason == Reason::decision || reason == Reason::fixed; }
  Lit lit() const { return {var, index, equality()}; }
};

/// The trail. A value missing from a variable's initial domain is false from the start and never an event (a fact
/// of the problem, like the events of level 0, which conflict analysis leaves out).
class LiteralTrail {
 public:
  explicit LiteralTrail(const Problem& problem);

  int level() const { return static_cast<int>(level_start_.size()); }
  /// The decision event of level k (1 .. level()): the first event of that level.
  int decision_of(int k) const { return level_start_[static_cast<std::size_t>(k - 1)]; }
  int size() const { return static_cast<int>(events_.size()); }
  const Event& event(int e) const { return events_[static_cast<std::size_t>(e)]; }
  /// How many values the variables have in all (their initial value lists).
  std::size_t value_count() const { return removal_.size(); }
  /// The number of value index i of x among them (0 .. value_count() - 1).
  std::size_t slot(VarId x, int i) const { return base_[static_cast<std::size_t>(x)] + static_cast<std::size_t>(i); }
  /// The removal event of value index i of x: >= 0, kInitial (not in the initial domain) or kPresent.
  int removal(VarId x, int i) const { return removal_[slot(x, i)]; }
  static constexpr int kPresent = -1;
  static constexpr int kInitial = -2;
  /// How many values of x the trail holds (the Store's domain size after each sync).
  int known_size(VarId x) const { return known_size_[static_cast<std::size_t>(x)]; }
  /// The removal events of x, in trail order.
  std::span<const int> removals_of(VarId x) const { return removals_of_[static_cast<std::size_t>(x)]; }
  Truth value(Lit l) const {
    Truth eq = Truth::undefined;
    if (removal(l.var, l.index) != kPresent)
      eq = Truth::no;
    else if (known_size(l.var) == 1)
      eq = Truth::yes;
    if (l.eq || eq == Truth::undefined) return eq;
    return eq == Truth::yes ? Truth::no : Truth::yes;
  }
  /// The removal events of x before event `before`, appended to out.
  void removals_before(VarId x, int before, std::vector<int>& out) const {
    for (const int e : removals_of(x)) {
      if (e >= before) break;
      out.push_back(e);
    }
  }
  /// The events that make the false literal l false, each before `before`, appended to out.
  void falsifying_events(Lit l, int before, std::vector<int>& out) const;

  // The domains as they were when the trail held `t` events (before event t).
  /// Value index i of x was in its domain then.
  bool contained(VarId x, int i, int t) const {
    const int r = removal(x, i);
    return r == kPresent || r >= t;
  }
  /// x's one value then, or -1.
  int fixed_index(VarId x, int t) const {
    const int e = fixed_event_[static_cast<std::size_t>(x)];
    if (e >= 0) return e < t ? event(e).index : -1;
    return root_fixed_[static_cast<std::size_t>(x)];
  }
  /// The events that made x's domain then: its decision or fixed event when it had one value, else its removals.
  void domain_events(VarId x, int t, std::vector<int>& out) const {
    const int e = fixed_event_[static_cast<std::size_t>(x)];
    if (e >= 0 && e < t)
      out.push_back(e);
    else if (root_fixed_[static_cast<std::size_t>(x)] < 0)
      removals_before(x, t, out);
  }

  /// Opens a level with the decision [x = i]; returns its event.
  int decide(VarId x, int i);
  /// Records the values of x that `store` removed and the trail still holds, each with the reason given, and
  /// appends the literals they make false ([x = i] for each, [x != u] when x is left with u) to `falsified`.
  /// Returns how many values it recorded. `from`..`to` (to = -1: the last index), when the removals are known to lie
  /// there, bounds the scan (a bound's removals from a wide domain).
  int sync(const Store& store, VarId x, Reason reason, int ref, int start, std::vector<Lit>& falsified, int from = 0,
           int to = -1);
  /// Drops the events above `level`.
  void backtrack_to(int level);

 private:
  void push(VarId x, int i, Reason reason, int ref, int start);
  std::vector<Event> events_;
  std::vector<int> level_start_;  // level_start_[k - 1]: the first event of level k
  std::vector<std::size_t> base_;
  std::vector<int> removal_;
  std::vector<int> known_size_;
  std::vector<int> capacity_;
  std::vector<int> fixed_event_;  // the decision or fixed event of x while x has one value, else -1
  std::vector<int> root_fixed_;   // the index of x's one value when its initial domain has one, else -1
  std::vector<std::vector<int>> removals_of_;
};

}  // namespace csp::detail::lcg
