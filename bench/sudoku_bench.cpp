// Google Benchmark: Sudoku throughput per configuration on the reference corpora in ../shared/puzzles.
//
// One case per (file, configuration); one iteration solves every puzzle of the file (model construction + search,
// first solution) and verifies each solution with models::check_solution. A wrong or missing solution stops the
// case with an error. Counters: puzzles/s (a rate), time/puzzle (its inverse, in seconds: 250u = 250 µs),
// assignments/puzzle (search nodes, stats.assignments) and backtracks/puzzle.
// The puzzle folder defaults to CSP_SHARED_DIR/puzzles (a compile definition); override it with --puzzles=DIR.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_bench_support.hpp"

#ifndef CSP_SHARED_DIR
#define CSP_SHARED_DIR "../shared"
#endif

namespace {

using csp::AllDifferentMode;
using csp::bench::SudokuConfig;

struct FileSpec {
  const char* file;
  bool slow_configs;        // also run the uninformed configurations (first+none+binary) on this file
  std::size_t binary_head;  // binary configurations run on the first this-many puzzles only (0 = all)
};

// The corpora: top95, hardest, easy50 and the 1,000-puzzle samples. Pairwise != cannot find hidden
// singles: on the 17-clue sample mrv+mac+binary takes about 90 ms of CPU per puzzle (one puzzle 4 s), minutes per
// iteration, so its binary cases use the first 100 puzzles (about 10 s), named "..._head100".
const FileSpec kFiles[] = {
    {"top95.txt", false, 0},
    {"hardest.txt", true, 0},
    {"easy50.txt", true, 0},
    {"17_clue_sample1000.txt", false, 100},
    {"forum_hardest_1905_11plus_sample1000.txt", false, 0},
};

// The configurations compared on every file (the first is the csp command's default).
std::vector<SudokuConfig> fast_configs() {
  return {
      {"mrv", "natural", "mac", AllDifferentMode::gac},
      {"mrv", "natural", "mac", AllDifferentMode::value},
      {"mrv", "natural", "fc", AllDifferentMode::value},
      {"mrv", "natural", "mac", AllDifferentMode::binary},
      {"mrv", "natural", "fc", AllDifferentMode::binary},
      {"dom-wdeg", "natural", "mac", AllDifferentMode::value},
      {"mrv-degree", "natural", "mac", AllDifferentMode::value},
  };
}

// Textbook baselines, too slow for the hard files.
std::vector<SudokuConfig> slow_configs() {
  return {
      {"first", "natural", "none", AllDifferentMode::binary},
      {"mrv", "natural", "none", AllDifferentMode::binary},
  };
}

void solve_file(benchmark::State& state, const csp::bench::PuzzleFile& input, const SudokuConfig& config) {
  const std::vector<csp::models::SudokuGrid>& puzzles = input.puzzles;
  const csp::SolverConfig solver = config.solver_config();
  csp::models::SudokuGrid solution;
  std::uint64_t assignments = 0;
  std::uint64_t backtracks = 0;
  std::uint64_t solved = 0;
  bool failed = false;
  for (auto _ : state) {
    for (std::size_t p = 0; p < puzzles.size() && !failed; ++p) {
      const csp::SearchResult r = csp::bench::solve(puzzles[p], config, solver, &solution);
      const std::string error = csp::bench::verify(puzzles[p], r, solution);
      if (!error.empty()) {
        state.SkipWithError(("line " + std::to_string(input.lines[p]) + ": " + error).c_str());
        failed = true;
      }
      assignments += r.stats.assignments;
      backtracks += r.stats.backtracks;
    }
    if (failed) break;
    solved += puzzles.size();
  }
  if (failed) return;
  const auto total = static_cast<double>(solved);
  // Rates divide by the CPU time of the timed loop (Google Benchmark's rule), which a busy machine disturbs less
  // than wall time.
  state.counters["puzzles/s"] = benchmark::Counter(total, benchmark::Counter::kIsRate);
  state.counters["time/puzzle"] = benchmark::Counter(total, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["assignments/puzzle"] = benchmark::Counter(static_cast<double>(assignments) / total);
  state.counters["backtracks/puzzle"] = benchmark::Counter(static_cast<double>(backtracks) / total);
}

void register_file(const std::string& dir, const FileSpec& spec) {
  const std::string path = dir + "/" + spec.file;
  auto input = std::make_shared<csp::bench::PuzzleFile>(csp::bench::read_puzzle_file(path));
  std::string stem = spec.file;
  stem = stem.substr(0, stem.rfind('.'));
  if (!input->error.empty()) {
    // Skip cleanly: one case that reports why, so a missing corpus is visible but not a crash.
    const std::string why = "skipped: " + input->error;
    benchmark::RegisterBenchmark(("sudoku/" + stem).c_str(),
                                 [why](benchmark::State& state) { state.SkipWithError(why.c_str()); });
    return;
  }
  std::vector<SudokuConfig> configs = fast_configs();
  if (spec.slow_configs)
    for (const SudokuConfig& c : slow_configs()) configs.push_back(c);
  auto head = input;
  std::string head_stem = stem;
  if (spec.binary_head > 0 && spec.binary_head < input->puzzles.size()) {
    head = std::make_shared<csp::bench::PuzzleFile>();
    const auto count = static_cast<std::ptrdiff_t>(spec.binary_head);
    head->puzzles.assign(input->puzzles.begin(), input->puzzles.begin() + count);
    head->lines.assign(input->lines.begin(), input->lines.begin() + count);
    head_stem += "_head" + std::to_string(spec.binary_head);
  }
  for (const SudokuConfig& config : configs) {
    const bool binary = config.alldiff == AllDifferentMode::binary;
    const auto& puzzles = binary ? head : input;
    benchmark::RegisterBenchmark(("sudoku/" + (binary ? head_stem : stem) + "/" + config.name()).c_str(),
                                 [puzzles, config](benchmark::State& state) { solve_file(state, *puzzles, config); })
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::string dir = std::string(CSP_SHARED_DIR) + "/puzzles";
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--puzzles=", 10) == 0) {
      dir = argv[i] + 10;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  for (const FileSpec& spec : kFiles) register_file(dir, spec);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
