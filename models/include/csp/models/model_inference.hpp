// Inferences a model implements itself on top of one of the engine's (csp sudoku's "techniques" and "probe"): the
// one list the csp commands and csp ablate read.
#pragma once

#include <string>
#include <vector>

namespace csp::models {

/// An inference a model implements itself: the engine runs `engine_inference`, and the model posts its own
/// propagator on the problem it builds (e.g. "techniques" = mac + models::SudokuTechniquesConstraint).
struct ModelInference {
  std::string name;              ///< the --inference value, e.g. "techniques"
  std::string engine_inference;  ///< the engine inference it runs with (a name from csp::inferences()), e.g. "mac"
  std::string help;              ///< a few words for --help
};

/// The model inferences: "techniques" (Sudoku: mac plus the human techniques as a propagator,
/// csp::models::SudokuTechniquesConstraint) and "probe" (Sudoku: mac plus failed-literal probing over the grid's
/// rules, csp::models::SudokuProbeConstraint).
inline const std::vector<ModelInference>& model_inferences() {
  static const std::vector<ModelInference> list = {
      {"techniques", "mac", "mac plus the human Sudoku techniques as a propagator"},
      {"probe", "mac", "mac plus failed-literal probing of every two-candidate cell over the grid's rules"}};
  return list;
}

}  // namespace csp::models
