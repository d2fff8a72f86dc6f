// Failed-literal probing over the grid's rules as a propagator: domains -> candidate words -> rules and probes to
// their fixpoint (SudokuGridConstraint::fixpoint) -> domains.
#include "csp/models/sudoku/probe_constraint.hpp"

#include <cstddef>
#include <memory>

#include "csp/core/store.hpp"
#include "digit_cells.hpp"

namespace csp::models {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

SudokuProbeConstraint::SudokuProbeConstraint(std::vector<VarId> cells, BoxShape box, std::string name)
    : Constraint(cells, name), rules_(std::move(cells), box, std::move(name)) {}

void SudokuProbeConstraint::attach(const Problem& problem) {
  Constraint::attach(problem);
  detail::require_digit_cells(*this, problem, rules_.box().size());
}

bool SudokuProbeConstraint::is_satisfied_by(std::span<const Value> values) const {
  return rules_.is_satisfied_by(values);
}

bool SudokuProbeConstraint::fixpoint(const Store& store, std::vector<std::uint64_t>& words) const {
  words.resize(scope().size());
  for (std::size_t c = 0; c < words.size(); ++c) words[c] = store.domain(scope()[c]).word(0);
  return rules_.fixpoint(words, SudokuGridConstraint::Path::fastest, SudokuGridConstraint::Probing::bivalue);
}

bool SudokuProbeConstraint::propagate(Store& store) const {
  std::vector<std::uint64_t> words;
  if (!fixpoint(store, words)) {
    store.record_failure(*this);
    return false;
  }
  for (int c = 0; c < arity(); ++c)
    if (!store.keep_word(scope()[at(c)], 0, words[at(c)], this)) return false;
  return true;
}

bool SudokuProbeConstraint::revise(Store& store, int pos) const {
  std::vector<std::uint64_t> words;
  if (!fixpoint(store, words)) {
    store.record_failure(*this);
    return false;
  }
  return store.keep_word(scope()[at(pos)], 0, words[at(pos)], this);
}

int SudokuProbeConstraint::count_ruled_out(const Store& /*store*/, int /*pos*/, int /*index*/) const { return 0; }

int SudokuProbeConstraint::conflicts(const Assignment& /*a*/, int /*pos*/, Value /*v*/) const { return 0; }

const SudokuProbeConstraint& post_probe(Sudoku& model) {
  const int cells = model.size() * model.size();
  std::vector<VarId> scope;
  scope.reserve(at(cells));
  for (int c = 0; c < cells; ++c) scope.push_back(c);
  const Constraint& c = model.post(std::make_unique<SudokuProbeConstraint>(std::move(scope), model.box()));
  return static_cast<const SudokuProbeConstraint&>(c);
}

}  // namespace csp::models
