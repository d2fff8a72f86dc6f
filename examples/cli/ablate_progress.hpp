// A progress bar with ETA for long `csp ablate` runs: on standard error, only when it is a terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>

namespace csp::cli {

/// Counts finished runs and redraws one status line ("[#####.....] 45%  2052/4560 runs  ETA 1m23s") at most
/// five times a second, starting one second after construction; never draws when `out` is not a terminal.
class ProgressBar {
 public:
  ProgressBar(std::size_t total, std::FILE* out = stderr);
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
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

}  // namespace csp::cli
