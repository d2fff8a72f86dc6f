// SearchResult: the typed outcome of a search.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/errors.hpp"
#include "csp/stats/statistics.hpp"

namespace csp {

/// How a run ended.
enum class Status {
  solved,         ///< at least one solution found; search finished or stopped at max_solutions
  unsatisfiable,  ///< the complete search proved there is no solution
  limit_reached,  ///< a node or time limit, or `on_solution` returning false, stopped the search before it was
                  ///< done (solutions found before it are kept)
  gave_up         ///< an incomplete method (min-conflicts) used all its steps without a solution
};

/// "solved", "unsatisfiable", "limit-reached", "gave-up".
std::string to_string(Status s);
/// Writes to_string(s).
std::ostream& operator<<(std::ostream& os, Status s);

/// Why a run stopped: the one place that says whether a count is exact, a "no solution" a proof, a best value
/// proved optimal. `Status` says what was found; this says why the search ended there.
enum class StopReason {
  complete,        ///< the whole search space was explored: counts are exact, unsatisfiable is a proof, an
                   ///< optimum is proved
  solution_cap,    ///< max_solutions solutions were found, as asked (there may be more: a count stopped here is a
                   ///< lower bound); also a method that finds one solution (min-conflicts, tree, cutset) finding it
  node_limit,      ///< StopCondition::node_limit assignments were made
  time_limit,      ///< StopCondition::time_limit passed
  step_limit,      ///< min-conflicts used its max_steps without a solution (Status::gave_up)
  interrupted,     ///< StopCondition::interrupt was raised (Ctrl-C, another thread)
  callback,        ///< SolverConfig::on_solution returned false
  wrong_solution,  ///< a solution failed its check (`csp::solve`: Problem::is_solution or RunSpec::verify): a bug
};

/// "complete", "solution-cap", "node-limit", "time-limit", "step-limit", "interrupted", "callback",
/// "wrong-solution".
std::string to_string(StopReason r);

/// The Status of a run that stopped for `stop` with `solutions` found: every Status is this view of StopReason (the
/// study's RunStatus and csp sudoku's puzzle status are views of it too). complete or solution_cap: solved with a
/// solution, else unsatisfiable; step_limit: gave_up; any other stop (a limit, an interrupt, the callback, a wrong
/// solution): limit_reached, whatever was found before it.
Status status_of(StopReason stop, std::uint64_t solutions);
/// Whether a run that stopped for `stop` searched as far as asked (SearchResult::complete): complete and
/// solution_cap; a method that proves nothing (min-conflicts) is never complete, whatever its stop.
bool is_complete(StopReason stop);

/// Asked for a solution a result does not hold: "no solution: the search ended unsatisfiable (a proof)", or one
/// found but not kept (`SolverConfig::keep_solutions`).
class NoSolutionError : public Error {
 public:
  using Error::Error;
};

/// Outcome of `backtracking_search` or `min_conflicts`.
struct SearchResult {
  /// What was found: status_of(stop, solution_count), always.
  Status status = Status::unsatisfiable;
  /// The kept solutions (`SolverConfig::keep_solutions`; all of them unless told otherwise), complete
  /// assignments in the order found, each readable by name (`solutions[0]["NT"]`). Prefer `solution()`, which
  /// checks that there is one.
  std::vector<Assignment> solutions;
  /// How many solutions were found (all of them when max_solutions = 0 and the search finished).
  std::uint64_t solution_count = 0;
  /// True only when the search exhausted the search space or stopped at `max_solutions` as asked: then
  /// solution_count is exact for max_solutions = 0, and "unsatisfiable" is a proof. False after a stop by a
  /// node or time limit or by `on_solution` returning false (status limit_reached).
  bool complete = false;
  /// Why the search stopped (see StopReason). `complete` is true exactly for StopReason::complete and
  /// StopReason::solution_cap, except after min-conflicts, which proves nothing and leaves it false.
  StopReason stop = StopReason::complete;
  /// `optimize` / `minimize` / `maximize` only: the objective value of the best solution found (empty when none
  /// was found, and after any other search).
  std::optional<long long> objective;
  Statistics stats;

  /// The first solution found: `result.solution()["NT"]`. Throws NoSolutionError when the result holds none:
  /// "no solution: the search ended unsatisfiable (a proof)" / "... limit-reached ..." / found but not kept.
  const Assignment& solution() const& { return solution(0); }
  /// On a temporary result (`backtracking_search(p).solution()`) a copy, which cannot dangle.
  Assignment solution() && { return solution(0); }
  /// The i-th solution found (0-based). Throws NoSolutionError when the result does not hold it, saying how many
  /// were found and kept.
  const Assignment& solution(std::size_t i) const& {
    if (i >= solutions.size()) throw_no_solution(i);
    return solutions[i];
  }
  Assignment solution(std::size_t i) && { return static_cast<const SearchResult&>(*this).solution(i); }

 private:
  [[noreturn]] void throw_no_solution(std::size_t i) const;
};

}  // namespace csp
