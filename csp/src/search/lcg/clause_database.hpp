// The learned clauses of clause learning (lcg_search.cpp), each watched by two of its literals.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "literal_trail.hpp"

namespace csp::detail::lcg {

/// A learned clause: at least one of its literals holds. While it is the reason of an event, lits[0] is the literal
/// it made true. lits[0] and lits[1] are watched (two watched literals: Moskewicz et al., "Chaff", DAC 2001).
struct Clause {
  std::vector<Lit> lits;
  double activity = 0;
  bool deleted = false;
};

/// A clause watching a literal, with a blocker: another of its literals; while the blocker holds, the clause is
/// satisfied and need not be read (MiniSat 2.2's blockers, Eén & Sörensson).
struct Watch {
  int clause;
  Lit blocker;
};

class ClauseDatabase {
 public:
  /// `trail` numbers the literals (LiteralTrail::slot).
  explicit ClauseDatabase(const LiteralTrail& trail) : trail_(trail), list_of_(2 * trail.value_count(), -1) {}
  /// Adds a clause and watches its first two literals (a unit clause is watched by none); returns its id.
  int add(std::vector<Lit> lits);
  Clause& clause(int id) { return clauses_[static_cast<std::size_t>(id)]; }
  const Clause& clause(int id) const { return clauses_[static_cast<std::size_t>(id)]; }
  /// The clauses that watch l, to visit when l becomes false (a deleted clause's watch is dropped there).
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
  void bump(int id);
  void decay() { increment_ /= 0.999; }
  /// Deletes the less active half of the clauses longer than two literals. Only at level 0, where no clause is the
  /// reason of an event that analysis reads.
  std::uint64_t reduce();
  std::size_t live() const { return live_; }

 private:
  const LiteralTrail& trail_;
  std::vector<Clause> clauses_;
  std::vector<int> list_of_;  // per literal: its watch list in lists_, or -1 (only watched literals have one)
  std::deque<std::vector<Watch>> lists_;  // a deque: a list stays where it is while others are added
  double increment_ = 1;
  std::size_t live_ = 0;
};

}  // namespace csp::detail::lcg
