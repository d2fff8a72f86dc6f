// Regular: a nonogram row's automaton, random automata against brute force and the state decomposition.
#include "csp/constraints/globals/automaton.hpp"

#include <gtest/gtest.h>

#include "csp/core/errors.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

using test_support::GlobalInstance;

bool accepts(const Automaton& a, const std::vector<Value>& word) {
  int q = a.start;
  for (Value v : word) {
    if (v < 1 || v > a.symbols) return false;
    q = a.next[static_cast<std::size_t>((q - 1) * a.symbols + (v - 1))];
    if (q == 0) return false;
  }
  return std::find(a.accepting.begin(), a.accepting.end(), q) != a.accepting.end();
}

TEST(Regular, NonogramClueThreeOneInSevenCellsHasSixRows) {
  // Symbols 1 = blank, 2 = filled; clue "3 1": blanks*, 3 filled, blank+, 1 filled, blanks*. In 7 cells the blocks
  // start at (0, 4), (0, 5), (0, 6), (1, 5), (1, 6), (2, 6): 6 rows.
  Automaton a{6, 2, {1, 2, 0, 3, 0, 4, 5, 0, 5, 6, 6, 0}, 1, {6}};
  for (const Globals how : {Globals::native, Globals::decompose}) {
    Problem p;
    std::vector<VarId> x;
    for (int i = 0; i < 7; ++i) x.push_back(p.add_variable(test_support::numbered("c", i), 1, 2));
    post_regular(p, x, a, how);
    SolverConfig c;
    c.inference = "mac";
    c.max_solutions = 0;
    EXPECT_EQ(backtracking_search(p, c).solution_count, 6U) << to_string(how);
  }
}

GlobalInstance random_automaton(std::mt19937& rng) {
  GlobalInstance g;
  Automaton a;
  a.states = 1 + static_cast<int>(rng() % 4);
  a.symbols = 1 + static_cast<int>(rng() % 3);
  for (int k = 0; k < a.states * a.symbols; ++k)
    a.next.push_back(rng() % 5 == 0 ? 0 : 1 + static_cast<int>(rng() % static_cast<unsigned>(a.states)));
  a.start = 1 + static_cast<int>(rng() % static_cast<unsigned>(a.states));
  for (int q = 1; q <= a.states; ++q)
    if (rng() % 2 == 0) a.accepting.push_back(q);
  const int n = 1 + static_cast<int>(rng() % 5);
  for (int i = 0; i < n; ++i) g.domains.push_back(test_support::random_values(rng, 0, a.symbols));
  g.post = [=](Problem& p, const std::vector<VarId>& xs, Globals how) { post_regular(p, xs, a, how); };
  g.relation = [=](const std::vector<Value>& w) { return accepts(a, w); };
  return g;
}

TEST(Regular, RandomAutomataMatchBruteForceAndDecomposition) {
  const int sat = test_support::check_random_instances("regular", 80, 11, random_automaton);
  EXPECT_GT(sat, 15);
}

TEST(Regular, PropagationIsGeneralisedArcConsistent) {
  test_support::check_generalised_arc_consistency("regular", 80, 12, random_automaton);
}

TEST(Regular, RejectsMalformedAutomata) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  EXPECT_THROW(post_regular(p, {x}, Automaton{2, 2, {1, 2, 1}, 1, {1}}), ModelError);
  EXPECT_THROW(post_regular(p, {x}, Automaton{1, 1, {3}, 1, {1}}), ModelError);
  EXPECT_THROW(post_regular(p, {x}, Automaton{1, 1, {1}, 2, {1}}), ModelError);
}

}  // namespace
}  // namespace csp
