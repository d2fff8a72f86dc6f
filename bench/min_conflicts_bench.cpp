// Google Benchmark: min-conflicts (AIMA 4th ed. Fig. 6.8) at scale.
//
// Cases (filter with --benchmark_filter=REGEX):
//   queens/alldiff/n:N        n-queens, all-different formulation, N = 1,000, 10,000, 100,000 (more with --queens=N,...)
//   queens/binary/n:2000      n-queens, binary formulation (n - 1 predicates per variable), one run
//   colouring/solve           2,000 vertices, 4,000 edges, 5 colours (a hidden 5-colouring): solved (seed 1 each
//                             time: with other seeds the book's algorithm can stay in a local minimum)
//   colouring/200k_steps      2,000 vertices, 6,000 edges, 4 colours, max_steps 200,000: the cost of the steps (the
//                             book's algorithm stays in a local minimum there and gives up)
//   variants/MODEL/VARIANT    the variants of MinConflictsConfig (book, walk, tabu, weighting, restarts, all) on the
//                             3x3 magic square, 1,000 queens, the USA map with 4 colours and the 2,000-vertex
//                             colouring of colouring/200k_steps (6,000 edges, 4 colours): seeds 1..20, max_steps
//                             100,000 each; counters solved (of 20), steps (mean over the solved runs),
//                             max_steps_solved, restarts (mean per run), ms (mean per run).
//                             The table of docs/ablation_search.md ("Local search").
// The time is that of `min_conflicts` alone; building the problem is reported apart (build_ms). Counters per run:
// steps (stats.assignments), checks (stats.constraint_checks). A case stops with an
// error when a run ends otherwise than expected or a solution breaks a constraint. Each iteration uses a new seed
// except in colouring/solve.
//
// --queens=N,N,... (before the Google Benchmark flags) replaces the queens sizes, e.g. --queens=1000000: the problem
// then holds N initial domains of N values each, so it needs domains that do not store every value.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/solve.hpp"

namespace {

using csp::Status;

// The algorithm counter called `name` of a run (0 when it has none).
std::uint64_t counter(const csp::RunResult& r, const std::string& name) {
  for (const auto& [key, value] : r.algorithm_counters)
    if (key == name) return value;
  return 0;
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// Runs min-conflicts once per iteration on a problem built once, with seeds 1, 2, ... (`vary_seed`) or always the
/// config's; `expect` is the status every run must end with.
void run(benchmark::State& state, const csp::Problem& problem, double build_ms, csp::MinConflictsConfig config,
         Status expect, bool vary_seed = true) {
  std::uint64_t steps = 0;
  std::uint64_t checks = 0;
  std::uint64_t seed = 1;
  csp::RunSpec spec;
  spec.algorithm = "min-conflicts";
  spec.search.limits = config.limits;  // the spec's limits apply to every algorithm
  spec.local = config;
  for (auto _ : state) {
    if (vary_seed) spec.local.seed = seed++;
    const csp::RunResult r = csp::solve(problem, spec);  // the solution checked there
    steps += r.stats.assignments;
    checks += r.stats.constraint_checks;
    if (r.stop == csp::StopReason::wrong_solution) {
      state.SkipWithError(("the solution found breaks a constraint: " + r.wrong).c_str());
      return;
    }
    if (r.status != expect) {
      state.SkipWithError(("status " + csp::to_string(r.status) + " after " + std::to_string(r.stats.assignments) +
                           " steps, expected " + csp::to_string(expect))
                              .c_str());
      return;
    }
  }
  state.counters["steps"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kAvgIterations);
  state.counters["checks"] = benchmark::Counter(static_cast<double>(checks), benchmark::Counter::kAvgIterations);
  state.counters["build_ms"] = build_ms;
}

void register_queens(const std::vector<int>& sizes) {
  for (int n : sizes) {
    benchmark::RegisterBenchmark(("queens/alldiff/n:" + std::to_string(n)).c_str(), [n](benchmark::State& state) {
      const auto start = std::chrono::steady_clock::now();
      const csp::Problem problem = csp::models::n_queens(n, csp::models::QueensFormulation::all_different);
      const double build_ms = ms_since(start);
      csp::MinConflictsConfig config;
      config.limits.time_limit = std::chrono::seconds(120);
      run(state, problem, build_ms, config, Status::solved);
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("queens/binary/n:2000",
                               [](benchmark::State& state) {
                                 const auto start = std::chrono::steady_clock::now();
                                 const csp::Problem problem =
                                     csp::models::n_queens(2000, csp::models::QueensFormulation::binary);
                                 const double build_ms = ms_since(start);
                                 csp::MinConflictsConfig config;
                                 config.limits.time_limit = std::chrono::seconds(120);
                                 run(state, problem, build_ms, config, Status::solved);
                               })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

/// `vertices` vertices, `edges` random edges between different classes of a hidden `colors`-colouring (vertex v in
/// class v mod colors).
csp::models::Graph planted_graph(int vertices, std::size_t edges, int colors) {
  csp::models::Graph g;
  g.vertex_count = vertices;
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> vertex(0, vertices - 1);
  std::set<std::pair<int, int>> chosen;
  while (chosen.size() < edges) {
    const int a = vertex(rng);
    const int b = vertex(rng);
    if (a % colors != b % colors) chosen.insert({std::min(a, b), std::max(a, b)});
  }
  g.edges.assign(chosen.begin(), chosen.end());
  return g;
}

void register_colouring() {
  benchmark::RegisterBenchmark("colouring/solve", [](benchmark::State& state) {
    const auto start = std::chrono::steady_clock::now();
    const csp::Problem problem = csp::models::graph_coloring(planted_graph(2000, 4000, 5), 5);
    const double build_ms = ms_since(start);
    csp::MinConflictsConfig config;
    config.max_steps = 1'000'000;
    config.seed = 1;  // some seeds end in a local minimum the book's algorithm cannot leave
    run(state, problem, build_ms, config, Status::solved, false);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("colouring/200k_steps", [](benchmark::State& state) {
    const auto start = std::chrono::steady_clock::now();
    const csp::Problem problem = csp::models::graph_coloring(planted_graph(2000, 6000, 4), 4);
    const double build_ms = ms_since(start);
    csp::MinConflictsConfig config;
    config.max_steps = 200'000;
    run(state, problem, build_ms, config, Status::gave_up);
  })->Unit(benchmark::kMillisecond);
}

// The 3x3 magic square of examples/teaching/05_new_puzzle.cpp: 1..9 all different, every line sums to 15.
csp::Problem magic_square() {
  csp::Problem p;
  std::vector<csp::VarId> s;
  for (const char* name : {"s00", "s01", "s02", "s10", "s11", "s12", "s20", "s21", "s22"})
    s.push_back(p.add_variable(name, csp::range(1, 9)));
  p.add_all_different(s, csp::AllDifferentMode::value, "all differ");
  for (const auto& line : {std::array{0, 1, 2}, std::array{3, 4, 5}, std::array{6, 7, 8}, std::array{0, 3, 6},
                           std::array{1, 4, 7}, std::array{2, 5, 8}, std::array{0, 4, 8}, std::array{2, 4, 6}})
    p.add_linear({s[static_cast<std::size_t>(line[0])], s[static_cast<std::size_t>(line[1])],
                  s[static_cast<std::size_t>(line[2])]},
                 {1, 1, 1}, csp::LinearOp::eq, 15, "line sums to 15");
  return p;
}

void register_variants() {
  struct Variant {
    const char* name;
    double walk;
    std::uint64_t tabu;
    bool weighting;
    std::uint64_t restart_after;
  };
  static const Variant kVariants[] = {
      {"book", 0, 0, false, 0},     {"walk_0.1", 0.1, 0, false, 0},      {"tabu_5", 0, 5, false, 0},
      {"weighting", 0, 0, true, 0}, {"restart_1000", 0, 0, false, 1000}, {"all", 0.1, 5, true, 1000}};
  struct Model {
    const char* name;
    csp::Problem (*build)();
  };
  static const Model kModels[] = {
      {"magic3", [] { return magic_square(); }},
      {"queens1000", [] { return csp::models::n_queens(1000, csp::models::QueensFormulation::all_different); }},
      {"usa4", [] { return csp::models::map_coloring(csp::models::usa(), 4); }},
      {"colouring2000", [] { return csp::models::graph_coloring(planted_graph(2000, 6000, 4), 4); }}};
  for (const Model& model : kModels) {
    for (const Variant& variant : kVariants) {
      const std::string name = std::string("variants/") + model.name + "/" + variant.name;
      benchmark::RegisterBenchmark(
          name.c_str(),
          [&model, &variant](benchmark::State& state) {
            const csp::Problem problem = model.build();
            std::uint64_t solved = 0;
            std::uint64_t steps = 0;
            std::uint64_t most = 0;
            std::uint64_t restarts = 0;
            double ms = 0;
            for (auto _ : state) {
              for (std::uint64_t seed = 1; seed <= 20; ++seed) {
                csp::RunSpec spec;
                spec.algorithm = "min-conflicts";
                spec.local.seed = seed;
                spec.local.walk_probability = variant.walk;
                spec.local.tabu_tenure = variant.tabu;
                spec.local.weighting = variant.weighting;
                spec.local.restart_after = variant.restart_after;
                const csp::RunResult r = csp::solve(problem, spec);  // the solution checked there
                ms += static_cast<double>(r.stats.elapsed_us) / 1000.0;
                restarts += counter(r, "restarts");
                if (r.stop == csp::StopReason::wrong_solution) {
                  state.SkipWithError(("the solution found breaks a constraint: " + r.wrong).c_str());
                  return;
                }
                if (r.status != Status::solved) continue;
                ++solved;
                steps += r.stats.assignments;
                most = std::max(most, r.stats.assignments);
              }
            }
            state.counters["solved"] = static_cast<double>(solved);
            state.counters["steps"] = solved == 0 ? 0.0 : static_cast<double>(steps) / static_cast<double>(solved);
            state.counters["max_steps_solved"] = static_cast<double>(most);
            state.counters["restarts"] = static_cast<double>(restarts) / 20.0;
            state.counters["ms"] = ms / 20.0;
          })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
    }
  }
}

/// The sizes of --queens=N,N,... (removed from argv), or the defaults.
std::vector<int> queens_sizes(int& argc, char** argv) {
  std::vector<int> sizes{1'000, 10'000, 100'000};
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--queens=", 9) != 0) continue;
    sizes.clear();
    std::string list = argv[i] + 9;
    for (std::size_t from = 0; from <= list.size();) {
      const std::size_t comma = std::min(list.find(',', from), list.size());
      sizes.push_back(std::stoi(list.substr(from, comma - from)));
      from = comma + 1;
    }
    std::copy(argv + i + 1, argv + argc, argv + i);
    --argc;
    --i;
  }
  return sizes;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<int> sizes = queens_sizes(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_queens(sizes);
  register_colouring();
  register_variants();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
