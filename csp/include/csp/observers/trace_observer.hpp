// Trace observers: one line per event of a backtracking search (assignment, rejected value, prune, wipe-out,
// backtrack, solution), as text or as JSON lines; the csp program's --trace. Attach one through
// SolverConfig::observer (RunSpec::search.observer for csp::solve); docs/library.md, section 2, shows how.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/search_observer.hpp"

namespace csp {

/// Writes one line per search event to a stream, indented by two spaces per search decision on the current path
/// (AIMA 4th ed. §6.3: the decisions of backtracking search and the inferences that follow them):
///
///     assign Q1 = 1  (depth 1)
///       prune Q2 = 1  by no-attack(Q1,Q2)
///       ...
///       assign Q2 = 3  (depth 2)
///         prune Q3 = 2  by no-attack(Q2,Q3)
///         prune Q3 = 4  by no-attack(Q2,Q3)
///         wipe-out Q3  by no-attack(Q2,Q3)
///       backtrack Q2 = 3
///       ...
///             solution
///
/// (4-queens, forward checking); with inference none the refused values show instead of the prunes:
///
///     assign Q1 = 1  (depth 1)
///       reject Q2 = 1  by no-attack(Q1,Q2)
///
/// "assign X = V  (depth D)": a search decision (one line per Statistics::assignments); "prune X = V  by C":
/// inference removed V from X's domain because of constraint C ("by propagation" when no single constraint is the
/// cause); "wipe-out X  by C": X's domain became empty; "reject X = V  by C": with inference none, the consistency
/// check refused X = V (C is the first violated constraint); "nogood X = V, Y = W": backjumping learned that no
/// solution holds these decisions together (SolverConfig::learning); "backtrack X = V": the decision was retracted;
/// "solution": a solution was found. Prunes before the first assignment come from the root inference (givens, AC-3
/// preprocessing). Names are Variable::name() and Constraint::name(). Throws nothing itself; a failing stream only
/// sets its error state (check `out` after the run).
class TraceObserver : public SearchObserver {
 public:
  /// `value_text` prints a value (e.g. std::to_string, or a Sudoku symbol); `out` must outlive the observer.
  TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

 private:
  static std::string indent(int depth) { return std::string(static_cast<std::size_t>(2 * depth), ' '); }
  static std::string cause_text(const Constraint* cause);

  std::ostream& out_;
  std::function<std::string(Value)> value_text_;
  int depth_ = 0;  // the decisions on the current path (for the solution line)
};

/// The same events as TraceObserver, one JSON object per line (the csp program's --trace with --format json):
///
///     {"event":"assign","var":"Q1","value":"1","depth":1}
///     {"event":"prune","var":"Q2","value":"1","by":"no-attack(Q1,Q2)","depth":1}
///     {"event":"wipeout","var":"Q3","by":"no-attack(Q2,Q3)","depth":2}
///     {"event":"solution"}
///
/// Events: "assign", "backtrack", "prune", "wipeout", "reject", "nogood", "solution"; "value" is absent for
/// "wipeout", "by" when no single constraint is the cause; a nogood has "literals" instead of "var" and "value":
///
///     {"event":"nogood","literals":[{"var":"WA","value":"1"},{"var":"NT","value":"2"}],"depth":3} Invalid UTF-8 in a name is replaced (U+FFFD), never thrown.
class JsonTraceObserver : public SearchObserver {
 public:
  /// As TraceObserver's: `out` must outlive the observer.
  JsonTraceObserver(std::ostream& out, std::function<std::string(Value)> value_text);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

 private:
  void event(const char* name, const Store& store, VarId x, const Value* v, const Constraint* cause, int depth);

  std::ostream& out_;
  std::function<std::string(Value)> value_text_;
};

/// Forwards every event to each observer of a list, in order (e.g. a trace and a SearchTreeObserver on one run).
/// The observers must outlive it.
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
  void on_nogood(const Store& s, std::span<const NogoodLiteral> literals, int d) override {
    for (SearchObserver* o : observers_) o->on_nogood(s, literals, d);
  }
  void on_solution(const Store& s, const Assignment& a) override {
    for (SearchObserver* o : observers_) o->on_solution(s, a);
  }

 private:
  std::vector<SearchObserver*> observers_;
};

}  // namespace csp
