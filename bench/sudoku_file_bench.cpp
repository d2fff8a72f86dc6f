// sudoku_file_bench: solves every puzzle of a file in one process and prints µs per puzzle (for compare_gecode.sh).
//
//   sudoku_file_bench FILE [--var NAME] [--val NAME] [--inference NAME] [--alldiff grid|gac|value|binary] [--reps R]
//                          [--slowest K]
//
// Timing covers model construction + search for each puzzle (file reading and verification excluded), as the
// Gecode anchor (../shared/anchors/gecode_sudoku.cpp) times it. With --reps R the file is solved R times and each
// puzzle's time is its minimum over the repetitions (the anchor's rule too). Every solution is checked with
// csp::models::check_solution. One summary line on stdout (us_per_puzzle: the mean; build_us_per_puzzle: the part of
// it spent building the model; assignments_per_puzzle: search nodes, stats.assignments); exit 0 when every puzzle was
// solved and verified, 1 otherwise, 2 on a usage error.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "sudoku_bench_support.hpp"

namespace {

[[noreturn]] void usage(const std::string& why) {
  if (!why.empty()) std::cerr << "sudoku_file_bench: " << why << "\n";
  std::cerr << "usage: sudoku_file_bench FILE [--var " << csp::variable_orderings().names_joined("|") << "]\n"
            << "         [--val " << csp::value_orderings().names_joined("|") << "] [--inference "
            << csp::inferences().names_joined("|") << "]\n"
            << "         [--alldiff grid|gac|value|binary] [--reps R] [--slowest K]\n"
            << "defaults: csp sudoku's, " << csp::bench::SudokuConfig{}.name() << ", --reps 1\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  using clock = std::chrono::steady_clock;
  csp::bench::SudokuConfig config;
  std::string file;
  int reps = 1;
  int slowest = 0;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc) usage(a + " needs a value");
        return argv[++i];
      };
      if (a == "--var") {
        config.var = csp::parse_variable_ordering(value());
      } else if (a == "--val") {
        config.val = csp::parse_value_ordering(value());
      } else if (a == "--inference") {
        config.inference = csp::parse_inference(value());
      } else if (a == "--alldiff") {
        const auto mode = csp::bench::parse_alldiff(value());
        if (!mode) usage("--alldiff takes grid, gac, value or binary (or the old names matching, global, pairwise)");
        config.alldiff = *mode;
      } else if (a == "--reps") {
        reps = std::atoi(value().c_str());
        if (reps < 1) usage("--reps takes a positive number");
      } else if (a == "--slowest") {
        slowest = std::atoi(value().c_str());
        if (slowest < 0) usage("--slowest takes a number >= 0");
      } else if (a == "-h" || a == "--help") {
        usage("");
      } else if (!a.empty() && a[0] == '-') {
        usage("unknown option " + a);
      } else if (file.empty()) {
        file = a;
      } else {
        usage("one FILE only");
      }
    }
  } catch (const csp::Error& e) {
    usage(e.what());
  }
  if (file.empty()) usage("no FILE");

  const csp::bench::PuzzleFile input = csp::bench::read_puzzle_file(file);
  if (!input.error.empty()) {
    std::cerr << "sudoku_file_bench: " << input.error << "\n";
    return 1;
  }
  const std::size_t n = input.puzzles.size();
  const csp::SolverConfig solver = config.solver_config();

  std::vector<double> best_us(n, 1e300);
  std::vector<double> build_us(n, 1e300);  // model construction alone, same min-over-reps rule
  std::vector<double> rep_wall_us;
  std::vector<std::string> errors(n);
  std::vector<std::uint64_t> nodes(n);  // assignments per puzzle (last pass)
  csp::Statistics stats;                // of the last repetition
  csp::models::SudokuGrid solution;
  for (int rep = 0; rep < reps; ++rep) {
    stats = {};
    const auto wall0 = clock::now();
    for (std::size_t p = 0; p < n; ++p) {
      const auto t0 = clock::now();
      auto built = t0;
      const csp::SearchResult r =
          csp::bench::solve(input.puzzles[p], config, solver, &solution, [&built] { built = clock::now(); });
      const auto t1 = clock::now();
      best_us[p] = std::min(best_us[p], std::chrono::duration<double, std::micro>(t1 - t0).count());
      build_us[p] = std::min(build_us[p], std::chrono::duration<double, std::micro>(built - t0).count());
      stats += r.stats;
      nodes[p] = r.stats.assignments;
      errors[p] = csp::bench::verify(input.puzzles[p], r, solution);
    }
    rep_wall_us.push_back(std::chrono::duration<double, std::micro>(clock::now() - wall0).count());
  }

  std::size_t verified = 0;
  for (std::size_t p = 0; p < n; ++p) {
    if (errors[p].empty()) {
      ++verified;
    } else {
      std::cerr << file << ":" << input.lines[p] << ": " << errors[p] << "\n";
    }
  }
  double sum_us = 0;
  for (double us : best_us) sum_us += us;
  double sum_build_us = 0;
  for (double us : build_us) sum_build_us += us;
  std::vector<double> sorted = best_us;
  std::sort(sorted.begin(), sorted.end());
  const double wall_min = *std::min_element(rep_wall_us.begin(), rep_wall_us.end());
  const auto per = [n](std::uint64_t v) { return static_cast<double>(v) / static_cast<double>(n); };

  std::printf(
      "file=%s puzzles=%zu verified=%zu config=%s reps=%d total_us=%.0f us_per_puzzle=%.2f us_median=%.2f "
      "us_max=%.1f build_us_per_puzzle=%.2f wall_us_min=%.0f assignments_per_puzzle=%.2f backtracks_per_puzzle=%.2f\n",
      file.c_str(), n, verified, config.name().c_str(), reps, sum_us, sum_us / static_cast<double>(n), sorted[n / 2],
      sorted.back(), sum_build_us / static_cast<double>(n), wall_min, per(stats.assignments), per(stats.backtracks));
  std::vector<std::size_t> order(n);
  for (std::size_t p = 0; p < n; ++p) order[p] = p;
  const std::size_t listed = std::min(n, static_cast<std::size_t>(slowest));
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(listed), order.end(),
                    [&best_us](std::size_t a, std::size_t b) { return best_us[a] > best_us[b]; });
  for (std::size_t k = 0; k < listed; ++k) {
    const std::size_t p = order[k];
    std::printf("slow %s:%zu us=%.1f assignments=%llu\n", file.c_str(), input.lines[p], best_us[p],
                static_cast<unsigned long long>(nodes[p]));
  }
  return verified == n ? 0 : 1;
}
