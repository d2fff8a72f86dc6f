// csp::solve: every algorithm through one entry point, the typed stop reason, the checks, projected counting.
#include "csp/search/solve.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include "csp/graph/tree_solver.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

RunSpec counting(std::uint64_t max_solutions = 0) {
  RunSpec spec;
  spec.search.variable_ordering = "mrv";
  spec.search.inference = "fc";
  spec.search.max_solutions = max_solutions;
  spec.search.keep_solutions = 0;
  return spec;
}

TEST(Solve, EightQueensCountIsCompleteAndExact) {
  const RunResult r = solve(models::n_queens(8), counting());
  EXPECT_EQ(r.solution_count, 92U);
  EXPECT_EQ(r.stop, StopReason::complete);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.algorithm, "backtracking");
}

TEST(Solve, ACappedCountSaysSo) {
  const RunResult r = solve(models::n_queens(8), counting(10));
  EXPECT_EQ(r.solution_count, 10U);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.stop, StopReason::solution_cap);
}

TEST(Solve, ACapAboveTheCountIsComplete) {
  const RunResult r = solve(models::n_queens(6), counting(100));
  EXPECT_EQ(r.solution_count, 4U);
  EXPECT_EQ(r.stop, StopReason::complete);
}

TEST(Solve, UnsatisfiableIsACompleteProof) {
  const RunResult r = solve(models::n_queens(3), counting(1));
  EXPECT_EQ(r.status, Status::unsatisfiable);
  EXPECT_EQ(r.stop, StopReason::complete);
}

TEST(Solve, NodeLimit) {
  RunSpec spec = counting();
  spec.search.limits.node_limit = 50;
  const RunResult r = solve(models::n_queens(10), spec);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_EQ(r.stop, StopReason::node_limit);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.assignments, 50U);
}

TEST(Solve, TimeLimit) {
  RunSpec spec = counting();
  spec.search.limits.time_limit = std::chrono::milliseconds(20);
  const RunResult r = solve(models::n_queens(30), spec);  // billions of solutions: never done in 20 ms
  EXPECT_EQ(r.stop, StopReason::time_limit);
  EXPECT_EQ(r.status, Status::limit_reached);
}

TEST(Solve, InterruptFromAnotherThread) {
  std::atomic<bool> stop{false};
  RunSpec spec = counting();
  spec.search.limits.interrupt = &stop;
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    stop = true;
  });
  const RunResult r = solve(models::n_queens(30), spec);
  raiser.join();
  EXPECT_EQ(r.stop, StopReason::interrupted);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_GT(r.solution_count, 0U);  // the partial count and statistics are kept
  EXPECT_GT(r.stats.assignments, 0U);
}

TEST(Solve, InterruptRaisedBeforeTheStartStopsAtOnce) {
  std::atomic<bool> stop{true};
  for (const char* algorithm : {"backtracking", "min-conflicts"}) {
    RunSpec spec;
    spec.algorithm = algorithm;
    spec.local.max_steps = 100000000;
    spec.search.limits.interrupt = &stop;
    const RunResult r = solve(models::n_queens(200), spec);
    EXPECT_EQ(r.stop, StopReason::interrupted) << algorithm;
  }
}

TEST(Solve, CallbackStop) {
  RunSpec spec = counting();
  int seen = 0;
  spec.search.on_solution = [&](const Assignment&) { return ++seen < 3; };
  const RunResult r = solve(models::n_queens(8), spec);
  EXPECT_EQ(seen, 3);
  EXPECT_EQ(r.stop, StopReason::callback);
  EXPECT_FALSE(r.complete);
}

TEST(Solve, AWrongSolutionStopsTheRunAndSaysWhy) {
  RunSpec spec = counting();
  spec.verify = [](const Assignment& a) { return a.value(0) == 1 ? std::string() : "queen 0 not in row 1"; };
  bool called = false;
  spec.search.on_solution = [&](const Assignment& a) {
    called = true;
    EXPECT_EQ(a.value(0), 1);  // only checked solutions get here
    return true;
  };
  const RunResult r = solve(models::n_queens(8), spec);
  EXPECT_EQ(r.stop, StopReason::wrong_solution);
  EXPECT_EQ(r.wrong, "queen 0 not in row 1");
  EXPECT_TRUE(called);
}

TEST(Solve, MinConflictsStepLimitAndSolution) {
  RunSpec spec;
  spec.algorithm = "min-conflicts";
  spec.local.max_steps = 1000;
  const RunResult gave_up = solve(models::n_queens(3), spec);
  EXPECT_EQ(gave_up.status, Status::gave_up);
  EXPECT_EQ(gave_up.stop, StopReason::step_limit);
  spec.local.max_steps = 100000;
  const Problem q = models::n_queens(50);
  const RunResult solved = solve(q, spec);
  EXPECT_EQ(solved.status, Status::solved);
  EXPECT_EQ(solved.stop, StopReason::solution_cap);
  EXPECT_TRUE(q.is_solution(solved.solution()));
  ASSERT_FALSE(solved.algorithm_counters.empty());
  EXPECT_EQ(solved.algorithm_counters.front().first, "steps");
}

TEST(Solve, TreeAndCutsetByName) {
  const Problem australia = models::map_coloring(models::australia(), 3);
  RunSpec spec;
  spec.algorithm = "cutset";
  const RunResult c = solve(australia, spec);
  EXPECT_EQ(c.status, Status::solved);
  EXPECT_TRUE(australia.is_solution(c.solution()));
  ASSERT_EQ(c.algorithm_counters.size(), 2U);
  EXPECT_EQ(c.algorithm_counters[0], (std::pair<std::string, std::uint64_t>("cutset_size", 1)));  // {SA}
  spec.algorithm = "tree";
  try {
    solve(australia, spec);
    FAIL() << "a cycle must be refused";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the constraint graph is not a tree or forest: it has a cycle: "),
              std::string::npos)
        << e.what();
  }
}

// Status is a view of StopReason (status_of) and `complete` of is_complete, for every algorithm and every way a
// run ends through csp::solve: a wrong solution or a refusing callback is never "solved", also for the methods
// that find one solution (their solution is checked after they return).
TEST(Solve, StatusIsAViewOfTheStopReason) {
  const Problem queens = models::n_queens(6);     // 4 solutions
  const Problem queens20 = models::n_queens(20);  // min-conflicts solves it at once
  const Problem australia = models::map_coloring(models::australia(), 3);
  std::vector<std::pair<std::string, RunResult>> runs;
  for (const std::string algorithm : {"backtracking", "min-conflicts", "cutset"}) {
    const Problem& p = algorithm == "cutset" ? australia : algorithm == "min-conflicts" ? queens20 : queens;
    RunSpec spec;
    spec.algorithm = algorithm;
    runs.emplace_back(algorithm + " plain", solve(p, spec));
    RunSpec wrong = spec;
    wrong.verify = [](const Assignment&) { return std::string("rejected by the test"); };
    runs.emplace_back(algorithm + " wrong", solve(p, wrong));
    RunSpec refused = spec;
    refused.search.on_solution = [](const Assignment&) { return false; };
    runs.emplace_back(algorithm + " callback", solve(p, refused));
  }
  RunSpec limited = counting();
  limited.search.limits.node_limit = 5;
  runs.emplace_back("node limit", solve(queens, limited));
  runs.emplace_back("count", solve(queens, counting()));
  runs.emplace_back("cap", solve(queens, counting(2)));
  runs.emplace_back("unsatisfiable", solve(models::n_queens(3), counting()));
  RunSpec steps;
  steps.algorithm = "min-conflicts";
  steps.local.max_steps = 50;
  runs.emplace_back("step limit", solve(models::n_queens(3), steps));
  std::set<StopReason> stops;
  for (const auto& [name, r] : runs) {
    stops.insert(r.stop);
    EXPECT_EQ(r.status, status_of(r.stop, r.solution_count)) << name << ": " << to_string(r.stop);
    if (r.algorithm != "min-conflicts") {
      EXPECT_EQ(r.complete, is_complete(r.stop)) << name;
    }
    if (r.stop == StopReason::wrong_solution || r.stop == StopReason::callback) {
      EXPECT_NE(r.status, Status::solved) << name;
      EXPECT_FALSE(r.complete) << name;
    }
  }
  EXPECT_EQ(runs[1].second.stop, StopReason::wrong_solution);  // backtracking wrong
  EXPECT_EQ(runs[4].second.stop, StopReason::wrong_solution);  // min-conflicts wrong
  EXPECT_EQ(runs[5].second.stop, StopReason::callback);        // min-conflicts callback
  EXPECT_EQ(runs[7].second.stop, StopReason::wrong_solution);  // cutset wrong
  EXPECT_EQ(runs[8].second.stop, StopReason::callback);        // cutset callback
  EXPECT_EQ(stops.size(), 6U);  // complete, solution_cap, node_limit, step_limit, callback, wrong_solution
}

TEST(Solve, RefusalsNameBothSides) {
  RunSpec spec;
  spec.algorithm = "min-conflicts";
  spec.search.max_solutions = 0;
  EXPECT_THROW(solve(models::n_queens(4), spec), Error);
  spec = RunSpec();
  spec.algorithm = "simulated-annealing";
  EXPECT_THROW(solve(models::n_queens(4), spec), UnknownNameError);
  spec = RunSpec();
  spec.search.learning = 5;
  try {
    solve(models::n_queens(4), spec);
    FAIL();
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("learning"), std::string::npos) << m;
    EXPECT_NE(m.find("cbj"), std::string::npos) << m;
  }
}

TEST(Solve, Optimisation) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 9);
  const VarId y = p.add_variable("y", 1, 9);
  p.add_linear({x, y}, {1, 1}, LinearOp::eq, 10);
  p.add_linear({x, y}, {1, -1}, LinearOp::ge, 3);  // x - y >= 3
  RunSpec spec;
  spec.objective = Objective{y, Sense::maximize};
  spec.search.inference = "fc";
  const RunResult r = solve(p, spec);
  EXPECT_EQ(r.stop, StopReason::complete);
  ASSERT_TRUE(r.objective.has_value());
  EXPECT_EQ(*r.objective, 3);  // x = 7, y = 3
}

// ---- projected counting against brute force ------------------------------------------------------------------

std::set<std::vector<Value>> projected_oracle(const Problem& p, const std::vector<VarId>& on) {
  std::set<std::vector<Value>> out;
  for (const test_support::Tuple& t : test_support::all_solutions(p)) {
    std::vector<Value> key;
    for (VarId x : on) key.push_back(t[static_cast<std::size_t>(x)]);
    out.insert(key);
  }
  return out;
}

TEST(SolveProjection, RandomCspsAgainstBruteForce) {
  const char* orderings[] = {"first", "mrv", "dom-wdeg"};
  const char* inferences[] = {"none", "fc", "mac"};
  int checked = 0;
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    const test_support::RandomCsp csp = test_support::make_random_csp(seed);
    const Problem& p = csp.problem;
    std::vector<VarId> on;
    for (VarId x = 0; x < p.variable_count(); x += 2) on.push_back(x);  // every other variable
    const std::set<std::vector<Value>> expected = projected_oracle(p, on);
    for (const char* var : orderings)
      for (const char* inf : inferences) {
        RunSpec spec = counting();
        spec.search.variable_ordering = var;
        spec.search.inference = inf;
        spec.search.projection = on;
        spec.search.keep_solutions.reset();
        const RunResult r = solve(p, spec);
        ASSERT_EQ(r.solution_count, expected.size()) << "seed " << seed << " " << var << "/" << inf << "\n"
                                                     << csp.description;
        std::set<std::vector<Value>> got;
        for (const Assignment& a : r.solutions) {
          std::vector<Value> key;
          for (VarId x : on) key.push_back(a.value(x));
          got.insert(key);
        }
        EXPECT_EQ(got, expected) << "seed " << seed;
        EXPECT_EQ(r.stop, StopReason::complete);
        ++checked;
      }
  }
  EXPECT_EQ(checked, 150 * 9);
}

// With conflict-directed backjumping (and learning) too: a solution, new or a repeat of a projection, makes CBJ
// back up chronologically from it, so no jump skips a level whose subtree may hold another projection.
TEST(SolveProjection, WithBackjumpingAndLearning) {
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    const test_support::RandomCsp csp = test_support::make_random_csp(seed);
    const Problem& p = csp.problem;
    std::vector<VarId> on;
    for (VarId x = 0; x < p.variable_count(); x += 2) on.push_back(x);
    const std::set<std::vector<Value>> expected = projected_oracle(p, on);
    for (const char* var : {"first", "mrv", "dom-wdeg"})
      for (const char* inf : {"none", "fc", "mac"})
        for (std::size_t learning : {0, 3}) {
          RunSpec spec = counting();
          spec.search.variable_ordering = var;
          spec.search.inference = inf;
          spec.search.projection = on;
          spec.search.backjumping = "cbj";
          spec.search.learning = learning;
          const RunResult r = solve(p, spec);
          ASSERT_EQ(r.solution_count, expected.size())
              << "seed " << seed << " " << var << "/" << inf << " learning " << learning << "\n"
              << csp.description;
        }
  }
}

TEST(SolveProjection, CappedProjectedCount) {
  // 4 queens on 6x6? Use 6-queens (4 solutions) projected on the first queen: rows 2, 3, 4, 5 (1-based).
  const Problem q = models::n_queens(6);
  RunSpec spec = counting();
  spec.search.projection = {0};
  EXPECT_EQ(solve(q, spec).solution_count, 4U);
  spec.search.max_solutions = 2;
  const RunResult capped = solve(q, spec);
  EXPECT_EQ(capped.solution_count, 2U);
  EXPECT_EQ(capped.stop, StopReason::solution_cap);
}

TEST(SolveProjection, HiddenVariablesDoNotMultiplyTheWork) {
  // x in 1..2 and ten free hidden variables of 4 values: 2 * 4^10 full solutions, 2 projected ones.
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  for (int i = 0; i < 10; ++i) p.add_variable(std::string("h").append(std::to_string(i)), 1, 4);
  RunSpec spec = counting();
  spec.search.projection = {x};
  const RunResult r = solve(p, spec);
  EXPECT_EQ(r.solution_count, 2U);
  EXPECT_LT(r.stats.assignments, 40U);  // one path per projected value, not 4^10
}

TEST(SolveProjection, WithCbjSolveCountsEachProjectionOnce) {
  // x != y in 0..2 and a free hidden h in 0..1: 12 full solutions, 6 projected on {x, y}.
  Problem p;
  const VarId x = p.add_variable("x", 0, 2);
  const VarId y = p.add_variable("y", 0, 2);
  p.add_variable("h", 0, 1);
  p.add_not_equal(x, y);
  RunSpec spec = counting();
  spec.search.projection = {x, y};
  spec.search.backjumping = "cbj";
  spec.search.keep_solutions.reset();  // keep every one
  std::uint64_t seen = 0;
  spec.search.on_solution = [&](const Assignment&) {
    ++seen;
    return true;
  };
  const RunResult all = solve(p, spec);
  EXPECT_EQ(all.solution_count, 6U);
  EXPECT_EQ(all.stats.solutions, 6U);
  EXPECT_EQ(seen, 6U);  // on_solution sees each projection once
  EXPECT_EQ(all.solutions.size(), 6U);
  EXPECT_EQ(all.stop, StopReason::complete);
  spec.search.backjumping = "none";
  EXPECT_EQ(solve(p, spec).solution_count, 6U);  // the engine's projection agrees
  spec.search.backjumping = "cbj";
  spec.search.max_solutions = 4;  // the cap counts projections
  const RunResult four = solve(p, spec);
  EXPECT_EQ(four.solution_count, 4U);
  EXPECT_EQ(four.stop, StopReason::solution_cap);
  EXPECT_TRUE(four.complete);
  EXPECT_EQ(four.status, Status::solved);
}

TEST(SolveProjection, RefusedWithUnknownIds) {
  RunSpec spec = counting();
  spec.search.projection = {99};
  EXPECT_THROW(solve(models::n_queens(4), spec), Error);
  spec.search.backjumping = "cbj";
  EXPECT_THROW(solve(models::n_queens(4), spec), Error);
}

}  // namespace
}  // namespace csp
