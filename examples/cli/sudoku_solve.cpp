// Solving one puzzle record: checks, model, search, verification.
#include "sudoku_solve.hpp"

#include <chrono>
#include <iostream>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/models/sudoku_techniques_constraint.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/strategy/search_context.hpp"
#include "run_observers.hpp"

namespace csp::cli {

namespace {

using Clock = std::chrono::steady_clock;

// The candidates of every cell after the givens are assigned and the configured inference ran once at the root
// (Norvig's display after parse_grid). `consistent` is false when that inference wiped out a domain.
std::vector<std::vector<int>> root_candidates(const models::Sudoku& model, const std::string& inference,
                                              bool& consistent) {
  Statistics stats;
  Store store(model.problem(), stats);
  SearchContext ctx(store, inference != "none");
  for (VarId x = 0; x < model.problem().variable_count(); ++x)
    if (store.domain(x).is_singleton()) store.assignment().assign(x, store.value(x, store.domain(x).min()));
  consistent = inferences().get(inference).fn(ctx, -1);
  std::vector<std::vector<int>> out(static_cast<std::size_t>(model.problem().variable_count()));
  for (VarId x = 0; x < model.problem().variable_count(); ++x)
    store.domain(x).for_each([&](int i) { out[static_cast<std::size_t>(x)].push_back(store.value(x, i)); });
  return out;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : sep).append(p);
  return out;
}

}  // namespace

std::string to_string(PuzzleStatus s) {
  switch (s) {
    case PuzzleStatus::solved: return "solved";
    case PuzzleStatus::unique: return "unique";
    case PuzzleStatus::multiple: return "multiple";
    case PuzzleStatus::unsolvable: return "unsolvable";
    case PuzzleStatus::invalid: return "invalid";
    case PuzzleStatus::limit_reached: return "limit-reached";
    case PuzzleStatus::wrong: return "wrong";
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
    // --inference techniques: the engine's mac (options.config) plus the human techniques as a propagator.
    if (options.techniques_propagator) models::post_techniques(model, options.techniques);
    if (options.format == OutputFormat::candidates)
      out.candidates = root_candidates(model, options.config.inference, out.root_consistent);
    SolverConfig config = options.config;
    // With --format json the trace is JSON lines on standard error: standard output holds only the results' JSON.
    // --tree: the tree of the first puzzle searched.
    const bool json = options.format == OutputFormat::json;
    const bool tree = !options.tree_file.empty() && !options.tree_taken->exchange(true);
    RunObservers observers(options.trace, json, json ? std::cerr : std::cout, tree ? options.tree_file : "",
                           [](Value v) { return std::string(1, models::symbol_of(v)); });
    config.observer = observers.observer();
    const SearchResult r = backtracking_search(model.problem(), config);
    observers.finish();
    out.stats = r.stats;
    out.solution_count = r.solution_count;
    out.count_exact = r.complete && (config.max_solutions == 0 || r.solution_count < config.max_solutions);
    if (!r.solutions.empty()) {
      models::SudokuGrid solution = model.to_grid(r.solutions.front());
      const std::string why = models::check_solution(puzzle, solution);
      if (!why.empty()) {
        out.status = PuzzleStatus::wrong;
        out.detail = "the solver's solution failed verification: " + why;
        return done();
      }
      out.solution = std::move(solution);
    }
    if (r.status == Status::limit_reached) {
      out.status = PuzzleStatus::limit_reached;
      const std::uint64_t nodes = config.limits.node_limit;
      out.detail = nodes != 0 && r.stats.assignments >= nodes
                       ? std::string("node limit ").append(std::to_string(nodes))
                       : std::string("timeout ").append(std::to_string(options.timeout_ms)).append(" ms");
      // Counting (--max-solutions other than 1): how far the count got.
      if (config.max_solutions != 1)
        out.detail.append("; ").append(std::to_string(r.solution_count)).append(
            r.solution_count == 1 ? " solution found before it" : " solutions found before it");
    } else if (r.solution_count == 0) {
      out.status = PuzzleStatus::unsolvable;
    } else if (config.max_solutions == 1) {
      out.status = PuzzleStatus::solved;
    } else {
      out.status = r.solution_count == 1 ? PuzzleStatus::unique : PuzzleStatus::multiple;
    }
  } catch (const Error& e) {
    out.status = PuzzleStatus::invalid;
    out.detail = e.what();
  }
  return done();
}

}  // namespace csp::cli
