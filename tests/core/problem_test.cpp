// Problem: building, reading, consistency checks, and every kind of API misuse (ModelError naming the culprit).
#include "csp/core/problem.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "csp/constraints/not_equal.hpp"
#include "csp/core/errors.hpp"

namespace csp {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// Runs f, expects a ModelError, returns its message (empty when nothing or something else was thrown).
template <class F>
std::string model_error_of(F&& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  } catch (...) {
    return "<another exception>";
  }
  return "<no exception>";
}

Problem two_variables() {
  Problem p;
  p.add_variable("x", std::vector<Value>{-3, 0, 7});
  p.add_variable("y", 1, 3);
  return p;
}

TEST(Problem, VariablesGetDenseIdsAndKeepTheirValues) {
  Problem p;
  EXPECT_EQ(p.add_variable("a", std::vector<Value>{3, 1, 2, 1}), 0);
  EXPECT_EQ(p.add_variable("b", -2, 2), 1);
  EXPECT_EQ(p.add_variable("c", 5, 5), 2);
  EXPECT_EQ(p.variable_count(), 3);
  EXPECT_EQ(p.variable(0).values(), (std::vector<Value>{1, 2, 3}));
  EXPECT_EQ(p.variable(1).values(), (std::vector<Value>{-2, -1, 0, 1, 2}));
  EXPECT_EQ(p.variable(2).values(), std::vector<Value>{5});
  EXPECT_EQ(p.find("b"), 1);
  EXPECT_EQ(p.variable(p.find("c")).name(), "c");
}

TEST(Problem, NeighborsAndConstraintsOfFollowTheScopes) {
  Problem p;
  for (const char* name : {"a", "b", "c", "d"}) p.add_variable(name, 0, 3);
  p.add_not_equal(2, 0);
  p.add_linear({1, 2, 3}, {1, 1, 1}, LinearOp::le, 4, "sum");
  EXPECT_EQ(p.constraint_count(), 2);
  EXPECT_EQ(p.neighbors(0), std::vector<VarId>{2});
  EXPECT_EQ(p.neighbors(2), (std::vector<VarId>{0, 1, 3}));
  EXPECT_EQ(p.neighbors(3), (std::vector<VarId>{1, 2}));
  EXPECT_EQ(p.constraints_of(2), (std::vector<ConstraintId>{0, 1}));
  EXPECT_EQ(p.constraints_of(0), std::vector<ConstraintId>{0});
  EXPECT_EQ(p.constraint(1).name(), "sum");
  EXPECT_EQ(p.constraint(1).id(), 1);
  EXPECT_EQ(p.constraint(1).position_of(3), 2);
  EXPECT_EQ(p.constraint(1).position_of(0), -1);
}

TEST(Problem, BinaryAllDifferentPostsOneNotEqualPerPair) {
  Problem p;
  for (const char* name : {"a", "b", "c", "d"}) p.add_variable(name, 1, 4);
  p.add_all_different({0, 1, 2, 3}, AllDifferentMode::binary);
  EXPECT_EQ(p.constraint_count(), 6);
  for (ConstraintId c = 0; c < 6; ++c) EXPECT_EQ(p.constraint(c).arity(), 2);
  Problem q;
  for (const char* name : {"a", "b", "c", "d"}) q.add_variable(name, 1, 4);
  q.add_all_different({0, 1, 2, 3}, AllDifferentMode::value, "row");
  ASSERT_EQ(q.constraint_count(), 1);
  EXPECT_EQ(q.constraint(0).arity(), 4);
  EXPECT_EQ(q.constraint(0).name(), "row");
}

// The all-different modes are named by the consistency they reach (docs/engine.md); the old names stay aliases.
static_assert(AllDifferentMode::binary != AllDifferentMode::value && AllDifferentMode::value != AllDifferentMode::gac &&
              AllDifferentMode::binary != AllDifferentMode::gac);
static_assert(AllDifferentMode::pairwise == AllDifferentMode::binary);
static_assert(AllDifferentMode::global == AllDifferentMode::value);
static_assert(AllDifferentMode::matching == AllDifferentMode::gac);

TEST(AllDifferentModeNames, EveryNewNameRoundTrips) {
  EXPECT_EQ(to_string(AllDifferentMode::binary), "binary");
  EXPECT_EQ(to_string(AllDifferentMode::value), "value");
  EXPECT_EQ(to_string(AllDifferentMode::gac), "gac");
  EXPECT_EQ(to_string(AllDifferentMode::grid), "grid");
  EXPECT_EQ(to_string(AllDifferentMode::grid_cells), "grid-cells");
  for (AllDifferentMode m : {AllDifferentMode::binary, AllDifferentMode::value, AllDifferentMode::gac,
                             AllDifferentMode::grid, AllDifferentMode::grid_cells})
    EXPECT_EQ(parse_all_different_mode(to_string(m)), m) << to_string(m);
}

TEST(AllDifferentModeNames, OldNamesParseAsTheirModeAndPrintTheNewWord) {
  EXPECT_EQ(parse_all_different_mode("pairwise"), AllDifferentMode::binary);
  EXPECT_EQ(parse_all_different_mode("global"), AllDifferentMode::value);
  EXPECT_EQ(parse_all_different_mode("matching"), AllDifferentMode::gac);
  EXPECT_EQ(to_string(parse_all_different_mode("pairwise")), "binary");
  EXPECT_EQ(to_string(parse_all_different_mode("global")), "value");
  EXPECT_EQ(to_string(parse_all_different_mode("matching")), "gac");
  EXPECT_EQ(to_string(AllDifferentMode::matching), "gac");  // an old enumerator prints its new name
}

TEST(AllDifferentModeNames, AnUnknownNameListsTheNewNamesAndMentionsTheOld) {
  std::string message;
  try {
    (void)parse_all_different_mode("Global");  // names are case-sensitive
  } catch (const UnknownNameError& e) {
    message = e.what();
  }
  EXPECT_THAT(message, AllOf(HasSubstr("'Global'"), HasSubstr("valid: binary, value, gac"),
                             HasSubstr("the old names pairwise, global, matching are accepted")));
  EXPECT_THROW((void)parse_all_different_mode(""), UnknownNameError);
}

TEST(Problem, IsConsistentLooksOnlyAtAssignedVariables) {
  Problem p = two_variables();
  p.add_binary(
      0, 1, [](Value x, Value y) { return x + y > 2; }, "sum>2");
  Assignment a(2);
  EXPECT_TRUE(p.is_consistent(0, -3, a));  // y unassigned: nothing is violated yet
  a.assign(1, 3);
  EXPECT_FALSE(p.is_consistent(0, -3, a));  // -3 + 3 > 2 fails
  EXPECT_TRUE(p.is_consistent(0, 0, a));    // 0 + 3 > 2
  EXPECT_TRUE(p.is_consistent(0, 7, a));
}

TEST(Problem, IsSolutionNeedsCompleteConsistentAssignmentWithinTheDomains) {
  Problem p = two_variables();
  p.add_binary(
      0, 1, [](Value x, Value y) { return x < y; }, "x<y");
  Assignment a(2);
  a.assign(0, 0);
  EXPECT_FALSE(p.is_solution(a));  // incomplete
  a.assign(1, 2);
  EXPECT_TRUE(p.is_solution(a));
  a.assign(0, -1);  // satisfies x < y but -1 is not one of x's values
  EXPECT_FALSE(p.is_solution(a));
  a.assign(0, 7);
  EXPECT_FALSE(p.is_solution(a));
  EXPECT_FALSE(p.is_solution(Assignment(3)));
  EXPECT_EQ(p.to_string(a), "x=7 y=2");
}

TEST(Problem, CopiesShareTheStructureButNotTheGivens) {
  Problem p = two_variables();
  p.add_not_equal(0, 1);
  Problem q = p;  // shares variables and constraints
  q.restrict_domain(1, 2);
  EXPECT_EQ(q.initial_domain(1).indices(), (std::vector<int>{1}));
  EXPECT_EQ(p.initial_domain(1).indices(), (std::vector<int>{0, 1, 2}));  // the original keeps its domain
  EXPECT_EQ(&q.constraint(0), &p.constraint(0));                          // the constraint object is shared

  q.add_binary(0, 1, [](Value x, Value y) { return x < y; });  // copy-on-write: q gets its own structure
  q.add_variable("z", 0, 1);
  EXPECT_EQ(q.constraint_count(), 2);
  EXPECT_EQ(q.variable_count(), 3);
  EXPECT_EQ(p.constraint_count(), 1);
  EXPECT_EQ(p.variable_count(), 2);
  EXPECT_EQ(p.constraints_of(1).size(), 1U);
  EXPECT_EQ(q.constraints_of(1).size(), 2U);
  EXPECT_EQ(q.find("z"), 2);
  EXPECT_THROW(p.find("z"), ModelError);

  Problem moved = std::move(q);
  EXPECT_EQ(moved.constraint_count(), 2);
  EXPECT_EQ(q.variable_count(), 0);  // a moved-from problem is empty and usable
  EXPECT_EQ(q.constraint_count(), 0);
  EXPECT_THROW(q.find("x"), ModelError);
  EXPECT_TRUE(q.is_solution(Assignment(0)));
  q.add_variable("w", 1, 2);
  EXPECT_EQ(q.variable_count(), 1);
  EXPECT_EQ(Problem().variable_count(), 0);  // the shared empty structure was not written
  q = p;                                     // and can be assigned again
  EXPECT_EQ(q.constraint_count(), 1);
}

TEST(Problem, RestrictDomainToOneValueMakesAGiven) {
  Problem p = two_variables();
  p.restrict_domain(0, 7);
  EXPECT_EQ(p.initial_domain(0).indices(), (std::vector<int>{2}));
  EXPECT_THAT(model_error_of([&] { p.restrict_domain(0, 5); }), HasSubstr("value 5 is not in the domain of 'x'"));
  EXPECT_THAT(model_error_of([&] { p.restrict_domain(0, 0); }), HasSubstr("'x' would have an empty domain"));
}

// ---- API misuse ---------------------------------------------------------------------------------------------

TEST(ProblemMisuse, ErrorsAreOneFamily) {
  static_assert(std::is_base_of_v<Error, ModelError>);
  static_assert(std::is_base_of_v<Error, UnknownNameError>);
  static_assert(std::is_base_of_v<std::runtime_error, Error>);
  Problem p;
  EXPECT_THROW(p.add_variable("x", std::vector<Value>{}), Error);
}

TEST(ProblemMisuse, UnknownVariableIdIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_not_equal(0, 7); }),
              AllOf(HasSubstr("add_not_equal"), HasSubstr("unknown variable id 7"), HasSubstr("2 variables")));
  EXPECT_THAT(model_error_of([&] { p.add_not_equal(-1, 0); }), HasSubstr("unknown variable id -1"));
  EXPECT_THAT(model_error_of([&] {
                p.add_all_different({0, 1, 5});
              }),
              AllOf(HasSubstr("add_all_different"), HasSubstr("unknown variable id 5")));
  EXPECT_THAT(model_error_of([&] {
                p.add_all_different({0, 4}, AllDifferentMode::binary);
              }),
              HasSubstr("unknown variable id 4"));
  EXPECT_THAT(model_error_of([&] { p.add_constraint(std::make_unique<NotEqual>(1, 9, "mine")); }),
              AllOf(HasSubstr("'mine'"), HasSubstr("unknown variable id 9")));
  EXPECT_THAT(model_error_of([&] {
                p.add_linear({0, 3}, {1, 1}, LinearOp::eq, 2, "lin");
              }),
              AllOf(HasSubstr("'lin'"), HasSubstr("unknown variable id 3")));
  EXPECT_THAT(model_error_of([&] { p.add_binary(0, 2, [](Value, Value) { return true; }); }),
              HasSubstr("unknown variable id 2"));
  EXPECT_THAT(model_error_of([&] { (void)p.variable(2); }), HasSubstr("unknown variable id 2"));
  EXPECT_EQ(p.constraint_count(), 0);  // nothing half-added
  EXPECT_TRUE(p.neighbors(0).empty());
}

TEST(ProblemMisuse, EmptyDomainIsNamed) {
  Problem p;
  EXPECT_THAT(model_error_of([&] { p.add_variable("empty", std::vector<Value>{}); }),
              AllOf(HasSubstr("'empty'"), HasSubstr("empty domain")));
  EXPECT_THAT(model_error_of([&] { p.add_variable("backwards", 3, 1); }),
              AllOf(HasSubstr("'backwards'"), HasSubstr("3..1")));
  EXPECT_THAT(model_error_of([&] { p.add_variable("", 1, 2); }), HasSubstr("empty variable name"));
  EXPECT_EQ(p.variable_count(), 0);
}

TEST(ProblemMisuse, DuplicateNameIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_variable("y", 0, 1); }), AllOf(HasSubstr("duplicate"), HasSubstr("'y'")));
  EXPECT_EQ(p.variable_count(), 2);
}

TEST(ProblemMisuse, EmptyScopeIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_all_different({}, AllDifferentMode::value, "nobody"); }),
              AllOf(HasSubstr("'nobody'"), HasSubstr("empty scope")));
  EXPECT_THAT(model_error_of([&] {
                p.add_predicate(
                    {}, [](std::span<const Value>) { return true; }, "pred0");
              }),
              AllOf(HasSubstr("'pred0'"), HasSubstr("empty scope")));
  EXPECT_THAT(model_error_of([&] { p.add_table({}, {}, "t0"); }), AllOf(HasSubstr("'t0'"), HasSubstr("empty scope")));
  EXPECT_THAT(model_error_of([&] { p.add_linear({}, {}, LinearOp::eq, 0, "l0"); }),
              AllOf(HasSubstr("'l0'"), HasSubstr("empty scope")));
}

TEST(ProblemMisuse, RepeatedScopeVariableIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_not_equal(1, 1); }), HasSubstr("appears twice"));
  EXPECT_THAT(model_error_of([&] {
                p.add_table({0, 1, 0}, {}, "dup");
              }),
              AllOf(HasSubstr("'dup'"), HasSubstr("variable 'x' appears twice")));
}

// x != x names x, and one variable is "1 variable".
TEST(ProblemMisuse, RepeatedScopeVariableIsNamedNotNumbered) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_not_equal(0, 0); }),
              HasSubstr("constraint 'x!=x': variable 'x' appears twice in the scope"));
  EXPECT_THAT(model_error_of([&] {
                p.add_linear({1, 0, 1}, {1, 1, 1}, LinearOp::eq, 3, "sum");
              }),
              HasSubstr("constraint 'sum': variable 'y' appears twice in the scope"));
  EXPECT_THAT(model_error_of([&] { p.add_all_different({0, 1, 0}); }), HasSubstr("variable 'x' appears twice"));
  EXPECT_THAT(model_error_of([&] {
                p.add_predicate(
                    {1, 1}, [](std::span<const Value>) { return true; }, "p");
              }),
              HasSubstr("variable 'y' appears twice"));
  EXPECT_EQ(p.constraint_count(), 0);
  Problem one;
  one.add_variable("z", 1, 2);
  EXPECT_THAT(model_error_of([&] { (void)one.variable(1); }), HasSubstr("(the problem has 1 variable)"));
  EXPECT_THAT(model_error_of([&] { one.add_not_equal(0, 3); }), HasSubstr("(the problem has 1 variable)"));
}

// constraint(id) and constraints_of(x) throw on a bad id, as variable(x) does.
TEST(ProblemMisuse, BadConstraintAndVariableIdsThrow) {
  Problem p = two_variables();
  p.add_not_equal(0, 1);
  EXPECT_EQ(p.constraint(0).name(), "x!=y");
  EXPECT_EQ(p.constraints_of(1).size(), 1U);
  EXPECT_THAT(model_error_of([&] { (void)p.constraint(1); }),
              HasSubstr("unknown constraint id 1 (the problem has 1 constraint)"));
  EXPECT_THAT(model_error_of([&] { (void)p.constraint(-1); }), HasSubstr("unknown constraint id -1"));
  EXPECT_THAT(model_error_of([&] { (void)p.constraints_of(2); }),
              HasSubstr("constraints_of: unknown variable id 2 (the problem has 2 variables)"));
  EXPECT_THAT(model_error_of([&] { (void)p.constraints_of(-1); }), HasSubstr("unknown variable id -1"));
}

TEST(ProblemMisuse, ArityMismatchIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] {
                p.add_linear({0, 1}, {1}, LinearOp::le, 3, "short");
              }),
              AllOf(HasSubstr("'short'"), HasSubstr("1 coefficients for a scope of 2 variables")));
  EXPECT_THAT(model_error_of([&] {
                p.add_table({0, 1}, {{0, 1}, {7, 2, 1}}, "wide");
              }),
              AllOf(HasSubstr("'wide'"), HasSubstr("3 values but the scope has 2 variables")));
  EXPECT_THAT(model_error_of([&] {
                p.add_all_different_shifted({0, 1}, {0, 1, 2}, "diag");
              }),
              AllOf(HasSubstr("'diag'"), HasSubstr("3 offsets for a scope of 2 variables")));
  EXPECT_EQ(p.constraint_count(), 0);
}

TEST(ProblemMisuse, TableValueOutsideTheDomainIsNamed) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] {
                p.add_table({0, 1}, {{0, 1}, {-3, 9}}, "colours");
              }),
              AllOf(HasSubstr("'colours'"), HasSubstr("value 9"), HasSubstr("'y'")));
  EXPECT_THAT(model_error_of([&] {
                p.add_table({0, 1}, {{1, 1}}, "colours");
              }),
              AllOf(HasSubstr("value 1"), HasSubstr("'x'")));
}

TEST(ProblemMisuse, IsConsistentWithAValueOutsideTheDomainIsNamed) {
  Problem p = two_variables();
  p.add_not_equal(0, 1);
  const Assignment a(2);
  EXPECT_THAT(model_error_of([&] { (void)p.is_consistent(0, 1, a); }), AllOf(HasSubstr("value 1"), HasSubstr("'x'")));
  EXPECT_THAT(model_error_of([&] { (void)p.is_consistent(5, 1, a); }), HasSubstr("unknown variable id 5"));
  EXPECT_THAT(model_error_of([&] { (void)p.is_consistent(0, 0, Assignment(3)); }), HasSubstr("3 variables"));
}

TEST(ProblemMisuse, FindOfAnUnknownNameIsNamed) {
  const Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { (void)p.find("WA"); }), HasSubstr("'WA'"));
}

TEST(ProblemMisuse, EmptyCallablesAreRejected) {
  Problem p = two_variables();
  EXPECT_THAT(model_error_of([&] { p.add_binary(0, 1, nullptr, "b"); }),
              AllOf(HasSubstr("empty predicate"), HasSubstr("x, y")));
  EXPECT_THAT(model_error_of([&] {
                p.add_predicate({0, 1}, nullptr, "np");
              }),
              AllOf(HasSubstr("'np'"), HasSubstr("empty predicate")));
  EXPECT_THAT(model_error_of([&] { p.add_constraint(nullptr); }), HasSubstr("null constraint"));
}

}  // namespace
}  // namespace csp
