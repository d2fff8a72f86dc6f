// Issue 11: results that are exact and extension points that cannot lie.
#include <gtest/gtest.h>

#include "csp/models/map_coloring.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

// Australia has 18 proper 3-colourings (AIMA Fig. 6.1); a callback stopping after 3 leaves the count inexact.
TEST(ExactResults, OnSolutionStopIsNotComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  for (const char* inference : {"none", "fc", "mac"}) {
    SCOPED_TRACE(inference);
    SolverConfig c;
    c.inference = inference;
    c.max_solutions = 0;
    int seen = 0;
    c.on_solution = [&](const Assignment& /*a*/) { return ++seen < 3; };
    const SearchResult r = backtracking_search(p, c);
    EXPECT_EQ(r.solution_count, 3U);
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.status, Status::limit_reached);
  }
}

TEST(ExactResults, MaxSolutionsReachedAsAskedIsComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  SolverConfig c;
  c.max_solutions = 3;
  // A callback that says stop on the very solution that reaches max_solutions does not make the run inexact.
  int seen = 0;
  c.on_solution = [&](const Assignment& /*a*/) { return ++seen < 3; };
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 3U);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.status, Status::solved);
}

TEST(ExactResults, ExhaustedSearchIsComplete) {
  const Problem p = models::map_coloring(models::australia(), 3);
  SolverConfig c;
  c.max_solutions = 0;
  c.on_solution = [](const Assignment& /*a*/) { return true; };
  const SearchResult r = backtracking_search(p, c);
  EXPECT_EQ(r.solution_count, 18U);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.status, Status::solved);
}

}  // namespace
}  // namespace csp
