// human_bench: the human solver on the reference corpora: grading a whole file (uniqueness search plus the
// technique loop), and the technique loop alone with every technique or with singles only.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "csp/models/sudoku/human_solver.hpp"
#include "sudoku_bench_support.hpp"

namespace {

const std::string kPuzzles = std::string(CSP_SHARED_DIR).append("/puzzles/");

enum class Mode { grade, all_techniques, singles };

void run_file(benchmark::State& state, const std::string& file, Mode mode) {
  const csp::bench::PuzzleFile input = csp::bench::read_puzzle_file(kPuzzles + file);
  if (!input.error.empty()) {
    state.SkipWithError(input.error.c_str());
    return;
  }
  csp::models::HumanSolverOptions options;
  if (mode == Mode::singles)
    options.techniques = {csp::models::Technique::naked_single, csp::models::Technique::hidden_single};
  options.search_when_stuck = false;
  std::size_t steps = 0;
  for (auto _ : state) {
    for (const csp::models::SudokuGrid& puzzle : input.puzzles) {
      if (mode == Mode::grade) {
        options.search_when_stuck = true;
        const csp::models::Grade g = csp::models::grade_puzzle(puzzle, options);
        steps += g.solve ? g.solve->steps.size() : 0;
      } else {
        steps += csp::models::human_solve(puzzle, options).steps.size();
      }
    }
  }
  state.counters["puzzles"] = static_cast<double>(input.puzzles.size());
  state.counters["steps/file"] =
      static_cast<double>(steps) / static_cast<double>(std::max<std::int64_t>(1, state.iterations()));
}

}  // namespace

BENCHMARK_CAPTURE(run_file, grade_top95, std::string("top95.txt"), Mode::grade)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_file, techniques_top95, std::string("top95.txt"), Mode::all_techniques)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_file, singles_top95, std::string("top95.txt"), Mode::singles)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_file, grade_hardest, std::string("hardest.txt"), Mode::grade)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_file, techniques_17clue_sample, std::string("17_clue_sample1000.txt"), Mode::all_techniques)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
