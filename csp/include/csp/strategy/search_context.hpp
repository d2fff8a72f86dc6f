// SearchContext: what a heuristic or an inference sees of a running backtracking search.
#pragma once

#include <cstdint>
#include <memory>
#include <random>

#include "csp/core/store.hpp"

namespace csp {

/// The running search as strategies see it: the store (domains, assignment, statistics) and whether inference
/// keeps domains filtered. Strategies read it; only inferences change domains (through the store).
class SearchContext {
 public:
  /// `filtered`: true when an inference (forward checking, MAC) keeps the domains of unassigned variables
  /// consistent with the assignment; false for inference "none".
  SearchContext(Store& store, bool filtered)
      : store_(&store), filtered_(filtered), candidates_{0, store.problem().variable_count(), false} {}

  Store& store() { return *store_; }
  const Store& store() const { return *store_; }
  const Problem& problem() const { return store_->problem(); }
  const Assignment& assignment() const { return store_->assignment(); }
  bool domains_filtered() const { return filtered_; }

  /// Set by search before calling the inference: did the decision x = v shrink x's domain? (When it did not, x
  /// was already a single value and MAC's fixpoint still holds.)
  void set_decision_shrank_domain(bool shrank) { decision_shrank_domain_ = shrank; }
  bool decision_shrank_domain() const { return decision_shrank_domain_; }

  /// The unassigned variable with the smallest id, or -1 when every variable is assigned. Amortised O(1) per call
  /// along a search path: a cursor below which every variable is assigned moves forward, and search moves it back
  /// with `note_unassigned` when it retracts a value.
  VarId first_unassigned();
  /// Called by search after it removed x from the assignment (keeps `first_unassigned`'s cursor a lower bound).
  void note_unassigned(VarId x) {
    if (x < first_free_) first_free_ = x;
  }

  /// The variables a variable ordering chooses among, as MiniCP's `firstFail(x)` and Gecode's
  /// `branch(home, x, INT_VAR_SIZE_MIN(), ...)` choose among x: the ids [begin, end), every variable of the
  /// problem by default. A phase of a MiniZinc search annotation (int_search, bool_search) narrows them to its own
  /// variables around the call of its ordering (CandidateScope). Every built-in ordering chooses among them; an
  /// ordering of your own used in such a phase must too (the phase checks its answer).
  struct Candidates {
    VarId begin = 0;
    VarId end = 0;
    /// With filtered domains, a candidate left with a single value counts as fixed, as in solvers that treat it
    /// as assigned (Gecode, MiniZinc's "nodes"): it is chosen before any other (the smallest such id) without
    /// ranking, so a phase never ranks the many auxiliary variables propagation has fixed.
    bool fixed_first = false;
  };
  const Candidates& candidates() const { return candidates_; }
  /// True when the candidates are every variable, without fixed_first (the default, and the common case).
  bool all_candidates() const { return all_candidates_; }
  /// Narrows (or widens) the candidates; `begin` and `end` are clamped to the problem's ids.
  void set_candidates(Candidates c);
  /// The unassigned candidate with the smallest id, or -1 when every candidate is assigned (first_unassigned()
  /// when the candidates are every variable).
  VarId first_candidate();
  /// Sets the candidates for its lifetime and restores the previous ones on exit (also when an exception leaves).
  class CandidateScope {
   public:
    CandidateScope(SearchContext& ctx, Candidates c) : ctx_(ctx), saved_(ctx.candidates()) { ctx.set_candidates(c); }
    ~CandidateScope() { ctx_.set_candidates(saved_); }
    CandidateScope(const CandidateScope&) = delete;
    CandidateScope& operator=(const CandidateScope&) = delete;

   private:
    SearchContext& ctx_;
    Candidates saved_;
  };

  /// Is "x = value with index i" consistent with the current assignment (AIMA §6.3)? Counts one constraint check
  /// per constraint on x that is asked (it stops at the first violated one).
  bool is_consistent(VarId x, int i) { return violated_constraint(x, i) == nullptr; }
  /// The same check, naming its result: the first constraint on x (in `Problem::constraints_of(x)` order) that
  /// "x = value with index i" violates with the current assignment, or null when it is consistent.
  const Constraint* violated_constraint(VarId x, int i);
  /// The number of legal values left for unassigned x (MRV's measure): its domain size when domains are filtered,
  /// otherwise the number of domain values consistent with the assignment (counting constraint checks;
  /// each check is reported to Store::tick, so a long count stops being exact once `store().interrupted()`).
  int remaining_values(VarId x) { return filtered_ ? store_->domain(x).size() : count_legal_values(x); }
  /// The degree heuristic's measure: the number of constraints on x that involve another unassigned variable.
  int dynamic_degree(VarId x) const;

  /// Seeds the run's random choices (SolverConfig::seed, set by search): 0 keeps the orderings' deterministic tie
  /// rules; any other seed breaks ties between equally good variables or values at random.
  void set_seed(std::uint64_t seed) {
    seed_ = seed;
    rng_.seed(seed);
  }
  /// Whether ties are broken at random (a seed other than 0 was set).
  bool random_ties() const { return seed_ != 0; }
  /// A uniform draw in [0, n) for n >= 1 from the run's std::mt19937_64 (rejection sampling, so the same
  /// sequence on every platform, unlike std::uniform_int_distribution).
  std::uint64_t uniform(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: draws below it would favour small results
    for (;;) {
      const std::uint64_t r = rng_();
      if (r >= threshold) return r % n;
    }
  }
  /// Reservoir sampling over ties: call for the k-th equally good candidate seen (k >= 2); true with probability
  /// 1/k, when it should replace the one kept. Each of k candidates is then kept with probability 1/k.
  bool take_tie(std::uint64_t k) { return uniform(k) == 0; }

  /// State a strategy keeps across the calls of one run (dom/wdeg's running weighted degrees), empty at the start
  /// of each run; one strategy owns it (the type behind it is that strategy's business).
  std::shared_ptr<void>& strategy_state() { return strategy_state_; }

 private:
  int count_legal_values(VarId x);

  Store* store_;
  bool filtered_;
  bool decision_shrank_domain_ = true;
  VarId first_free_ = 0;  // every variable with a smaller id is assigned
  std::uint64_t seed_ = 0;
  std::mt19937_64 rng_{0};
  std::shared_ptr<void> strategy_state_;
  // Last, so that the members above keep the offsets a plugin built before them reads (CSP_PLUGIN_ABI_VERSION).
  Candidates candidates_;
  bool all_candidates_ = true;
};

}  // namespace csp
