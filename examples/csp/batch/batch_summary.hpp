// BatchSummary: what `csp sudoku` prints after the last puzzle (counts per status, time, search effort).
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include "batch/sudoku_solve.hpp"

namespace csp::cli {

/// Accumulates outcomes; keeps one time per puzzle (8 bytes each) for the median.
class BatchSummary {
 public:
  void add(const PuzzleOutcome& outcome);
  /// Number of puzzles seen.
  std::size_t puzzles() const { return times_.size(); }
  /// Puzzles with the given status.
  std::uint64_t count(PuzzleStatus s) const { return counts_[static_cast<std::size_t>(s)]; }
  /// True when every puzzle has a solution (solved, unique or multiple); true for an empty batch.
  bool all_solved() const;
  /// Median time per puzzle in microseconds (0 for an empty batch).
  std::int64_t median_us() const;
  /// Three lines:
  ///   "summary: 95 puzzles: 93 solved, 2 invalid"
  ///   "time: 123456 us in total, median 1234 us per puzzle, 0.15 s wall"
  ///   "search: 12345 assignments, 2345 backtracks"
  /// With `interrupted_by` (e.g. "SIGINT"), first "interrupted by SIGINT: 37 puzzles done, the rest not solved", and
  /// the counts are those of the puzzles done.
  void write(std::ostream& out, double wall_seconds, const std::string& interrupted_by = "") const;

 private:
  std::array<std::uint64_t, std::size(kAllStatuses)> counts_{};
  std::vector<std::int64_t> times_;
  std::int64_t total_us_ = 0;
  std::uint64_t assignments_ = 0;
  std::uint64_t backtracks_ = 0;
};

}  // namespace csp::cli
