// SearchResult: the error of asking for a solution that is not there.
#include "csp/search/search_result.hpp"

#include <ostream>

namespace csp {

std::string to_string(Status s) {
  switch (s) {
    case Status::solved:
      return "solved";
    case Status::unsatisfiable:
      return "unsatisfiable";
    case Status::limit_reached:
      return "limit-reached";
    case Status::gave_up:
      return "gave-up";
  }
  return "?";
}

std::ostream& operator<<(std::ostream& os, Status s) { return os << to_string(s); }

void SearchResult::throw_no_solution(std::size_t i) const {
  const std::string ended =
      "the search ended " + to_string(status) + (status == Status::unsatisfiable && complete ? " (a proof)" : "");
  if (solution_count == 0) throw NoSolutionError("no solution: " + ended);
  const std::string found = std::to_string(solution_count) + (solution_count == 1 ? " solution" : " solutions");
  const std::string kept = std::to_string(solutions.size()) + " kept";
  if (i < solution_count)
    throw NoSolutionError("solution " + std::to_string(i) + " was found but not kept (" + found + ", " + kept +
                          ": see SolverConfig::keep_solutions)");
  throw NoSolutionError("no solution " + std::to_string(i) + " (0-based): " + ended + " with " + found + ", " + kept);
}

}  // namespace csp

namespace csp {

Status status_of(StopReason stop, std::uint64_t solutions) {
  if (is_complete(stop)) return solutions > 0 ? Status::solved : Status::unsatisfiable;
  return stop == StopReason::step_limit ? Status::gave_up : Status::limit_reached;
}

bool is_complete(StopReason stop) { return stop == StopReason::complete || stop == StopReason::solution_cap; }

std::string to_string(StopReason r) {
  switch (r) {
    case StopReason::complete:
      return "complete";
    case StopReason::solution_cap:
      return "solution-cap";
    case StopReason::node_limit:
      return "node-limit";
    case StopReason::time_limit:
      return "time-limit";
    case StopReason::step_limit:
      return "step-limit";
    case StopReason::interrupted:
      return "interrupted";
    case StopReason::callback:
      return "callback";
    case StopReason::wrong_solution:
      return "wrong-solution";
  }
  return "?";
}

}  // namespace csp
