// TraceObserver: one line per search event.
#include "csp/observers/trace_observer.hpp"

#include "csp/core/constraint.hpp"
#include "csp/core/store.hpp"

#include <nlohmann/json.hpp>

namespace csp {

TraceObserver::TraceObserver(std::ostream& out, std::function<std::string(Value)> value_text)
    : out_(out), value_text_(std::move(value_text)) {}

std::string TraceObserver::cause_text(const Constraint* cause) {
  return cause != nullptr ? cause->name() : std::string("propagation");
}

void TraceObserver::on_assign(const Store& store, VarId x, Value v, int depth) {
  out_ << indent(depth - 1) << "assign " << store.problem().variable(x).name() << " = " << value_text_(v) << "  (depth "
       << depth << ")\n";
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

void TraceObserver::on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) {
  out_ << indent(depth - 1) << "nogood ";
  for (std::size_t k = 0; k < literals.size(); ++k)
    out_ << (k == 0 ? "" : ", ") << store.problem().variable(literals[k].var).name() << " = "
         << value_text_(literals[k].value);
  out_ << "  (learned: no solution holds them together)\n";
}

void TraceObserver::on_solution(const Store& /*store*/, const Assignment& /*solution*/) {
  out_ << indent(depth_) << "solution\n";
}

JsonTraceObserver::JsonTraceObserver(std::ostream& out, std::function<std::string(Value)> value_text)
    : out_(out), value_text_(std::move(value_text)) {}

void JsonTraceObserver::event(const char* name, const Store& store, VarId x, const Value* v, const Constraint* cause,
                              int depth) {
  nlohmann::ordered_json j;
  j["event"] = name;
  j["var"] = store.problem().variable(x).name();
  if (v != nullptr) j["value"] = value_text_(*v);
  if (cause != nullptr) j["by"] = cause->name();
  j["depth"] = depth;
  out_ << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

void JsonTraceObserver::on_assign(const Store& store, VarId x, Value v, int depth) {
  event("assign", store, x, &v, nullptr, depth);
}
void JsonTraceObserver::on_backtrack(const Store& store, VarId x, Value v, int depth) {
  event("backtrack", store, x, &v, nullptr, depth);
}
void JsonTraceObserver::on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) {
  event("prune", store, x, &v, cause, depth);
}
void JsonTraceObserver::on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) {
  event("wipeout", store, x, nullptr, cause, depth);
}
void JsonTraceObserver::on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) {
  event("reject", store, x, &v, &constraint, depth);
}
void JsonTraceObserver::on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) {
  nlohmann::ordered_json j;
  j["event"] = "nogood";
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const NogoodLiteral& l : literals)
    list.push_back({{"var", store.problem().variable(l.var).name()}, {"value", value_text_(l.value)}});
  j["literals"] = std::move(list);
  j["depth"] = depth;
  out_ << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}
void JsonTraceObserver::on_solution(const Store& /*store*/, const Assignment& /*solution*/) {
  out_ << "{\"event\":\"solution\"}\n";
}

}  // namespace csp
