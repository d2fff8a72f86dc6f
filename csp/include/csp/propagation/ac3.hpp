// AC-3 (AIMA 4th ed. §6.2.2, Fig. 6.3), generalised to n-ary constraints (arcs are (variable, constraint) pairs).
#pragma once

#include <cstdint>
#include <vector>

#include "csp/core/store.hpp"

namespace csp {

/// An arc: the variable at `position` in the scope of `constraint` (for a binary constraint C(Xi, Xj) this is
/// the book's arc (Xi, Xj)).
struct Arc {
  ConstraintId constraint;
  int position;
};

/// What AC-3 reports.
struct Ac3Result {
  bool consistent = true;           ///< false: some domain was wiped out (the problem has no solution from here),
                                    ///< or the run was interrupted (then `interrupted` is true and nothing is proved)
  bool interrupted = false;         ///< the store's deadline passed (Store::set_deadline) before the fixpoint
  std::uint64_t revisions = 0;      ///< REVISE calls made by this run
  std::uint64_t values_pruned = 0;  ///< values removed by this run
};

/// AC-3 with every arc of the problem in the initial queue. Domains shrink through `store` (trailed, counted
/// in store.stats()). Each revised arc whose variable changed puts back the arcs of the other constraints on it
/// and, for n-ary constraints, the other positions of the same constraint. The queue is a FIFO of arcs, each
/// queued at most once; no recursion. Each revise reports work to `Store::tick` (the clock is read at least every 4
/// revises): with a deadline set on the store, AC-3 stops soon after it (consistent = false, interrupted = true).
Ac3Result ac3(Store& store);
/// AC-3 starting from the given arcs only.
Ac3Result ac3(Store& store, const std::vector<Arc>& initial);

}  // namespace csp
