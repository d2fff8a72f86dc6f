// The parallel portfolio (portfolio.hpp): one thread per search, each a csp::solve on the shared, immutable
// Problem with its own Store. The searches report through the callbacks set in Portfolio::worker_spec; one mutex
// serialises those reports and the caller's callbacks; the calling thread waits, watches the caller's interrupt
// flag and sends the periodic progress reports.
#include "csp/search/portfolio.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;

// A count or an enumeration: every search would find the same solutions, so only the first one runs.
bool enumerates(const RunSpec& spec) { return !spec.objective && spec.search.max_solutions != 1; }

void check_specs(const Problem& problem, const std::vector<RunSpec>& specs) {
  if (specs.empty()) throw Error("solve_portfolio: no search to run (specs is empty)");
  const RunSpec& first = specs.front();
  for (const RunSpec& s : specs) {
    s.validate(problem);
    const bool same_objective = s.objective.has_value() == first.objective.has_value() &&
                                (!s.objective || (s.objective->variable == first.objective->variable &&
                                                  s.objective->sense == first.objective->sense));
    if (!same_objective) throw Error("solve_portfolio: the searches must have the same objective (variable and sense)");
    if (s.search.max_solutions != first.search.max_solutions)
      throw Error("solve_portfolio: the searches must have the same max_solutions");
  }
}

// What one search leaves: its result, or the exception it threw; its latest counters; in deterministic mode its
// solutions (and the progress report after each) to replay if it wins.
struct Worker {
  RunResult result;
  std::exception_ptr error;
  Statistics latest;
  std::optional<long long> accepted;  // race, branch and bound: the value of its last solution that was reported
  std::vector<std::pair<Assignment, std::optional<Progress>>> events;
};

class Portfolio {
 public:
  Portfolio(const Problem& problem, const std::vector<RunSpec>& specs, const PortfolioOptions& options)
      : problem_(problem), specs_(specs), deterministic_(options.deterministic), workers_(specs.size()) {
    const RunSpec& first = specs.front();
    if (first.objective) shared_best_.store(no_incumbent(first.objective->sense));
    keep_ = std::max<std::uint64_t>(1, first.search.keep_solutions.value_or(UINT64_MAX));
  }

  PortfolioResult run() {
    started_ = Clock::now();
    running_ = static_cast<int>(specs_.size());
    std::vector<std::thread> threads;
    threads.reserve(specs_.size());
    for (std::size_t k = 0; k < specs_.size(); ++k)
      threads.emplace_back([this, k] { run_worker(static_cast<int>(k)); });
    wait();
    for (std::thread& t : threads) t.join();
    for (const Worker& w : workers_)
      if (w.error) std::rethrow_exception(w.error);
    return deterministic_ ? deterministic_result() : race_result();
  }

 private:
  const RunSpec& caller() const { return specs_.front(); }
  bool better(long long a, long long b) const { return caller().objective->sense == Sense::minimize ? a < b : a > b; }

  // Search k's spec as it runs: the portfolio's callbacks, the shared stop flag (race) or the caller's (deterministic),
  // the shared incumbent (race, branch and bound).
  RunSpec worker_spec(int k) {
    RunSpec s = specs_[static_cast<std::size_t>(k)];
    s.search.on_solution = [this, k](const Assignment& a) { return deterministic_ ? record(k, a) : report(k, a); };
    s.search.on_progress = nullptr;
    s.search.progress_interval = std::chrono::milliseconds(0);
    if (caller().search.on_progress) {
      s.search.on_progress = [this, k](const Progress& p) { progress(k, p); };
      const auto interval = caller().search.progress_interval;
      if (interval.count() != 0) s.search.progress_interval = std::max(std::chrono::milliseconds(1), interval / 4);
    }
    s.search.limits.interrupt = deterministic_ ? caller().search.limits.interrupt : &stop_;
    if (s.objective && !deterministic_) s.objective->shared_best = &shared_best_;
    return s;
  }

  void run_worker(int k) {
    Worker& w = workers_[static_cast<std::size_t>(k)];
    RunResult r;
    std::exception_ptr error;
    try {
      r = solve(problem_, worker_spec(k));
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mx_);
    w.result = std::move(r);
    w.error = error;
    w.latest = w.result.stats;
    if (!deterministic_) finished(k);
    if (error) stop_ = true;
    --running_;
    done_.notify_all();
  }

  // Race: search k ended. A completed search (or a wrong solution) ends the race.
  void finished(int k) {
    const RunResult& r = workers_[static_cast<std::size_t>(k)].result;
    if (r.stop == StopReason::wrong_solution) {
      if (wrong_ < 0) wrong_ = k;
      stop_ = true;
    } else if (r.stop == StopReason::complete) {
      if (caller().objective && prover_ < 0) prover_ = k;
      if (!caller().objective && winner_ < 0) winner_ = k;  // unsatisfiable, proved
      stop_ = true;
    }
  }

  // Race: a solution of search k (checked by csp::solve). Satisfaction: the first one wins; branch and bound:
  // reported when it beats every solution reported so far.
  bool report(int k, const Assignment& a) {
    std::lock_guard<std::mutex> lock(mx_);
    Worker& w = workers_[static_cast<std::size_t>(k)];
    w.accepted.reset();
    if (stop_ && (wrong_ >= 0 || caller_stopped_)) return false;
    if (caller().objective) {
      const long long v = a.value(caller().objective->variable);
      if (best_ && !better(v, *best_)) return true;  // found under an older bound: not an improvement
      flush_reports();
      best_ = v;
      w.accepted = v;
      ++reported_;
      improving_.push_back(a);
      if (improving_.size() > keep_) improving_.pop_front();
    } else {
      if (winner_ >= 0) return false;
      winner_ = k;
      stop_ = true;
    }
    const bool go_on = !caller().search.on_solution || caller().search.on_solution(a);
    if (!go_on) {
      caller_stopped_ = true;
      stop_ = true;
    }
    return go_on;
  }

  // Race, branch and bound, under mx_: before a new solution is passed on, the improvement report of the one passed
  // on last, if its search has not made it yet (another search's improvement came between its solution and its
  // report), so that each solution's report comes after it and before the next solution. Its counters are then those
  // of the searches' latest reports.
  void flush_reports() {
    if (!caller().search.on_progress) return;
    for (Worker& w : workers_) {
      if (!w.accepted || w.accepted != best_) continue;
      w.accepted.reset();
      Progress q = summed();
      q.improved = true;
      caller().search.on_progress(q);
    }
  }

  // Deterministic: search k's solutions are kept for the replay.
  bool record(int k, const Assignment& a) {
    std::lock_guard<std::mutex> lock(mx_);
    workers_[static_cast<std::size_t>(k)].events.emplace_back(a, std::nullopt);
    return true;
  }

  // Search k's progress: its counters for the sums; after a reported solution, the caller's report.
  void progress(int k, const Progress& p) {
    std::lock_guard<std::mutex> lock(mx_);
    Worker& w = workers_[static_cast<std::size_t>(k)];
    w.latest = p.stats;
    if (!p.improved) return;
    if (deterministic_) {
      if (!w.events.empty()) w.events.back().second = p;
      return;
    }
    // Branch and bound: the report of the solution search k passed on last, unless flush_reports made it already.
    const bool reported = caller().objective ? w.accepted && w.accepted == best_ : winner_ == k;
    if (!reported) return;
    w.accepted.reset();
    Progress q = summed();
    q.improved = true;
    caller().search.on_progress(q);
  }

  // The latest counters of every search, summed; the portfolio's elapsed time, solutions reported, best value.
  Progress summed() const {
    Progress q;
    for (const Worker& w : workers_) q.stats += w.latest;
    q.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started_).count();
    q.solutions = caller().objective ? reported_ : (winner_ >= 0 ? 1 : 0);
    q.objective = best_;
    return q;
  }

  // The calling thread until every search has ended: the caller's interrupt flag (race: passed on through stop_)
  // and the periodic progress reports.
  void wait() {
    const std::atomic<bool>* interrupt = caller().search.limits.interrupt;
    const auto interval = caller().search.progress_interval;
    const bool reports = caller().search.on_progress && interval.count() != 0;
    Clock::time_point next = started_ + interval;
    std::unique_lock<std::mutex> lock(mx_);
    while (running_ > 0) {
      done_.wait_for(lock, std::chrono::milliseconds(10));
      if (!deterministic_ && interrupt != nullptr && interrupt->load(std::memory_order_relaxed)) stop_ = true;
      if (reports && running_ > 0 && Clock::now() >= next) {
        next = Clock::now() + interval;
        caller().search.on_progress(summed());
      }
    }
  }

  PortfolioResult combined(int base) const {
    PortfolioResult result;
    static_cast<RunResult&>(result) = workers_[static_cast<std::size_t>(base < 0 ? 0 : base)].result;
    result.stats = Statistics{};
    for (const Worker& w : workers_) {
      result.search_stats.push_back(w.result.stats);
      result.stats += w.result.stats;
    }
    result.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started_).count();
    result.winner = base;
    return result;
  }

  PortfolioResult race_result() const {
    if (wrong_ >= 0) {
      PortfolioResult result = combined(wrong_);
      result.winner = -1;
      return result;
    }
    if (!caller().objective) return combined(winner_);
    PortfolioResult result = combined(prover_);
    result.solutions.assign(improving_.begin(), improving_.end());
    result.solution_count = reported_;
    result.objective = best_;
    if (prover_ >= 0) {
      result.complete = true;
      result.stop = StopReason::complete;
      result.status = best_ ? Status::solved : Status::unsatisfiable;
    } else {
      result.complete = false;
      if (caller_stopped_) result.stop = StopReason::callback;
      result.status = Status::limit_reached;
    }
    return result;
  }

  // The deterministic winner (PortfolioOptions::deterministic), -1 when no search answered.
  int deterministic_winner() const {
    int best = -1;
    for (int k = 0; k < static_cast<int>(workers_.size()); ++k) {
      const RunResult& r = workers_[static_cast<std::size_t>(k)].result;
      const bool answered = r.solution_count > 0 || r.complete;
      if (!answered) continue;
      if (best < 0 || before(r, workers_[static_cast<std::size_t>(best)].result)) best = k;
    }
    return best;
  }
  bool before(const RunResult& a, const RunResult& b) const {  // a strictly before b (else the lower index wins)
    if (caller().objective && a.objective != b.objective) {
      if (!b.objective) return true;
      if (!a.objective) return false;
      return better(*a.objective, *b.objective);
    }
    if (a.complete != b.complete) return a.complete;
    return a.stats.assignments < b.stats.assignments;
  }

  PortfolioResult deterministic_result() const {
    const int winner = deterministic_winner();
    PortfolioResult result = combined(winner);
    if (winner < 0) return result;
    for (const auto& [solution, report] : workers_[static_cast<std::size_t>(winner)].events) {
      const bool go_on = !caller().search.on_solution || caller().search.on_solution(solution);
      if (report && caller().search.on_progress) caller().search.on_progress(*report);
      if (!go_on) {
        result.stop = StopReason::callback;
        result.complete = false;
        result.status = Status::limit_reached;
        break;
      }
    }
    return result;
  }

  const Problem& problem_;
  const std::vector<RunSpec>& specs_;
  bool deterministic_;
  std::vector<Worker> workers_;
  Clock::time_point started_;
  std::mutex mx_;  // guards everything below and workers_, and serialises the caller's callbacks
  std::condition_variable done_;
  int running_ = 0;
  std::atomic<bool> stop_{false};          // race: raised when the race is over; every search's interrupt
  std::atomic<long long> shared_best_{0};  // race, branch and bound: the incumbent of every search
  std::optional<long long> best_;          // race: the best value reported
  std::deque<Assignment> improving_;       // race: the last keep_ solutions reported, best last
  std::uint64_t keep_ = 1;
  std::uint64_t reported_ = 0;
  int winner_ = -1;              // race, satisfaction: the search whose solution (or proof) is the answer
  int prover_ = -1;              // race, branch and bound: the first search that completed
  int wrong_ = -1;               // the first search with a wrong solution
  bool caller_stopped_ = false;  // the caller's on_solution returned false
};

PortfolioResult single(const Problem& problem, const RunSpec& spec) {
  PortfolioResult result;
  static_cast<RunResult&>(result) = solve(problem, spec);
  result.search_stats = {result.stats};
  result.winner = result.solution_count > 0 || result.complete ? 0 : -1;
  return result;
}

}  // namespace

std::vector<RunSpec> portfolio_specs(const RunSpec& spec, int n) {
  if (n < 1) throw Error("portfolio_specs: " + std::to_string(n) + " searches (at least 1)");
  std::vector<RunSpec> specs{spec};
  for (int k = 1; k < n; ++k) {
    RunSpec s = spec;
    s.search.seed = spec.search.seed + static_cast<std::uint64_t>(k);
    s.local.seed = spec.local.seed + static_cast<std::uint64_t>(k);
    if (s.search.restarts == "none" && !spec.objective) s.search.restarts = "luby";
    if (k % 2 == 0) s.search.variable_ordering = "dom-wdeg";
    s.search.observer = nullptr;
    specs.push_back(std::move(s));
  }
  return specs;
}

PortfolioResult solve_portfolio(const Problem& problem, const std::vector<RunSpec>& specs,
                                const PortfolioOptions& options) {
  check_specs(problem, specs);
  if (specs.size() == 1 || enumerates(specs.front())) return single(problem, specs.front());
  Portfolio portfolio(problem, specs, options);
  return portfolio.run();
}

PortfolioResult solve_portfolio(const Problem& problem, const RunSpec& spec, int n, const PortfolioOptions& options) {
  return solve_portfolio(problem, portfolio_specs(spec, n), options);
}

}  // namespace csp
