// Clause learning (csp/search/lcg.hpp): answers agree with the brute-force oracle, every learned clause is implied by
// the model, and the classic counts and proofs hold.
#include "csp/search/lcg.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/solve.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"
#include "support/sudoku_puzzles.hpp"

namespace csp {
namespace {

using Clause = std::vector<ClauseLiteral>;

bool satisfies(const test_support::Tuple& s, const Clause& clause) {
  return std::any_of(clause.begin(), clause.end(), [&](const ClauseLiteral& l) {
    return (s[static_cast<std::size_t>(l.var)] == l.value) == l.equal;
  });
}

// Runs lcg on p and checks it against the oracle: the status, the solution, and that every solution satisfies
// every learned clause. Returns the number of clauses checked.
std::uint64_t check_against_oracle(const Problem& p, const std::string& label, std::uint64_t restart_base = 100) {
  const std::vector<test_support::Tuple> solutions = test_support::all_solutions(p);
  std::vector<Clause> learned;
  SolverConfig c;
  c.restart_base = restart_base;
  LearningCounters counters;
  const SearchResult r = lcg_search(p, c, &counters, [&](const LearnedClause& l) {
    learned.emplace_back(l.literals().begin(), l.literals().end());
    return true;
  });
  EXPECT_TRUE(r.complete) << label;
  if (solutions.empty()) {
    EXPECT_EQ(r.status, Status::unsatisfiable) << label;
  } else {
    EXPECT_EQ(r.status, Status::solved) << label;
    if (r.status == Status::solved) {
      EXPECT_TRUE(p.is_solution(r.solution())) << label << ": " << p.why_not_solution(r.solution());
      const test_support::Tuple t = r.solution().values();
      EXPECT_TRUE(std::find(solutions.begin(), solutions.end(), t) != solutions.end()) << label;
    }
  }
  EXPECT_EQ(learned.size(), counters.learned_clauses) << label;
  EXPECT_EQ(r.stats.nogoods, counters.learned_clauses) << label;
  for (const Clause& clause : learned) {
    EXPECT_FALSE(clause.empty()) << label;
    for (const test_support::Tuple& s : solutions)
      EXPECT_TRUE(satisfies(s, clause)) << label << ": a learned clause excludes a solution";
  }
  return learned.size();
}

// n + 1 pigeons in n holes, pairwise different: no solution (the pigeonhole principle).
Problem pigeonhole(int n) {
  Problem p;
  std::vector<VarId> pigeons;
  for (int i = 0; i <= n; ++i) pigeons.push_back(p.add_variable(test_support::numbered("p", i), 1, n));
  for (std::size_t i = 0; i < pigeons.size(); ++i)
    for (std::size_t j = i + 1; j < pigeons.size(); ++j) p.add_not_equal(pigeons[i], pigeons[j]);
  return p;
}

TEST(Lcg, AgreesWithTheOracleAndLearnsOnlyImpliedClauses) {
  std::uint64_t clauses = 0;
  int unsat = 0;
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(400, 120)); ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    unsat += test_support::all_solutions(r.problem).empty() ? 1 : 0;
    clauses += check_against_oracle(r.problem, test_support::numbered("random ", seed), 1);
  }
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(150, 50)); ++seed)
    clauses += check_against_oracle(test_support::make_wide_random_csp(seed).problem,
                                    test_support::numbered("wide ", seed), 1);
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(120, 40)); ++seed) {
    const Problem p = test_support::phase_transition_csp(seed, 9, 4, 20, 6);
    unsat += test_support::all_solutions(p).empty() ? 1 : 0;
    clauses += check_against_oracle(p, test_support::numbered("phase transition ", seed), 1);
  }
  EXPECT_GT(unsat, 20);  // proofs are tested, not only solutions
  EXPECT_GT(clauses, static_cast<std::uint64_t>(test_support::sized(100, 30)));  // the sample learns: the checks test
}

// n queens in n rows, one variable per row: the same answers as the oracle, learned clauses implied, for n = 1..7
// (2 and 3 have no solution).
TEST(Lcg, QueensAnswersAndClauses) {
  for (int n = 1; n <= 7; ++n) {
    const Problem p = models::n_queens(n);
    check_against_oracle(p, std::to_string(n) + " queens", 2);
  }
}

// The pigeonhole principle: n + 1 pigeons in n holes, pairwise different, has no solution; learning proves it.
TEST(Lcg, ProvesThePigeonholePrinciple) {
  for (int n = 2; n <= 7; ++n) {
    const Problem p = pigeonhole(n);
    LearningCounters counters;
    const SearchResult r = lcg_search(p, SolverConfig{}, &counters);
    EXPECT_EQ(r.status, Status::unsatisfiable) << n;
    EXPECT_TRUE(r.complete) << n;
    EXPECT_EQ(counters.conflicts, r.stats.failures) << n;
    EXPECT_LE(r.stats.backtracks, r.stats.assignments) << n;  // decisions undone, each at most once
    if (n >= 3) {
      EXPECT_GE(r.stats.backtracks, counters.backjump_levels) << n;  // backjumps, and restarts besides
    }
    if (n == 7) {
      EXPECT_GT(counters.deleted_clauses, 0U) << "8 pigeons: the database is reduced (8,294 conflicts)";
    }
  }
}

// Random graphs of 12 vertices in 3 colours or 10 in 4 with a database of at most 2 clauses, reduced and packed at every
// restart (every conflict): the answers still agree with the oracle's, and the clauses learned after reductions
// still hold in every colouring.
TEST(Lcg, AgreesWithTheOracleWhileTheDatabaseIsReduced) {
  std::uint64_t deleted = 0;
  std::mt19937 rng(7);
  for (int round = 0; round < test_support::sized(30, 10); ++round) {
    Problem p;
    const int k = 3 + round % 2;
    const int n = k == 3 ? 12 : 10;
    for (int v = 0; v < n; ++v) p.add_variable(test_support::numbered("v", v), 1, k);
    for (VarId a = 0; a < n; ++a)
      for (VarId b = a + 1; b < n; ++b)
        if (rng() % 100 < (k == 3 ? 33U : 50U)) p.add_not_equal(a, b);
    const std::vector<test_support::Tuple> solutions = test_support::all_solutions(p);
    SolverConfig c;
    c.restart_base = 1;
    LearningCounters counters;
    bool all_hold = true;
    const SearchResult r = lcg_search(
        p, c, &counters,
        [&](const LearnedClause& l) {
          for (const test_support::Tuple& s : solutions)
            all_hold = all_hold && satisfies(s, Clause(l.literals().begin(), l.literals().end()));
          return true;
        },
        ClauseBudget{2, 0});
    EXPECT_TRUE(all_hold) << "round " << round << ": a learned clause excludes a colouring";
    EXPECT_EQ(r.status, solutions.empty() ? Status::unsatisfiable : Status::solved) << "round " << round;
    if (r.status == Status::solved) {
      EXPECT_TRUE(p.is_solution(r.solution())) << "round " << round;
    }
    deleted += counters.deleted_clauses;
  }
  EXPECT_GT(deleted, 100U);  // the reductions happen, so the checks above test them
}

// Two well-known hard puzzles (Arto Inkala's "world's hardest", 2012; "Easter monster") through csp::solve, which
// checks the solution against the rules.
TEST(Lcg, SolvesHardSudokusThroughSolve) {
  for (const std::string name : {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
                                 "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"}) {
    const models::Sudoku sudoku(test_support::grid_of(name));
    const Problem& p = sudoku.problem();
    RunSpec spec;
    spec.algorithm = "lcg";
    const RunResult r = solve(p, spec);
    ASSERT_EQ(r.status, Status::solved) << name;
    EXPECT_TRUE(p.is_solution(r.solution())) << name;
    EXPECT_EQ(r.algorithm_counters.front().first, "conflicts");
  }
}

// The pigeonhole principle with 3 pigeons in 2 holes: the first decision p0 = 1 leaves p1 and p2 with 2 each, and
// p1 != p2 fails. The learned clause is p0 != 1 (a unit: everything else is at level 0); the picture shows the
// decision as the UIP, the removals it caused, and the failed constraint.
TEST(Lcg, ShowsTheLearnedClauseAndItsImplicationGraph) {
  Problem p;
  const VarId a = p.add_variable("p0", 1, 2);
  const VarId b = p.add_variable("p1", 1, 2);
  const VarId c = p.add_variable("p2", 1, 2);
  p.add_not_equal(a, b);
  p.add_not_equal(a, c);
  p.add_not_equal(b, c);
  std::vector<std::string> clauses;
  std::string graph;
  const SearchResult r = lcg_search(p, SolverConfig{}, nullptr, [&](const LearnedClause& l) {
    clauses.push_back(to_string(p, l.literals()));
    if (graph.empty()) graph = l.implication_graph();
    EXPECT_EQ(l.conflict_level(), 1);
    EXPECT_EQ(l.backjump_level(), 0);
    return true;
  });
  EXPECT_EQ(r.status, Status::unsatisfiable);
  ASSERT_FALSE(clauses.empty());
  EXPECT_EQ(clauses.front(), "p0 != 1");
  EXPECT_NE(graph.find("digraph conflict"), std::string::npos);
  EXPECT_NE(graph.find("[label=\"p0 = 1 @1\", style=bold, peripheries=2, color=blue]"), std::string::npos) << graph;
  EXPECT_NE(graph.find("label=\"p1 != 1 @1\""), std::string::npos) << graph;
  EXPECT_NE(graph.find("shape=octagon, color=red"), std::string::npos) << graph;
  EXPECT_NE(graph.find("-> conflict;"), std::string::npos) << graph;
}

TEST(Lcg, AHookThatReturnsFalseStopsTheSearch) {
  const Problem p = pigeonhole(6);
  int calls = 0;
  const SearchResult r = lcg_search(p, SolverConfig{}, nullptr, [&](const LearnedClause&) { return ++calls < 3; });
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(r.stop, StopReason::callback);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_FALSE(r.complete);
}

// Branch and bound with learning against the oracle, for objective `obj` and `sense`: the optimum, its proof, each
// improving solution strictly better than the one before, and every clause learned before the optimum was found
// satisfied by every optimal solution (a clause is implied by the model and the bound in force, which every
// optimal solution meets until the optimum itself is found). Returns the number of clauses checked.
std::uint64_t check_optimum(const Problem& p, VarId obj, Sense sense, const std::string& label) {
  const std::vector<test_support::Tuple> solutions = test_support::all_solutions(p);
  const auto better = [&](Value a, Value b) { return sense == Sense::minimize ? a < b : a > b; };
  std::optional<Value> optimum;
  for (const test_support::Tuple& s : solutions)
    if (!optimum || better(s[static_cast<std::size_t>(obj)], *optimum)) optimum = s[static_cast<std::size_t>(obj)];
  std::vector<Clause> learned;
  std::vector<Value> improving;
  bool optimum_found = false;
  SolverConfig c;
  c.restart_base = 1;
  c.on_solution = [&](const Assignment& a) {
    EXPECT_TRUE(p.is_solution(a)) << label;
    if (!improving.empty()) {
      EXPECT_TRUE(better(a.value(obj), improving.back())) << label << ": not an improvement";
    }
    improving.push_back(a.value(obj));
    optimum_found = optimum_found || a.value(obj) == optimum;
    return true;
  };
  const SearchResult r = lcg_optimize(p, obj, sense, c, nullptr, [&](const LearnedClause& l) {
    if (!optimum_found) learned.emplace_back(l.literals().begin(), l.literals().end());
    return true;
  });
  EXPECT_TRUE(r.complete) << label;
  EXPECT_EQ(r.solution_count, improving.size()) << label;
  if (!optimum) {
    EXPECT_EQ(r.status, Status::unsatisfiable) << label;
    return learned.size();
  }
  EXPECT_EQ(r.status, Status::solved) << label;
  EXPECT_EQ(r.objective, optimum) << label;
  EXPECT_EQ(r.solutions.size(), improving.size()) << label;  // keep_solutions unset: every improving one
  if (!r.solutions.empty()) {
    EXPECT_EQ(r.solutions.back().value(obj), *optimum) << label;
  }
  for (const Clause& clause : learned)
    for (const test_support::Tuple& s : solutions)
      if (s[static_cast<std::size_t>(obj)] == *optimum) {
        EXPECT_TRUE(satisfies(s, clause)) << label << ": a clause learned before the optimum excludes an optimum";
      }
  return learned.size();
}

TEST(Lcg, BranchAndBoundFindsAndProvesTheOptimum) {
  std::uint64_t clauses = 0;
  int optimised = 0;
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(200, 60)); ++seed) {
    const test_support::RandomCsp r =
        seed % 2 == 0 ? test_support::make_random_csp(seed) : test_support::make_wide_random_csp(seed);
    const VarId last = r.problem.variable_count() - 1;
    for (const VarId obj : {VarId{0}, last})
      for (const Sense sense : {Sense::minimize, Sense::maximize}) {
        clauses += check_optimum(
            r.problem, obj, sense,
            test_support::numbered("random ", seed) + " " + to_string(sense) + " " + r.problem.variable(obj).name());
        ++optimised;
      }
  }
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(60, 20)); ++seed) {
    const Problem p = test_support::phase_transition_csp(seed, 9, 4, 20, 6);
    clauses += check_optimum(p, 4, Sense::maximize, test_support::numbered("phase transition ", seed));
  }
  EXPECT_GT(optimised, 100);
  EXPECT_GT(clauses, static_cast<std::uint64_t>(test_support::sized(50, 15)));  // the sample learns: the checks test
}

// Counting with blocking clauses against the oracle: every solution (or every projection onto `projection`) once,
// each a solution, the run complete. Returns the solutions counted.
std::uint64_t check_count(const Problem& p, const std::vector<VarId>& projection, const std::string& label) {
  std::set<test_support::Tuple> expected;
  for (const test_support::Tuple& s : test_support::all_solutions(p)) {
    test_support::Tuple t;
    for (const VarId x : projection) t.push_back(s[static_cast<std::size_t>(x)]);
    expected.insert(projection.empty() ? s : t);
  }
  std::set<test_support::Tuple> found;
  SolverConfig c;
  c.restart_base = 1;
  c.max_solutions = 0;
  c.projection = projection;
  c.on_solution = [&](const Assignment& a) {
    EXPECT_TRUE(p.is_solution(a)) << label;
    test_support::Tuple t = a.values();
    if (!projection.empty()) {
      t.clear();
      for (const VarId x : projection) t.push_back(a.value(x));
    }
    EXPECT_TRUE(found.insert(t).second) << label << ": a solution counted twice";
    return true;
  };
  ClauseBudget small{2, 0};  // reduced at every restart: the blocking clauses must stay
  const SearchResult r = lcg_search(p, c, nullptr, {}, small);
  EXPECT_TRUE(r.complete) << label;
  EXPECT_EQ(r.solution_count, expected.size()) << label;
  EXPECT_EQ(found, expected) << label;
  EXPECT_EQ(r.solutions.size(), expected.size()) << label;  // keep_solutions unset: every one
  EXPECT_EQ(r.status, expected.empty() ? Status::unsatisfiable : Status::solved) << label;
  return found.size();
}

TEST(Lcg, CountsEverySolutionOnceWithBlockingClauses) {
  std::uint64_t counted = 0;
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(80, 30)); ++seed) {
    const test_support::RandomCsp r =
        seed % 2 == 0 ? test_support::make_random_csp(seed) : test_support::make_wide_random_csp(seed);
    counted += check_count(r.problem, {}, test_support::numbered("random ", seed));
    const VarId last = r.problem.variable_count() - 1;
    counted += check_count(r.problem, {last, 0, last}, test_support::numbered("projected random ", seed));
  }
  for (int n = 1; n <= 7; ++n) {
    const Problem p = models::n_queens(n);
    counted += check_count(p, {}, std::to_string(n) + " queens");
  }
  EXPECT_EQ(lcg_search(models::n_queens(6),
                       [] {
                         SolverConfig c;
                         c.max_solutions = 0;
                         return c;
                       }())
                .solution_count,
            4U);
  EXPECT_GT(counted, static_cast<std::uint64_t>(test_support::sized(200, 60)));  // the sample has solutions
}

TEST(Lcg, CountsUpToMaxSolutionsAndRefusesABadProjection) {
  SolverConfig c;
  c.max_solutions = 5;
  c.keep_solutions = 2;
  const SearchResult r = lcg_search(models::n_queens(8), c);
  EXPECT_EQ(r.solution_count, 5U);
  EXPECT_EQ(r.stop, StopReason::solution_cap);
  EXPECT_EQ(r.solutions.size(), 2U);
  c.projection = {99};
  EXPECT_THROW((void)lcg_search(models::n_queens(8), c), Error);
}

TEST(Lcg, OptimisesThroughSolveAndStopsWhenTheCallbackSaysSo) {
  Problem p;  // x + y = z, x != y, minimise z over 1..6: 1 + 2 = 3
  const VarId x = p.add_variable("x", 1, 6);
  const VarId y = p.add_variable("y", 1, 6);
  const VarId z = p.add_variable("z", 1, 12);
  p.add_linear({x, y, z}, {1, 1, -1}, LinearOp::eq, 0);
  p.add_not_equal(x, y);
  RunSpec spec;
  spec.algorithm = "lcg";
  spec.objective = Objective{z, Sense::minimize};
  spec.search.keep_solutions = 1;
  const RunResult r = solve(p, spec);
  EXPECT_EQ(r.status, Status::solved);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.objective, 3);
  ASSERT_EQ(r.solutions.size(), 1U);  // the best only
  EXPECT_EQ(r.solutions.back().value(z), 3);
  spec.objective = Objective{z, Sense::maximize};  // 5 + 6 = 11
  EXPECT_EQ(solve(p, spec).objective, 11);
  spec.search.on_solution = [](const Assignment&) { return false; };
  const RunResult stopped = solve(p, spec);
  EXPECT_EQ(stopped.stop, StopReason::callback);
  EXPECT_EQ(stopped.status, Status::limit_reached);
  EXPECT_EQ(stopped.solution_count, 1U);
  EXPECT_THROW((void)lcg_optimize(p, 7, Sense::minimize), ModelError);
}

TEST(Lcg, HonoursTheNodeLimit) {
  const Problem p = pigeonhole(9);
  SolverConfig c;
  c.limits.node_limit = 50;
  const SearchResult r = lcg_search(p, c);
  EXPECT_EQ(r.status, Status::limit_reached);
  EXPECT_EQ(r.stop, StopReason::node_limit);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.stats.assignments, 50U);
}

}  // namespace
}  // namespace csp
