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
// Incremental: CONFLICTS is kept by ConflictState (conflict_state.hpp), the set of conflicted variables up to date
// in O(degree) per step and a random one drawn in O(1).
//
// Variants (MinConflictsConfig; all off by default, and then no extra random number is drawn, so a run is the
// book's algorithm step for step): random walk (Selman, Kautz & Cohen 1994), tabu (Glover 1989), constraint
// weighting (breakout, Morris 1993) and restarts.
#include "csp/search/min_conflicts.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <random>
#include <span>
#include <stdexcept>

#include "conflict_state.hpp"
#include "constraint_weights.hpp"
#include "tabu_list.hpp"

namespace csp {

namespace {

using Clock = std::chrono::steady_clock;
using detail::ConflictState;
using Arc = ConflictState::Arc;

// The greedy initial assignment (see greedy_value): at least this many draws before it scores every value ...
constexpr std::size_t kInitialTries = 32;
// ... and proposal sets of at most this many values are scored whole.
constexpr std::size_t kEnumerateAtMost = 64;
// Variables with at most this many values are scanned at once in the initial assignment.
constexpr int kScanAtMost = 16;

// The loop of Fig. 6.8 with its start (initial_assignment), the choice of a value (best_value, and the variants:
// random_value, tabu, breakout) and restarts; the conflicts themselves are ConflictState's.
class MinConflicts {
 public:
  MinConflicts(const Problem& p, const MinConflictsConfig& cfg, MinConflictsResult& out)
      : p_(p),
        cfg_(cfg),
        out_(out),
        r_(out.search),
        rng_(cfg.seed),
        start_(Clock::now()),
        state_(p, out.search.stats.constraint_checks),
        tracking_(cfg.tabu_tenure != 0 || cfg.restart_after != 0),
        tabu_(cfg.tabu_tenure) {}

  void run() {
    r_.status = Status::limit_reached;  // until something else is known
    if (set_up() && initial_assignment()) search();
    r_.stop = r_.status == Status::solved    ? StopReason::solution_cap
              : r_.status == Status::gave_up ? StopReason::step_limit
              : interrupted()                ? StopReason::interrupted
                                             : StopReason::time_limit;
    r_.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
  }

 private:
  bool set_up() {
    if (!state_.set_up(out_of_time_)) return false;
    if (cfg_.weighting) weights_.reset(static_cast<std::size_t>(p_.constraint_count()));
    return !out_of_time();
  }

  // Restart: the empty assignment, fresh counters, weights 1, no tabu pair, then a new greedy start.
  bool restart() {
    ++out_.restarts;
    if (!state_.reset(out_of_time_)) return false;
    if (cfg_.weighting) weights_.reset(static_cast<std::size_t>(p_.constraint_count()));
    tabu_.clear();
    total_ = 0;
    best_total_ = 0;
    return initial_assignment();
  }

  // Givens first, then each variable in turn takes a value with the fewest conflicts with those before it.
  bool initial_assignment() {
    for (VarId x = 0; x < p_.variable_count(); ++x)
      if (!state_.movable(x)) state_.set(x, p_.variable(x).value(p_.initial_domain(x).min()));
    for (VarId x = 0; x < p_.variable_count(); ++x) {
      if (state_.current().is_assigned(x)) continue;
      if (out_of_time()) return false;
      state_.set(x, greedy_value(x));
    }
    return true;
  }

  void search() {
    std::uint64_t since_best = 0;  // steps since the least number of conflicts of this start was last lowered
    for (std::uint64_t step = 0;;) {
      const std::vector<VarId>& conflicted = state_.conflicted();
      if (conflicted.empty()) {  // no movable variable in conflict: a solution, unless givens clash
        if (p_.is_solution(state_.current())) {
          r_.status = Status::solved;
          r_.solutions.push_back(state_.current());
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
      if (cfg_.restart_after != 0 && since_best >= cfg_.restart_after) {
        if (!restart()) return;  // out of time
        since_best = 0;
        continue;  // the new start may already be a solution
      }
      VarId x = conflicted[std::uniform_int_distribution<std::size_t>(0, conflicted.size() - 1)(rng_)];
      Value v = 0;
      if (cfg_.walk_probability > 0 && std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < cfg_.walk_probability) {
        v = random_value(x);
        ++out_.walk_steps;
      } else {
        v = best_value(x);
        if (cfg_.weighting && !improves_) v = breakout(x);
      }
      if (tracking_) total_ += delta_;
      if (cfg_.tabu_tenure != 0)  // x leaves its value: taking it back is tabu for a while
        tabu_.forbid(x, p_.variable(x).index_of(state_.current().value(x)), r_.stats.assignments);
      state_.set(x, v);
      ++step;
      ++r_.stats.assignments;
      if (total_ < best_total_) {
        best_total_ = total_;
        since_best = 0;
      } else {
        ++since_best;
      }
    }
  }

  // Random walk: a value of x drawn uniformly from its domain (rejection from its value indices; after 64 misses in
  // a sparse domain, a min-conflicts value instead).
  Value random_value(VarId x) {
    const Variable& var = p_.variable(x);
    const Domain& domain = p_.initial_domain(x);
    for (int t = 0; t < 64; ++t) {
      const int i = std::uniform_int_distribution<int>(0, var.size() - 1)(rng_);
      if (!domain.contains(i)) continue;
      if (tracking_) delta_ = state_.conflicts_of(x, var.value(i)) - state_.conflicts_of(x, state_.current().value(x));
      return var.value(i);
    }
    return best_value(x);
  }

  // The greedy start for x: a min-conflicts value, uniform among the values in no conflict when there are any.
  // Such values all lie in the smallest proposal set of x's counters (or in x's domain when none keeps one): a set
  // of at most kEnumerateAtMost values is scored whole, else up to max(kInitialTries, d / 256) values are drawn from
  // it and the first in no conflict is taken (uniform among them too); otherwise every value is scored.
  Value greedy_value(VarId x) {
    const Variable& var = p_.variable(x);
    if (var.size() <= kScanAtMost) return best_value(x);
    const Domain& domain = p_.initial_domain(x);
    const ConflictCounter* source = nullptr;
    int source_pos = 0;
    std::size_t size = static_cast<std::size_t>(var.size());
    for (const Arc& arc : state_.arcs(x)) {
      const ConflictCounter& counter = state_.counter(arc);
      const std::size_t n = counter.proposal_count(arc.pos);
      if (n != 0 && (source == nullptr || n < size)) {
        source = &counter;
        source_pos = arc.pos;
        size = n;
      }
    }
    auto candidate = [&](std::size_t k, int& i) {  // k-th value of the source, as a value index of x's domain
      Value v = 0;
      i = source == nullptr ? static_cast<int>(k) : source->proposal(source_pos, k, v) ? var.index_of(v) : -1;
      return i >= 0 && domain.contains(i);
    };
    if (size <= kEnumerateAtMost) {
      free_values_.clear();
      for (std::size_t k = 0; k < size; ++k) {
        int i = -1;
        if (candidate(k, i) && state_.in_no_conflict(x, var.value(i))) free_values_.push_back(i);
      }
      if (!free_values_.empty())
        return var.value(free_values_[std::uniform_int_distribution<std::size_t>(0, free_values_.size() - 1)(rng_)]);
    } else {
      const std::size_t tries = std::max<std::size_t>(kInitialTries, static_cast<std::size_t>(var.size()) / 256);
      for (std::size_t t = 0; t < tries; ++t) {
        int i = -1;
        if (candidate(static_cast<std::size_t>(rng_() % size), i) && state_.in_no_conflict(x, var.value(i)))
          return var.value(i);
      }
    }
    return best_value(x);
  }

  // Every value of x scored: counts_ (conflicts), and weighted_ (weighted conflicts) with `weighting`.
  void score_values(VarId x) {
    const Variable& var = p_.variable(x);
    if (cfg_.weighting) return weights_.score(state_, var, x, counts_, weighted_);
    counts_.assign(static_cast<std::size_t>(var.size()), 0);
    for (const Arc& arc : state_.arcs(x)) state_.ask(arc).add_conflicts(state_.current(), arc.pos, var, counts_);
  }

  // A value of x with the fewest conflicts (weighted with `weighting`), ties broken uniformly at random: every
  // constraint on x scores all of x's values through its counter, then one random draw among the best. With tabu,
  // the values tabu for x are skipped unless they beat the least number of conflicts seen (aspiration), or unless
  // every value is tabu.
  Value best_value(VarId x) {
    score_values(x);
    const Variable& var = p_.variable(x);
    const auto score = [&](int i) -> std::int64_t {
      return cfg_.weighting ? weighted_[static_cast<std::size_t>(i)] : counts_[static_cast<std::size_t>(i)];
    };
    const bool assigned = state_.current().is_assigned(x);
    const int now = assigned && (tracking_ || cfg_.weighting) ? var.index_of(state_.current().value(x)) : -1;
    tabu_.tabu_for(x, r_.stats.assignments, tabu_now_);
    const auto allowed = [&](int i) {
      if (std::find(tabu_now_.begin(), tabu_now_.end(), i) == tabu_now_.end()) return true;
      return total_ + counts_[static_cast<std::size_t>(i)] - counts_[static_cast<std::size_t>(now)] < best_total_;
    };
    const Domain& domain = p_.initial_domain(x);
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    std::int64_t best_any = std::numeric_limits<std::int64_t>::max();
    std::size_t ties = 0;
    domain.for_each([&](int i) {
      const std::int64_t c = score(i);
      best_any = std::min(best_any, c);
      if (!tabu_now_.empty() && !allowed(i)) return;
      if (c < best) {
        best = c;
        ties = 1;
      } else if (c == best) {
        ++ties;
      }
    });
    const bool ignore_tabu = ties == 0;  // every value tabu
    if (ignore_tabu) {
      best = best_any;
      domain.for_each([&](int i) { ties += score(i) == best ? 1 : 0; });
    } else if (best_any < best) {
      ++out_.tabu_rejections;
    }
    improves_ = now >= 0 && best < score(now);
    std::size_t pick = std::uniform_int_distribution<std::size_t>(0, ties - 1)(rng_);
    int chosen = -1;
    for (int i = domain.min(); i >= 0; i = domain.next(i)) {
      if (score(i) == best && (ignore_tabu || tabu_now_.empty() || allowed(i)) && pick-- == 0) {
        chosen = i;
        break;
      }
    }
    delta_ = now >= 0 ? counts_[static_cast<std::size_t>(chosen)] - counts_[static_cast<std::size_t>(now)] : 0;
    return var.value(chosen);
  }

  // Breakout (Morris 1993) when x cannot lower its score: the other conflicted variables are scored in turn (from a
  // random one on); the first that can lower its own score moves instead (its variable is written to x). When none
  // can, the assignment is a local minimum of the weighted score: every violated constraint (on a conflicted
  // variable) weighs one more, and x is scored again with the new weights. Cost: O(conflicted variables) scorings at
  // a local minimum.
  Value breakout(VarId& x) {
    const std::vector<VarId>& conflicted = state_.conflicted();
    const std::size_t k = conflicted.size();
    const std::size_t from = std::uniform_int_distribution<std::size_t>(0, k - 1)(rng_);
    for (std::size_t j = 0; j < k; ++j) {
      const VarId y = conflicted[(from + j) % k];
      if (y == x) continue;
      const Value v = best_value(y);
      if (improves_) {
        x = y;
        return v;
      }
    }
    ++out_.weight_increases;
    weights_.raise_violated(state_);
    return best_value(x);
  }

  bool out_of_time() const {
    if (interrupted()) return true;
    return cfg_.limits.time_limit.count() != 0 && Clock::now() - start_ >= cfg_.limits.time_limit;
  }
  bool interrupted() const {
    return cfg_.limits.interrupt != nullptr && cfg_.limits.interrupt->load(std::memory_order_relaxed);
  }

  const Problem& p_;
  const MinConflictsConfig& cfg_;
  MinConflictsResult& out_;
  SearchResult& r_;
  std::mt19937_64 rng_;
  Clock::time_point start_;
  const std::function<bool()> out_of_time_ = [this] { return out_of_time(); };
  ConflictState state_;
  std::vector<int> counts_;       // conflicts per value index of the variable being scored
  std::vector<int> free_values_;  // value indices in no conflict (greedy start)
  // Variants.
  bool tracking_;                       // tabu or restarts: keep total_ (conflicts relative to the start)
  std::int64_t total_ = 0;              // unweighted conflicts now, minus those of the start
  std::int64_t best_total_ = 0;         // the least total_ since the start
  detail::ConstraintWeights weights_;   // breakout's (weighting)
  std::vector<std::int64_t> weighted_;  // weighted conflicts per value index (weighting)
  detail::TabuList tabu_;               // the last tabu_tenure moves
  std::vector<int> tabu_now_;           // value indices tabu for the variable being scored
  bool improves_ = false;               // the last best_value found a value scoring less than the current one
  std::int64_t delta_ = 0;              // unweighted conflicts the last value chosen adds (tracking_)
};

}  // namespace

MinConflictsResult min_conflicts_run(const Problem& problem, const MinConflictsConfig& config) {
  if (!(config.walk_probability >= 0.0 && config.walk_probability <= 1.0))
    throw std::invalid_argument("min_conflicts: walk_probability must be in [0, 1]");
  MinConflictsResult result;
  MinConflicts(problem, config, result).run();
  result.search.stats.restarts = result.restarts;  // the Statistics counter too (ablation columns, --stats)
  return result;
}

SearchResult min_conflicts(const Problem& problem, const MinConflictsConfig& config) {
  return min_conflicts_run(problem, config).search;
}

}  // namespace csp
