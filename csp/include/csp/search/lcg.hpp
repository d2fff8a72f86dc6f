// Clause learning over domain literals: conflict analysis to the first UIP, learned clauses, activity-based
// variable choice, restarts (the search of lazy clause generation; a constraint explains its removals with
// Constraint::explain, or by its scope's domains).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "csp/core/problem.hpp"
#include "csp/search/optimize.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solver_config.hpp"

namespace csp {

/// What a clause-learning run did, for `--stats` and ablations.
struct LearningCounters {
  std::uint64_t conflicts = 0;        ///< failures analysed (each gives one learned clause)
  std::uint64_t learned_clauses = 0;  ///< clauses learned (= conflicts below the root)
  /// Their literals, summed: learned_literals / learned_clauses is the mean length.
  std::uint64_t learned_literals = 0;
  std::uint64_t backjump_levels = 0;  ///< decision levels undone by backjumps, summed over the conflicts
  std::uint64_t deleted_clauses = 0;  ///< clauses dropped by the database's reductions
  /// Removals that conflict analysis explained by the constraint's own reason (Constraint::explain).
  std::uint64_t own_explanations = 0;
  /// Removals it explained by the constraint's scope's domains when the pruning call started (a constraint that
  /// gives no reason of its own: correct, longer).
  std::uint64_t scope_explanations = 0;
};

/// The most values (summed over the variables' value lists) `solve` runs algorithm "lcg" on: it keeps a literal
/// [x = v] per value (about 12 bytes each, with their watch lists).
inline constexpr std::uint64_t kLcgMaxValues = std::uint64_t{1} << 22U;

/// One literal of a learned clause: [var = value] when `equal`, else [var != value].
struct ClauseLiteral {
  VarId var;
  Value value;
  bool equal;
};

/// A clause just learned, shown to a LearnedClauseHook while the search stands at the conflict (valid during the
/// call only).
class LearnedClause {
 public:
  virtual ~LearnedClause() = default;
  /// Its literals, the asserting one first. At least one of them holds in every solution.
  virtual std::span<const ClauseLiteral> literals() const = 0;
  /// The decision level of the conflict and the level the search backjumps to.
  virtual int conflict_level() const = 0;
  virtual int backjump_level() const = 0;
  /// The conflict's implication graph (Graphviz DOT), for teaching: the literals of the conflict level that the
  /// analysis resolved, each with arrows from the literals of its reason labelled with the constraint (or clause)
  /// that gave it, the failed constraint as a red octagon, the first UIP drawn double, and the learned clause's
  /// literals of lower levels dashed; the learned clause is the negation of the UIP and the dashed literals.
  virtual std::string implication_graph() const = 0;
};

/// "x = 3 or y != 2": a clause with the problem's variable names.
std::string to_string(const Problem& problem, std::span<const ClauseLiteral> clause);

/// Called with each learned clause, before the search backjumps. Returns false to stop the search
/// (StopReason::callback).
using LearnedClauseHook = std::function<bool(const LearnedClause&)>;

/// How many learned clauses lcg keeps: at a restart, once it holds more than `base` + `per_conflict` x the
/// conflicts so far, the less active half of those longer than two literals is dropped.
struct ClauseBudget {
  std::uint64_t base = 4000;
  double per_conflict = 0.1;
};

/// Complete search with clause learning over the domain literals [x = v] and [x != v] (Katsirelos & Bacchus,
/// "Generalized nogoods in CSPs", AAAI 2005; the search of lazy clause generation, Ohrimenko, Stuckey & Codish,
/// Constraints 2009). Each decision is x = v; the constraints propagate to their common fixpoint, each value removal
/// recorded on a literal trail with its reason. A removal made by a constraint is explained by the constraint's own
/// reason (Constraint::explain) when it gives one that held, else by the removals in its scope before its propagate
/// call (correct for every constraint whose filtering depends on its scope's domains only, as the Constraint
/// contract asks). At a failure the conflict is resolved back to its first unique
/// implication point (1-UIP; Zhang et al., ICCAD 2001); the learned clause is propagated by two watched literals for
/// the rest of the search, the search backjumps to the clause's asserting level, and the variables in the conflict
/// gain activity (VSIDS; the unfixed variable of highest activity is chosen next, ties by smallest domain, then by
/// id), its value the one it last held (phase saving), else its least. Restarts follow the Luby sequence in units of
/// `config.restart_base` conflicts; the database drops its less active half of the clauses longer than two at a
/// restart once it holds more than `budget` allows (by default 4,000 + 10% of the conflicts).
///
/// Finds `config.max_solutions` solutions (1 by default, 0: all of them) or proves there are no more. After each
/// solution a blocking clause excludes it: the negation of the decisions (with propagation they fix every variable,
/// so no other solution meets them all), or, with `config.projection`, of the projection variables' values (each
/// projection counted once); the clause is kept for the rest of the run and analysed as a conflict, so the search
/// backjumps and goes on. `config.on_solution` sees each solution (false: StopReason::callback); the result keeps
/// them as `keep_solutions` says. Learned clauses are implied by the model and the blocking clauses so far. Throws
/// Error when a projection variable is not a variable of `problem`. From `config` it also reads the limits (node_limit counts decisions,
/// Statistics::assignments) and restart_base; the orderings and inference are its own (above). `counters`, when
/// given, receives the run's counters; `on_learned`, when set, sees every learned clause. Statistics: assignments =
/// decisions, backtracks = decisions undone (by backjumps and restarts), failures = conflicts, backjumps (conflicts
/// that undid more than one level), nogoods = learned clauses, restarts, max_depth = the deepest decision level.
SearchResult lcg_search(const Problem& problem, const SolverConfig& config, LearningCounters* counters = nullptr,
                        const LearnedClauseHook& on_learned = {}, const ClauseBudget& budget = {});

/// Branch and bound with clause learning: lcg_search that, at each solution, goes back to level 0 and removes from
/// the domain of `objective` every value not strictly better (below it to minimize, above it to maximize), as facts
/// for the rest of the run, then searches on. The learned clauses are kept: each is implied by the model and the
/// bound in force when it was learned, which only narrows. `config.on_solution` sees every improving solution
/// (false stops the run: StopReason::callback). The result is optimize's: status solved and complete when the last
/// solution is proved optimal (`objective` holds its value), unsatisfiable when there is none, limit_reached when a
/// limit stopped the run (the best so far kept); `solutions` the last `keep_solutions` improving ones (every one when
/// unset, at least the best), best last; solution_count the improving solutions. Throws ModelError when `objective`
/// is not a variable of `problem`.
SearchResult lcg_optimize(const Problem& problem, VarId objective, Sense sense, const SolverConfig& config = {},
                          LearningCounters* counters = nullptr, const LearnedClauseHook& on_learned = {},
                          const ClauseBudget& budget = {});

}  // namespace csp
