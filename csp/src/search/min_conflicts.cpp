// MIN-CONFLICTS, AIMA 4th ed. Fig. 6.8.
//
//   function MIN-CONFLICTS(csp, max_steps) returns a solution or failure
//     current <- an initial complete assignment for csp
//     for i = 1 to max_steps do
//       if current is a solution for csp then return current
//       var <- a randomly chosen conflicted variable from csp.VARIABLES
//       value <- the value v for var that minimizes CONFLICTS(csp, var, v, current)
//       set var = value in current
//     return failure
#include "csp/search/min_conflicts.hpp"

#include <algorithm>
#include <chrono>
#include <random>

namespace csp {

namespace {

class MinConflicts {
 public:
  MinConflicts(const Problem& p, const MinConflictsConfig& cfg, SearchResult& r)
      : p_(p), cfg_(cfg), r_(r), rng_(cfg.seed), current_(p.variable_count()) {
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) counters_.push_back(p.constraint(c).make_conflict_counter(p));
  }

  void run() {
    const auto start = std::chrono::steady_clock::now();
    initial_assignment();
    r_.status = Status::gave_up;
    std::vector<VarId> conflicted;
    std::vector<char> flags(static_cast<std::size_t>(p_.variable_count()));
    for (std::uint64_t step = 0;; ++step) {
      std::fill(flags.begin(), flags.end(), 0);
      for (ConstraintId c = 0; c < p_.constraint_count(); ++c) {
        ++r_.stats.constraint_checks;
        if (const auto& counter = counters_[static_cast<std::size_t>(c)]) {
          counter->mark_conflicted(current_, flags);
        } else {
          p_.constraint(c).mark_conflicted(current_, flags);
        }
      }
      conflicted.clear();
      for (VarId x = 0; x < p_.variable_count(); ++x)
        if (flags[static_cast<std::size_t>(x)] != 0 && p_.initial_domain(x).size() > 1) conflicted.push_back(x);
      if (conflicted.empty() && p_.is_solution(current_)) {
        r_.status = Status::solved;
        r_.solutions.push_back(current_);
        r_.solution_count = 1;
        r_.stats.solutions = 1;
        break;
      }
      if (step == cfg_.max_steps || conflicted.empty()) break;  // empty: only givens conflict, nothing can move
      if (cfg_.limits.time_limit.count() != 0 && std::chrono::steady_clock::now() - start >= cfg_.limits.time_limit) {
        r_.status = Status::limit_reached;
        break;
      }
      const VarId x = conflicted[std::uniform_int_distribution<std::size_t>(0, conflicted.size() - 1)(rng_)];
      set(x, best_value(x));
      ++r_.stats.assignments;
    }
    r_.stats.elapsed_us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  // A value of x with the fewest conflicts with the assigned variables of `current_`; ties broken uniformly at
  // random (reservoir sampling).
  Value best_value(VarId x) {
    const Variable& var = p_.variable(x);
    counts_.assign(static_cast<std::size_t>(var.size()), 0);
    for (ConstraintId c : p_.constraints_of(x)) {
      const Constraint& con = p_.constraint(c);
      ++r_.stats.constraint_checks;
      if (const auto& counter = counters_[static_cast<std::size_t>(c)]) {
        counter->add_conflicts(current_, con.position_of(x), var, counts_);
      } else {
        con.add_conflicts(current_, con.position_of(x), var, counts_);
      }
    }
    int best = -1;
    Value chosen = var.value(p_.initial_domain(x).min());
    int ties = 0;
    const Domain& allowed = p_.initial_domain(x);
    for (int i = allowed.min(); i >= 0; i = allowed.next(i)) {
      const Value v = var.value(i);
      const int c = counts_[static_cast<std::size_t>(i)];
      if (best < 0 || c < best) {
        best = c;
        chosen = v;
        ties = 1;
      } else if (c == best && std::uniform_int_distribution<int>(0, ties++)(rng_) == 0) {
        chosen = v;
      }
    }
    return chosen;
  }

  void initial_assignment() {
    for (VarId x = 0; x < p_.variable_count(); ++x)
      if (p_.initial_domain(x).size() == 1) set(x, p_.variable(x).value(p_.initial_domain(x).min()));
    for (VarId x = 0; x < p_.variable_count(); ++x)
      if (!current_.is_assigned(x)) set(x, best_value(x));
  }

  // x = v in the current assignment, told to the counters of x's constraints.
  void set(VarId x, Value v) {
    const bool had = current_.is_assigned(x);
    const Value from = had ? current_.value(x) : v;
    current_.assign(x, v);
    for (ConstraintId c : p_.constraints_of(x))
      if (const auto& counter = counters_[static_cast<std::size_t>(c)])
        counter->moved(p_.constraint(c).position_of(x), had, from, v);
  }

  const Problem& p_;
  const MinConflictsConfig& cfg_;
  SearchResult& r_;
  std::mt19937_64 rng_;
  Assignment current_;
  std::vector<int> counts_;  // conflicts per value index of the variable being moved
  std::vector<std::unique_ptr<ConflictCounter>> counters_;  // per constraint; null where it has none
};

}  // namespace

SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config) {
  SearchResult result;
  MinConflicts(problem, config, result).run();
  return result;
}

}  // namespace csp
