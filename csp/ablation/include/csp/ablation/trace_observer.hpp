// TraceObserver: prints every assignment, rejected value, prune, wipe-out and backtrack of a search (--trace).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "csp/core/search_observer.hpp"

namespace csp::ablation {

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

/// The same events as TraceObserver, one JSON object per line (--trace with --format json):
///   {"event":"assign","var":"r1c3","value":"4","depth":1}, {"event":"prune","var":..,"value":..,"by":"row 1",
///   "depth":1}, {"event":"wipeout","var":..,"by":..,"depth":..}, {"event":"reject",...}, {"event":"backtrack",...},
///   {"event":"solution"}. "by" is absent when no single constraint is the cause.
class JsonTraceObserver : public SearchObserver {
 public:
  JsonTraceObserver(std::ostream& out, std::function<std::string(Value)> value_text);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

 private:
  void event(const char* name, const Store& store, VarId x, const Value* v, const Constraint* cause, int depth);

  std::ostream& out_;
  std::function<std::string(Value)> value_text_;
};

/// Forwards every event to each observer of a list, in order (--trace and --tree together).
class FanOutObserver : public SearchObserver {
 public:
  explicit FanOutObserver(std::vector<SearchObserver*> observers) : observers_(std::move(observers)) {}

  void on_assign(const Store& s, VarId x, Value v, int d) override {
    for (SearchObserver* o : observers_) o->on_assign(s, x, v, d);
  }
  void on_backtrack(const Store& s, VarId x, Value v, int d) override {
    for (SearchObserver* o : observers_) o->on_backtrack(s, x, v, d);
  }
  void on_prune(const Store& s, VarId x, Value v, const Constraint* c, int d) override {
    for (SearchObserver* o : observers_) o->on_prune(s, x, v, c, d);
  }
  void on_wipeout(const Store& s, VarId x, const Constraint* c, int d) override {
    for (SearchObserver* o : observers_) o->on_wipeout(s, x, c, d);
  }
  void on_reject(const Store& s, VarId x, Value v, const Constraint& c, int d) override {
    for (SearchObserver* o : observers_) o->on_reject(s, x, v, c, d);
  }
  void on_solution(const Store& s, const Assignment& a) override {
    for (SearchObserver* o : observers_) o->on_solution(s, a);
  }

 private:
  std::vector<SearchObserver*> observers_;
};

}  // namespace csp::ablation
