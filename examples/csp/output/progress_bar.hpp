// A progress bar with ETA for long `csp ablate` runs and `csp sudoku` batches: on standard error, only when it is a
// terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>

namespace csp::cli {

/// Counts finished runs and redraws one status line ("[#####.....] 45%  2052/4560 runs  ETA 1m23s") at most
/// five times a second, starting one second after construction; never draws when `out` is not a terminal. `unit`
/// names what is counted ("runs", "puzzles"). With `total` 0 (unknown: a batch read from a pipe) the line shows the
/// count, the rate and the elapsed time only ("1234 puzzles  56.7/s  12s elapsed").
class ProgressBar {
 public:
  ProgressBar(std::size_t total, std::FILE* out = stderr, const char* unit = "runs");
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  ~ProgressBar() { finish(); }

  /// One more run finished.
  void tick();
  /// Erases the line (if one was drawn).
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void draw();

  std::size_t total_;
  std::size_t done_ = 0;
  std::FILE* out_;
  const char* unit_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace csp::cli
