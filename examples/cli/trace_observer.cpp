// TraceObserver: one line per search event.
#include "trace_observer.hpp"

#include "csp/constraints/constraint.hpp"
#include "csp/core/store.hpp"

namespace csp::cli {

TraceObserver::TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text)
    : out_(out), value_text_(std::move(value_text)) {}

void TraceObserver::on_assign(const Store& store, VarId x, Value v, int depth) {
  depth_ = depth - 1;
  out_ << indent() << "assign " << store.problem().variable(x).name() << " = " << value_text_(v) << "  (depth "
       << depth << ")\n";
  depth_ = depth;
}

void TraceObserver::on_backtrack(const Store& store, VarId x, Value v, int depth) {
  depth_ = depth - 1;
  out_ << indent() << "backtrack " << store.problem().variable(x).name() << " = " << value_text_(v) << "\n";
}

void TraceObserver::on_prune(const Store& store, VarId x, Value v, const Constraint* cause) {
  out_ << indent() << "prune " << store.problem().variable(x).name() << " = " << value_text_(v) << "  by "
       << (cause != nullptr ? cause->name() : std::string("propagation")) << "\n";
}

void TraceObserver::on_solution(const Store& /*store*/, const Assignment& /*solution*/) { out_ << indent() << "solution\n"; }

}  // namespace csp::cli
