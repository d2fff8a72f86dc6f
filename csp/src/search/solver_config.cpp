// SolverConfig: validation and printing.
#include "csp/search/solver_config.hpp"

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/run_options.hpp"

#include <cmath>
#include <span>
#include <sstream>
#include <string_view>

namespace csp {

std::string parse_variable_ordering(const std::string& name) { return variable_orderings().get(name).name; }
std::string parse_value_ordering(const std::string& name) { return value_orderings().get(name).name; }
std::string parse_inference(const std::string& name) { return inferences().get(name).name; }
std::string parse_restarts(const std::string& name) { return restart_strategies().get(name).name; }

namespace {

// `name` when `valid` has it, else UnknownNameError "unknown KIND 'name' (valid: ...)". Called for every run
// (SolverConfig::validate): a hit allocates nothing.
std::string named(const char* kind, std::span<const std::string_view> valid, const std::string& name) {
  for (const std::string_view v : valid)
    if (v == name) return name;
  std::string joined;
  for (const std::string_view v : valid) joined.append(joined.empty() ? "" : ", ").append(v);
  throw UnknownNameError(std::string("unknown ") + kind + " '" + name + "' (valid: " + joined + ")");
}

}  // namespace

std::string parse_backjumping(const std::string& name) { return named("backjumping", kBackjumpingNames, name); }
std::string parse_branching(const std::string& name) { return named("branching", kBranchingNames, name); }

void SolverConfig::validate() const {
  (void)variable_ordering.resolve(variable_orderings());
  (void)value_ordering.resolve(value_orderings());
  parse_inference(inference);
  parse_backjumping(backjumping);
  if (backjumping == "cbj" && inference != "none" && inference != "fc" && inference != "mac")
    throw OptionConflictError("backjumping", "inference",
                              "backjumping cbj works with inference none, fc or mac, not '" + inference +
                                  "' (its conflict sets are kept for these three)");
  parse_branching(branching);
  if (branching != "d-way" && backjumping == "cbj")
    throw OptionConflictError("branching", "backjumping",
                              "branching " + branching +
                                  " does not work with backjumping cbj (its conflict sets are kept per d-way node): "
                                  "use branching d-way");
  if ((branching == "split" || branching == "reverse-split") && observer != nullptr)
    throw OptionConflictError("branching", "observer",
                              "branching " + branching +
                                  " does not work with an observer (a trace or a search tree): its decisions x <= m "
                                  "are not assignments; use branching binary");
  if (learning != 0 && backjumping != "cbj")
    throw OptionConflictError(
        "learning", "backjumping",
        "learning " + std::to_string(learning) + " needs backjumping cbj (nogoods are recorded at its dead ends)");
  parse_restarts(restarts);
  if (restarts != "none" && restart_base == 0)
    throw OptionConflictError(
        "restart_base", "restarts",
        "restart_base must be at least 1 with restarts " + restarts + " (failures before the first restart)");
  if (restarts == "geometric" && !(restart_factor > 1.0 && std::isfinite(restart_factor)))
    throw OptionConflictError("restart_factor", "restarts",
                              "restart_factor must be a finite number above 1 with restarts geometric (the growth "
                              "of the geometric cutoff)");
}

namespace {

// The restart fields that differ from the defaults (so reports of runs without them do not change).
std::string restarts_part(const SolverConfig& c) {
  const SolverConfig defaults;
  std::string out;
  if (c.restarts != defaults.restarts) out += " restarts=" + c.restarts;
  if (c.restart_base != defaults.restart_base) out += " restart_base=" + std::to_string(c.restart_base);
  if (c.restart_factor != defaults.restart_factor) {
    std::ostringstream f;
    f << c.restart_factor;
    out += " restart_factor=" + f.str();
  }
  if (c.seed != defaults.seed) out += " seed=" + std::to_string(c.seed);
  return out;
}

}  // namespace

std::string to_string(const SolverConfig& c) {
  return "var=" + c.variable_ordering.name() + " val=" + c.value_ordering.name() + " inference=" + c.inference +
         " ac3=" + (c.ac3_preprocess ? "on" : "off") + (c.pc2_preprocess ? " pc2=on" : "") +
         " max_solutions=" + std::to_string(c.max_solutions) +
         (c.backjumping != "none" ? " backjump=" + c.backjumping : "") +
         (c.branching != "d-way" ? " branching=" + c.branching : "") +
         (c.learning != 0 ? " learning=" + std::to_string(c.learning) : "") + restarts_part(c);
}

}  // namespace csp
