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
//
// Variants (MinConflictsConfig; all off by default, and then no extra random number is drawn, so a run is the
// book's algorithm step for step): random walk (Selman, Kautz & Cohen 1994), tabu (Glover 1989), constraint
// weighting (breakout, Morris 1993) and restarts.
#include "csp/search/min_conflicts.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <limits>
#include <random>
#include <span>
#include <stdexcept>

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
  MinConflicts(const Problem& p, const MinConflictsConfig& cfg, MinConflictsResult& out)
      : p_(p),
        cfg_(cfg),
        out_(out),
        r_(out.search),
        rng_(cfg.seed),
        start_(Clock::now()),
        current_(p),
        tracking_(cfg.tabu_tenure != 0 || cfg.restart_after != 0) {}

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
  struct Arc {
    ConstraintId c;
    int pos;  // position of the variable in the constraint's scope
  };

  // Counters, and the arcs of each variable (its constraints with its position in each: O(1) instead of the
  // O(arity) `position_of`).
  bool set_up() {
    const int n = p_.variable_count();
    const ConstraintId m = p_.constraint_count();
    if (!make_counters()) return false;
    arc_start_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (ConstraintId c = 0; c < m; ++c)
      for (VarId x : p_.constraint(c).scope()) ++arc_start_[static_cast<std::size_t>(x) + 1];
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
    if (cfg_.weighting) weight_.assign(static_cast<std::size_t>(m), 1);
    return !out_of_time();
  }

  // One fresh counter per constraint (the empty assignment).
  bool make_counters() {
    const ConstraintId m = p_.constraint_count();
    counters_.clear();
    counters_.reserve(static_cast<std::size_t>(m));
    for (ConstraintId c = 0; c < m; ++c) {
      if (c % kSetupClockEvery == 0 && out_of_time()) return false;
      const Constraint& con = p_.constraint(c);
      std::unique_ptr<ConflictCounter> counter = con.make_conflict_counter(p_);
      if (!counter) counter = con.Constraint::make_conflict_counter(p_);  // an override declining: the default
      counters_.push_back(std::move(counter));
    }
    return true;
  }

  // Restart: the empty assignment, fresh counters, weights 1, no tabu pair, then a new greedy start.
  bool restart() {
    ++out_.restarts;
    current_ = Assignment(p_);
    if (!make_counters()) return false;
    std::fill(conflicted_in_.begin(), conflicted_in_.end(), 0);
    std::fill(where_.begin(), where_.end(), -1);
    conflicted_.clear();
    std::fill(weight_.begin(), weight_.end(), 1);
    tabu_.clear();
    total_ = 0;
    best_total_ = 0;
    return initial_assignment();
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
    std::uint64_t since_best = 0;  // steps since the least number of conflicts of this start was last lowered
    for (std::uint64_t step = 0;;) {
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
      if (cfg_.restart_after != 0 && since_best >= cfg_.restart_after) {
        if (!restart()) return;  // out of time
        since_best = 0;
        continue;  // the new start may already be a solution
      }
      VarId x = conflicted_[std::uniform_int_distribution<std::size_t>(0, conflicted_.size() - 1)(rng_)];
      Value v = 0;
      if (cfg_.walk_probability > 0 && std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < cfg_.walk_probability) {
        v = random_value(x);
        ++out_.walk_steps;
      } else {
        v = best_value(x);
        if (cfg_.weighting && !improves_) v = breakout(x);
      }
      if (tracking_) total_ += delta_;
      if (cfg_.tabu_tenure != 0) forbid_return(x);
      set(x, v);
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
      if (tracking_) delta_ = conflicts_of(x, var.value(i)) - conflicts_of(x, current_.value(x));
      return var.value(i);
    }
    return best_value(x);
  }

  // The conflicts of x = v with the current values of the others (unweighted), summed over x's constraints.
  std::int64_t conflicts_of(VarId x, Value v) {
    std::int64_t sum = 0;
    for (const Arc& arc : arcs(x)) {
      ++r_.stats.constraint_checks;
      sum += counters_[static_cast<std::size_t>(arc.c)]->conflicts(current_, arc.pos, v);
    }
    return sum;
  }

  // Tabu: x is about to leave its value; (x, that value) becomes tabu for tabu_tenure steps. The list holds the
  // last tabu_tenure moves, oldest first overwritten.
  void forbid_return(VarId x) {
    const TabuPair pair{x, p_.variable(x).index_of(current_.value(x)), r_.stats.assignments + 1 + cfg_.tabu_tenure};
    if (tabu_.size() < cfg_.tabu_tenure) {
      tabu_.push_back(pair);
    } else {
      tabu_[tabu_next_] = pair;
      tabu_next_ = (tabu_next_ + 1) % tabu_.size();
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

  // A value of x with the fewest conflicts (weighted with `weighting`), ties broken uniformly at random: every
  // constraint on x scores all of x's values through its counter, then one random draw among the best. With tabu,
  // the values tabu for x are skipped unless they beat the least number of conflicts seen (aspiration), or unless
  // every value is tabu.
  Value best_value(VarId x) {
    const Variable& var = p_.variable(x);
    const auto d = static_cast<std::size_t>(var.size());
    counts_.assign(d, 0);
    if (!cfg_.weighting) {
      for (const Arc& arc : arcs(x)) {
        ++r_.stats.constraint_checks;
        counters_[static_cast<std::size_t>(arc.c)]->add_conflicts(current_, arc.pos, var, counts_);
      }
    } else {
      weighted_.assign(d, 0);
      for (const Arc& arc : arcs(x)) {
        ++r_.stats.constraint_checks;
        raw_.assign(d, 0);
        counters_[static_cast<std::size_t>(arc.c)]->add_conflicts(current_, arc.pos, var, raw_);
        const std::int64_t w = weight_[static_cast<std::size_t>(arc.c)];
        for (std::size_t i = 0; i < d; ++i) {
          counts_[i] += raw_[i];
          weighted_[i] += w * raw_[i];
        }
      }
    }
    const auto score = [&](int i) -> std::int64_t {
      return cfg_.weighting ? weighted_[static_cast<std::size_t>(i)] : counts_[static_cast<std::size_t>(i)];
    };
    const bool assigned = current_.is_assigned(x);
    const int now = assigned && (tracking_ || cfg_.weighting) ? var.index_of(current_.value(x)) : -1;
    tabu_values(x);
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

  // The value indices tabu for x now, into tabu_now_.
  void tabu_values(VarId x) {
    tabu_now_.clear();
    for (const TabuPair& t : tabu_)
      if (t.x == x && t.until > r_.stats.assignments) tabu_now_.push_back(t.index);
  }

  // Breakout (Morris 1993) when x cannot lower its score: the other conflicted variables are scored in turn (from a
  // random one on); the first that can lower its own score moves instead (its variable is written to x). When none
  // can, the assignment is a local minimum of the weighted score: every violated constraint (on a conflicted
  // variable) weighs one more, and x is scored again with the new weights. Cost: O(conflicted variables) scorings at
  // a local minimum.
  Value breakout(VarId& x) {
    const std::size_t k = conflicted_.size();
    const std::size_t from = std::uniform_int_distribution<std::size_t>(0, k - 1)(rng_);
    for (std::size_t j = 0; j < k; ++j) {
      const VarId y = conflicted_[(from + j) % k];
      if (y == x) continue;
      const Value v = best_value(y);
      if (improves_) {
        x = y;
        return v;
      }
    }
    ++out_.weight_increases;
    ++stamp_;
    stamped_.resize(weight_.size(), 0);
    for (const VarId y : conflicted_) {
      const Value now = current_.value(y);
      for (const Arc& arc : arcs(y)) {
        auto& seen = stamped_[static_cast<std::size_t>(arc.c)];
        if (seen == stamp_) continue;
        ++r_.stats.constraint_checks;
        if (counters_[static_cast<std::size_t>(arc.c)]->conflicts(current_, arc.pos, now) > 0) {
          ++weight_[static_cast<std::size_t>(arc.c)];
          seen = stamp_;
        }
      }
    }
    return best_value(x);
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
    if (interrupted()) return true;
    return cfg_.limits.time_limit.count() != 0 && Clock::now() - start_ >= cfg_.limits.time_limit;
  }
  bool interrupted() const {
    return cfg_.limits.interrupt != nullptr && cfg_.limits.interrupt->load(std::memory_order_relaxed);
  }

  struct TabuPair {
    VarId x;
    int index;            // value index x left
    std::uint64_t until;  // tabu while fewer steps than this were made
  };

  const Problem& p_;
  const MinConflictsConfig& cfg_;
  MinConflictsResult& out_;
  SearchResult& r_;
  std::mt19937_64 rng_;
  Clock::time_point start_;
  Assignment current_;
  std::vector<std::unique_ptr<ConflictCounter>> counters_;  // per constraint
  std::vector<std::size_t> arc_start_;                      // arcs of x: arcs_[arc_start_[x] .. arc_start_[x+1])
  std::vector<Arc> arcs_;
  std::vector<char> movable_;       // per variable: not a given
  std::vector<int> conflicted_in_;  // per variable: constraints in which it is in conflict
  std::vector<VarId> conflicted_;   // the movable variables in conflict somewhere, in any order
  std::vector<int> where_;          // position of each in conflicted_, or -1
  std::vector<ConflictCounter::Change> changes_;
  std::vector<int> counts_;       // conflicts per value index of the variable being scored
  std::vector<int> free_values_;  // value indices in no conflict (greedy start)
  // Variants.
  bool tracking_;                       // tabu or restarts: keep total_ (conflicts relative to the start)
  std::int64_t total_ = 0;              // unweighted conflicts now, minus those of the start
  std::int64_t best_total_ = 0;         // the least total_ since the start
  std::vector<std::int64_t> weight_;    // per constraint (weighting)
  std::vector<std::int64_t> weighted_;  // weighted conflicts per value index (weighting)
  std::vector<int> raw_;                // one constraint's conflicts per value index (weighting)
  std::vector<TabuPair> tabu_;          // the last tabu_tenure moves
  std::size_t tabu_next_ = 0;           // the oldest entry of tabu_ once it is full
  std::vector<int> tabu_now_;           // value indices tabu for the variable being scored
  bool improves_ = false;               // the last best_value found a value scoring less than the current one
  std::int64_t delta_ = 0;              // unweighted conflicts the last value chosen adds (tracking_)
  std::vector<std::uint64_t> stamped_;  // per constraint: the local minimum at which its weight was last raised
  std::uint64_t stamp_ = 0;
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
