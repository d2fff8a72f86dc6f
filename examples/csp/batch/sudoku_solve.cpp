// Solving one puzzle record: checks, model, search, verification.
#include "batch/sudoku_solve.hpp"

#include <chrono>
#include <iostream>
#include <optional>

#include "batch/interrupt.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/probe_constraint.hpp"
#include "csp/models/sudoku/techniques_constraint.hpp"
#include "csp/propagation/root_domains.hpp"
#include "csp/search/solve.hpp"
#include "output/run_observers.hpp"

namespace csp::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : sep).append(p);
  return out;
}

// The outcome of a run from why it stopped (RunResult::stop); its first solution as a grid (verified by csp::solve):
// `first_grid` when the verifier already made it, else made here.
void read_outcome(const RunResult& r, const SudokuOptions& options, const models::Sudoku& model,
                  std::optional<models::SudokuGrid>& first_grid, PuzzleOutcome& out) {
  const std::uint64_t cap = options.search.config.max_solutions;
  out.stats = r.stats;
  out.solution_count = r.solution_count;
  out.count_exact = r.stop == StopReason::complete;
  if (r.stop == StopReason::wrong_solution) {
    out.status = PuzzleStatus::wrong;
    out.detail = r.wrong;
    return;
  }
  if (!r.solutions.empty()) out.solution = first_grid ? std::move(*first_grid) : model.to_grid(r.solutions.front());
  if (r.status == Status::limit_reached) {
    out.status = PuzzleStatus::limit_reached;
    out.detail = r.stop == StopReason::node_limit
                     ? std::string("node limit ").append(std::to_string(options.search.config.limits.node_limit))
                 : r.stop == StopReason::interrupted
                     ? std::string("interrupted")
                     : std::string("timeout ").append(std::to_string(options.search.timeout_ms)).append(" ms");
    // Counting (--max-solutions other than 1): how far the count got.
    if (cap != 1)
      out.detail.append("; ")
          .append(std::to_string(r.solution_count))
          .append(r.solution_count == 1 ? " solution found before it" : " solutions found before it");
  } else if (r.solution_count == 0) {
    out.status = PuzzleStatus::unsolvable;
  } else if (cap == 1) {
    out.status = PuzzleStatus::solved;
  } else {
    out.status = r.solution_count == 1 ? PuzzleStatus::unique : PuzzleStatus::multiple;
  }
}

// --why-unsat: a minimal set of the units and givens without a solution, asked of the model with one all-different
// per unit (whatever --alldiff says: the grid's one propagator would be a single part for all 3N units).
void explain_unsolvable(const models::SudokuGrid& puzzle, const SudokuOptions& options, PuzzleOutcome& out) {
  const models::Sudoku units(puzzle, AllDifferentMode::value);
  RunSpec spec;
  spec.search = options.search.config;
  spec.search.observer = nullptr;
  spec.search.limits.interrupt = interrupt_flag();  // SIGINT / SIGTERM: each check left answers unknown
  out.why_parts = model_parts(units.problem());
  for (ModelPart& part : out.why_parts)  // a given as the puzzle writes it: "r1c10 = B" on 16x16
    for (VarId cell : part.restrictions) {
      const Domain& d = units.problem().initial_domain(cell);
      if (d.size() == 1)
        part.name = units.problem().variable(cell).name() + " = " +
                    models::symbol_of(units.problem().variable(cell).value(d.min()));
    }
  out.why_core = why_unsat(units.problem(), out.why_parts, spec);
}

}  // namespace

std::string to_string(PuzzleStatus s) {
  switch (s) {
    case PuzzleStatus::solved:
      return "solved";
    case PuzzleStatus::unique:
      return "unique";
    case PuzzleStatus::multiple:
      return "multiple";
    case PuzzleStatus::unsolvable:
      return "unsolvable";
    case PuzzleStatus::invalid:
      return "invalid";
    case PuzzleStatus::limit_reached:
      return "limit-reached";
    case PuzzleStatus::wrong:
      return "wrong";
  }
  return "?";
}

bool has_solution(PuzzleStatus s) {
  return s == PuzzleStatus::solved || s == PuzzleStatus::unique || s == PuzzleStatus::multiple;
}

std::string contradictory_givens(const models::SudokuGrid& puzzle) {
  const std::vector<std::string> clashes = models::clashing_givens(puzzle);
  return clashes.empty() ? std::string() : std::string("contradictory givens: ").append(join(clashes, "; "));
}

PuzzleOutcome solve_record(models::PuzzleRecord record, const SudokuOptions& options) {
  const Clock::time_point start = Clock::now();
  PuzzleOutcome out;
  out.record = std::move(record);
  const auto done = [&]() -> PuzzleOutcome {
    out.micros = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
    return std::move(out);
  };
  if (!out.record.ok()) {
    out.status = PuzzleStatus::invalid;
    out.detail = out.record.reason;
    return done();
  }
  const models::SudokuGrid& puzzle = *out.record.grid;
  if (std::string clash = contradictory_givens(puzzle); !clash.empty()) {
    out.status = PuzzleStatus::invalid;
    out.detail = std::move(clash);
    return done();
  }
  try {
    models::Sudoku model(puzzle, options.alldiff);
    // --inference techniques / probe: the engine's mac (options.search.config) plus the human techniques, or the
    // probing of two-candidate cells over the grid's rules, as a propagator.
    if (options.techniques_propagator()) models::post_techniques(model, options.techniques);
    if (options.probe_propagator()) models::post_probe(model);
    if (options.format == OutputFormat::candidates) {
      // Norvig's display after parse_grid: the candidates of every cell after the root inference.
      RootDomains root = root_domains(model.problem(), options.search.config.inference);
      out.candidates = std::move(root.values);
      out.root_consistent = root.consistent;
    }
    RunSpec spec;
    spec.search = options.search.config;
    // The grid is checked by the rules below (every unit, every given): a complete check of the answer, which
    // makes the generic check against every constraint (2% of a 17-clue puzzle's instructions) redundant.
    spec.check_solutions = false;
    std::optional<models::SudokuGrid> first_grid;  // the first solution's grid, kept for the outcome
    spec.verify = [&](const Assignment& a) {
      models::SudokuGrid grid = model.to_grid(a);
      const std::string why = models::check_solution(puzzle, grid);
      if (!why.empty()) return "the solver's solution failed verification: " + why;
      if (!first_grid) first_grid = std::move(grid);
      return why;
    };
    // With --format json the trace is JSON lines on standard error: standard output holds only the results' JSON.
    // --tree: the tree of the first puzzle searched.
    const bool json = options.format == OutputFormat::json;
    const bool tree = !options.search.tree_file.empty() && !options.tree_taken->exchange(true);
    RunObservers observers(options.search.trace, json, json ? std::cerr : std::cout,
                           tree ? options.search.tree_file : "",
                           [](Value v) { return std::string(1, models::symbol_of(v)); });
    spec.search.observer = observers.observer();
    const RunResult r = csp::solve(model.problem(), spec);
    observers.finish();
    read_outcome(r, options, model, first_grid, out);
    if (options.search.why_unsat && out.status == PuzzleStatus::unsolvable) explain_unsolvable(puzzle, options, out);
    out.why_not_asked = options.search.why_unsat && out.status == PuzzleStatus::limit_reached;
  } catch (const Error& e) {
    out.status = PuzzleStatus::invalid;
    out.detail = e.what();
  }
  return done();
}

}  // namespace csp::cli
