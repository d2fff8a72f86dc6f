// The limits, progress reports and end of a backtracking run (run_control.hpp).
#include "run_control.hpp"

#include "csp/core/search_observer.hpp"

namespace csp::detail {

RunControl::RunControl(const SolverConfig& config, Store& store, SearchResult& result, Clock::time_point start)
    : config_(config), store_(store), result_(result), start_(start), next_progress_(start + config.progress_interval) {
  if (config.limits.time_limit.count() != 0) store_.set_deadline(start_ + config.limits.time_limit);
  store_.set_interrupt_flag(config.limits.interrupt);
}

void RunControl::report_progress(bool improved) {
  Progress p;
  p.stats = result_.stats;
  p.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  p.solutions = result_.solution_count;
  p.improved = improved;
  config_.on_progress(p);
}

void RunControl::report_progress_if_due() {
  const Clock::time_point now = Clock::now();
  if (now < next_progress_) return;
  next_progress_ = now + config_.progress_interval;
  report_progress(false);
}

bool RunControl::accept(const Store& store) {
  const Assignment& a = store.assignment();
  ++result_.solution_count;
  ++result_.stats.solutions;
  if (config_.keeps(result_.solution_count)) result_.solutions.push_back(a);
  if (config_.observer != nullptr) config_.observer->on_solution(store, a);
  const bool go_on = !config_.on_solution || config_.on_solution(a);
  if (go_on && config_.on_progress) report_progress(true);
  if (config_.max_solutions != 0 && result_.solution_count >= config_.max_solutions) {
    capped_ = true;
    return false;
  }
  if (!go_on) {
    stop_by(StopReason::callback);
    return false;
  }
  return true;
}

void RunControl::finish() {
  Statistics& s = result_.stats;
  s.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  result_.complete = !stopped_;
  result_.stop = stopped_ ? stop_ : capped_ ? StopReason::solution_cap : StopReason::complete;
  result_.status = status_of(result_.stop, result_.solution_count);
}

}  // namespace csp::detail
