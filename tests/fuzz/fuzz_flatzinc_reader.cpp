// libFuzzer harness of the FlatZinc reader (parse_flatzinc, build_flatzinc) and of the model built from what it
// reads. Checks what `csp fzn` relies on: only csp::ModelError (FlatZincError included) is thrown, with a message
// "SOURCE:LINE: ..." or naming the input; a model built has resolved calls of known builtins; a short search (200
// nodes) finds only solutions that every FlatZinc constraint of the input accepts, and formats them.
#include <string>

#include "csp/core/errors.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/search/backtracking.hpp"
#include "fuzz_support.hpp"

using csp::fuzz::require;
namespace fzn = csp::models::flatzinc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fzn::FlatZincModel model;
  try {
    model = fzn::build_flatzinc(fzn::parse_flatzinc(csp::fuzz::as_text(data, size), "f.fzn"), "f.fzn");
  } catch (const csp::ModelError& e) {
    require(std::string(e.what()).rfind("f.fzn:", 0) == 0, "an error message without FILE:LINE");
    return 0;
  }
  for (const fzn::Call& c : model.calls) require(fzn::find_builtin(c.name) != nullptr, "a call of an unknown builtin");
  if (!model.unsatisfiable.empty()) return 0;
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.limits.node_limit = 200;
  const csp::SearchResult result = csp::backtracking_search(model.problem, config);
  for (const csp::Assignment& a : result.solutions) {
    require(model.verify(a).empty(), "a solution that violates a FlatZinc constraint");
    (void)model.format(a);
  }
  return 0;
}
