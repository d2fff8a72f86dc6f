// Failed-literal probing over the grid's rules as a propagator posted beside a model's units.
#include "csp/models/sudoku/probe_constraint.hpp"

#include <cstddef>
#include <memory>

namespace csp::models {

SudokuProbeConstraint::SudokuProbeConstraint(std::vector<VarId> cells, BoxShape box, std::string name)
    : SudokuGridConstraint(std::move(cells), box, std::move(name), Probing::bivalue) {}

int SudokuProbeConstraint::count_ruled_out(const Store& /*store*/, int /*pos*/, int /*index*/) const { return 0; }

int SudokuProbeConstraint::conflicts(const Assignment& /*a*/, int /*pos*/, Value /*v*/) const { return 0; }

const SudokuProbeConstraint& post_probe(Sudoku& model) {
  const int cells = model.size() * model.size();
  std::vector<VarId> scope;
  scope.reserve(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) scope.push_back(c);
  const Constraint& c = model.post(std::make_unique<SudokuProbeConstraint>(std::move(scope), model.box()));
  return static_cast<const SudokuProbeConstraint&>(c);
}

}  // namespace csp::models
