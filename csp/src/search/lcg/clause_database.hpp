// The learned clauses of clause learning (lcg_search.cpp), each watched by two of its literals.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "literal_trail.hpp"

namespace csp::detail::lcg {

/// A clause's place: the offset of its first literal in the database's pool, where its literals lie one after
/// another after a header slot (one cache line for a short clause, where a vector per clause costs two misses).
/// While a clause is the reason of an event, its first literal is the one it made true. Refs change when the
/// database is reduced (only at level 0, where no reason is read).
using ClauseRef = int;

/// A clause watching a literal, with a blocker: another of its literals; while the blocker holds, the clause is
/// satisfied and need not be read (MiniSat 2.2's blockers, Eén & Sörensson).
struct Watch {
  ClauseRef clause;
  Lit blocker;
};

class ClauseDatabase {
 public:
  /// `trail` numbers the literals (LiteralTrail::slot).
  explicit ClauseDatabase(const LiteralTrail& trail) : trail_(trail), list_of_(2 * trail.value_count(), -1) {}
  /// Adds a clause and watches its first two literals (a unit clause is watched by none). A `kept` clause is never
  /// deleted by reduce (a solution's blocking clause: dropping it would count the solution again).
  ClauseRef add(const std::vector<Lit>& lits, bool kept = false);
  std::size_t size(ClauseRef c) const { return static_cast<std::size_t>(pool_[static_cast<std::size_t>(c) - 1].var); }
  std::span<Lit> literals(ClauseRef c) { return {pool_.data() + c, size(c)}; }
  std::span<const Lit> literals(ClauseRef c) const { return {pool_.data() + c, size(c)}; }
  /// The clauses that watch l (two watched literals: Moskewicz et al., "Chaff", DAC 2001), to visit when l becomes
  /// false.
  std::vector<Watch>& watchers(Lit l) {
    int& k = list_of_[2 * trail_.slot(l.var, l.index) + (l.eq ? 1U : 0U)];
    if (k < 0) {
      k = static_cast<int>(lists_.size());
      lists_.emplace_back();
    }
    return lists_[static_cast<std::size_t>(k)];
  }
  /// Clause activity (MiniSat's): a clause used in a conflict's analysis gains the current increment, which grows
  /// by 1/0.999 per conflict, so recent use weighs more.
  void bump(ClauseRef c);
  void decay() { increment_ /= 0.999; }
  /// Deletes the less active half of the clauses longer than two literals (kept ones excepted), packs the pool and
  /// watches the rest again. Only at level 0: every ClauseRef changes.
  std::uint64_t reduce();
  std::size_t live() const { return activity_.size(); }

 private:
  // The header slot before a clause's literals: var = its size, index = its number (in activity_), eq = kept.
  bool kept(ClauseRef c) const { return pool_[static_cast<std::size_t>(c) - 1].eq; }
  double& activity(ClauseRef c) {
    return activity_[static_cast<std::size_t>(pool_[static_cast<std::size_t>(c) - 1].index)];
  }
  void watch(ClauseRef c);

  const LiteralTrail& trail_;
  std::vector<Lit> pool_;
  std::vector<double> activity_;
  std::vector<int> list_of_;  // per literal: its watch list in lists_, or -1 (only watched literals have one)
  std::deque<std::vector<Watch>> lists_;  // a deque: a list stays where it is while others are added
  double increment_ = 1;
};

}  // namespace csp::detail::lcg
