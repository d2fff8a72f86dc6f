// Constrained optimisation by branch and bound over backtracking search (AIMA 4th ed. §6.1 "constrained
// optimization problem"; R. Dechter, Constraint Processing, 2003, ch. 13 "Constraint Optimization", branch and
// bound).
#pragma once

#include <atomic>
#include <string>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solver_config.hpp"

namespace csp {

/// Whether the objective variable's value is to be made as small or as large as possible.
enum class Sense { minimize, maximize };

/// "minimize", "maximize".
std::string to_string(Sense s);

/// Finds a solution of `problem` whose value of the variable `objective` is least (Sense::minimize) or greatest
/// (Sense::maximize), and proves it optimal, by depth-first branch and bound: one `backtracking_search` run that
/// never restarts. After each solution with objective value v the bound becomes "objective < v" (minimize; "> v"
/// for maximize); from then on every node removes the values beyond the bound from the objective's domain
/// (Store::remove_above / remove_below, O(1) on a range however wide) before it tries its next value, and
/// propagates that removal with the configured inference (fc: the objective's constraints filter once; mac: to
/// the fixpoint); a wipe-out fails the node. So each solution found is strictly better than the one before.
///
/// Every `config` choice applies (orderings, inference, ac3_preprocess, limits, observer), with two rules for the
/// objective: the variable ordering chooses among the other variables while any is unassigned (the objective is
/// branched on last, when propagation has bounded it; chosen early, "objective = best possible" would be tried
/// first: a proof of the hardest bound before any solution), and the "natural" value ordering tries its values
/// best first: ascending to minimize, descending to maximize (so a wide objective is never stepped through one
/// solution per value). `config.on_solution`
/// is called on every improving solution (return false to stop: status limit_reached). `max_solutions` is not
/// used (the search runs until optimality is proved or a limit stops it).
/// Result:
/// - status solved and complete = true: the last solution is optimal; `objective` holds its value;
/// - status unsatisfiable and complete = true: the problem has no solution at all (`objective` empty);
/// - status limit_reached (complete = false): a node or time limit or `on_solution` stopped the search; the best
///   solution found so far, if any, is kept and `objective` holds its value (not proved optimal).
/// `solutions` holds the improving solutions in the order found, best last: the last `keep_solutions` of them
/// (every one when unset), and always at least the best. `solution_count` (and stats.solutions) is the number of improving solutions.
/// Throws ModelError when `objective` is not a variable of `problem`, and what `backtracking_search` throws.
///
/// `shared_best` (optional) is an incumbent shared by runs of the same problem on other threads (csp's portfolio,
/// csp/search/portfolio.hpp): it holds the best objective value any of them has found, or no_incumbent(sense)
/// before the first. Each node reads it (a relaxed atomic load) and keeps the objective strictly better than the
/// better of it and this run's own best; each improving solution of this run lowers (raises) it. So a run that
/// completes proves that no solution beats the final shared value, whichever run found it. The solutions and
/// `objective` of the result are this run's own.
SearchResult optimize(const Problem& problem, VarId objective, Sense sense, const SolverConfig& config = {},
                      std::atomic<long long>* shared_best = nullptr);

/// The value of a shared incumbent before any solution: LLONG_MAX to minimize, LLONG_MIN to maximize.
long long no_incumbent(Sense sense);

/// optimize(problem, objective, Sense::minimize, config).
SearchResult minimize(const Problem& problem, VarId objective, const SolverConfig& config = {});

/// optimize(problem, objective, Sense::maximize, config).
SearchResult maximize(const Problem& problem, VarId objective, const SolverConfig& config = {});

}  // namespace csp
