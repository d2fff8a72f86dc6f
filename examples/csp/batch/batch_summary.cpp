// BatchSummary: counts per status, total and median time, assignments and backtracks.
#include "batch/batch_summary.hpp"

#include <algorithm>
#include <iomanip>

namespace csp::cli {

void BatchSummary::add(const PuzzleOutcome& o) {
  ++counts_[static_cast<std::size_t>(o.status)];
  times_.push_back(o.micros);
  total_us_ += o.micros;
  assignments_ += o.stats.assignments;
  backtracks_ += o.stats.backtracks;
}

bool BatchSummary::all_solved() const {
  return std::all_of(std::begin(kAllStatuses), std::end(kAllStatuses),
                     [this](PuzzleStatus s) { return has_solution(s) || count(s) == 0; });
}

std::int64_t BatchSummary::median_us() const {
  if (times_.empty()) return 0;
  std::vector<std::int64_t> t = times_;
  const auto mid = t.begin() + static_cast<std::ptrdiff_t>(t.size() / 2);
  std::nth_element(t.begin(), mid, t.end());
  if (t.size() % 2 == 1) return *mid;
  const std::int64_t below = *std::max_element(t.begin(), mid);
  return (below + *mid) / 2;
}

void BatchSummary::write(std::ostream& out, double wall_seconds, const std::string& interrupted_by) const {
  if (!interrupted_by.empty())
    out << "interrupted by " << interrupted_by << ": " << puzzles() << (puzzles() == 1 ? " puzzle" : " puzzles")
        << " done, the rest not solved\n";
  out << "summary: " << puzzles() << (puzzles() == 1 ? " puzzle" : " puzzles");
  bool first = true;
  for (PuzzleStatus s : kAllStatuses) {
    if (count(s) == 0) continue;
    out << (first ? ": " : ", ") << count(s) << ' ' << to_string(s);
    first = false;
  }
  out << "\ntime: " << total_us_ << " us in total, median " << median_us() << " us per puzzle, " << std::fixed
      << std::setprecision(2) << wall_seconds << " s wall\n"
      << "search: " << assignments_ << " assignments, " << backtracks_ << " backtracks\n";
}

}  // namespace csp::cli
