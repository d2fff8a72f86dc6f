// The human Sudoku techniques as a propagator: domains -> candidate grid -> techniques to a fixpoint -> domains.
#include "csp/models/sudoku/techniques_constraint.hpp"

#include <algorithm>
#include <bit>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/models/sudoku/format.hpp"
#include "digit_cells.hpp"

namespace csp::models {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::vector<Technique> without_duplicates(std::vector<Technique> list) {
  std::vector<Technique> out;
  for (Technique t : list)
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

SudokuGrid empty_grid(BoxShape box) {
  if (box.rows < 1 || box.cols < 1 || box.size() > kMaxSudokuSize)
    throw ModelError(std::string("techniques: box shape ")
                         .append(to_string(box))
                         .append(" is not supported (N = rows x cols must be 1..32)"));
  return SudokuGrid{box, std::vector<int>(at(box.size() * box.size()), 0)};
}

}  // namespace

std::vector<Technique> propagator_techniques() {
  std::vector<Technique> out;
  for (Technique t : all_techniques())
    if (!assumes_unique_solution(t)) out.push_back(t);
  return out;
}

SudokuTechniquesConstraint::SudokuTechniquesConstraint(std::vector<VarId> cells, BoxShape box,
                                                       std::vector<Technique> techniques, std::string name)
    : Constraint(std::move(cells), std::move(name)),
      box_(box),
      techniques_(without_duplicates(std::move(techniques))),
      blank_(empty_grid(box)) {
  if (techniques_.empty()) throw ModelError("constraint '" + this->name() + "': no technique to propagate with");
  for (Technique t : techniques_)
    if (assumes_unique_solution(t))
      throw ModelError(
          std::string("constraint '")
              .append(this->name())
              .append("': ")
              .append(to_string(t))
              .append(
                  " assumes the puzzle has one solution, so it cannot propagate during search (it could remove every "
                  "solution of a puzzle with several)"));
  if (arity() != box.size() * box.size())
    throw ModelError(std::string("constraint '")
                         .append(this->name())
                         .append("': a ")
                         .append(to_string(box))
                         .append(" grid has ")
                         .append(std::to_string(box.size() * box.size()))
                         .append(" cells, the scope has ")
                         .append(std::to_string(arity())));
}

void SudokuTechniquesConstraint::attach(const Problem& problem) {
  Constraint::attach(problem);
  detail::require_digit_cells(*this, problem, box_.size());
}

bool SudokuTechniquesConstraint::is_satisfied_by(std::span<const Value> values) const {
  const int n = box_.size();
  for (const std::vector<int>& unit : blank_.units()) {
    DigitMask seen = 0;
    for (int c : unit) {
      const Value v = values[at(c)];
      if (v < 1 || v > n || (seen >> v & 1U) != 0) return false;
      seen |= DigitMask{1} << v;
    }
  }
  return true;
}

bool SudokuTechniquesConstraint::fixpoint(const Store& store, CandidateGrid& g) const {
  const int cells = g.cell_count();
  // Candidates first, then the single values placed (which removes them from their peers' candidates; two peers
  // fixed to one digit are a contradiction found below).
  for (int c = 0; c < cells; ++c) g.set_cell(c, 0, static_cast<DigitMask>(store.domain(scope()[at(c)]).word(0) << 1));
  for (int c = 0; c < cells; ++c) {
    const Domain::Word w = store.domain(scope()[at(c)]).word(0);
    if (std::has_single_bit(w)) g.place(c, std::countr_zero(w) + 1);
  }
  if (g.contradiction()) return false;
  // The human solver's loop: the first technique that fires is applied, then the list starts again.
  for (std::size_t k = 0; k < techniques_.size() && !g.solved();) {
    const std::optional<Step> step = find_step(g, techniques_[k]);
    if (!step) {
      ++k;
      continue;
    }
    apply(g, *step);
    if (g.contradiction()) return false;
    k = 0;
  }
  return true;
}

std::uint64_t SudokuTechniquesConstraint::word_of(const CandidateGrid& g, int cell) {
  const int d = g.value(cell);
  return d != 0 ? std::uint64_t{1} << (d - 1) : static_cast<std::uint64_t>(g.candidates(cell)) >> 1;
}

bool SudokuTechniquesConstraint::propagate(Store& store) const {
  CandidateGrid g = blank_;
  const bool consistent = fixpoint(store, g);
  // Write back what the techniques found (also after a contradiction: an empty cell is then a wipe-out the store
  // detects and counts).
  for (int c = 0; c < g.cell_count(); ++c) {
    const VarId x = scope()[at(c)];
    const Domain::Word keep = word_of(g, c);
    if (keep != store.domain(x).word(0) && !store.keep_word(x, 0, keep, this)) return false;
  }
  if (!consistent) {
    store.record_failure(*this);
    return false;
  }
  return true;
}

bool SudokuTechniquesConstraint::revise(Store& store, int pos) const {
  CandidateGrid g = blank_;
  const bool consistent = fixpoint(store, g);
  const VarId x = scope()[at(pos)];
  const Domain::Word keep = word_of(g, pos);
  if (keep != store.domain(x).word(0) && !store.keep_word(x, 0, keep, this)) return false;
  if (!consistent) {
    store.record_failure(*this);
    return false;
  }
  return true;
}

int SudokuTechniquesConstraint::count_ruled_out(const Store& /*store*/, int /*pos*/, int /*index*/) const { return 0; }

int SudokuTechniquesConstraint::conflicts(const Assignment& /*a*/, int /*pos*/, Value /*v*/) const { return 0; }

const SudokuTechniquesConstraint& post_techniques(Sudoku& model, std::vector<Technique> techniques) {
  const int cells = model.size() * model.size();
  std::vector<VarId> scope;
  scope.reserve(at(cells));
  for (int c = 0; c < cells; ++c) scope.push_back(c);
  const Constraint& c =
      model.post(std::make_unique<SudokuTechniquesConstraint>(std::move(scope), model.box(), std::move(techniques)));
  return static_cast<const SudokuTechniquesConstraint&>(c);
}

}  // namespace csp::models
