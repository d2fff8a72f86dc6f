// Google Benchmark: the grid of `csp ablate` (docs/ablation_sudoku.md, "The full grid on top95") as one case per
// (file, configuration).
//
// One iteration runs every valid puzzle of the file with the configuration, exactly as `csp ablate` does
// (csp::ablation::run_one: model construction, backtracking search for a first solution within the node limit,
// verification with models::check_solution). Counters: assignments/puzzle (search nodes, the same numbers as the
// ablate table's mean), puzzles/s (a rate over the timed loop), solved, disqualified (runs stopped by the node
// limit, 0 when the configuration qualifies). A wrong solution or a model error stops the case with an error.
// Flags (besides Google Benchmark's): --files=A,B (default CSP_SHARED_DIR/puzzles/top95.txt), --var=LIST,
// --val=LIST, --inference=LIST, --alldiff=LIST, --ac3=LIST (the lists of csp ablate, 'all' allowed; defaults: the
// full grid of docs/ablation_sudoku.md), --node-limit=N (default 5000, as there).
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/run.hpp"

#ifndef CSP_SHARED_DIR
#define CSP_SHARED_DIR "../shared"
#endif

namespace {

namespace ab = csp::ablation;

struct Puzzles {
  std::vector<ab::Instance> valid;
};

void solve_file(benchmark::State& state, const Puzzles& puzzles, const ab::Configuration& config,
                const ab::RunLimits& limits) {
  std::uint64_t assignments = 0;
  std::uint64_t solved = 0;
  std::uint64_t stopped = 0;
  std::uint64_t runs = 0;
  for (auto _ : state) {
    for (const ab::Instance& inst : puzzles.valid) {
      const ab::RunRecord r = ab::run_one(inst, config, limits);
      if (r.status == ab::RunStatus::wrong || r.status == ab::RunStatus::error) {
        state.SkipWithError((inst.name + ": " + ab::to_string(r.status) + ": " + r.detail).c_str());
        return;
      }
      assignments += r.stats.assignments;
      solved += r.status == ab::RunStatus::solved ? 1 : 0;
      stopped += ab::is_failure(r.status) ? 1 : 0;
      ++runs;
    }
  }
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["puzzles/s"] = benchmark::Counter(static_cast<double>(runs), benchmark::Counter::kIsRate);
  state.counters["assignments/puzzle"] =
      benchmark::Counter(static_cast<double>(assignments) / static_cast<double>(runs));
  state.counters["solved"] = benchmark::Counter(static_cast<double>(solved) / iterations);
  state.counters["disqualified"] = benchmark::Counter(static_cast<double>(stopped) / iterations);
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma > start) out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

std::string stem(const std::string& path) {
  std::string s = path.substr(path.find_last_of('/') + 1);
  return s.substr(0, s.rfind('.'));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::string files = std::string(CSP_SHARED_DIR) + "/puzzles/top95.txt";
  // The full grid of docs/ablation_sudoku.md.
  std::vector<std::pair<ab::Dimension, std::string>> lists = {{ab::Dimension::var, "all"},
                                                              {ab::Dimension::val, "all"},
                                                              {ab::Dimension::inference, "all"},
                                                              {ab::Dimension::alldiff, "all"},
                                                              {ab::Dimension::ac3, "off"}};
  ab::RunLimits limits;
  limits.node_limit = 5000;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    bool mine = false;
    if (arg.rfind("--files=", 0) == 0) {
      files = arg.substr(8);
      mine = true;
    } else if (arg.rfind("--node-limit=", 0) == 0) {
      limits.node_limit = std::stoull(arg.substr(13));
      mine = true;
    }
    for (auto& [d, text] : lists) {
      const std::string prefix = "--" + ab::to_string(d) + "=";
      if (arg.rfind(prefix, 0) == 0) {
        text = arg.substr(prefix.size());
        mine = true;
      }
    }
    if (!mine) argv[kept++] = argv[i];
  }
  argc = kept;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  std::vector<ab::Configuration> configs;
  try {
    ab::GridSpec grid;
    for (const auto& [d, text] : lists) grid.values(d) = ab::parse_list(d, text);
    configs = ab::expand_grid(grid);
  } catch (const ab::InputError& e) {
    std::cerr << "ablation_bench: " << e.what() << '\n';
    return 2;
  }
  for (const std::string& path : split(files)) {
    auto puzzles = std::make_shared<Puzzles>();
    try {
      for (ab::Instance& inst : ab::find_model("sudoku").enumerate({{path}, {}}))
        if (inst.valid()) puzzles->valid.push_back(std::move(inst));
    } catch (const ab::InputError& e) {
      // Skip cleanly: one case that says why, so a missing corpus is visible but not a crash.
      const std::string why = std::string("skipped: ").append(e.what());
      benchmark::RegisterBenchmark(("ablation/" + stem(path)).c_str(),
                                   [why](benchmark::State& state) { state.SkipWithError(why.c_str()); });
      continue;
    }
    for (const ab::Configuration& config : configs)
      benchmark::RegisterBenchmark(
          ("ablation/" + stem(path) + "/" + config.label()).c_str(),
          [puzzles, config, limits](benchmark::State& state) { solve_file(state, *puzzles, config, limits); })
          ->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
