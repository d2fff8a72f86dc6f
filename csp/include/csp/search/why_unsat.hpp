// Why a problem has no solution: a minimal unsatisfiable subset (MUS) of its named parts (constraints, domain
// restrictions such as a puzzle's givens), found with the solver as the oracle. QuickXplain (Junker, "QuickXplain:
// preferred explanations and relaxations for over-constrained problems", AAAI 2004) narrows the parts down in
// O(k log(n/k)) checks for k parts kept of n; a deletion pass then confirms each kept part by a solution of the others
// (Marques-Silva's deletion-based MUS extraction). AIMA 4th ed. §6.3.3 names the idea: a conflict set.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "csp/search/solve.hpp"

namespace csp {

/// When the run specification sets no node limit, each check after the first (the whole model's) stops after
/// max(kMinCheckNodes, kCheckNodeFactor x the first check's assignments) and answers unknown: a relaxation can be far
/// harder to decide than the model (one proved without a decision had relaxations that searched for minutes), and an answer
/// that comes is worth more than a minimality that does not. `node_limit` set: that limit for every check.
inline constexpr std::uint64_t kMinCheckNodes = 10000;
inline constexpr std::uint64_t kCheckNodeFactor = 10;

/// What one check of a subset of parts found.
enum class Verdict {
  satisfiable,    ///< a solution was found (and checked)
  unsatisfiable,  ///< a complete search proved there is none
  unknown         ///< a limit stopped the search first
};

/// "satisfiable", "unsatisfiable", "unknown".
std::string to_string(Verdict v);

/// The answer of `minimal_unsatisfiable_subset` and `why_unsat`.
struct UnsatCore {
  /// unsatisfiable: `parts` with the background is proved unsatisfiable. satisfiable: all the parts together have a
  /// solution (`parts` is empty). unknown: a limit stopped the check of all the parts (`parts` is empty).
  Verdict verdict = Verdict::unknown;
  /// The indices of the parts kept, ascending (empty unless `verdict` is unsatisfiable; empty then too when the
  /// background alone has no solution).
  std::vector<int> parts;
  /// True when each kept part was shown to be needed: the background and the other kept parts have a solution
  /// (found and checked). False when a limit left a check unanswered: `parts` is still proved unsatisfiable, but may
  /// hold a part more than needed.
  bool minimal = false;
  /// How many subsets were checked (solver runs; a check skipped once the time was up or an interrupt came is not
  /// counted by `why_unsat`).
  std::uint64_t checks = 0;
};

/// The checker of a subset: is the background with the parts `kept` (indices ascending) satisfiable? A check that
/// must stop (time, interrupt) answers Verdict::unknown, which the search reads as "maybe satisfiable": it then
/// keeps a part it could not show to be redundant, so the answer stays unsatisfiable and only `minimal` is lost.
using SubsetCheck = std::function<Verdict(const std::vector<int>& kept)>;

/// A minimal unsatisfiable subset of the parts 0..n-1 under `check`: first all n (not unsatisfiable: the answer has
/// that verdict and no parts), then QuickXplain over the order 0..n-1 (with an exact checker, of the conflicts it
/// finds one whose last part comes as early as any conflict allows), then the deletion pass. With an exact checker `parts` is minimal: dropping any one
/// part leaves a satisfiable subset. Throws Error when n < 0; what `check` throws passes through.
UnsatCore minimal_unsatisfiable_subset(int n, const SubsetCheck& check);

/// One part of a model a why-unsat question may take away: constraints and domain restrictions under one name.
struct ModelPart {
  std::string name;                       ///< how the answer prints it: "x != y", "x = 5", "model.fzn:14"
  std::vector<ConstraintId> constraints;  ///< taken away: each replaced by one that holds (Problem::relax_constraint)
  std::vector<VarId> restrictions;        ///< taken away: each variable's domain is all its values again
};

/// The default parts of `problem`: each constraint alone, named by its name ("constraint #ID" when it has none), in
/// order of addition, then, when `domains` is true, each variable whose initial domain is restricted
/// (Problem::is_restricted), named "X = v" for one value left, else "X in {a, b, c}" (at most 8 values shown, then
/// "...") or "X in lo..hi" when the values left are an interval of more than 8.
std::vector<ModelPart> model_parts(const Problem& problem, bool domains = true);

/// Why `problem` has no solution: a minimal unsatisfiable subset of `parts` (minimal_unsatisfiable_subset), each
/// subset checked by csp::solve on a copy of `problem` without the parts left out. What no part names is the
/// background, always kept. `spec` chooses the search of every check (orderings, inference, restarts...) and its
/// limits: `search.limits.time_limit` bounds the whole question (each check gets what is left), `node_limit` each
/// check (when 0, the checks after the first get kMinCheckNodes / kCheckNodeFactor), `interrupt` stops it; its objective, projection, observer, callbacks and `verify` are not used (a
/// relaxation is no longer the model `verify` checks; each solution is checked by Problem::is_solution of the
/// relaxation). Throws Error for a part naming an unknown constraint or variable, or a constraint or variable named
/// by two parts, and what RunSpec::validate throws; an algorithm that proves nothing (min-conflicts) is refused.
UnsatCore why_unsat(const Problem& problem, const std::vector<ModelPart>& parts, const RunSpec& spec = {});

/// why_unsat(problem, model_parts(problem), spec).
UnsatCore why_unsat(const Problem& problem, const RunSpec& spec = {});

/// Searches the background with the parts `kept` (ascending) under `each`, the run specification of one check.
using SubsetSearch = std::function<SearchResult(const std::vector<int>& kept, const RunSpec& each)>;

/// The general form, for models that build their relaxations themselves (a FlatZinc model built again from its
/// items): a minimal unsatisfiable subset of the parts 0..n-1, each check a run of `search`. A run that found a
/// solution answers satisfiable, one that proved none unsatisfiable, any other unknown. `spec` is read as above: the
/// search of every check and its limits (the time limit bounds the whole question); `each` has no objective,
/// projection, observer, callbacks nor `verify`, and asks for one solution. Throws Error for min-conflicts; what
/// `search` throws passes through.
UnsatCore why_unsat(int n, const SubsetSearch& search, const RunSpec& spec = {});

}  // namespace csp
