// Google Benchmark: the engine on n-queens and map colouring, one case per strategy combination.
//
// Cases (names: family/instance/var/val/inference; filter with --benchmark_filter=REGEX):
//   queens_count/n:8..12/...    count all solutions of n-queens (binary formulation), every combination
//   queens_first/n:100/...      first solution of 100-queens, every dynamic ordering (not first, degree) x every
//                               value ordering x {fc, mac} (node limit 1e6, time limit 30 s)
//   queens_first_alldiff/n:100  the same with the all-different formulation, mrv+fc and mrv+mac
//   queens_minconflicts/n:N     min-conflicts, all-different formulation, N = 1,000 and 10,000
//   australia_first / australia_count / triangle_unsat: map colouring (3 colours; triangle with 2), every combination
//   derangement/n:N/gac|value  p[i] in 1..n, one all-different, p[i] != i; mrv + natural + mac (first_fail,
//                               indomain_min), N = 200, 2,000 and 10,000 (value: 200 and 2,000)
// The queens and Australia problems of the backtracking cases are the model catalogue's (csp/models/catalog.hpp), as
// csp graph and csp ablate build them. Each case checks its answer (solution counts, unsatisfiability, the solution
// itself) and stops with an error when it is wrong or a limit was hit. Counters: nodes = stats.assignments per run
// (search nodes; for min-conflicts the value changes), backtracks per run.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/catalog.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/solve.hpp"

namespace {

using csp::Status;

/// One strategy combination, by registry names.
struct Combo {
  std::string var;
  std::string val;
  std::string inference;
  std::string label() const { return var + "/" + val + "/" + inference; }
};

/// Every registered variable ordering x value ordering x inference (in registration order), optionally only the
/// inferences in `only_inferences`.
std::vector<Combo> combos(const std::vector<std::string>& only_inferences = {}) {
  std::vector<Combo> out;
  for (const std::string& var : csp::variable_orderings().names())
    for (const std::string& val : csp::value_orderings().names())
      for (const std::string& inf : csp::inferences().names()) {
        bool keep = only_inferences.empty();
        for (const std::string& wanted : only_inferences) keep = keep || wanted == inf;
        if (keep) out.push_back({var, val, inf});
      }
  return out;
}

/// What a backtracking case must find.
struct Expect {
  Status status = Status::solved;
  std::optional<std::uint64_t> solutions;  ///< exact solution count (when counting all)
};

/// Runs backtracking search (csp::solve) on `problem` once per iteration, checks the outcome against `expect`, reports nodes.
void run_backtracking(benchmark::State& state, const csp::Problem& problem, const csp::SolverConfig& config,
                      const Expect& expect) {
  std::uint64_t nodes = 0;
  std::uint64_t backtracks = 0;
  std::string error;
  for (auto _ : state) {
    csp::RunSpec spec;
    spec.search = config;
    const csp::RunResult r = csp::solve(problem, spec);  // every solution checked there
    nodes += r.stats.assignments;
    backtracks += r.stats.backtracks;
    if (r.stop == csp::StopReason::wrong_solution) {
      error = "the solution found breaks a constraint: " + r.wrong;
    } else if (r.status != expect.status) {
      error = "status " + csp::to_string(r.status) + ", expected " + csp::to_string(expect.status) + " after " +
              std::to_string(r.stats.assignments) + " nodes";
    } else if (expect.solutions && r.solution_count != *expect.solutions) {
      error = std::to_string(r.solution_count) + " solutions, expected " + std::to_string(*expect.solutions);
    }
    if (!error.empty()) break;
  }
  if (!error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
  state.counters["backtracks"] =
      benchmark::Counter(static_cast<double>(backtracks), benchmark::Counter::kAvgIterations);
}

csp::SolverConfig make_config(const Combo& combo) {
  csp::SolverConfig c = csp::SolverConfig::textbook();
  c.variable_ordering = combo.var;
  c.value_ordering = combo.val;
  c.inference = combo.inference;
  return c;
}

/// Registers one backtracking case; the problem is built once, when the case first runs (not timed).
void register_backtracking(const std::string& name, std::function<csp::Problem()> build, csp::SolverConfig config,
                           Expect expect, benchmark::TimeUnit unit) {
  benchmark::RegisterBenchmark(name.c_str(), [build = std::move(build), config = std::move(config),
                                              expect](benchmark::State& state) {
    const csp::Problem problem = build();
    run_backtracking(state, problem, config, expect);
  })->Unit(unit);
}

// The Problem of the model catalogue's entry `name` for the number `number` (queens: the board size; australia: the
// colours), built as `csp graph NAME` and `csp ablate NAME` build it (binary: the textbook's no-attack predicates).
csp::Problem catalogue_problem(const std::string& name, int number,
                               csp::AllDifferentMode alldiff = csp::AllDifferentMode::binary) {
  csp::models::CatalogInputs inputs;
  inputs.numbers = {number};
  const std::vector<csp::models::CatalogInstance> instances = csp::models::catalog_instances(name, inputs);
  csp::models::BuildChoices choices;
  choices.alldiff = alldiff;
  return instances.at(0).build(choices)->problem();
}

// Number of n-queens solutions, n = 0..12.
constexpr std::uint64_t kQueensSolutions[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

void register_queens_count() {
  for (int n = 8; n <= 12; ++n) {
    for (const Combo& combo : combos()) {
      csp::SolverConfig config = make_config(combo);
      config.max_solutions = 0;   // count all
      config.keep_solutions = 0;  // without copying them
      config.limits.time_limit = std::chrono::seconds(60);
      register_backtracking(
          "queens_count/n:" + std::to_string(n) + "/" + combo.label(), [n] { return catalogue_problem("queens", n); },
          config, {Status::solved, kQueensSolutions[n]}, benchmark::kMillisecond);
    }
  }
}

void register_queens_first() {
  constexpr int n = 100;
  for (const Combo& combo : combos({"fc", "mac"})) {
    // The static orders find no 100-queens solution within the node limit (measured: first and degree with fc use
    // up 1e6 nodes; with mac the 30 s time limit); they would only add minutes of errors.
    if (combo.var == "first" || combo.var == "degree") continue;
    csp::SolverConfig config = make_config(combo);
    config.limits.node_limit = 1'000'000;
    config.limits.time_limit = std::chrono::seconds(30);
    register_backtracking(
        "queens_first/n:" + std::to_string(n) + "/" + combo.label(), [] { return catalogue_problem("queens", n); },
        config, {}, benchmark::kMillisecond);
  }
  for (const char* inference : {"fc", "mac"}) {
    const Combo combo{"mrv", "natural", inference};
    csp::SolverConfig config = make_config(combo);
    config.limits.node_limit = 1'000'000;
    config.limits.time_limit = std::chrono::seconds(30);
    register_backtracking(
        "queens_first_alldiff/n:" + std::to_string(n) + "/" + combo.label(),
        [] { return catalogue_problem("queens", n, csp::AllDifferentMode::value); }, config, {},
        benchmark::kMillisecond);
  }
}

void register_queens_min_conflicts() {
  for (int n : {1'000, 10'000}) {
    benchmark::RegisterBenchmark(("queens_minconflicts/n:" + std::to_string(n)).c_str(), [n](benchmark::State& state) {
      const csp::Problem problem = csp::models::n_queens(n, csp::models::QueensFormulation::all_different);
      csp::RunSpec spec;
      spec.algorithm = "min-conflicts";
      spec.local.max_steps = 1'000'000;
      spec.search.limits.time_limit = std::chrono::seconds(120);
      std::uint64_t steps = 0;
      std::uint64_t seed = 1;
      std::string error;
      for (auto _ : state) {
        spec.local.seed = seed++;  // a new seed per iteration: the mean over several random runs
        const csp::RunResult r = csp::solve(problem, spec);  // the solution checked there
        steps += r.stats.assignments;
        if (r.stop == csp::StopReason::wrong_solution) {
          error = "the solution found breaks a constraint: " + r.wrong;
        } else if (r.status != Status::solved) {
          error = "status " + csp::to_string(r.status) + " after " + std::to_string(r.stats.assignments) + " steps";
        }
        if (!error.empty()) break;
      }
      if (!error.empty()) {
        state.SkipWithError(error.c_str());
        return;
      }
      state.counters["nodes"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
    })->Unit(benchmark::kMillisecond);
  }
}

// The derangement of ../shared/scale/derangement.mzn: p[i] in 1..n, all different, p[i] != i (from the initial
// domains).
csp::Problem derangement(int n, csp::AllDifferentMode mode) {
  csp::Problem p;
  std::vector<csp::VarId> x;
  std::vector<csp::Value> allowed;
  for (int i = 1; i <= n; ++i) {
    x.push_back(p.add_variable(std::string("p").append(std::to_string(i)), 1, n));
    allowed.clear();
    for (csp::Value v = 1; v <= n; ++v)
      if (v != i) allowed.push_back(v);
    p.restrict_domain(x.back(), allowed);
  }
  p.add_all_different(x, mode);
  return p;
}

void register_derangement() {
  const Combo combo{"mrv", "natural", "mac"};
  csp::SolverConfig config = make_config(combo);
  config.limits.time_limit = std::chrono::seconds(120);
  for (int n : {200, 2'000, 10'000})
    register_backtracking(
        "derangement/n:" + std::to_string(n) + "/gac", [n] { return derangement(n, csp::AllDifferentMode::gac); },
        config, {}, benchmark::kMillisecond);
  for (int n : {200, 2'000})
    register_backtracking(
        "derangement/n:" + std::to_string(n) + "/value", [n] { return derangement(n, csp::AllDifferentMode::value); },
        config, {}, benchmark::kMillisecond);
}

csp::models::Map triangle() { return {{"A", "B", "C"}, {{"A", "B"}, {"B", "C"}, {"A", "C"}}}; }

void register_map_coloring() {
  for (const Combo& combo : combos()) {
    const csp::SolverConfig first = make_config(combo);
    register_backtracking(
        "australia_first/" + combo.label(), [] { return catalogue_problem("australia", 3); }, first, {},
        benchmark::kMicrosecond);
    csp::SolverConfig all = first;
    all.max_solutions = 0;
    all.keep_solutions = 0;
    register_backtracking(
        "australia_count/" + combo.label(), [] { return catalogue_problem("australia", 3); }, all, {Status::solved, 18},
        benchmark::kMicrosecond);
    register_backtracking(
        "triangle_unsat/" + combo.label(), [] { return csp::models::map_coloring(triangle(), 2); }, first,
        {Status::unsatisfiable, 0}, benchmark::kMicrosecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_map_coloring();
  register_queens_count();
  register_queens_first();
  register_queens_min_conflicts();
  register_derangement();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
