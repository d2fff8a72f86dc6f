// Statistics: the counters every algorithm reports; StopCondition: the limits over them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <iosfwd>

namespace csp {

/// Counters of one run (or, summed with `+=`, of several). Definitions (also in docs/engine.md, "Statistics"):
/// - assignments: values given to a variable by a search decision (= search nodes below the root). Givens
///   (variables whose initial domain is a single value) are assigned at the root and not counted. The call count
///   of a recursive textbook backtracker (one call per entry, root included) is assignments + 1.
/// - backtracks: assignments undone because the subtree below them held no (further wanted) solution. When all
///   solutions are counted every assignment is undone, so backtracks = assignments; `failures` tells the dead ends.
/// - failures: dead ends, the leaves of the search tree that are not solutions: a decision whose inference failed
///   (fc, mac: a wipe-out or a violated constraint), a node whose variable has no value consistent with the
///   assignment (inference none: every value rejected by the consistency check), or the root when the givens and
///   the root inference already fail. A stop by a time limit is not a failure.
/// - constraint_checks: support tests, one unit comparable across inference none, fc and mac (the book's
///   "consistency checks"). A support test asks whether one value of one variable is consistent with one
///   constraint: the consistency check of inference none (`SearchContext::is_consistent`, also MRV's legal-value
///   count) makes one per constraint on the variable that it asks; each revise of an arc (x, C) that the engine
///   runs (AC-3, forward checking) makes one per value in x's domain when it starts, and each propagate of a
///   constraint C (MAC) one per value in the domains of C's scope. A `PropagationCost::bounds` constraint tests
///   only the bounds: at most 2 per variable. Counted by `Store::revise` / `Store::propagate`, so a constraint's
///   own code never counts. In min-conflicts, calls on the constraints' `ConflictCounter`s (see min_conflicts.hpp);
///   in the tree solver, relation evaluations (tree_solver.hpp). With learning (SolverConfig::learning), each
///   learned nogood visited counts one too: when one of its two watched assignments is made, and when inference
///   none tests a value some nogood forbids (each nogood watching that value).
/// - revisions: calls the engine makes of `Constraint::revise` (one arc, AIMA's REVISE) or `Constraint::propagate`
///   (one constraint, however much it filters inside), counted by `Store::revise` / `Store::propagate`.
/// - values_pruned: values removed from domains by inference (AC-3, forward checking, MAC), not by assignment.
/// - wipeouts: domains emptied by inference (each one is a dead end).
/// - solutions: complete consistent assignments found.
/// - max_depth: the largest number of search decisions on one path.
/// - elapsed_us: wall-clock time of the run, in microseconds.
/// - backjumps: with conflict-directed backjumping (SolverConfig::backjumping "cbj"), dead ends whose jump skipped
///   at least one level (each skipped level's value is retracted and counted in backtracks too).
/// - nogoods: nogoods recorded by learning (SolverConfig::learning).
/// - restarts: times search stopped at its failure cutoff, undid to the root and started again
///   (SolverConfig::restarts); failures, assignments and backtracks count every run. In min-conflicts, its new
///   greedy starts (MinConflictsConfig::restart_after).
struct Statistics {
  std::uint64_t assignments = 0;
  std::uint64_t backtracks = 0;
  std::uint64_t failures = 0;
  std::uint64_t constraint_checks = 0;
  std::uint64_t revisions = 0;
  std::uint64_t values_pruned = 0;
  std::uint64_t wipeouts = 0;
  std::uint64_t solutions = 0;
  std::uint64_t max_depth = 0;
  std::int64_t elapsed_us = 0;
  std::uint64_t backjumps = 0;
  std::uint64_t nogoods = 0;
  std::uint64_t restarts = 0;

  /// Adds every counter; max_depth becomes the maximum of both.
  Statistics& operator+=(const Statistics& other);
};

/// One line, `name=value` pairs separated by spaces, e.g. "assignments=48 backtracks=12 ...". The counters after
/// elapsed_us (backjumps, nogoods, restarts) are printed each only when it is not 0.
std::ostream& operator<<(std::ostream& os, const Statistics& s);

/// Limits that stop a search early (0 = no limit). A run stopped by one reports `Status::limit_reached`.
struct StopCondition {
  /// Stop after this many assignments (search nodes).
  std::uint64_t node_limit = 0;
  /// Stop after this much wall-clock time.
  std::chrono::microseconds time_limit{0};
  /// Optional: stop soon (within about a millisecond of search) after another thread or a signal handler sets it
  /// to true (StopReason::interrupted). Must outlive the run; read with relaxed loads where the clock is read.
  const std::atomic<bool>* interrupt = nullptr;
};

}  // namespace csp
