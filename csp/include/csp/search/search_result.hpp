// SearchResult: the typed outcome of a search.
#pragma once

#include <cstdint>
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

/// Asked for a solution a result does not hold: "no solution: the search ended unsatisfiable (a proof)", or one
/// found but not kept (`SolverConfig::keep_solutions`).
class NoSolutionError : public Error {
 public:
  using Error::Error;
};

/// Outcome of `backtracking_search` or `min_conflicts`.
struct SearchResult {
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
