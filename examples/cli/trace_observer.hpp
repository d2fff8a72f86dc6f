// TraceObserver: prints every assignment, prune and backtrack of a search (csp sudoku --trace).
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "csp/search/search_observer.hpp"

namespace csp::cli {

/// Writes one line per event, indented by search depth:
///   "assign r1c3 = 4  (depth 1)", "  prune r1c5 = 4  by row 1", "backtrack r1c3 = 4", "solution".
/// Prunes before the first assignment come from the givens (the root inference).
class TraceObserver : public SearchObserver {
 public:
  /// `value_text` prints a value (e.g. a Sudoku symbol); `out` must outlive the observer.
  TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause) override;
  void on_solution(const Store& store, const Assignment& solution) override;

 private:
  std::string indent() const { return std::string(static_cast<std::size_t>(2 * depth_), ' '); }

  std::ostream& out_;
  std::function<std::string(Value)> value_text_;
  int depth_ = 0;
};

}  // namespace csp::cli
