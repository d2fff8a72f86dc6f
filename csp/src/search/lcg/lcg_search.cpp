// Clause learning over domain literals (csp/search/lcg.hpp): propagation with a literal trail, 1-UIP analysis,
// learned clauses, VSIDS, phase saving, Luby restarts.
#include "csp/search/lcg.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "clause_database.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "implication_graph.hpp"
#include "literal_trail.hpp"
#include "reasons.hpp"
#include "search/projection.hpp"

namespace csp {

namespace detail::lcg {
namespace {

using Clock = std::chrono::steady_clock;

// Luby's sequence 1, 1, 2, 1, 1, 2, 4, ... (k from 0).
std::uint64_t luby(std::uint64_t k) {
  std::uint64_t size = 1;
  std::uint64_t power = 1;
  while (size < k + 1) {
    size = 2 * size + 1;
    power *= 2;
  }
  while (size - 1 != k) {
    size = (size - 1) / 2;
    power /= 2;
    k %= size;
  }
  return power;
}

class Search {
 public:
  // `objective` >= 0: branch and bound on that variable in direction `sense`.
  Search(const Problem& p, const SolverConfig& config, SearchResult& result, LearningCounters& counters,
         const LearnedClauseHook& on_learned, const ClauseBudget& budget, VarId objective, Sense sense)
      : p_(p),
        objective_(objective),
        sense_(sense),
        budget_(budget),
        config_(config),
        result_(result),
        counters_(counters),
        on_learned_(on_learned),
        store_(p, result.stats),
        trail_(p),
        clauses_(trail_),
        reasons_(p, trail_, clauses_, counters),
        queued_(static_cast<std::size_t>(p.constraint_count()), 0),
        activity_(static_cast<std::size_t>(p.variable_count()), 0.0),
        phase_(static_cast<std::size_t>(p.variable_count()), -1),
        projection_(ProjectionFilter(config.projection, p.variable_count()).ids()) {
    if (config.limits.time_limit.count() != 0) store_.set_deadline(start_ + config.limits.time_limit);
    store_.set_interrupt_flag(config.limits.interrupt);
  }

  void run();

 private:
  // ---- propagation
  // x's domain changed: its removals onto the trail (found among the indices from..to, to = -1: the last), its
  // constraints queued.
  void changed(VarId x, Reason reason, int ref, int start, int from = 0, int to = -1);
  void enqueue(ConstraintId c) {
    if (queued_[static_cast<std::size_t>(c)] != 0) return;
    queued_[static_cast<std::size_t>(c)] = 1;
    queue_.push_back(c);
  }
  void clear_queues();
  bool propagate();
  bool propagate_clauses();
  bool make_true(Lit l, int clause);
  // ---- analysis
  bool learn(bool conflict = true);
  std::string implication_graph(int top, int uip) {
    const std::string failed =
        failure_.reason == Reason::constraint ? p_.constraint(failure_.ref).name() : "learned clause";
    return lcg::implication_graph(p_, store_, trail_, reasons_, seen_, conflict_, failed, top, uip);
  }
  class Shown;
  // ---- search
  VarId choose_variable() const;
  void bump(VarId x);
  void backjump(int level);
  void stop(StopReason why);
  bool out_of_budget();
  bool solution();
  bool better_only(Value best);
  bool block();

  const Problem& p_;
  VarId objective_;
  Sense sense_;
  const ClauseBudget& budget_;
  const SolverConfig& config_;
  SearchResult& result_;
  LearningCounters& counters_;
  const LearnedClauseHook& on_learned_;
  Clock::time_point start_ = Clock::now();
  Store store_;
  LiteralTrail trail_;
  ClauseDatabase clauses_;
  Reasons reasons_;
  std::vector<Trail::Mark> marks_;  // marks_[k]: the store before the decision of level k + 1
  std::deque<ConstraintId> queue_;
  std::vector<char> queued_;
  std::vector<Lit> falsified_;  // literals made false, their watchers not yet visited
  std::size_t next_falsified_ = 0;
  Conflict failure_;
  std::vector<double> activity_;
  double increment_ = 1;
  std::vector<int> phase_;
  std::vector<char> seen_;
  std::vector<VarId> projection_;  // config.projection, each once (checked by ProjectionFilter)
  std::vector<int> events_;        // scratch
  std::vector<int> conflict_;      // the events of the conflict being analysed (for the picture)
  bool stopped_ = false;
};

// The clause shown to the hook; the picture is drawn only when asked for.
class Search::Shown final : public LearnedClause {
 public:
  Shown(Search& search, const std::vector<ClauseLiteral>& literals, int level, int back, int uip)
      : search_(search), literals_(literals), level_(level), back_(back), uip_(uip) {}
  std::span<const ClauseLiteral> literals() const override { return literals_; }
  int conflict_level() const override { return level_; }
  int backjump_level() const override { return back_; }
  std::string implication_graph() const override { return search_.implication_graph(level_, uip_); }

 private:
  Search& search_;
  const std::vector<ClauseLiteral>& literals_;
  int level_;
  int back_;
  int uip_;
};

void Search::changed(VarId x, Reason reason, int ref, int start, int from, int to) {
  const int n = trail_.sync(store_, x, reason, ref, start, falsified_, from, to);
  if (n == 0) return;
  if (trail_.known_size(x) == 1) phase_[static_cast<std::size_t>(x)] = store_.domain(x).min();
  for (const ConstraintId c : p_.constraints_of(x)) enqueue(c);
}

void Search::clear_queues() {
  for (const ConstraintId c : queue_) queued_[static_cast<std::size_t>(c)] = 0;
  queue_.clear();
  falsified_.clear();
  next_falsified_ = 0;
}

// Clauses first (cheap, as SAT solvers do), then one constraint at a time; a constraint is queued again after
// its own changes too, so at the fixpoint each has seen its scope's final domains (the Constraint contract then
// makes a full assignment a solution).
bool Search::propagate() {
  for (;;) {
    if (!propagate_clauses()) return false;
    if (queue_.empty()) return true;
    const ConstraintId c = queue_.front();
    queue_.pop_front();
    queued_[static_cast<std::size_t>(c)] = 0;
    if (store_.entailed(c)) continue;
    const Constraint& con = p_.constraint(c);
    const int start = trail_.size();
    if (!store_.propagate(con)) {
      if (store_.interrupted()) stop(store_.stopped_by_flag() ? StopReason::interrupted : StopReason::time_limit);
      failure_ = Conflict{Reason::constraint, c, start};
      return false;
    }
    for (const VarId y : con.scope())
      if (store_.domain(y).size() != trail_.known_size(y)) changed(y, Reason::constraint, c, start);
  }
}

bool Search::make_true(Lit l, int clause) {
  const bool ok = l.eq ? store_.assign(l.var, l.index, nullptr) : store_.remove(l.var, l.index, nullptr);
  if (!ok) return false;  // never: an undefined literal's value is in the domain, next to another
  changed(l.var, Reason::clause, clause, 0);
  return true;
}

// Two watched literals: each literal made false visits the clauses watching it; a clause finds another literal
// that is not false to watch, or is unit (its first literal is made true), or is false (a conflict).
bool Search::propagate_clauses() {
  while (next_falsified_ < falsified_.size()) {
    const Lit f = falsified_[next_falsified_++];
    std::vector<Watch>& ws = clauses_.watchers(f);
    std::size_t i = 0;
    std::size_t j = 0;
    bool ok = true;
    while (i < ws.size()) {
      const Watch w = ws[i++];
      if (trail_.value(w.blocker) == Truth::yes) {
        ws[j++] = w;
        continue;
      }
      const std::span<Lit> lits = clauses_.literals(w.clause);
      if (lits[0] == f) std::swap(lits[0], lits[1]);
      const Watch kept{w.clause, lits[0]};
      if (lits[0] != w.blocker && trail_.value(lits[0]) == Truth::yes) {
        ws[j++] = kept;
        continue;
      }
      bool moved = false;
      for (std::size_t m = 2; m < lits.size(); ++m)
        if (trail_.value(lits[m]) != Truth::no) {
          std::swap(lits[1], lits[m]);
          clauses_.watchers(lits[1]).push_back(kept);
          moved = true;
          break;
        }
      if (moved) continue;
      ws[j++] = kept;
      if (trail_.value(lits[0]) == Truth::no || !make_true(lits[0], w.clause)) {
        failure_ = Conflict{Reason::clause, w.clause, 0};
        ok = false;
        break;
      }
    }
    while (i < ws.size()) ws[j++] = ws[i++];
    ws.resize(j);
    if (!ok) return false;
  }
  return true;
}

// Conflict analysis to the first UIP. False when the conflict holds at level 0 (no solution, or none better than the
// last, or none not found yet) or when the deadline or the interrupt flag stopped the analysis (stopped_). A
// solution's blocking clause (`conflict` false) is analysed the same way without counting a conflict.
bool Search::learn(bool conflict) {
  if (conflict) {
    ++counters_.conflicts;
    ++result_.stats.failures;
  }
  if (failure_.reason == Reason::clause) clauses_.bump(failure_.ref);
  conflict_.clear();
  reasons_.conflict_events(failure_, conflict_);
  int top = 0;
  for (const int e : conflict_) top = std::max(top, trail_.event(e).level);
  if (top == 0) return false;
  if (top < trail_.level()) backjump(top);  // the failure already held at a lower level
  seen_.assign(static_cast<std::size_t>(trail_.size()), 0);
  std::vector<Lit> learnt{Lit{}};
  int open = 0;  // events of this level still to resolve
  const auto take = [&](int e) {
    const Event& ev = trail_.event(e);
    if (ev.level == 0 || seen_[static_cast<std::size_t>(e)] != 0) return;
    seen_[static_cast<std::size_t>(e)] = 1;
    bump(ev.var);
    if (ev.level == top)
      ++open;
    else
      learnt.push_back(negation(ev.lit()));
  };
  for (const int e : conflict_) take(e);
  int e = trail_.size();
  for (;;) {
    do --e;
    while (seen_[static_cast<std::size_t>(e)] == 0);
    if (--open == 0) break;
    const Event& ev = trail_.event(e);
    if (ev.reason == Reason::clause) clauses_.bump(ev.ref);
    events_.clear();
    reasons_.antecedents(e, events_);
    // A reason over a wide domain may hold many literals (a bound is the removal of every value beyond it): the
    // analysis counts as work against the deadline and the interrupt flag.
    if (!store_.tick(events_.size() + 1)) {
      stop(store_.stopped_by_flag() ? StopReason::interrupted : StopReason::time_limit);
      return false;
    }
    for (const int a : events_) take(a);
  }
  learnt[0] = negation(trail_.event(e).lit());
  // The asserting level: the highest of the other literals, whose one goes second (it is watched).
  int back = 0;
  std::size_t second = 0;
  for (std::size_t m = 1; m < learnt.size(); ++m) {
    events_.clear();
    trail_.falsifying_events(learnt[m], trail_.size(), events_);
    int level = 0;
    for (const int a : events_) level = std::max(level, trail_.event(a).level);
    if (level > back) {
      back = level;
      second = m;
    }
  }
  if (second > 1) std::swap(learnt[1], learnt[second]);
  if (on_learned_) {
    std::vector<ClauseLiteral> shown;
    for (const Lit& l : learnt) shown.push_back(ClauseLiteral{l.var, store_.value(l.var, l.index), l.eq});
    if (!on_learned_(Shown(*this, shown, top, back, e))) {
      stop(StopReason::callback);
      return false;
    }
  }
  counters_.learned_literals += learnt.size();
  ++counters_.learned_clauses;
  ++result_.stats.nogoods;
  counters_.backjump_levels += static_cast<std::uint64_t>(trail_.level() - back);
  if (trail_.level() - back > 1) ++result_.stats.backjumps;
  backjump(back);
  const Lit asserted = learnt[0];
  const ClauseRef id = clauses_.add(learnt);
  increment_ /= 0.95;
  clauses_.decay();
  make_true(asserted, id);
  return true;
}

void Search::bump(VarId x) {
  double& a = activity_[static_cast<std::size_t>(x)];
  a += increment_;
  if (a > 1e100) {
    for (double& other : activity_) other *= 1e-100;
    increment_ *= 1e-100;
  }
}

VarId Search::choose_variable() const {
  VarId best = -1;
  for (VarId x = 0; x < p_.variable_count(); ++x) {
    const int size = trail_.known_size(x);
    if (size <= 1) continue;
    if (best < 0) {
      best = x;
      continue;
    }
    const double a = activity_[static_cast<std::size_t>(x)];
    const double b = activity_[static_cast<std::size_t>(best)];
    if (a > b || (a == b && size < trail_.known_size(best))) best = x;
  }
  return best;
}

// Undoes the decisions above `level` (each counts as a backtrack, AIMA's undone assignment).
void Search::backjump(int level) {
  if (level >= trail_.level()) return;
  result_.stats.backtracks += static_cast<std::uint64_t>(trail_.level() - level);
  store_.undo_to(marks_[static_cast<std::size_t>(level)]);
  marks_.resize(static_cast<std::size_t>(level));
  trail_.backtrack_to(level);
  clear_queues();
}

void Search::stop(StopReason why) {
  if (stopped_) return;
  stopped_ = true;
  result_.stop = why;
}

bool Search::out_of_budget() {
  if (config_.limits.node_limit != 0 && result_.stats.assignments >= config_.limits.node_limit)
    stop(StopReason::node_limit);
  else if (!store_.tick())
    stop(store_.stopped_by_flag() ? StopReason::interrupted : StopReason::time_limit);
  return stopped_;
}

// A solution (every variable fixed at the fixpoint): counted, kept and told to config.on_solution (false stops the
// run). Without an objective the run ends with it. With one, branch and bound: the run goes back to level 0, where
// the values no better than this solution's leave the objective's domain. False when the run ends.
bool Search::solution() {
  Assignment a(p_);
  for (VarId y = 0; y < p_.variable_count(); ++y) a.assign(y, store_.value(y, store_.domain(y).min()));
  ++result_.solution_count;
  ++result_.stats.solutions;
  const bool go_on = !config_.on_solution || config_.on_solution(a);
  const Value best = objective_ >= 0 ? a.value(objective_) : 0;
  if (objective_ < 0) {
    if (config_.keeps(result_.solution_count)) result_.solutions.push_back(std::move(a));
    if (!go_on) {
      stop(StopReason::callback);
      return false;
    }
    if (config_.max_solutions != 0 && result_.solution_count >= config_.max_solutions) {
      stop(StopReason::solution_cap);
      return false;
    }
    return block();
  }
  result_.solutions.push_back(std::move(a));
  result_.objective = best;
  const std::uint64_t keep = std::max<std::uint64_t>(1, config_.keep_solutions.value_or(UINT64_MAX));
  if (result_.solutions.size() > keep) result_.solutions.erase(result_.solutions.begin());
  if (!go_on) {
    stop(StopReason::callback);
    return false;
  }
  return better_only(best);
}

// Counting: the solution just found is blocked by a clause that no later solution can falsify twice, then analysed
// as a conflict, which backjumps and asserts. Without a projection the clause is the negation of the decisions (with
// propagation they fixed every variable: only this solution meets them all); with one, the negation of the
// projection variables' values (no later solution repeats them: each projection is counted once). The clause is kept
// for the rest of the run. False when it holds at level 0: every solution was found.
bool Search::block() {
  std::vector<Lit> clause;
  if (projection_.empty()) {
    for (int k = trail_.level(); k >= 1; --k) clause.push_back(negation(trail_.event(trail_.decision_of(k)).lit()));
  } else {
    // Highest level first: the two watched literals are the last to have become false, as two watching needs.
    std::vector<std::pair<int, Lit>> by_level;
    for (const VarId x : projection_) {
      const Lit l{x, store_.domain(x).min(), false};
      events_.clear();
      trail_.falsifying_events(l, trail_.size(), events_);
      int level = 0;
      for (const int e : events_) level = std::max(level, trail_.event(e).level);
      by_level.emplace_back(level, l);
    }
    std::stable_sort(by_level.begin(), by_level.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (by_level.empty() || by_level.front().first == 0) return false;  // fixed at level 0: no other projection
    for (const auto& [level, l] : by_level) clause.push_back(l);
  }
  if (clause.empty()) return false;  // fixed at level 0: the only solution
  failure_ = Conflict{Reason::clause, clauses_.add(clause, true), 0};
  return learn(false);
}

// The bound of branch and bound after a solution whose objective value is `best`: back at level 0, the values not
// strictly better leave the objective's domain, as facts for the rest of the run (so each clause learned from then
// on is implied by the model and the bound; none learned before is lost: the bound only narrows). False when no
// value is left (the last solution is optimal).
bool Search::better_only(Value best) {
  backjump(0);
  const Variable& var = p_.variable(objective_);
  const Domain& d = store_.domain(objective_);
  // The values are ascending by index: the better ones are the indices below `cut` (minimize) or from it on.
  const int cut = var.index_of(best) + (sense_ == Sense::minimize ? 0 : 1);
  const bool none_left = sense_ == Sense::minimize ? cut <= d.min() : cut > d.max();
  if (none_left) return false;
  const int from = sense_ == Sense::minimize ? cut : d.min();
  const int to = sense_ == Sense::minimize ? d.max() : cut - 1;
  if (sense_ == Sense::minimize)
    store_.remove_above(objective_, cut - 1, nullptr);
  else
    store_.remove_below(objective_, cut, nullptr);
  changed(objective_, Reason::bound, -1, 0, from, to);
  return true;
}

void Search::run() {
  for (ConstraintId c = 0; c < p_.constraint_count(); ++c) enqueue(c);
  const std::uint64_t unit = std::max<std::uint64_t>(config_.restart_base, 1);
  std::uint64_t restart = 0;
  std::uint64_t budget = unit * luby(restart);
  std::uint64_t since_restart = 0;
  result_.stop = StopReason::complete;
  for (;;) {
    if (!propagate()) {
      if (stopped_) break;
      if (!learn()) break;  // proved: no (better) solution, or stopped
      if (++since_restart >= budget && trail_.level() > 0) {
        backjump(0);
        ++result_.stats.restarts;
        budget = unit * luby(++restart);
        since_restart = 0;
        if (static_cast<double>(clauses_.live()) >
            static_cast<double>(budget_.base) + budget_.per_conflict * static_cast<double>(counters_.conflicts))
          counters_.deleted_clauses += clauses_.reduce();
      }
      continue;
    }
    const VarId x = choose_variable();
    if (x < 0) {  // every variable fixed at the fixpoint
      if (!solution()) break;
      continue;
    }
    if (out_of_budget()) break;
    ++result_.stats.assignments;
    const int saved = phase_[static_cast<std::size_t>(x)];
    const int i = saved >= 0 && store_.domain(x).contains(saved) ? saved : store_.domain(x).min();
    marks_.push_back(store_.mark());
    const int d = trail_.decide(x, i);
    result_.stats.max_depth =
        std::max<std::uint64_t>(result_.stats.max_depth, static_cast<std::uint64_t>(trail_.level()));
    store_.assign(x, i, nullptr);
    changed(x, Reason::by_decision, d, 0);
  }
  result_.complete = is_complete(result_.stop);
  result_.status = status_of(result_.stop, result_.solution_count);
  result_.stats.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
}

}  // namespace
}  // namespace detail::lcg

std::string to_string(const Problem& problem, std::span<const ClauseLiteral> clause) {
  std::string out;
  for (const ClauseLiteral& l : clause) {
    if (!out.empty()) out += " or ";
    out += problem.variable(l.var).name() + (l.equal ? " = " : " != ") + std::to_string(l.value);
  }
  return out.empty() ? "false" : out;
}

SearchResult lcg_search(const Problem& problem, const SolverConfig& config, LearningCounters* counters,
                        const LearnedClauseHook& on_learned, const ClauseBudget& budget) {
  SearchResult result;
  LearningCounters local;
  detail::lcg::Search(problem, config, result, counters != nullptr ? *counters : local, on_learned, budget, -1,
                      Sense::minimize)
      .run();
  return result;
}

SearchResult lcg_optimize(const Problem& problem, VarId objective, Sense sense, const SolverConfig& config,
                          LearningCounters* counters, const LearnedClauseHook& on_learned, const ClauseBudget& budget) {
  if (objective < 0 || objective >= problem.variable_count())
    throw ModelError(std::string("lcg_optimize: objective ")
                         .append(std::to_string(objective))
                         .append(" is not a variable of the problem (it has ")
                         .append(std::to_string(problem.variable_count()))
                         .append(" variables)"));
  SearchResult result;
  LearningCounters local;
  detail::lcg::Search(problem, config, result, counters != nullptr ? *counters : local, on_learned, budget, objective,
                      sense)
      .run();
  return result;
}

}  // namespace csp
