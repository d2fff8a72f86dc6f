// Conflict-directed backjumping and nogood learning (AIMA 4th ed. §6.3.3): the book's Australia example, exact
// counts, the brute-force oracle on random CSPs, and plain backtracking as the oracle on larger ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <tuple>

#include "csp/constraints/binary_predicate.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

SolverConfig cbj(const std::string& var, const std::string& val, const std::string& inference, std::size_t learning,
                 std::uint64_t max_solutions = 0) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.backjumping = "cbj";
  c.learning = learning;
  c.max_solutions = max_solutions;
  c.keep_solutions = 1U << 20U;
  return c;
}

// Australia (AIMA Fig. 6.1) with the variables in the order of the book's §6.3.3 example, WA, NSW, T, NT, Q, V, SA,
// and the constraints added so that each variable's constraints are asked in the order written here.
Problem australia_in_book_order() {
  Problem p;
  const std::vector<Value> rgb{0, 1, 2};  // red, green, blue
  const VarId wa = p.add_variable("WA", rgb);
  const VarId nsw = p.add_variable("NSW", rgb);
  p.add_variable("T", rgb);
  const VarId nt = p.add_variable("NT", rgb);
  const VarId q = p.add_variable("Q", rgb);
  const VarId v = p.add_variable("V", rgb);
  const VarId sa = p.add_variable("SA", rgb);
  p.add_not_equal(wa, nt);
  p.add_not_equal(wa, sa);
  p.add_not_equal(nt, sa);
  p.add_not_equal(nt, q);
  p.add_not_equal(sa, q);
  p.add_not_equal(sa, nsw);
  p.add_not_equal(sa, v);
  p.add_not_equal(q, nsw);
  p.add_not_equal(nsw, v);
  return p;
}

TEST(Cbj, AustraliaJumpsBackOverVAndTAsInTheBook) {
  // Static order, ascending values (red < green < blue), inference none. By hand (levels in brackets):
  //  WA=r[1] NSW=r[2] T=r[3]; NT: r rejected by WA, NT=g[4], conf(NT)={WA}; Q: r rejected by NSW, g by NT,
  //  Q=b[5], conf(Q)={NSW,NT}; V: r rejected by NSW, V=g[6]; SA: r by WA, g by NT, b by Q: a dead end (failure 1)
  //  with conf(SA)={WA,NT,Q}, the book's set: jump to Q over V (backjump 1), conf(Q)={WA,NSW,NT}. Q has no value
  //  left: back to NT (its deepest), conf(NT)={WA,NSW}. NT=b[4]; Q: r by NSW, Q=g[5]; V=g[6]; SA: r by WA, g by Q,
  //  b by NT: dead end (failure 2), jump to Q over V (backjump 2); Q: b rejected by NT, no value left: back to NT;
  //  NT has no value left and conf(NT)={WA,NSW}: jump to NSW over T (backjump 3), conf(NSW)={WA}. NSW=g[2] T=r[3]
  //  NT=g[4] Q=r[5] V=r[6] SA=b[7]: a solution.
  //  Assignments: 6 + 3 + 6 = 15. Retracted: V, Q, NT (pass 1), V, Q, NT, T, NSW (pass 2) = 8 backtracks.
  const Problem p = australia_in_book_order();
  const SearchResult r = backtracking_search(p, cbj("first", "natural", "none", 0, 1));
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.solutions.at(0).values(), (std::vector<Value>{0, 1, 0, 1, 0, 0, 2}));
  EXPECT_EQ(r.stats.assignments, 15U);
  EXPECT_EQ(r.stats.backjumps, 3U);
  EXPECT_EQ(r.stats.backtracks, 8U);
  EXPECT_EQ(r.stats.failures, 2U);

  // Chronological backtracking finds the same first solution but retries T and V in vain.
  SolverConfig plain = cbj("first", "natural", "none", 0, 1);
  plain.backjumping = "none";
  const SearchResult b = backtracking_search(p, plain);
  EXPECT_EQ(b.solutions.at(0).values(), r.solutions.at(0).values());
  EXPECT_GT(b.stats.assignments, r.stats.assignments);
  EXPECT_EQ(b.stats.backjumps, 0U);
}

TEST(Cbj, CountsAllSolutionsExactly) {
  // After a solution, CBJ backs up chronologically: every count is the known one.
  const Problem australia = models::map_coloring(models::australia(), 3);
  const Problem queens8 = models::n_queens(8);
  const Problem queens6 = models::n_queens(6, models::QueensFormulation::all_different);
  for (const std::string inference : {"none", "fc", "mac"}) {
    for (const std::size_t learning : {std::size_t{0}, std::size_t{4}, std::size_t{100}}) {
      const std::string what = inference + " learning " + std::to_string(learning);
      EXPECT_EQ(backtracking_search(australia, cbj("first", "natural", inference, learning)).solution_count, 18U)
          << what;
      const SearchResult q = backtracking_search(queens8, cbj("mrv", "natural", inference, learning));
      EXPECT_EQ(q.solution_count, 92U) << what;
      EXPECT_TRUE(q.complete) << what;
      EXPECT_EQ(q.stats.backtracks, q.stats.assignments) << what;
      std::set<std::vector<Value>> distinct;
      for (const Assignment& a : q.solutions) {
        EXPECT_TRUE(queens8.is_solution(a));
        distinct.insert(a.values());
      }
      EXPECT_EQ(distinct.size(), 92U) << what;
      EXPECT_EQ(backtracking_search(queens6, cbj("first", "lcv", inference, learning)).solution_count, 4U) << what;
    }
  }
}

TEST(Cbj, FirstSolutionOfQueensIsAQueensSolution) {
  for (const int n : {4, 8, 10, 12}) {
    const Problem p = models::n_queens(n);
    for (const std::string inference : {"none", "fc"}) {
      const SearchResult r = backtracking_search(p, cbj("first", "natural", inference, 8, 1));
      ASSERT_EQ(r.status, Status::solved) << n << " " << inference;
      EXPECT_TRUE(p.is_solution(r.solutions.at(0))) << n << " " << inference;
    }
  }
  // 3 queens have no solution: proved with and without learning.
  for (const std::string inference : {"none", "fc"})
    EXPECT_EQ(backtracking_search(models::n_queens(3), cbj("first", "natural", inference, 5, 1)).status,
              Status::unsatisfiable);
}

using Combination = std::tuple<std::string, std::string, std::string, std::size_t>;

std::string param_name(const ::testing::TestParamInfo<Combination>& info) {
  std::string s = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param) +
                  "_learning" + std::to_string(std::get<3>(info.param));
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

class CbjOracle : public ::testing::TestWithParam<Combination> {};

TEST_P(CbjOracle, FindsExactlyTheOraclesSolutions) {
  const auto& [var, val, inference, learning] = GetParam();
  const SolverConfig c = cbj(var, val, inference, learning);
  std::uint64_t total = 0;
  const auto problems = static_cast<std::uint32_t>(test_support::sized(300, 100));  // 100 under a sanitizer
  for (std::uint32_t seed = 1; seed <= problems; ++seed) {
    const test_support::RandomCsp r = test_support::make_random_csp(seed);
    const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
    const SearchResult result = backtracking_search(r.problem, c);
    EXPECT_EQ(test_support::sorted_tuples(result.solutions), expected)
        << "problem " << seed << ", " << to_string(c) << ":\n"
        << r.description;
    EXPECT_EQ(result.solution_count, expected.size()) << "problem " << seed;
    EXPECT_TRUE(result.complete) << "problem " << seed;
    EXPECT_EQ(result.stats.backtracks, result.stats.assignments) << "problem " << seed;
    // One solution: one of the oracle's, or none when there is none.
    SolverConfig one = c;
    one.max_solutions = 1;
    const SearchResult first = backtracking_search(r.problem, one);
    ASSERT_EQ(first.status, expected.empty() ? Status::unsatisfiable : Status::solved) << "problem " << seed;
    if (!expected.empty()) {
      EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), first.solutions.at(0).values()))
          << "problem " << seed;
    }
    total += expected.size();
  }
  EXPECT_GT(total, problems);
}

INSTANTIATE_TEST_SUITE_P(Orderings, CbjOracle,
                         ::testing::Combine(::testing::ValuesIn(variable_orderings().names()),
                                            ::testing::Values("natural", "lcv"), ::testing::Values("none", "fc", "mac"),
                                            ::testing::Values(std::size_t{0}, std::size_t{3})),
                         param_name);

TEST(Cbj, SameCountsAsPlainBacktrackingNearThePhaseTransition) {
  std::uint64_t backjumps = 0;
  std::uint64_t nogoods = 0;
  std::uint64_t solutions = 0;
  for (std::uint32_t seed = 1; seed <= 10; ++seed) {
    const Problem p = test_support::phase_transition_csp(seed, 14, 4, 30, 6);
    std::uint64_t count = 0;
    for (const std::string var : {"first", "mrv"}) {
      for (const std::string inference : {"none", "fc", "mac"}) {
        SolverConfig plain = cbj(var, "natural", inference, 0);
        plain.backjumping = "none";
        plain.keep_solutions = 0;
        const SearchResult expected = backtracking_search(p, plain);
        count = expected.solution_count;
        for (const std::size_t learning : {std::size_t{0}, std::size_t{3}, std::size_t{10}}) {
          SolverConfig c = cbj(var, "natural", inference, learning);
          c.keep_solutions = 0;
          const SearchResult r = backtracking_search(p, c);
          EXPECT_EQ(r.solution_count, expected.solution_count) << "seed " << seed << " " << to_string(c);
          EXPECT_TRUE(r.complete);
          // These orderings depend on the assignment only, so CBJ visits a part of backtracking's tree; with fc or
          // mac, learned nogoods prune domains too, which changes what MRV picks.
          if (!(var == "mrv" && inference != "none" && learning != 0)) {
            EXPECT_LE(r.stats.assignments, expected.stats.assignments) << "seed " << seed << " " << to_string(c);
          }
          backjumps += r.stats.backjumps;
          nogoods += r.stats.nogoods;
          c.max_solutions = 1;
          c.keep_solutions = 1;
          const SearchResult one = backtracking_search(p, c);
          ASSERT_EQ(one.status, expected.solution_count == 0 ? Status::unsatisfiable : Status::solved) << seed;
          if (one.status == Status::solved) {
            EXPECT_TRUE(p.is_solution(one.solutions.at(0))) << seed;
          }
        }
      }
    }
    solutions += count;
  }
  EXPECT_GT(solutions, 0U);
  EXPECT_GT(backjumps, 100U);  // the sample makes CBJ jump and learn, so the counts above test something
  EXPECT_GT(nogoods, 100U);
}

TEST(Cbj, LearningSearchesTheSameTreeAsTheScanOfEveryNogood) {
  // The counters of 10-queens (all 724 solutions, static order, nogoods of up to 10 variables) measured with the
  // store that scanned every nogood holding x = v (commit e0502a5, `csp queens 10 --count --var first --backjump
  // cbj --learning 10 --inference I --stats`): the watched literals find the same nogoods in the same order, so the
  // search tree is the same; only the constraint checks (nogoods visited) differ.
  struct Expected {
    const char* inference;
    std::uint64_t assignments, failures, backjumps, nogoods;
  };
  for (const Expected& e : {Expected{"none", 32205, 9878, 4723, 21257}, Expected{"fc", 27410, 10028, 845, 11387}}) {
    SolverConfig c = cbj("first", "natural", e.inference, 10);
    c.keep_solutions = 0;
    const SearchResult r = backtracking_search(models::n_queens(10), c);
    EXPECT_EQ(r.solution_count, 724U) << e.inference;
    EXPECT_EQ(r.stats.assignments, e.assignments) << e.inference;
    EXPECT_EQ(r.stats.backtracks, e.assignments) << e.inference;
    EXPECT_EQ(r.stats.failures, e.failures) << e.inference;
    EXPECT_EQ(r.stats.backjumps, e.backjumps) << e.inference;
    EXPECT_EQ(r.stats.nogoods, e.nogoods) << e.inference;
  }
}

// CBJ with restarts (each run from the root with empty conflict sets, the nogoods kept): the brute-force oracle's
// solution sets on the random CSPs, and a solution or a proof for one, for orderings that make each run differ.
TEST(Cbj, WithRestartsFindsExactlyTheOraclesSolutions) {
  std::uint64_t restarts = 0;
  std::uint64_t nogoods = 0;
  for (const std::string strategy : {"luby", "geometric"}) {
    for (const std::string var : {"mrv", "dom-wdeg"}) {
      for (const std::string inference : {"none", "fc", "mac"}) {
        for (const std::size_t learning : {std::size_t{0}, std::size_t{3}}) {
          for (std::uint32_t seed = 1; seed <= 120; ++seed) {
            SolverConfig c = cbj(var, "natural", inference, learning);
            c.restarts = strategy;
            c.restart_base = 1;
            c.seed = seed % 3;  // 0: ties by order; the others: random ties
            const test_support::RandomCsp r = test_support::make_random_csp(seed);
            const std::vector<test_support::Tuple> expected = test_support::all_solutions(r.problem);
            const SearchResult all = backtracking_search(r.problem, c);
            EXPECT_EQ(test_support::sorted_tuples(all.solutions), expected)
                << "problem " << seed << ", " << to_string(c) << ":\n"
                << r.description;
            EXPECT_EQ(all.solution_count, expected.size()) << "problem " << seed << ", " << to_string(c);
            EXPECT_TRUE(all.complete);
            c.max_solutions = 1;
            const SearchResult one = backtracking_search(r.problem, c);
            ASSERT_EQ(one.status, expected.empty() ? Status::unsatisfiable : Status::solved)
                << "problem " << seed << ", " << to_string(c);
            if (!expected.empty()) {
              EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), one.solutions.at(0).values()))
                  << "problem " << seed << ", " << to_string(c);
            }
            restarts += all.stats.restarts + one.stats.restarts;
            nogoods += one.stats.nogoods;
          }
        }
      }
    }
  }
  EXPECT_GT(restarts, 1000U);  // the sample restarts and learns, so the checks above test CBJ across restarts
  EXPECT_GT(nogoods, 100U);
}

TEST(Cbj, WithRestartsCountsExactly) {
  // Known counts (Australia 18, 8-queens 92) and plain backtracking's counts near the phase transition, with
  // nogoods learned in earlier runs pruning the later ones.
  const Problem australia = models::map_coloring(models::australia(), 3);
  const Problem queens8 = models::n_queens(8);
  std::uint64_t restarts = 0;
  std::uint64_t solutions = 0;
  for (const std::string inference : {"none", "fc", "mac"}) {
    for (const std::size_t learning : {std::size_t{0}, std::size_t{4}, std::size_t{100}}) {
      SolverConfig c = cbj("dom-wdeg", "natural", inference, learning);
      c.restarts = "luby";
      c.restart_base = 1;
      c.seed = 5;
      c.keep_solutions = 0;
      const std::string what = inference + " learning " + std::to_string(learning);
      EXPECT_EQ(backtracking_search(australia, c).solution_count, 18U) << what;
      EXPECT_EQ(backtracking_search(queens8, c).solution_count, 92U) << what;
      for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        const Problem p = test_support::phase_transition_csp(seed, 14, 4, 30, 6);
        SolverConfig plain = SolverConfig::textbook();
        plain.max_solutions = 0;
        plain.keep_solutions = 0;
        const SearchResult expected = backtracking_search(p, plain);
        const SearchResult r = backtracking_search(p, c);
        EXPECT_EQ(r.solution_count, expected.solution_count) << "seed " << seed << " " << what;
        EXPECT_TRUE(r.complete);
        restarts += r.stats.restarts;
        solutions += r.solution_count;
      }
    }
  }
  EXPECT_GT(restarts, 100U);
  EXPECT_GT(solutions, 0U);
}

TEST(Cbj, StaticOrderNeverVisitsMoreNodesThanBacktracking) {
  // With a static order and no inference, CBJ explores a subset of chronological backtracking's tree.
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const Problem p = test_support::phase_transition_csp(seed, 14, 4, 30, 6);
    SolverConfig plain = SolverConfig::textbook();
    const SearchResult b = backtracking_search(p, plain);
    const SearchResult j = backtracking_search(p, cbj("first", "natural", "none", 0, 1));
    EXPECT_LE(j.stats.assignments, b.stats.assignments) << seed;
    EXPECT_EQ(j.status, b.status) << seed;
    if (b.status == Status::solved) {
      EXPECT_EQ(j.solutions.at(0).values(), b.solutions.at(0).values()) << seed;
    }
  }
}

TEST(Cbj, ValidateRefusesWhatItDoesNotSupport) {
  SolverConfig c = SolverConfig::textbook();
  c.backjumping = "cbj";
  c.inference = "mac";  // MAC-CBJ: the propagations are explained per constraint
  EXPECT_NO_THROW(c.validate());
  c.inference = "fc";
  EXPECT_NO_THROW(c.validate());
  c.restarts = "luby";  // accepted since each run starts with empty conflict sets
  EXPECT_NO_THROW(c.validate());
  c.restarts = "none";
  c.backjumping = "cdbj";
  EXPECT_THROW(c.validate(), UnknownNameError);
  c.backjumping = "none";
  c.learning = 5;
  EXPECT_THROW(c.validate(), Error);
  EXPECT_THROW((void)backtracking_search(models::n_queens(4), c), Error);
  c.learning = 0;
  EXPECT_EQ(to_string(c), "var=first val=natural inference=fc ac3=off max_solutions=1");
  c.backjumping = "cbj";
  c.learning = 5;
  EXPECT_EQ(to_string(c), "var=first val=natural inference=fc ac3=off max_solutions=1 backjump=cbj learning=5");
}

// Trust: every nogood learned is implied by the model. Each one SearchObserver::on_nogood reports is checked
// against the brute-force oracle's solutions (none may hold all its literals), under every ordering and inference,
// with and without restarts (nogoods are kept across them), on small random CSPs of every constraint kind and on
// binary ones near the phase transition.
class NogoodCollector : public SearchObserver {
 public:
  void on_nogood(const Store& /*store*/, std::span<const NogoodLiteral> literals, int /*depth*/) override {
    nogoods.emplace_back(literals.begin(), literals.end());
  }
  std::vector<std::vector<NogoodLiteral>> nogoods;
};

TEST(Cbj, EveryLearnedNogoodIsImpliedByTheModel) {
  std::vector<std::pair<std::string, Problem>> problems;
  for (std::uint32_t seed = 1; seed <= 150; ++seed)
    problems.emplace_back("random " + std::to_string(seed), test_support::make_random_csp(seed).problem);
  for (std::uint32_t seed = 1; seed <= 6; ++seed)
    problems.emplace_back("phase transition " + std::to_string(seed),
                          test_support::phase_transition_csp(seed, 9, 4, 20, 6));
  std::uint64_t checked = 0;
  for (const auto& [name, p] : problems) {
    const std::vector<test_support::Tuple> solutions = test_support::all_solutions(p);
    for (const std::string var : {"first", "mrv", "dom-wdeg"}) {
      for (const std::string inference : {"none", "fc", "mac"}) {
        for (const std::string restarts : {"none", "luby"}) {
          SolverConfig c = cbj(var, "natural", inference, 10);
          c.keep_solutions = 0;
          c.restarts = restarts;
          c.restart_base = 1;
          NogoodCollector seen;
          c.observer = &seen;
          const SearchResult r = backtracking_search(p, c);
          EXPECT_EQ(r.solution_count, solutions.size()) << name << ", " << to_string(c);
          EXPECT_EQ(seen.nogoods.size(), r.stats.nogoods) << name << ", " << to_string(c);
          for (const auto& nogood : seen.nogoods) {
            ASSERT_FALSE(nogood.empty());
            std::set<VarId> vars;
            for (const NogoodLiteral& l : nogood) vars.insert(l.var);
            EXPECT_EQ(vars.size(), nogood.size()) << name << ": a variable twice in a nogood";
            const auto holds = [&](const test_support::Tuple& s) {
              return std::all_of(nogood.begin(), nogood.end(),
                                 [&](const NogoodLiteral& l) { return s[static_cast<std::size_t>(l.var)] == l.value; });
            };
            EXPECT_TRUE(std::none_of(solutions.begin(), solutions.end(), holds))
                << name << ", " << to_string(c) << ": a learned nogood excludes a solution";
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000U);  // the sample learns, so the checks above test something
}

}  // namespace
}  // namespace csp
