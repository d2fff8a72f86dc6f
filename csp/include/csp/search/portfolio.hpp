// A parallel portfolio: several searches of one problem at once, each on its own thread with its own store, that
// race to the answer (the first solution, or the proof that there is none) or share the incumbent bound of branch
// and bound. `csp fzn -p N` (MiniZinc's -p) runs one.
#pragma once

#include <cstdint>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/solve.hpp"

namespace csp {

/// How solve_portfolio runs its searches.
struct PortfolioOptions {
  /// false (the default): the searches race. Satisfaction: the first search with an answer (a solution, or the
  /// proof that there is none) wins and the others are stopped through their StopCondition::interrupt. Branch
  /// and bound: the incumbent is shared (Objective::shared_best), each improving solution of any search that beats
  /// every solution reported so far is reported (so reports improve strictly), and the first search that
  /// completes proves the optimum for all. Which search wins, and so which solution a satisfaction run reports,
  /// depends on the threads' timing.
  ///
  /// true: deterministic, for tests and reproducible studies. The searches neither stop each other nor share the
  /// bound; each runs to its own end (or limit), and the callbacks are replayed afterwards for one of them, the
  /// winner: satisfaction, among the searches with an answer, the one that made the fewest assignments (ties: the
  /// lowest index); branch and bound, the one with the best objective, then a completed one, then the fewest
  /// assignments, then the lowest index. Without time limits the same specs give the same winner and solutions
  /// on every run (each search is deterministic for its seed). It costs the time of the slowest search.
  bool deterministic = false;
};

/// The result of solve_portfolio: the answer as one search reports it, with every search's counters.
struct PortfolioResult : RunResult {
  /// The index (into the specs) of the search whose answer this is: the satisfaction winner, or under branch and
  /// bound the search that completed (proved the optimum); -1 when no search answered before its limits.
  int winner = -1;
  /// Each search's own counters, in the order of the specs. RunResult::stats is their sum (max_depth their
  /// maximum), with elapsed_us the portfolio's wall-clock time.
  std::vector<Statistics> search_stats;
};

/// The searches of an n-search portfolio made from one spec, by a fixed schedule: search 0 is `spec` itself (so
/// n = 1 is a plain csp::solve); search k >= 1 has seed spec.search.seed + k (random tie-breaking of the
/// orderings, SolverConfig::seed) and, when `spec` does not restart and has no objective, Luby restarts
/// (restart_base as in spec); the even-numbered ones (k = 2, 4, ...) choose variables by dom-wdeg (1, 3, ... keep
/// spec's variable ordering). Search k >= 1 has no observer (a SearchObserver is not thread-safe). Throws Error
/// when n < 1.
std::vector<RunSpec> portfolio_specs(const RunSpec& spec, int n);

/// Solves `problem` with the searches `specs` on specs.size() threads (PortfolioOptions says how they race).
/// Every spec must have the same objective (variable and sense) and max_solutions; when max_solutions is not 1
/// without an objective (a count, an enumeration: the searches would find the same solutions) only specs[0] runs.
/// Every solution passes csp::solve's checks before it is reported. specs[0] holds the portfolio's callbacks and
/// limits as the caller sees them: its search.on_solution and search.on_progress get the winner's solutions and
/// progress (calls are serialised, from any of the portfolio's threads; Progress::stats sums every search's
/// latest counters), and its search.limits.interrupt stops every search. The other specs' own callbacks are not
/// called. Each search keeps its own node and time limits. The result: the winner's solutions, status and stop
/// reason; under branch and bound the improving solutions as reported (best last, RunResult::objective the best)
/// and StopReason::complete when some search completed; a stop by a limit when none answered (then the stop
/// reason of search 0). A solution that fails its check stops every search (StopReason::wrong_solution).
/// Throws Error when `specs` is empty or the specs disagree as above, what RunSpec::validate throws, and what a
/// search throws (rethrown after every thread has stopped).
PortfolioResult solve_portfolio(const Problem& problem, const std::vector<RunSpec>& specs,
                                const PortfolioOptions& options = {});

/// solve_portfolio(problem, portfolio_specs(spec, n), options).
PortfolioResult solve_portfolio(const Problem& problem, const RunSpec& spec, int n,
                                const PortfolioOptions& options = {});

}  // namespace csp
