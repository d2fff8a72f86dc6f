// BACKTRACKING-SEARCH, AIMA 4th ed. Fig. 6.5.
//
//   function BACKTRACK(csp, assignment) returns a solution or failure
//     if assignment is complete then return assignment
//     var <- SELECT-UNASSIGNED-VARIABLE(csp, assignment)
//     for each value in ORDER-DOMAIN-VALUES(csp, var, assignment) do
//       if value is consistent with assignment then
//         add {var = value} to assignment
//         inferences <- INFERENCE(csp, var, assignment)
//         if inferences != failure then
//           result <- BACKTRACK(csp, assignment)
//           if result != failure then return result
//         remove {var = value} and inferences from assignment
//     return failure
//
// Here "inferences" live in the store's domains and are removed by undoing the trail. With an inference that
// filters domains (fc, mac) the consistency test is implied by the filtering, so it is skipped.
#include "csp/search/backtracking.hpp"

#include <chrono>

#include "csp/core/store.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/search_observer.hpp"

namespace csp {

std::string to_string(Status s) {
  switch (s) {
    case Status::solved: return "solved";
    case Status::unsatisfiable: return "unsatisfiable";
    case Status::limit_reached: return "limit-reached";
    case Status::gave_up: return "gave-up";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

class Backtracker {
 public:
  Backtracker(const Problem& problem, const SolverConfig& config, SearchResult& result)
      : config_(config),
        result_(result),
        store_(problem, result.stats, config.observer),
        select_(variable_orderings().get(config.variable_ordering).fn),
        order_(value_orderings().get(config.value_ordering).fn),
        infer_(inferences().get(config.inference).fn),
        ctx_(store_, config.inference != "none"),
        start_(Clock::now()) {
    order_stack_.reserve(static_cast<std::size_t>(problem.variable_count()) * 4);
  }

  void run() {
    if (root()) search(0);
    Statistics& s = result_.stats;
    s.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
    result_.complete = !stopped_by_limit_;
    if (stopped_by_limit_) {
      result_.status = Status::limit_reached;
    } else {
      result_.status = result_.solution_count > 0 ? Status::solved : Status::unsatisfiable;
    }
  }

 private:
  enum class Outcome { go_on, stop };

  // Givens, optional AC-3, root inference. False when the problem is already inconsistent.
  bool root() {
    const Problem& p = store_.problem();
    Assignment& a = store_.assignment();
    for (VarId x = 0; x < p.variable_count(); ++x) {
      const Domain& d = store_.domain(x);
      if (!d.is_singleton()) continue;
      if (!ctx_.domains_filtered() && !ctx_.is_consistent(x, d.min())) return false;
      a.assign(x, store_.value(x, d.min()));
    }
    if (config_.ac3_preprocess && !ac3(store_).consistent) return false;
    return infer_(ctx_, -1);
  }

  bool limit_hit() {
    const StopCondition& lim = config_.limits;
    if (lim.node_limit != 0 && result_.stats.assignments >= lim.node_limit) return stopped_by_limit_ = true;
    if (lim.time_limit.count() != 0 && (result_.stats.assignments & 63U) == 0 &&
        Clock::now() - start_ >= lim.time_limit)
      return stopped_by_limit_ = true;
    return false;
  }

  Outcome solution_found() {
    const Assignment& a = store_.assignment();
    ++result_.solution_count;
    ++result_.stats.solutions;
    if (result_.solutions.size() < config_.keep_solutions) result_.solutions.push_back(a);
    if (config_.observer != nullptr) config_.observer->on_solution(store_, a);
    if (config_.on_solution && !config_.on_solution(a)) return Outcome::stop;
    if (config_.max_solutions != 0 && result_.solution_count >= config_.max_solutions) return Outcome::stop;
    return Outcome::go_on;
  }

  Outcome search(int depth) {
    Assignment& a = store_.assignment();
    if (a.is_complete()) return solution_found();
    const VarId x = select_(ctx_);
    if (x < 0) return solution_found();  // a custom ordering may decide that nothing is left
    // The value order of this node lives on order_stack_[base, end): one buffer for the whole run, read by
    // index because deeper nodes push onto it.
    order_(ctx_, x, scratch_);
    const std::size_t base = order_stack_.size();
    order_stack_.insert(order_stack_.end(), scratch_.begin(), scratch_.end());
    const std::size_t end = order_stack_.size();
    Outcome outcome = Outcome::go_on;
    for (std::size_t k = base; k < end && outcome == Outcome::go_on; ++k) {
      outcome = try_value(x, order_stack_[k], depth);
    }
    order_stack_.resize(base);
    return outcome;
  }

  // One iteration of the book's loop: if consistent, add x = value i, infer, recurse; then undo.
  Outcome try_value(VarId x, int i, int depth) {
    if (!ctx_.domains_filtered() && !ctx_.is_consistent(x, i)) return Outcome::go_on;
    if (limit_hit()) return Outcome::stop;
    Assignment& a = store_.assignment();
    Statistics& s = result_.stats;
    const Trail::Mark mark = store_.mark();
    const Value v = store_.value(x, i);
    ++s.assignments;
    if (static_cast<std::uint64_t>(depth + 1) > s.max_depth) s.max_depth = static_cast<std::uint64_t>(depth + 1);
    a.assign(x, v);
    if (config_.observer != nullptr) config_.observer->on_assign(store_, x, v, depth + 1);
    ctx_.set_decision_shrank_domain(!store_.domain(x).is_singleton());
    if (store_.assign(x, i, nullptr) && infer_(ctx_, x)) {
      if (search(depth + 1) == Outcome::stop) return Outcome::stop;  // the run ends here: no need to undo
    }
    ++s.backtracks;
    if (config_.observer != nullptr) config_.observer->on_backtrack(store_, x, v, depth + 1);
    store_.undo_to(mark);
    a.unassign(x);
    return Outcome::go_on;
  }

  const SolverConfig& config_;
  SearchResult& result_;
  Store store_;
  const VariableOrdering& select_;
  const ValueOrdering& order_;
  const Inference& infer_;
  SearchContext ctx_;
  Clock::time_point start_;
  bool stopped_by_limit_ = false;
  std::vector<int> scratch_;      // filled by the value ordering
  std::vector<int> order_stack_;  // the value orders of the nodes on the current path
};

}  // namespace

SearchResult backtracking_search(const Problem& problem, const SolverConfig& config) {
  config.validate();
  SearchResult result;
  Backtracker(problem, config, result).run();
  return result;
}

}  // namespace csp
