// A model's default run configuration (model_defaults.hpp).
#include "csp/models/model_defaults.hpp"

#include "csp/core/errors.hpp"

namespace csp::models {

SolverConfig ModelDefaults::config() const {
  SolverConfig c;
  c.variable_ordering = variable_ordering;
  c.value_ordering = value_ordering;
  c.inference = inference;
  c.restarts = restarts;
  return c;
}

std::string to_string(const ModelDefaults& d) {
  return "var=" + d.variable_ordering + " val=" + d.value_ordering + " inference=" + d.inference +
         " restarts=" + d.restarts + " alldiff=" + to_string(d.alldiff);
}

void check_model_defaults(const std::string& model, const ModelDefaults& d) {
  try {
    parse_variable_ordering(d.variable_ordering);
    parse_value_ordering(d.value_ordering);
    parse_inference(d.inference);
    parse_restarts(d.restarts);
  } catch (const UnknownNameError& e) {
    throw Error("model '" + model + "': its defaults: " + e.what());
  }
}

}  // namespace csp::models
