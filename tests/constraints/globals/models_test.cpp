// The models of docs/globals.md: a knight's tour with circuit, a small RCPSP with cumulative, solved and checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "csp/constraints/globals/routing.hpp"
#include "csp/constraints/globals/scheduling.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/optimize.hpp"
#include "global_harness.hpp"

namespace csp {
namespace {

SearchResult first_solution(const Problem& p, const std::string& inference) {
  SolverConfig c;
  c.variable_ordering = "mrv";
  c.inference = inference;
  c.max_solutions = 1;
  return backtracking_search(p, c);
}

TEST(GlobalModels, KnightsTourOnSixBySixIsOneClosedTour) {
  const int n = 6;
  Problem p;
  std::vector<VarId> next;
  for (int sq = 0; sq < n * n; ++sq) {
    std::vector<Value> moves;
    for (const auto& [dr, dc] : {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}) {
      const int r = sq / n + dr;
      const int c = sq % n + dc;
      if (r >= 0 && r < n && c >= 0 && c < n) moves.push_back(r * n + c);
    }
    std::sort(moves.begin(), moves.end());
    next.push_back(p.add_variable(test_support::numbered("next", static_cast<std::size_t>(sq)), moves));
  }
  post_circuit(p, next, 0);
  const SearchResult r = first_solution(p, "mac");
  ASSERT_EQ(r.solutions.size(), 1U);
  const Assignment& a = r.solutions.front();
  int sq = 0;
  for (int step = 0; step < n * n; ++step) {  // every step a knight's move, back at 0 after 36 steps only
    const int to = a.value(next[static_cast<std::size_t>(sq)]);
    const int dr = std::abs(to / n - sq / n);
    const int dc = std::abs(to % n - sq % n);
    EXPECT_TRUE((dr == 1 && dc == 2) || (dr == 2 && dc == 1));
    sq = to;
    EXPECT_EQ(sq == 0, step == n * n - 1);
  }
}

TEST(GlobalModels, SmallRcpspMakespanIsNine) {
  // Four tasks of durations 3, 2, 2, 4, starts 0..10; task 0 before task 2. Resource 1 (capacity 3) uses 2, 1, 2, 1,
  // resource 2 (capacity 2) uses 1, 2, 0, 2: tasks 1 and 3 never overlap (2 + 2 > 2), nor 0 and 3 with 2 ... on both.
  // The least makespan over the 11^4 start tuples, by enumeration: 9 (task 3 runs alone 4 units, the others fit beside
  // each other in 5).
  for (const Globals how : {Globals::native, Globals::decompose}) {
    Problem p;
    std::vector<VarId> s;
    for (int i = 0; i < 4; ++i)
      s.push_back(p.add_variable(test_support::numbered("s", static_cast<std::size_t>(i)), 0, 10));
    const VarId end = p.add_variable("makespan", 0, 14);
    post_cumulative(p, s, {3, 2, 2, 4}, {2, 1, 2, 1}, 3, how);
    post_cumulative(p, s, {3, 2, 2, 4}, {1, 2, 0, 2}, 2, how);
    p.add_precedence(s[0], 3, s[2]);
    const std::vector<int> d{3, 2, 2, 4};
    for (int i = 0; i < 4; ++i) p.add_precedence(s[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(i)], end);
    SolverConfig c;
    c.inference = "mac";
    const SearchResult r = minimize(p, end, c);
    ASSERT_FALSE(r.solutions.empty()) << to_string(how);
    EXPECT_EQ(r.solutions.back().value(end), 9) << to_string(how);
  }
}

}  // namespace
}  // namespace csp
