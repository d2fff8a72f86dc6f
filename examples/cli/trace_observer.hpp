// TraceObserver: prints every assignment, rejected value, prune, wipe-out and backtrack of a search (--trace).
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "csp/search/search_observer.hpp"

namespace csp::cli {

/// Writes one line per event, indented by two spaces per search decision on the current path:
///   "assign r1c3 = 4  (depth 1)", "  prune r1c5 = 4  by row 1", "  wipe-out r1c5  by row 1",
///   "reject r1c3 = 5  by row 1" (inference none: the consistency check), "backtrack r1c3 = 4", "solution".
/// Prunes before the first assignment come from the givens (the root inference).
class TraceObserver : public SearchObserver {
 public:
  /// `value_text` prints a value (e.g. a Sudoku symbol); `out` must outlive the observer.
  TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

 private:
  static std::string indent(int depth) { return std::string(static_cast<std::size_t>(2 * depth), ' '); }
  static std::string cause_text(const Constraint* cause);

  std::ostream& out_;
  std::function<std::string(Value)> value_text_;
  int depth_ = 0;  // the decisions on the current path (for the solution line)
};

}  // namespace csp::cli
