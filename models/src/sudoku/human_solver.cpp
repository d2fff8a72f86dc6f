// The human Sudoku solver (Sudoku-08's HumanSolver) on our model, with backtracking search as the fallback.
#include "csp/models/sudoku/human_solver.hpp"

#include <algorithm>

#include "csp/search/backtracking.hpp"

namespace csp::models {

namespace {

SolverConfig search_config(std::uint64_t max_solutions, const StopCondition& limits) {
  SolverConfig config;
  config.limits = limits;
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.max_solutions = max_solutions;
  config.keep_solutions = 1;
  return config;
}

}  // namespace

std::string to_string(HumanOutcome o) {
  switch (o) {
    case HumanOutcome::solved:
      return "solved";
    case HumanOutcome::searched:
      return "searched";
    case HumanOutcome::stuck:
      return "stuck";
    case HumanOutcome::contradiction:
      return "contradiction";
  }
  return "?";
}

std::size_t technique_rank(Technique t) {
  const auto& all = all_techniques();
  return static_cast<std::size_t>(std::find(all.begin(), all.end(), t) - all.begin());
}

HumanSolveResult human_solve(const SudokuGrid& puzzle, const HumanSolverOptions& options) {
  HumanSolveResult result;
  CandidateGrid g(puzzle);
  const bool wants_uniqueness = std::any_of(options.techniques.begin(), options.techniques.end(),
                                            [](Technique t) { return assumes_unique_solution(t); });
  if (options.uniqueness == UniquenessPolicy::assume) {
    result.uniqueness_assumed = true;
  } else if (options.uniqueness == UniquenessPolicy::check && wants_uniqueness) {
    const Sudoku model(puzzle, AllDifferentMode::gac);
    const SearchResult r = backtracking_search(model.problem(), search_config(2, options.search_limits));
    if (r.status != Status::limit_reached || r.solution_count >= 2) result.solutions_counted = r.solution_count;
    result.uniqueness_assumed = result.solutions_counted == 1U;
  }
  std::vector<Technique> techniques;
  for (Technique t : options.techniques)
    if (result.uniqueness_assumed || !assumes_unique_solution(t)) techniques.push_back(t);
  bool progress = true;
  while (progress && !g.solved() && !g.contradiction()) {
    progress = false;
    for (Technique t : techniques) {
      std::optional<Step> step = find_step(g, t);
      if (!step) continue;
      apply(g, *step);
      const std::size_t rank = technique_rank(t);
      ++result.fired[rank];
      if (!result.hardest || technique_rank(*result.hardest) < rank) result.hardest = t;
      result.steps.push_back(std::move(*step));
      progress = true;
      break;
    }
  }
  result.after_techniques = g.grid();
  if (g.contradiction()) {
    result.outcome = HumanOutcome::contradiction;
    return result;
  }
  if (g.solved()) {
    result.outcome = HumanOutcome::solved;
    result.solution = result.after_techniques;
    return result;
  }
  result.empty_when_stuck =
      static_cast<int>(std::count(result.after_techniques.cells.begin(), result.after_techniques.cells.end(), 0));
  if (!options.search_when_stuck) {
    result.outcome = HumanOutcome::stuck;
    return result;
  }
  const Sudoku model(result.after_techniques, AllDifferentMode::gac);
  const SearchResult r = backtracking_search(model.problem(), search_config(1, options.search_limits));
  result.search_assignments = r.stats.assignments;
  if (r.solutions.empty() && r.status == Status::limit_reached) {
    result.outcome = HumanOutcome::stuck;
    return result;
  }
  if (r.solutions.empty()) {
    result.outcome = HumanOutcome::contradiction;
    return result;
  }
  result.outcome = HumanOutcome::searched;
  result.solution = model.to_grid(r.solutions.front());
  return result;
}

Grade grade_puzzle(const SudokuGrid& puzzle, const HumanSolverOptions& options) {
  Grade grade;
  const Sudoku model(puzzle, AllDifferentMode::gac);
  const SearchResult r = backtracking_search(model.problem(), search_config(2, options.search_limits));
  grade.solutions = r.solution_count;
  grade.limit_reached = r.status == Status::limit_reached && r.solution_count < 2;
  if (grade.solutions == 1 && !grade.limit_reached) {
    HumanSolverOptions unique = options;
    if (unique.uniqueness == UniquenessPolicy::check) unique.uniqueness = UniquenessPolicy::assume;
    grade.solve = human_solve(puzzle, unique);
  }
  return grade;
}

}  // namespace csp::models
