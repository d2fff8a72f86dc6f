// SolverConfig: every choice of a backtracking run, by stable name, so an ablation is a flag.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/stats/statistics.hpp"
#include "csp/strategy/registry.hpp"

namespace csp {

class SearchObserver;

/// What a running search reports to SolverConfig::on_progress: its counters so far and its best objective.
struct Progress {
  /// The counters so far; elapsed_us is the time since the run started (microseconds).
  Statistics stats;
  /// Solutions found so far (under branch and bound: improving solutions).
  std::uint64_t solutions = 0;
  /// Branch and bound (csp::optimize, RunSpec::objective): the objective value of the best solution so far; empty
  /// before the first one and in a satisfaction search.
  std::optional<long long> objective;
  /// True when this report follows a solution (an improved bound under branch and bound), false for a report
  /// every SolverConfig::progress_interval.
  bool improved = false;
};

/// A combination of two options that SolverConfig::validate or RunSpec::validate refuses. `first()` and `second()`
/// are the two fields by name ("learning", "backjumping"); what() names both with their values, e.g. "learning 5
/// needs backjumping cbj (...)", so a front end can put its own option names in their place (the csp program:
/// "--learning 5 needs --backjump cbj (...)").
class OptionConflictError : public Error {
 public:
  OptionConflictError(std::string first, std::string second, const std::string& message)
      : Error(message), first_(std::move(first)), second_(std::move(second)) {}
  const std::string& first() const { return first_; }
  const std::string& second() const { return second_; }

 private:
  std::string first_;
  std::string second_;
};

/// The configuration of `backtracking_search`. The defaults are the engine's generic default, chosen by measurement
/// (bench/LOG.md, "One default for every command"): dom-wdeg + natural + mac, no restarts; user models, FlatZinc
/// (csp fzn, csp.msc) and Python's Problem start from it, each model of the catalogue from its own
/// (csp/models/model_defaults.hpp). The textbook baseline (AIMA Fig. 6.5: static order, ascending values, no inference)
/// is the preset `SolverConfig::textbook()`. The orderings are a registry name ("mrv") or a callable with the
/// registered strategies' signature (`config.variable_ordering = my_heuristic;`, or
/// `Strategy<VariableOrdering>(my_heuristic, "largest-domain")` to name it in reports); the inference is a name.
/// `validate()` checks them.
struct SolverConfig {
  /// A name from variable_orderings() (first, mrv, degree, mrv-degree, dom-wdeg) or a VariableOrdering callable.
  Strategy<VariableOrdering> variable_ordering = "dom-wdeg";
  /// A name from value_orderings() (natural, lcv) or a ValueOrdering callable.
  Strategy<ValueOrdering> value_ordering = "natural";
  std::string inference = "mac";  ///< a name from inferences(): none, fc, mac
  bool ac3_preprocess = false;    ///< run AC-3 on every arc once before search
  /// Run PC-2 (csp/propagation/pc2.hpp, AIMA §6.2.3) on the binary constraints once before search, then AC-3: the
  /// search runs on the problem with PC-2's pruned domains and tightened relations. PC-2's pair revisions count as
  /// `revisions`, its pair tests as `constraint_checks`, the values it removes as `values_pruned`. The search
  /// throws Pc2TooLargeError when the problem is above PC-2's size limits (kPc2MaxVariables, kPc2MaxPairs).
  bool pc2_preprocess = false;

  /// How a node branches: "d-way" (the default; one child per value of the chosen variable, AIMA Fig. 6.5) or
  /// "binary" (two children: x = v, then x != v, which is propagated by the inference at the node's level before a
  /// variable is chosen again; MiniZinc's int_search as Gecode runs it, Schulte & Carlsson, "Finite domain
  /// constraint programming systems", Handbook of Constraint Programming 2006, §14.3.3). The refutation x != v runs
  /// the inference as if x's domain changed (fc: x's constraints revise their unassigned variables once; mac: to the
  /// fixpoint); a wipe-out there is a failure. With the same orderings both visit the same solutions; binary lets
  /// MRV-like orderings switch variables after each refutation. "split" bisects instead (MiniZinc's indomain_split):
  /// while x has two values or more, x <= m then x > m with m = min + (max - min) / 2 of x's current values, each
  /// propagated, the variable chosen again after each; x is assigned once one value is left (so a variable of d
  /// values costs about log2 d decisions before its assignment; each decision counts as one of
  /// Statistics::assignments, the nodes). "reverse-split" tries x > m first (indomain_reverse_split). The value
  /// ordering is not used while a split decision is made. validate() refuses binary and the splits with
  /// backjumping cbj (whose conflict sets are kept per d-way node), and the splits with an observer (their decisions
  /// are not assignments: a trace or a tree could not show them).
  std::string branching = "d-way";
  /// Assign a variable left with one value as soon as the inference leaves it so, without a search decision (as
  /// constraint solvers treat a fixed variable as assigned, Gecode's and MiniZinc's "nodes"); false (the default)
  /// keeps AIMA's search, where every variable is assigned by a decision, one node each, single values included.
  /// Only with an inference that filters domains (fc, mac, ...; ignored with "none") and without backjumping cbj.
  /// These assignments are not decisions: not counted in Statistics::assignments (nor backtracks), not shown to
  /// the observer; forward checking runs from each (a wipe-out there is a failure of the node). csp fzn sets it.
  /// The solutions are the same; the tree's decisions too, except that dom/wdeg, whose weights count constraints
  /// with two unassigned variables, then sees the fixed variables as assigned.
  bool assign_fixed = false;

  /// "none" (chronological backtracking, Fig. 6.5) or "cbj": conflict-directed backjumping (AIMA §6.3.3), with
  /// inference none (conflict sets from the constraints that reject values), fc (forward checking supplies the
  /// conflict sets, Prosser's FC-CBJ) or mac (each propagate that prunes or fails is explained by the levels of its
  /// constraint's scope, Prosser's MAC-CBJ); validate() refuses it with any other inference. Counts of all
  /// solutions stay exact: after a solution the search backs up chronologically. With restarts each run starts from
  /// the root with empty conflict sets (they describe one run's path).
  std::string backjumping = "none";
  /// Constraint learning (AIMA §6.3.3), with backjumping "cbj" only: at each dead end whose conflict set has at most
  /// this many variables, the assignment of those variables is recorded as a nogood and checked (inference none)
  /// or propagated as a unit rule (fc) for the rest of the search, across restarts too (a nogood is a fact about the
  /// problem, not about one run). 0 = off. At most 2^20 nogoods are kept per search.
  std::size_t learning = 0;

  /// Stop after this many solutions; 0 = find (count) all. 1 finds one; 2 tells a unique solution from several.
  std::uint64_t max_solutions = 1;
  /// Keep at most this many solutions in the result (the rest are only counted). Unset (the default) keeps every
  /// solution found, so with max_solutions = 0 set a bound when the count may be large (each kept solution costs
  /// one value per variable); 0 keeps none (count only).
  std::optional<std::uint64_t> keep_solutions;
  /// Projected counting: when not empty, solutions that give the same values to these variables are one solution
  /// (counted, kept and passed to on_solution once: the first found), so max_solutions counts distinct
  /// projections. Each distinct assignment of them that extends to a full solution counts once (MiniZinc's
  /// output-variable semantics). Duplicates in the list are ignored; an unknown id throws Error. The search backs
  /// up past every node whose subtree can only repeat the projected values just found, so hidden variables do not
  /// multiply the enumeration. Works with every ordering, inference, restart strategy, backjumping and learning.
  std::vector<VarId> projection;
  /// Node and time limits, and the interrupt flag.
  StopCondition limits;
  /// Optional hooks for tracing; must outlive the run.
  SearchObserver* observer = nullptr;
  /// Optional: called on every solution (an assignment that reads by name too: `a["NT"]`); return false to stop
  /// the search. Such a stop (before max_solutions is reached) ends the run with status limit_reached and
  /// complete = false: the count is no longer exact.
  std::function<bool(const Assignment&)> on_solution;

  // restarts
  /// Restart strategy, a name from restart_strategies() (csp/search/restarts.hpp): "none", "luby" (cutoffs restart_base * 1, 1, 2, 1, 1, 2,
  /// 4, ..., Luby, Sinclair & Zuckerman 1993) or "geometric" (restart_base * restart_factor^k, Walsh 1999). A run
  /// stops after its cutoff in failures (dead ends), undoes to the root and starts again with the next cutoff;
  /// dom/wdeg weights and learned nogoods (learning, with backjumping "cbj") are kept across restarts, CBJ's
  /// conflict sets start empty. The cutoffs grow without bound, so search stays complete. After the first solution
  /// no more restarts happen: the rest of a count (max_solutions != 1) is the remaining tree of that run, so counts
  /// stay exact. Without seed, dom-wdeg or learning every run repeats the same tree.
  std::string restarts = "none";
  std::uint64_t restart_base =
      100;                      ///< failures before the first restart (the Luby unit, the geometric first cutoff); >= 1
  double restart_factor = 1.5;  ///< geometric growth of the cutoff; > 1
  /// 0: ties broken by order (deterministic, the documented tie rules); otherwise seeded random tie-breaking among
  /// equally good variables (mrv, degree, mrv-degree, dom-wdeg) and values (lcv), and the seed of the "random"
  /// value ordering. The same seed gives the same search on every platform (std::mt19937_64, own uniform draw).
  std::uint64_t seed = 0;

  // progress
  /// Optional: called from the thread running the search after each solution that on_solution accepted (under
  /// branch and bound each improved bound, Progress::objective set, Progress::improved true), and, when
  /// progress_interval is not 0, about every progress_interval of search (improved false; checked every 16
  /// values tried, so a node that propagates for longer than the interval delays it). For long runs: `csp fzn -s`
  /// prints each improvement's nodes and time, `--progress` a line every few seconds. Must not throw.
  std::function<void(const Progress&)> on_progress;
  /// How often on_progress reports while the search runs; 0 (the default): only after solutions.
  std::chrono::milliseconds progress_interval{0};

  /// The one place of the rules between these fields. Throws UnknownNameError (listing the valid names) when a
  /// strategy name is not registered; OptionConflictError for cbj with an inference other than none, fc and mac
  /// ("backjumping", "inference"), binary branching with cbj ("branching", "backjumping"), learning without cbj
  /// ("learning", "backjumping"), restart_base 0 or
  /// restart_factor not above 1 with restarts ("restart_base" / "restart_factor", "restarts").
  void validate() const;
  /// The textbook baseline, one named preset: AIMA Fig. 6.5's plain backtracking (static variable order "first",
  /// ascending values "natural", no inference "none"), the configuration of the seeds' call counts. Every other
  /// field as in SolverConfig{}.
  static SolverConfig textbook() {
    SolverConfig c;
    c.variable_ordering = "first";
    c.value_ordering = "natural";
    c.inference = "none";
    return c;
  }
  /// Whether a run keeps its n-th solution (1-based): n <= keep_solutions, or always when it is unset.
  bool keeps(std::uint64_t n) const { return !keep_solutions || n <= *keep_solutions; }
};

/// "var=mrv val=natural inference=mac ac3=off max_solutions=1" (the strategy part of a config, for reports); a
/// callable ordering appears under the name given with it ("custom" by default). " backjump=cbj" and
/// " learning=N" follow only when they are not the defaults.
std::string to_string(const SolverConfig& config);

/// Canonical names, checked against the registries (throw UnknownNameError listing the valid names).
std::string parse_variable_ordering(const std::string& name);
std::string parse_value_ordering(const std::string& name);
std::string parse_inference(const std::string& name);
/// "none" or "cbj"; throws UnknownNameError listing them for any other name.
std::string parse_backjumping(const std::string& name);
/// "d-way", "binary", "split" or "reverse-split" (SolverConfig::branching); throws UnknownNameError listing them for
/// any other name.
std::string parse_branching(const std::string& name);
/// A name from restart_strategies() ("none", "luby", "geometric"); throws UnknownNameError listing them otherwise.
std::string parse_restarts(const std::string& name);

}  // namespace csp
