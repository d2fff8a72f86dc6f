// Results that cannot lie. solution() throws when there is none, solutions read by name, an unassigned
// variable has no value, and counting keeps every solution unless told otherwise.
#include "csp/search/search_result.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "csp/graph/tree_solver.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/min_conflicts.hpp"

namespace csp {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (...) {
    return "<another exception>";
  }
  return "<no exception>";
}

// Australia (AIMA Fig. 6.1): every border, by region name.
const std::vector<std::pair<std::string, std::string>> kBorders{{"WA", "NT"}, {"WA", "SA"}, {"NT", "SA"},
                                                                {"NT", "Q"},  {"SA", "Q"},  {"SA", "NSW"},
                                                                {"SA", "V"},  {"Q", "NSW"}, {"NSW", "V"}};

void expect_proper_colouring(const Assignment& a) {
  for (const auto& [r, s] : kBorders) EXPECT_NE(a[r], a[s]) << r << " and " << s << " share a colour";
  for (const char* region : {"WA", "NT", "SA", "Q", "NSW", "V", "T"}) {
    EXPECT_GE(a.value(region), 0);
    EXPECT_LE(a.value(region), 2);
  }
}

TEST(SearchResult, SolutionOfAnUnsatisfiableResultThrowsNamingTheStatus) {
  const SearchResult r = backtracking_search(models::map_coloring(models::australia(), 2));
  ASSERT_EQ(r.status, Status::unsatisfiable);
  EXPECT_EQ(error_of<NoSolutionError>([&] { (void)r.solution(); }),
            "no solution: the search ended unsatisfiable (a proof)");
  EXPECT_THAT(error_of<Error>([&] { (void)r.solution(3); }), HasSubstr("no solution"));
  // A temporary result, too.
  EXPECT_THROW((void)backtracking_search(models::map_coloring(models::australia(), 2)).solution(), NoSolutionError);
}

TEST(SearchResult, SolutionOfAStoppedResultSaysLimitReached) {
  SolverConfig c = SolverConfig::textbook();
  c.limits.node_limit = 3;  // 8 queens need more than 3 assignments
  const SearchResult r = backtracking_search(models::n_queens(8), c);
  ASSERT_EQ(r.status, Status::limit_reached);
  EXPECT_EQ(error_of<NoSolutionError>([&] { (void)r.solution(); }), "no solution: the search ended limit-reached");
}

TEST(SearchResult, SolutionIsTheFirstFoundAndReadsByName) {
  const Problem p = models::map_coloring(models::australia(), 3);
  const SearchResult r = backtracking_search(p, SolverConfig::textbook());
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(&r.solution(), &r.solutions[0]);
  expect_proper_colouring(r.solution());
  expect_proper_colouring(r.solutions[0]);
  // The textbook baseline (static order, ascending values): WA=0 NT=1 SA=2 Q=0 NSW=1 V=0 T=0.
  EXPECT_EQ(r.solution()["WA"], 0);
  EXPECT_EQ(r.solution()["NT"], 1);
  EXPECT_EQ(r.solution()["SA"], 2);
  EXPECT_EQ(r.solution()["NSW"], 1);
  EXPECT_EQ(r.solution().value(std::string("Q")), r.solution()[p.find("Q")]);
  EXPECT_EQ(r.solution().id_of("T"), p.find("T"));
  // From a temporary result: a copy, which keeps its names after the result is gone.
  const Assignment copy = backtracking_search(p, SolverConfig::textbook()).solution();
  EXPECT_EQ(copy["SA"], 2);
  EXPECT_EQ(backtracking_search(p, SolverConfig::textbook()).solution()["NT"], 1);
}

TEST(SearchResult, UnknownNameAndUnassignedVariableAreErrorsNamingThem) {
  const Problem p = models::map_coloring(models::australia(), 3);
  const SearchResult r = backtracking_search(p, SolverConfig::textbook());
  EXPECT_THAT(error_of<UnknownNameError>([&] { (void)r.solution()["Tasmania"]; }),
              AllOf(HasSubstr("no variable named 'Tasmania'"), HasSubstr("7 variables")));
  EXPECT_THAT(error_of<Error>([&] { (void)r.solution()[7]; }), HasSubstr("unknown variable id 7"));
  EXPECT_THAT(error_of<Error>([&] { (void)r.solution().value(-1); }), HasSubstr("unknown variable id -1"));

  // A partial assignment made for the problem: reading a variable without a value names it (it returned 0).
  Assignment partial(p);
  partial.assign(p.find("WA"), 2);
  EXPECT_EQ(partial["WA"], 2);
  EXPECT_EQ(error_of<Error>([&] { (void)partial["NT"]; }), "assignment: variable 'NT' has no value (not assigned)");
  EXPECT_EQ(error_of<Error>([&] { (void)partial.value(p.find("T")); }),
            "assignment: variable 'T' has no value (not assigned)");
  partial.unassign(p.find("WA"));
  EXPECT_THROW((void)partial["WA"], Error);

  // Without names (Assignment(int)): ids still work, names are refused with a reason.
  Assignment bare(2);
  bare.assign(1, 5);
  EXPECT_EQ(bare[1], 5);
  EXPECT_EQ(error_of<Error>([&] { (void)bare.value(0); }), "assignment: variable id 0 has no value (not assigned)");
  EXPECT_THAT(error_of<Error>([&] { (void)bare["x"]; }), HasSubstr("made without its problem's names"));
}

TEST(SearchResult, NamesOutliveTheProblemAndIgnoreLaterAdditions) {
  SearchResult r;
  {
    Problem p;
    const VarId a = p.add_variable("a", 1, 2);
    const VarId b = p.add_variable("b", 1, 2);
    p.add_not_equal(a, b);
    r = backtracking_search(p, SolverConfig::textbook());
    p.add_variable("c", 0, 0);  // copy-on-write: the result keeps the names it was made with
    EXPECT_EQ(p.find("c"), 2);
    EXPECT_EQ(r.solution().names()->count(), 2);
  }
  EXPECT_EQ(r.solution()["a"], 1);
  EXPECT_EQ(r.solution()["b"], 2);
  EXPECT_THROW((void)r.solution()["c"], UnknownNameError);
}

TEST(SearchResult, EveryAlgorithmsSolutionsReadByName) {
  MinConflictsConfig mc;
  mc.seed = 3;
  const SearchResult local = min_conflicts(models::n_queens(8), mc);
  ASSERT_EQ(local.status, Status::solved);
  std::set<Value> columns;
  for (int c = 1; c <= 8; ++c) columns.insert(local.solution()[std::string("Q").append(std::to_string(c))]);
  EXPECT_EQ(columns.size(), 8U);  // one queen per row

  const CutsetResult cut = cutset_conditioning(models::map_coloring(models::australia(), 3));
  ASSERT_EQ(cut.search.status, Status::solved);
  expect_proper_colouring(cut.search.solution());
}

TEST(SearchResult, CountingKeepsEverySolutionUnlessToldOtherwise) {
  const Problem p = models::n_queens(8);
  SolverConfig c = SolverConfig::textbook();
  c.max_solutions = 0;
  EXPECT_FALSE(c.keep_solutions.has_value());  // unset: keep every solution found
  const SearchResult all = backtracking_search(p, c);
  EXPECT_EQ(all.solution_count, 92U);
  ASSERT_EQ(all.solutions.size(), 92U);  // was 1: keep_solutions defaulted to 1
  std::set<std::vector<Value>> distinct;
  for (const Assignment& a : all.solutions) {
    EXPECT_TRUE(p.is_solution(a));
    distinct.insert(a.values());
  }
  EXPECT_EQ(distinct.size(), 92U);
  EXPECT_EQ(all.solution(91), all.solutions.back());

  c.keep_solutions = 5;
  const SearchResult five = backtracking_search(p, c);
  EXPECT_EQ(five.solution_count, 92U);
  ASSERT_EQ(five.solutions.size(), 5U);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(five.solution(i), all.solution(i));
  EXPECT_EQ(error_of<NoSolutionError>([&] { (void)five.solution(5); }),
            "solution 5 was found but not kept (92 solutions, 5 kept: see SolverConfig::keep_solutions)");
  EXPECT_THAT(error_of<NoSolutionError>([&] { (void)five.solution(92); }),
              HasSubstr("no solution 92 (0-based): the search ended solved with 92 solutions, 5 kept"));

  c.keep_solutions = 0;  // an explicit 0 still keeps none
  const SearchResult none = backtracking_search(p, c);
  EXPECT_EQ(none.solution_count, 92U);
  EXPECT_TRUE(none.solutions.empty());
  EXPECT_THAT(error_of<NoSolutionError>([&] { (void)none.solution(); }),
              HasSubstr("solution 0 was found but not kept (92 solutions, 0 kept"));
}

}  // namespace
}  // namespace csp
