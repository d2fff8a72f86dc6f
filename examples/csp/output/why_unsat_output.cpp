// --why-unsat: the minimal unsatisfiable set, as every command prints it.
#include "output/why_unsat_output.hpp"

#include <ostream>

namespace csp::cli {

namespace {

// What the parts are: "constraints", "givens" (restricted domains) or "constraints and givens".
std::string what(const std::vector<ModelPart>& parts) {
  bool constraints = false;
  bool givens = false;
  for (const ModelPart& p : parts) {
    constraints = constraints || !p.constraints.empty();
    givens = givens || !p.restrictions.empty();
  }
  return givens && !constraints ? "givens" : givens ? "constraints and givens" : "constraints";
}

}  // namespace

std::string why_unsat_text(const std::vector<ModelPart>& parts, const UnsatCore& core, const std::string& indent) {
  const std::string checks = std::to_string(core.checks) + (core.checks == 1 ? " check" : " checks");
  switch (core.verdict) {
    case Verdict::satisfiable:
      return indent + "why unsatisfiable: the model has a solution (" + checks + ")\n";
    case Verdict::unknown:
      return indent + "why unsatisfiable: unknown (a limit or an interrupt stopped the check of the whole model; " +
             checks + ")\n";
    case Verdict::unsatisfiable:
      break;
  }
  std::string out = indent + "why unsatisfiable: ";
  if (core.parts.empty()) {  // FlatZinc: the declarations alone (var 1..3: x = 5)
    out += "no constraint is needed: what is always kept (the variables and their declared values) has no solution (" +
           checks + ")\n";
    return out;
  }
  const std::size_t k = core.parts.size();
  if (parts.size() == 1) {  // "constraints" or "givens" without its s
    const std::string noun = what(parts);
    out += "the model's only " + noun.substr(0, noun.size() - 1) + " has no solution";
  } else {
    out += (k == 1 ? "this one" : "these " + std::to_string(k)) + " of the " + std::to_string(parts.size()) + " " +
           what(parts) + (k == 1 ? " has no solution on its own" : " have no solution together");
  }
  out += core.minimal ? (k == 1 ? "" : "; without any one of them the rest has one")
                      : " (a limit or an interrupt stopped some checks: the set may hold more than it needs)";
  out += " (" + checks + ")\n";
  for (int p : core.parts) out += indent + "  " + parts[static_cast<std::size_t>(p)].name + "\n";
  return out;
}

std::string why_unsat_not_asked(bool solved, const std::string& indent) {
  return indent + (solved ? "why unsatisfiable: nothing to explain (the model has a solution)\n"
                          : "why unsatisfiable: not asked (the search stopped before a proof)\n");
}

void write_why_unsat(std::ostream& out, const Problem& problem, const std::vector<ModelPart>& parts,
                     const SearchResult& result, const RunSpec& spec, const std::string& indent) {
  if (result.status != Status::unsatisfiable || !result.complete) {
    out << why_unsat_not_asked(result.status == Status::solved, indent);
    return;
  }
  out << why_unsat_text(parts, why_unsat(problem, parts, spec), indent);
}

}  // namespace csp::cli
