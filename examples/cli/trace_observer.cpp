// TraceObserver: one line per search event.
#include "trace_observer.hpp"

#include "csp/constraints/constraint.hpp"
#include "csp/core/store.hpp"

namespace csp::cli {

TraceObserver::TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text)
    : out_(out), value_text_(std::move(value_text)) {}

std::string TraceObserver::cause_text(const Constraint* cause) {
  return cause != nullptr ? cause->name() : std::string("propagation");
}

void TraceObserver::on_assign(const Store& store, VarId x, Value v, int depth) {
  out_ << indent(depth - 1) << "assign " << store.problem().variable(x).name() << " = " << value_text_(v)
       << "  (depth " << depth << ")\n";
  depth_ = depth;
}

void TraceObserver::on_backtrack(const Store& store, VarId x, Value v, int depth) {
  out_ << indent(depth - 1) << "backtrack " << store.problem().variable(x).name() << " = " << value_text_(v) << "\n";
  depth_ = depth - 1;
}

void TraceObserver::on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) {
  out_ << indent(depth) << "prune " << store.problem().variable(x).name() << " = " << value_text_(v) << "  by "
       << cause_text(cause) << "\n";
}

void TraceObserver::on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) {
  out_ << indent(depth) << "wipe-out " << store.problem().variable(x).name() << "  by " << cause_text(cause) << "\n";
}

void TraceObserver::on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) {
  out_ << indent(depth - 1) << "reject " << store.problem().variable(x).name() << " = " << value_text_(v) << "  by "
       << constraint.name() << "\n";
}

void TraceObserver::on_solution(const Store& /*store*/, const Assignment& /*solution*/) {
  out_ << indent(depth_) << "solution\n";
}

}  // namespace csp::cli
