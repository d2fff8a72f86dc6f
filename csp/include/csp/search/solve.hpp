// csp::solve: the one road from a run specification to a result, for every algorithm (backtracking with every
// option, branch and bound, min-conflicts, the tree solver, cutset conditioning).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/optimize.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solver_config.hpp"
#include "csp/strategy/registry.hpp"

namespace csp {

/// What to optimise: the variable whose value branch and bound makes least or greatest (csp/search/optimize.hpp).
struct Objective {
  VarId variable = -1;
  Sense sense = Sense::minimize;
  /// Optional: an incumbent shared with runs of the same problem on other threads (see `optimize`); the portfolio
  /// (csp/search/portfolio.hpp) sets it. Must outlive the run.
  std::atomic<long long>* shared_best = nullptr;
};

/// Everything a run needs besides the problem: the algorithm by name, its options, the limits, and what to check.
/// The same struct is filled by the C++ caller, by every command of the `csp` program (one option reader), by one
/// cell of an ablation grid, by the FlatZinc front end and by the Python module's keyword arguments.
struct RunSpec {
  /// A name from algorithms(): "backtracking" (AIMA Fig. 6.5 with every option of `search`; branch and bound when
  /// `objective` is set), "min-conflicts" (Fig. 6.8, options in `local`), and, when the program links csp::graph
  /// and includes <csp/graph/tree_solver.hpp>, "tree" (Fig. 6.11) and "cutset" (§6.5.1).
  std::string algorithm = "backtracking";
  /// Backtracking's choices (orderings, inference, restarts, backjumping, learning, projection, max_solutions,
  /// keep_solutions, observer, on_solution) and the limits of every algorithm: `search.limits.time_limit` and
  /// `search.limits.interrupt` stop any of them; `search.limits.node_limit` bounds backtracking's assignments and
  /// cutset conditioning's cutset assignments. `search.on_solution` sees only solutions that passed the checks.
  SolverConfig search;
  /// Min-conflicts' own options (max_steps, seed, walk, tabu, weighting, restart_after); its `limits` are ignored
  /// (`search.limits` apply).
  MinConflictsConfig local;
  /// Optimise instead of satisfy (backtracking only): the result is the proved optimum (StopReason::complete) or
  /// the best found before a limit.
  std::optional<Objective> objective;
  /// Check every solution against Problem::is_solution before it is counted (default). Turn off only when `verify`
  /// checks the whole answer by the model's rules (csp sudoku: every unit and every given, which no wrong grid
  /// passes), or to measure the search alone; `verify` runs either way.
  bool check_solutions = true;
  /// Optional: the model's own rules (e.g. a Sudoku's givens and units), "" when the solution obeys them, else why
  /// not. A solution that fails a check stops the run with StopReason::wrong_solution and RunResult::wrong.
  std::function<std::string(const Assignment&)> verify;

  /// The one place of the rules between options. Throws Error naming both sides of a refused combination:
  /// `search.validate()` (unknown names, cbj with an inference other than none / fc / mac, learning without cbj,
  /// restart parameters), an unknown algorithm (UnknownNameError listing algorithms()), a count
  /// (max_solutions other than 1), a projection or an objective with an algorithm other than backtracking, an
  /// objective that is not a variable of `problem`, cbj with an objective, and what the algorithm itself refuses
  /// for `problem` (tree: a constraint on three or more variables, or a cycle, named).
  void validate(const Problem& problem) const;
};

/// The outcome of `solve`: the SearchResult (status, stop reason, solutions, count, objective, statistics) and
/// the algorithm's own counters.
struct RunResult : SearchResult {
  /// The algorithm that ran (RunSpec::algorithm).
  std::string algorithm;
  /// Its own counters, in the order `--stats` prints them: min-conflicts "steps", "restarts", "walk_moves",
  /// "tabu_rejections", "weight_increases"; cutset "cutset_size", "cutset_assignments"; none for the others.
  std::vector<std::pair<std::string, std::uint64_t>> algorithm_counters;
  /// StopReason::wrong_solution: why the solution failed its check ("" otherwise).
  std::string wrong;
};

/// One registered algorithm: how to run it, and what it refuses (empty when it applies to the problem and spec).
struct Algorithm {
  std::function<RunResult(const Problem&, const RunSpec&)> run;
  std::function<std::string(const Problem&, const RunSpec&)> refusal;
  /// Can count and enumerate (max_solutions != 1) and count a projection (SolverConfig::projection): backtracking
  /// and lcg. An algorithm that counts or optimises calls search.on_solution on each of its solutions itself;
  /// `solve` checks the solutions of the others after the run.
  bool counts = false;
  bool optimises = false;  ///< takes an objective (branch and bound): backtracking and lcg
};

/// The algorithms `solve` knows by name, in --help order. "backtracking" and "min-conflicts" are always there;
/// csp::graph adds "tree" and "cutset" (register_graph_algorithms, called by including <csp/graph/tree_solver.hpp>).
/// A student's algorithm is one `add` (before any run starts).
Registry<Algorithm>& algorithms();

/// Solves `problem` as `spec` says: validates it (RunSpec::validate), runs the algorithm, checks every solution
/// once (Problem::is_solution when check_solutions, then RunSpec::verify) before `search.on_solution` sees it, and
/// reports why it stopped (RunResult::stop): complete, solution_cap, node_limit, time_limit, step_limit,
/// interrupted, callback or wrong_solution. Throws what validate() throws, and UnknownNameError / Error from the
/// strategies (a wrong answer from a user's ordering). Thread-safe for distinct runs on one Problem.
RunResult solve(const Problem& problem, const RunSpec& spec = {});

}  // namespace csp
