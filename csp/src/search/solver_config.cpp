// SolverConfig: validation and printing.
#include "csp/search/solver_config.hpp"

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"

namespace csp {

std::string parse_variable_ordering(const std::string& name) { return variable_orderings().get(name).name; }
std::string parse_value_ordering(const std::string& name) { return value_orderings().get(name).name; }
std::string parse_inference(const std::string& name) { return inferences().get(name).name; }

void SolverConfig::validate() const {
  (void)variable_ordering.resolve(variable_orderings());
  (void)value_ordering.resolve(value_orderings());
  parse_inference(inference);
}

std::string to_string(const SolverConfig& c) {
  return "var=" + c.variable_ordering.name() + " val=" + c.value_ordering.name() + " inference=" + c.inference +
         " ac3=" + (c.ac3_preprocess ? "on" : "off") + (c.pc2_preprocess ? " pc2=on" : "") +
         " max_solutions=" + std::to_string(c.max_solutions);
}

}  // namespace csp
