// SolverConfig: validation and printing.
#include "csp/search/solver_config.hpp"

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"

namespace csp {

std::string parse_variable_ordering(const std::string& name) { return variable_orderings().get(name).name; }
std::string parse_value_ordering(const std::string& name) { return value_orderings().get(name).name; }
std::string parse_inference(const std::string& name) { return inferences().get(name).name; }

std::string parse_backjumping(const std::string& name) {
  if (name == "none" || name == "cbj") return name;
  throw UnknownNameError("unknown backjumping '" + name + "' (valid: none, cbj)");
}

void SolverConfig::validate() const {
  (void)variable_ordering.resolve(variable_orderings());
  (void)value_ordering.resolve(value_orderings());
  parse_inference(inference);
  parse_backjumping(backjumping);
  if (backjumping == "cbj" && inference != "none" && inference != "fc")
    throw Error("backjumping 'cbj' works with inference none or fc, not '" + inference +
                "' (its conflict sets are not kept)");
  if (learning != 0 && backjumping != "cbj")
    throw Error("learning " + std::to_string(learning) + " needs backjumping 'cbj' (nogoods are recorded on its "
                "backjumps)");
}

std::string to_string(const SolverConfig& c) {
  return "var=" + c.variable_ordering.name() + " val=" + c.value_ordering.name() + " inference=" + c.inference +
         " ac3=" + (c.ac3_preprocess ? "on" : "off") + (c.pc2_preprocess ? " pc2=on" : "") +
         " max_solutions=" + std::to_string(c.max_solutions) +
         (c.backjumping != "none" ? " backjump=" + c.backjumping : "") +
         (c.learning != 0 ? " learning=" + std::to_string(c.learning) : "");
}

}  // namespace csp
