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
//
// Incremental: every constraint has a ConflictCounter told each value change; it reports the scope variables that
// entered or left a conflict, so the set of conflicted variables is kept up to date in O(degree) per step (plus
// O(arity) for constraints with the scanning default counter), and a random conflicted variable is drawn in O(1).
#include "csp/search/min_conflicts.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <random>
#include <span>

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;

// The greedy initial assignment (see greedy_value): at least this many draws before it scores every value ...
constexpr std::size_t kInitialTries = 32;
// ... and proposal sets of at most this many values are scored whole.
constexpr std::size_t kEnumerateAtMost = 64;
// Variables with at most this many values are scanned at once in the initial assignment.
constexpr int kScanAtMost = 16;
// Counters made between two readings of the clock while setting up.
constexpr ConstraintId kSetupClockEvery = 256;

class MinConflicts {
 public:
  MinConflicts(const Problem& p, const MinConflictsConfig& cfg, SearchResult& r)
      : p_(p), cfg_(cfg), r_(r), rng_(cfg.seed), start_(Clock::now()), current_(p) {}

  void run() {
    r_.status = Status::limit_reached;  // until something else is known
    if (set_up() && initial_assignment()) search();
    r_.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  }

 private:
  struct Arc {
    ConstraintId c;
    int pos;  // position of the variable in the constraint's scope
  };

  // Counters, and the arcs of each variable (its constraints with its position in each: O(1) instead of the
  // O(arity) `position_of`).
  bool set_up() {
    const int n = p_.variable_count();
    const ConstraintId m = p_.constraint_count();
    counters_.reserve(static_cast<std::size_t>(m));
    arc_start_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (ConstraintId c = 0; c < m; ++c) {
      if (c % kSetupClockEvery == 0 && out_of_time()) return false;
      const Constraint& con = p_.constraint(c);
      std::unique_ptr<ConflictCounter> counter = con.make_conflict_counter(p_);
      if (!counter) counter = con.Constraint::make_conflict_counter(p_);  // an override declining: the default
      counters_.push_back(std::move(counter));
      for (VarId x : con.scope()) ++arc_start_[static_cast<std::size_t>(x) + 1];
    }
    for (std::size_t x = 0; x < static_cast<std::size_t>(n); ++x) arc_start_[x + 1] += arc_start_[x];
    arcs_.resize(arc_start_.back());
    std::vector<std::size_t> fill(arc_start_.begin(), arc_start_.end() - 1);
    for (ConstraintId c = 0; c < m; ++c) {
      const std::vector<VarId>& scope = p_.constraint(c).scope();
      for (std::size_t k = 0; k < scope.size(); ++k)
        arcs_[fill[static_cast<std::size_t>(scope[k])]++] = {c, static_cast<int>(k)};
    }
    movable_.resize(static_cast<std::size_t>(n));
    for (VarId x = 0; x < n; ++x) {  // a given: one value (found from the smallest, not by counting them all)
      const Domain& d = p_.initial_domain(x);
      movable_[static_cast<std::size_t>(x)] = d.next(d.min()) >= 0;
    }
    conflicted_in_.assign(static_cast<std::size_t>(n), 0);
    where_.assign(static_cast<std::size_t>(n), -1);
    return !out_of_time();
  }

  // Givens first, then each variable in turn takes a value with the fewest conflicts with those before it.
  bool initial_assignment() {
    for (VarId x = 0; x < p_.variable_count(); ++x)
      if (!movable_[static_cast<std::size_t>(x)]) set(x, p_.variable(x).value(p_.initial_domain(x).min()));
    for (VarId x = 0; x < p_.variable_count(); ++x) {
      if (current_.is_assigned(x)) continue;
      if (out_of_time()) return false;
      set(x, greedy_value(x));
    }
    return true;
  }

  void search() {
    for (std::uint64_t step = 0;; ++step) {
      if (conflicted_.empty()) {  // no movable variable in conflict: a solution, unless givens clash
        if (p_.is_solution(current_)) {
          r_.status = Status::solved;
          r_.solutions.push_back(current_);
          r_.solution_count = 1;
          r_.stats.solutions = 1;
        } else {
          r_.status = Status::gave_up;  // nothing can move
        }
        return;
      }
      if (step == cfg_.max_steps) {
        r_.status = Status::gave_up;
        return;
      }
      if (out_of_time()) return;  // limit_reached
      const VarId x = conflicted_[std::uniform_int_distribution<std::size_t>(0, conflicted_.size() - 1)(rng_)];
      set(x, best_value(x));
      ++r_.stats.assignments;
    }
  }

  std::span<const Arc> arcs(VarId x) const {
    const auto b = arc_start_[static_cast<std::size_t>(x)];
    return {arcs_.data() + b, arc_start_[static_cast<std::size_t>(x) + 1] - b};
  }

  // The greedy start for x: a min-conflicts value, uniform among the values in no conflict when there are any.
  // Such values all lie in the smallest proposal set of x's counters (or in x's domain when none keeps one): a set
  // of at most kEnumerateAtMost values is scored whole, else up to max(kInitialTries, d / 256) values are drawn from
  // it and the first in no conflict is taken (uniform among them too); otherwise every value is scored.
  Value greedy_value(VarId x) {
    const Variable& var = p_.variable(x);
    if (var.size() <= kScanAtMost) return best_value(x);
    const Domain& domain = p_.initial_domain(x);
    const std::span<const Arc> on_x = arcs(x);
    const ConflictCounter* source = nullptr;
    int source_pos = 0;
    std::size_t size = static_cast<std::size_t>(var.size());
    for (const Arc& arc : on_x) {
      const ConflictCounter* counter = counters_[static_cast<std::size_t>(arc.c)].get();
      const std::size_t n = counter->proposal_count(arc.pos);
      if (n != 0 && (source == nullptr || n < size)) {
        source = counter;
        source_pos = arc.pos;
        size = n;
      }
    }
    auto candidate = [&](std::size_t k, int& i) {  // k-th value of the source, as a value index of x's domain
      Value v = 0;
      i = source == nullptr ? static_cast<int>(k) : source->proposal(source_pos, k, v) ? var.index_of(v) : -1;
      return i >= 0 && domain.contains(i);
    };
    auto in_no_conflict = [&](Value v) {
      for (const Arc& arc : on_x) {
        ++r_.stats.constraint_checks;
        if (counters_[static_cast<std::size_t>(arc.c)]->conflicts(current_, arc.pos, v) > 0) return false;
      }
      return true;
    };
    if (size <= kEnumerateAtMost) {
      free_values_.clear();
      for (std::size_t k = 0; k < size; ++k) {
        int i = -1;
        if (candidate(k, i) && in_no_conflict(var.value(i))) free_values_.push_back(i);
      }
      if (!free_values_.empty())
        return var.value(free_values_[std::uniform_int_distribution<std::size_t>(0, free_values_.size() - 1)(rng_)]);
    } else {
      const std::size_t tries = std::max<std::size_t>(kInitialTries, static_cast<std::size_t>(var.size()) / 256);
      for (std::size_t t = 0; t < tries; ++t) {
        int i = -1;
        if (candidate(static_cast<std::size_t>(rng_() % size), i) && in_no_conflict(var.value(i))) return var.value(i);
      }
    }
    return best_value(x);
  }

  // A value of x with the fewest conflicts, ties broken uniformly at random: every constraint on x scores all of
  // x's values through its counter, then one random draw among the best.
  Value best_value(VarId x) {
    const Variable& var = p_.variable(x);
    counts_.assign(static_cast<std::size_t>(var.size()), 0);
    for (const Arc& arc : arcs(x)) {
      ++r_.stats.constraint_checks;
      counters_[static_cast<std::size_t>(arc.c)]->add_conflicts(current_, arc.pos, var, counts_);
    }
    const Domain& domain = p_.initial_domain(x);
    int best = INT_MAX;
    std::size_t ties = 0;
    domain.for_each([&](int i) {
      const int c = counts_[static_cast<std::size_t>(i)];
      if (c < best) {
        best = c;
        ties = 1;
      } else if (c == best) {
        ++ties;
      }
    });
    std::size_t pick = std::uniform_int_distribution<std::size_t>(0, ties - 1)(rng_);
    int chosen = -1;
    for (int i = domain.min(); i >= 0; i = domain.next(i)) {
      if (counts_[static_cast<std::size_t>(i)] == best && pick-- == 0) {
        chosen = i;
        break;
      }
    }
    return var.value(chosen);
  }

  // x = v in the current assignment, told to the counters of x's constraints; the conflicted set follows.
  void set(VarId x, Value v) {
    const bool had = current_.is_assigned(x);
    const Value from = had ? current_.value(x) : v;
    current_.assign(x, v);
    for (const Arc& arc : arcs(x)) {
      ++r_.stats.constraint_checks;
      counters_[static_cast<std::size_t>(arc.c)]->moved(current_, arc.pos, had, from, v, changes_);
      if (changes_.empty()) continue;
      const std::vector<VarId>& scope = p_.constraint(arc.c).scope();
      for (const ConflictCounter::Change& ch : changes_) update(scope[static_cast<std::size_t>(ch.pos)], ch.conflicted);
      changes_.clear();
    }
  }

  // y entered (or left) a conflict in one constraint.
  void update(VarId y, bool entered) {
    const auto i = static_cast<std::size_t>(y);
    int& in = conflicted_in_[i];
    in += entered ? 1 : -1;
    if (!movable_[i]) return;
    if (entered && in == 1) {
      where_[i] = static_cast<int>(conflicted_.size());
      conflicted_.push_back(y);
    } else if (!entered && in == 0) {
      const VarId last = conflicted_.back();
      conflicted_[static_cast<std::size_t>(where_[i])] = last;
      where_[static_cast<std::size_t>(last)] = where_[i];
      conflicted_.pop_back();
      where_[i] = -1;
    }
  }


  bool out_of_time() const {
    return cfg_.limits.time_limit.count() != 0 && Clock::now() - start_ >= cfg_.limits.time_limit;
  }

  const Problem& p_;
  const MinConflictsConfig& cfg_;
  SearchResult& r_;
  std::mt19937_64 rng_;
  Clock::time_point start_;
  Assignment current_;
  std::vector<std::unique_ptr<ConflictCounter>> counters_;  // per constraint
  std::vector<std::size_t> arc_start_;                       // arcs of x: arcs_[arc_start_[x] .. arc_start_[x+1])
  std::vector<Arc> arcs_;
  std::vector<char> movable_;              // per variable: not a given
  std::vector<int> conflicted_in_;         // per variable: constraints in which it is in conflict
  std::vector<VarId> conflicted_;          // the movable variables in conflict somewhere, in any order
  std::vector<int> where_;                 // position of each in conflicted_, or -1
  std::vector<ConflictCounter::Change> changes_;
  std::vector<int> counts_;       // conflicts per value index of the variable being scored
  std::vector<int> free_values_;  // value indices in no conflict (greedy start)
};

}  // namespace

SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config) {
  SearchResult result;
  MinConflicts(problem, config, result).run();
  return result;
}

}  // namespace csp
