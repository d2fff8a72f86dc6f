// The FlatZinc reader: every construct, every error with its line, the builtin checkers, and models solved.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/models/flatzinc/search.hpp"
#include "csp/search/backtracking.hpp"

namespace fzn = csp::models::flatzinc;

namespace {

fzn::FlatZincModel build(const std::string& text) {
  return fzn::build_flatzinc(fzn::parse_flatzinc(text, "t.fzn"), "t.fzn");
}

// The message of the FlatZincError that parsing and building `text` throws ("" when none).
std::string error_of(const std::string& text) {
  try {
    build(text);
  } catch (const fzn::FlatZincError& e) {
    return e.what();
  }
  return "";
}

// Every solution of the model (all of them), each checked by the model's own checker.
std::vector<csp::Assignment> solutions(const fzn::FlatZincModel& m) {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.inference = "mac";
  config.max_solutions = 0;
  config.keep_solutions = 1000000;
  csp::SearchResult r = csp::backtracking_search(m.problem, config);
  for (const csp::Assignment& a : r.solutions) EXPECT_EQ(m.verify(a), "");
  return r.solutions;
}

TEST(FlatZincParser, ReadsEveryKindOfItem) {
  const fzn::Model m = fzn::parse_flatzinc(
      "% a comment\r\n"
      "predicate my_pred(array [int] of var int: x);\n"
      "int: n = 3;\n"
      "bool: b = true;\n"
      "set of int: s = {1, 3, 5};\n"
      "array [1..2] of int: coefs = [1, -1];\n"
      "array [1..2] of set of int: sets = [1..2, {4}];\n"
      "var 1..3: x :: output_var;\n"
      "var {1, 3, 5}: y;\n"
      "var bool: z :: var_is_introduced :: is_defined_var;\n"
      "var 0..9: w = 4;\n"
      "array [1..2] of var int: xs :: output_array([1..2]) = [x, y];\n"
      "constraint int_lin_le(coefs, [x, y], 0) :: defines_var(z) :: some_unknown_annotation(1, \"s\");\n"
      "solve :: seq_search([int_search(xs, first_fail, indomain_min, complete)]) minimize x;\n",
      "t.fzn");
  ASSERT_EQ(m.declarations.size(), 10u);
  EXPECT_EQ(m.declarations[2].value->set.to_string(), "{1,3,5}");
  EXPECT_EQ(m.declarations[6].type.domain->to_string(), "{1,3,5}");
  EXPECT_TRUE(m.declarations[7].type.is_var);
  EXPECT_EQ(m.declarations[7].line, 10);
  EXPECT_NE(fzn::find_annotation(m.declarations[7].annotations, "is_defined_var"), nullptr);
  ASSERT_EQ(m.constraints.size(), 1u);
  EXPECT_EQ(m.constraints[0].name, "int_lin_le");
  EXPECT_EQ(m.constraints[0].annotations.size(), 2u);
  EXPECT_EQ(m.solve.goal, fzn::SolveItem::Goal::minimize);
  EXPECT_EQ(m.solve.annotations[0].name, "seq_search");
}

TEST(FlatZincParser, ErrorsNameTheLine) {
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_le(x, 2)\nsolve satisfy;\n"),
            "t.fzn:3: expected ';', found 'solve'");
  EXPECT_EQ(error_of("var 1..3: x;\n"), "t.fzn:2: no solve item (a FlatZinc model ends with 'solve ... satisfy;')");
  EXPECT_EQ(error_of("var 0.0..1.0: f;\nsolve satisfy;\n"),
            "t.fzn:1: float variable 'f': float variables are not supported");
  EXPECT_EQ(error_of("\nvar set of 1..3: s;\nsolve satisfy;\n"),
            "t.fzn:2: set variable 's': set variables are not supported");
  EXPECT_EQ(error_of("var 1..3: x;\n\nconstraint int_frobnicate(x, 2);\nsolve satisfy;\n"),
            "t.fzn:3: unknown constraint 'int_frobnicate': csp has no builtin of that name (see 'csp fzn --help')");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_le(x, 2, 3);\nsolve satisfy;\n"),
            "t.fzn:2: int_le takes 2 arguments, not 3");
  EXPECT_EQ(error_of("constraint int_le(x, 2);\nsolve satisfy;\n"), "t.fzn:1: 'x' is not declared");
  EXPECT_EQ(error_of("var int: x;\nconstraint int_le(x, -2000000000);\nsolve satisfy;\n"),
            "t.fzn:2: int_le: value -2000000000 is outside -1073741823..1073741823, the range csp gives a variable "
            "without bounds (var int)");
  EXPECT_EQ(error_of("var int: x;\n" + std::string(300, '[') + "1" + std::string(300, ']') + ";\nsolve satisfy;\n"),
            "t.fzn:2: expected a type (bool, int, float, a range lo..hi or a set {..}), found '['");
  EXPECT_EQ(error_of("var 1..3: x :: " + std::string(201, '[') + "1" + std::string(201, ']') + ";\nsolve satisfy;\n"),
            "t.fzn:1: expressions nested deeper than 200 levels (arrays or calls)");
  EXPECT_EQ(error_of("var 1..3: x;\nsolve satisfy;\nsolve satisfy;\n"),
            "t.fzn:3: an item after the solve item (the solve item must be the last)");
  EXPECT_EQ(error_of("int: n = 99999999999999999999;\nsolve satisfy;\n"),
            "t.fzn:1: integer '99999999999999999999' does not fit in 64 bits");
  EXPECT_EQ(error_of("var 1..3: x;\n$\nsolve satisfy;\n"), "t.fzn:2: unexpected character '$'");
  EXPECT_EQ(error_of("array [1..3] of int: a = [1, 2];\nsolve satisfy;\n"),
            "t.fzn:1: array 'a' declared with 3 elements has 2");
  EXPECT_EQ(error_of("var 1..3: x;\nvar 1..3: x;\nsolve satisfy;\n"), "t.fzn:2: 'x' is declared twice");
  EXPECT_EQ(error_of("var -3000000000..0: x;\nsolve satisfy;\n"),
            "t.fzn:1: variable 'x': domain -3000000000..0 is wider than csp takes (-1073741823..1073741823)");
  EXPECT_EQ(error_of("var 1..3: x;\narray [1..1] of var int: a = [x];\nconstraint int_le(a[2], 1);\nsolve satisfy;\n"),
            "t.fzn:3: index 2 out of 'a' (1..1)");
}

// A var int without bounds is csp's widest domain, an interval (2^31 - 1 values, none listed); a unary constraint
// on it is a bound; a set literal is one sorted set whatever its order and repeats.
TEST(FlatZincParser, VarIntWithoutBoundsIsTheWidestInterval) {
  const fzn::FlatZincModel m = build(
      "var int: x :: output_var;\nconstraint int_le(x, 5);\nconstraint set_in(x, {9, -4, 2, 3, 3, 2});\n"
      "solve satisfy;\n");
  ASSERT_EQ(m.unbounded, std::vector<csp::VarId>{0});
  EXPECT_EQ(m.problem.variable(0).min_value(), -fzn::kWidestDomain);
  EXPECT_EQ(m.problem.variable(0).max_value(), fzn::kWidestDomain);
  const csp::Domain& d = m.problem.initial_domain(0);
  EXPECT_EQ(d.size(), 3);  // {-4, 2, 3}
  EXPECT_EQ(fzn::IntSet::of_values({9, -4, 2, 3, 3, 2, 10}).to_string(), "{-4,2,3,9,10}");
  EXPECT_EQ(fzn::IntSet::of_values({5, 4, 3}).to_string(), "3..5");
}

TEST(FlatZincParser, ByteOrderMarkAndCarriageReturnsAreTaken) {
  const fzn::FlatZincModel m =
      build("\xef\xbb\xbfvar 1..2: x :: output_var;\rconstraint int_ne(x, 1);\r\nsolve satisfy;");
  ASSERT_EQ(m.calls.size(), 1u);
  EXPECT_EQ(m.calls[0].line, 2);
  EXPECT_EQ(solutions(m).size(), 1u);
}

TEST(FlatZincModel, AliasesAndFixedValuesShareOneVariable) {
  const fzn::FlatZincModel m = build(
      "var 1..5: x;\nvar 2..9: y :: output_var = x;\nvar 0..9: z :: output_var = 3;\n"
      "array [1..3] of var int: a :: output_array([1..3]) = [x, y, 7];\nsolve satisfy;\n");
  EXPECT_EQ(m.problem.variable_count(), 2);  // x = y, and z
  const auto all = solutions(m);
  ASSERT_EQ(all.size(), 4u);  // x = y in 2..5, z = 3
  EXPECT_EQ(m.format(all[0]), "y = 2;\nz = 3;\na = array1d(1..3, [2, 2, 7]);\n");
}

TEST(FlatZincModel, OutputArraysKeepTheirDimensionsAndBooleans) {
  const fzn::FlatZincModel m = build(
      "var bool: p;\nvar bool: q;\narray [1..4] of var bool: g :: output_array([1..2, 0..1]) = [p, q, true, false];\n"
      "constraint bool_lt(p, q);\nsolve satisfy;\n");
  const auto all = solutions(m);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(m.format(all[0]), "g = array2d(1..2, 0..1, [false, true, true, false]);\n");
}

TEST(FlatZincModel, ConstantViolationsMakeTheModelUnsatisfiable) {
  EXPECT_EQ(build("constraint int_le(3, 2);\nsolve satisfy;\n").unsatisfiable, "t.fzn:1: int_le cannot hold");
  EXPECT_EQ(build("var 1..3: x = 5;\nsolve satisfy;\n").unsatisfiable, "t.fzn:1: 'x' cannot be 5");
  EXPECT_EQ(build("var 1..3: x;\nconstraint set_in(x, {7, 8});\nsolve satisfy;\n").unsatisfiable,
            "t.fzn:2: set_in cannot hold");
  EXPECT_EQ(build("var 1..3: x;\nconstraint set_in(x, {2, 3, 8});\nsolve satisfy;\n").unsatisfiable, "");
}

TEST(FlatZincModel, SearchAnnotationOrdersTheVariablesAndNamesTheStrategy) {
  const fzn::FlatZincModel m = build(
      "var 1..3: a;\nvar 1..3: b;\nvar 1..3: c;\n"
      "solve :: seq_search([int_search([c, a], first_fail, indomain_max, complete), "
      "int_search([b], input_order, indomain_min, complete)]) satisfy;\n");
  EXPECT_EQ(m.problem.variable(0).name(), "c");
  EXPECT_EQ(m.problem.variable(1).name(), "a");
  EXPECT_EQ(m.problem.variable(2).name(), "b");
  EXPECT_EQ(m.search.variable_ordering, "mrv");
  EXPECT_EQ(m.search.value_ordering, "max");
  ASSERT_EQ(m.search.phases.size(), 2u);
  EXPECT_EQ(m.search.phases[0].begin, 0);
  EXPECT_EQ(m.search.phases[0].end, 2);
  EXPECT_EQ(m.search.phases[0].variable_ordering, "mrv");
  EXPECT_EQ(m.search.phases[0].value_ordering, "max");
  EXPECT_EQ(m.search.phases[1].begin, 2);
  EXPECT_EQ(m.search.phases[1].end, 3);
  EXPECT_EQ(m.search.phases[1].variable_ordering, "first");
  EXPECT_EQ(m.search.phases[1].value_ordering, "natural");
}

// Every solution in the order the annotation's phases find them (phased orderings, MAC), as "name=value ..." lines.
std::vector<std::string> solution_order(const fzn::FlatZincModel& m) {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.inference = "mac";
  config.variable_ordering = fzn::phased_variable_ordering(m.search, "dom-wdeg");
  config.value_ordering = fzn::phased_value_ordering(m.search, "natural");
  config.max_solutions = 0;
  config.keep_solutions = 1000;
  std::vector<std::string> out;
  for (const csp::Assignment& a : csp::backtracking_search(m.problem, config).solutions) {
    EXPECT_EQ(m.verify(a), "");
    std::string line;
    for (csp::VarId x = 0; x < m.problem.variable_count(); ++x)
      line += (x == 0 ? "" : " ") + m.problem.variable(x).name() + "=" + std::to_string(a.value(x));
    out.push_back(line);
  }
  return out;
}

// MiniZinc's semantics: each int_search selects among its own variables, phase after phase, with its own value
// choice; a variable no phase names (z, fewer values than any) comes after them, however small its domain.
TEST(FlatZincModel, EachAnnotationPhaseSelectsAmongItsOwnVariables) {
  const fzn::FlatZincModel m = build(
      "var 0..1: z;\nvar 1..2: y;\nvar 1..3: x;\n"
      "solve :: seq_search([int_search([y], input_order, indomain_min, complete), "
      "int_search([x], input_order, indomain_max, complete)]) satisfy;\n");
  const std::vector<std::string> order = solution_order(m);
  ASSERT_EQ(order.size(), 12u);
  EXPECT_EQ(order[0], "y=1 x=3 z=0");
  EXPECT_EQ(order[1], "y=1 x=3 z=1");
  EXPECT_EQ(order[2], "y=1 x=2 z=0");
  EXPECT_EQ(order[6], "y=2 x=3 z=0");
  // first_fail within the phase: b (2 values) before a (3 values); z (unannotated, 2 values) last
  const fzn::FlatZincModel f = build(
      "var 0..1: z;\nvar 1..3: a;\nvar 1..2: b;\n"
      "solve :: int_search([a, b], first_fail, indomain_min, complete) satisfy;\n");
  const std::vector<std::string> ff = solution_order(f);
  ASSERT_EQ(ff.size(), 12u);
  EXPECT_EQ(ff[0], "a=1 b=1 z=0");
  EXPECT_EQ(ff[1], "a=1 b=1 z=1");
  EXPECT_EQ(ff[2], "a=2 b=1 z=0");  // b is branched on first: a varies inside b = 1
  EXPECT_EQ(ff[6], "a=1 b=2 z=0");
}

// Phases that all choose values as the rest does run that registered ordering itself (so the search steps through
// a natural order lazily); mixed choices run the annotation's dispatch. The order found is the same either way.
TEST(FlatZincModel, UniformValueChoicesAreTheRegisteredOrderingItself) {
  const fzn::FlatZincModel same = build(
      "var 0..1: z;\nvar 1..2: y;\nvar 1..3: x;\n"
      "solve :: seq_search([int_search([y], input_order, indomain_min, complete), "
      "int_search([x], first_fail, indomain_min, complete)]) satisfy;\n");
  EXPECT_EQ(fzn::phased_value_ordering(same.search, "natural").name(), "natural");
  EXPECT_EQ(fzn::phased_value_ordering(same.search, "max").name(), "annotation");  // z would take max
  const std::vector<std::string> order = solution_order(same);
  ASSERT_EQ(order.size(), 12u);
  EXPECT_EQ(order[0], "y=1 x=1 z=0");
  EXPECT_EQ(order[11], "y=2 x=3 z=1");
  const fzn::FlatZincModel mixed = build(
      "var 1..2: y;\nvar 1..3: x;\n"
      "solve :: seq_search([int_search([y], input_order, indomain_min, complete), "
      "int_search([x], input_order, indomain_max, complete)]) satisfy;\n");
  EXPECT_EQ(fzn::phased_value_ordering(mixed.search, "natural").name(), "annotation");
  EXPECT_THROW(fzn::phased_value_ordering(same.search, "no-such-order"), csp::UnknownNameError);
}

// Each MiniZinc variable selection runs the registered csp ordering among the phase's variables only: y and z,
// named by no phase, would be chosen first by every selection over the whole problem (z has one value, y the most
// values, the smallest and largest values and the largest regret). The variables of no phase come after, chosen by
// the rest's ordering among themselves: y (z, one value, is assigned without a choice).
TEST(FlatZincModel, AnnotationSelectionsChooseAmongThePhaseOnly) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"input_order", {"a", "b", "c"}}, {"first_fail", {"b", "c", "a"}}, {"anti_first_fail", {"a", "c", "b"}},
      {"smallest", {"a", "b", "c"}},    {"largest", {"b", "a", "c"}},    {"max_regret", {"b", "a", "c"}},
      {"dom_w_deg", {"b", "c", "a"}},   {"occurrence", {"a", "b", "c"}}, {"most_constrained", {"b", "c", "a"}}};
  for (const auto& [selection, phase_order] : cases) {
    const fzn::FlatZincModel m = build(
        "var {0, 20, 30, 35, 38, 39, 40}: y;\nvar 7..7: z;\nvar 1..5: a;\nvar {2, 9}: b;\nvar 3..5: c;\n"
        "solve :: int_search([a, b, c], " +
        selection + ", indomain_min, complete) satisfy;\n");
    const csp::VariableOrdering phased =
        fzn::phased_variable_ordering(m.search, "anti-mrv").resolve(csp::variable_orderings());
    std::vector<std::string> chosen;
    csp::SolverConfig config = csp::SolverConfig::textbook();
    config.inference = "mac";
    config.variable_ordering = csp::Strategy<csp::VariableOrdering>(
        [&](csp::SearchContext& ctx) {
          const csp::VarId x = phased(ctx);
          chosen.push_back(m.problem.variable(x).name());
          EXPECT_TRUE(ctx.all_candidates());  // the phases' candidate sets do not outlive the choice
          return x;
        },
        "recorded");
    const csp::SearchResult r = csp::backtracking_search(m.problem, config);
    ASSERT_EQ(r.status, csp::Status::solved) << selection;
    std::vector<std::string> expected = phase_order;
    expected.push_back("y");
    EXPECT_EQ(chosen, expected) << selection;
  }
}

// An unknown ordering, for the rest or for a phase, is refused when the phased ordering is made, naming the valid
// ones (the registry's).
TEST(FlatZincModel, PhasedOrderingRefusesUnknownNamesListingTheValidOnes) {
  const fzn::FlatZincModel m =
      build("var 1..3: a;\nvar 1..3: b;\nsolve :: int_search([a], first_fail, indomain_min, complete) satisfy;\n");
  const auto message = [](const fzn::SearchAnnotation& search, const std::string& rest) -> std::string {
    try {
      fzn::phased_variable_ordering(search, rest);
    } catch (const csp::UnknownNameError& e) {
      return e.what();
    }
    return "";
  };
  const std::string rest = message(m.search, "no-such-order");
  EXPECT_NE(rest.find("'no-such-order'"), std::string::npos) << rest;
  EXPECT_NE(rest.find("first, mrv, degree, mrv-degree, dom-wdeg, anti-mrv, smallest, largest, max-regret"),
            std::string::npos)
      << rest;
  fzn::SearchAnnotation bad = m.search;
  bad.phases.front().variable_ordering = "fail-first";
  const std::string phase = message(bad, "mrv");
  EXPECT_NE(phase.find("'fail-first'"), std::string::npos) << phase;
  EXPECT_NE(phase.find("max-regret"), std::string::npos) << phase;
}

// bool2int(b, i) and int_eq(x, y) between two variables make one variable (the intersection of the domains); the
// solutions are the definition's, printed under both names.
TEST(FlatZincModel, EqualVariablesAreOneVariable) {
  const fzn::FlatZincModel m = build(
      "var bool: b :: output_var;\nvar 0..5: i :: output_var;\nvar 1..3: x;\nvar 2..9: y;\n"
      "constraint bool2int(b, i);\nconstraint int_eq(x, y);\nsolve satisfy;\n");
  EXPECT_EQ(m.problem.variable_count(), 2);
  const std::vector<csp::Assignment> all = solutions(m);
  EXPECT_EQ(all.size(), 4u);  // b in {false, true} x x = y in {2, 3}
  EXPECT_EQ(m.format(all.front()), "b = false;\ni = 0;\n");
  EXPECT_EQ(build("var bool: b;\nvar 2..5: i;\nconstraint bool2int(b, i);\nsolve satisfy;\n").unsatisfiable,
            "t.fzn:3: 'i' and 'b' share no value");
}

// A reification against constants (int_eq_reif(x, 3, b), int_lin_le_reif with one variable left, ...) is posted as
// a membership; the solutions are exactly the definition's.
TEST(FlatZincModel, ReificationsAgainstConstantsKeepTheirMeaning) {
  const auto count = [](const std::string& constraint) {
    return solutions(build("var 1..5: x;\nvar bool: b;\nconstraint " + constraint + ";\nsolve satisfy;\n")).size();
  };
  EXPECT_EQ(count("int_eq_reif(x, 3, b)"), 5u);  // b = (x = 3), one solution per x
  EXPECT_EQ(count("int_ne_reif(3, x, b)"), 5u);
  EXPECT_EQ(count("int_le_imp(x, 2, b)"), 7u);  // b = 0: 5; b = 1: x in 1..2
  EXPECT_EQ(count("int_lin_le_reif([2, -1], [x, 4], 2, b)"), 5u);
  EXPECT_EQ(count("int_lin_eq_imp([1, 1], [x, x], 4, b)"), 6u);  // 2x = 4: b = 1 only with x = 2
  EXPECT_EQ(count("int_lt_reif(2, 1, b)"), 5u);                  // false: b = 0, x free
  EXPECT_EQ(count("int_lt_imp(2, 1, b)"), 5u);
  EXPECT_EQ(count("int_le_imp(1, 2, b)"), 10u);  // true: no constraint
  for (const csp::Assignment& a :
       solutions(build("var 1..5: x;\nvar bool: b;\nconstraint int_le_reif(3, x, b);\nsolve satisfy;\n")))
    EXPECT_EQ(a.value(1), a.value(0) >= 3 ? 1 : 0);
  EXPECT_EQ(build("var 1..5: x;\nconstraint int_eq_reif(x, 3, true);\nconstraint int_eq_reif(x, 4, true);\n"
                  "solve satisfy;\n")
                .unsatisfiable,
            "");  // posted; the search proves it
  EXPECT_EQ(solutions(build("var 1..5: x;\nconstraint int_eq_reif(x, 3, true);\n"
                            "constraint int_eq_reif(x, 4, true);\nsolve satisfy;\n"))
                .size(),
            0u);
  EXPECT_EQ(build("var bool: b;\nconstraint int_eq_reif(3, 4, true);\nsolve satisfy;\n").unsatisfiable,
            "t.fzn:2: int_eq_reif cannot hold");
}

// The values of the initial domain of the variable named `name` ({} when there is none).
std::vector<csp::Value> initial_values(const fzn::FlatZincModel& m, const std::string& name) {
  std::vector<csp::Value> out;
  for (csp::VarId x = 0; x < m.problem.variable_count(); ++x) {
    if (m.problem.variable(x).name() != name) continue;
    m.problem.initial_domain(x).for_each([&](int i) { out.push_back(m.problem.variable(x).value(i)); });
  }
  return out;
}

// array_int_element over constants: the result starts with the array's values at the indices the index may take,
// intersected with its declared domain; the index with the positions of the values left.
TEST(FlatZincModel, ConstantElementResultsStartWithTheArraysValues) {
  const auto domain_of_r = [](const std::string& declarations) {
    return initial_values(build(declarations + "constraint array_int_element(i, [10, 30, 20, 30, 50], r);\n"
                                               "solve satisfy;\n"),
                          "r");
  };
  using V = std::vector<csp::Value>;
  EXPECT_EQ(domain_of_r("var 1..5: i;\nvar 0..100: r;\n"), (V{10, 20, 30, 50}));
  EXPECT_EQ(domain_of_r("var 1..3: i;\nvar 0..100: r;\n"), (V{10, 20, 30}));    // index 1..3 only
  EXPECT_EQ(domain_of_r("var {1, 5}: i;\nvar 0..100: r;\n"), (V{10, 50}));      // an index with a hole
  EXPECT_EQ(domain_of_r("var 1..5: i;\nvar 25..100: r;\n"), (V{30, 50}));       // declared 25..100
  EXPECT_EQ(domain_of_r("var 1..5: i;\nvar {20, 40, 50}: r;\n"), (V{20, 50}));  // declared with holes
  EXPECT_EQ(domain_of_r("var int: i;\nvar int: r;\n"), (V{10, 20, 30, 50}));    // neither bounded
  // The index, in turn, keeps the positions of r's values.
  EXPECT_EQ(initial_values(build("var int: i;\nvar 25..100: r;\n"
                                 "constraint array_int_element(i, [10, 30, 20, 30, 50], r);\nsolve satisfy;\n"),
                           "i"),
            (V{2, 4, 5}));
  // The search sees the same solutions: one per index.
  const fzn::FlatZincModel m = build(
      "var 1..5: i;\nvar 0..100: r;\n"
      "constraint array_int_element(i, [10, 30, 20, 30, 50], r);\nsolve satisfy;\n");
  EXPECT_EQ(solutions(m).size(), 5u);
  // No value in common: the model is unsatisfiable, and says why.
  EXPECT_EQ(build("var 1..5: i;\nvar 60..100: r;\nconstraint array_int_element(i, [10, 30, 20, 30, 50], r);\n"
                  "solve satisfy;\n")
                .unsatisfiable,
            "t.fzn:3: 'r' can take no value of the array of array_int_element");
  // A bool array: the result is fixed when every element is the same.
  EXPECT_EQ(initial_values(build("var 1..2: i;\nvar bool: b;\nconstraint array_bool_element(i, [true, true], b);\n"
                                 "solve satisfy;\n"),
                           "b"),
            (V{1}));
}

TEST(FlatZincModel, AuxiliaryVariablesComeLast) {
  const fzn::FlatZincModel m = build(
      "var bool: aux :: var_is_introduced;\nvar bool: d :: var_is_introduced :: is_defined_var;\nvar 1..2: x;\n"
      "constraint bool_clause([aux], [d]);\nconstraint int_eq_reif(x, 1, d) :: defines_var(d);\nsolve satisfy;\n");
  EXPECT_EQ(m.search_variable_count, 2);
  EXPECT_EQ(m.problem.variable(2).name(), "aux");
}

// The order in which one variable's values are tried by each value ordering (all solutions of a model without
// constraints, as values of the variable).
std::vector<int> value_order(const std::string& ordering, std::vector<csp::Value> values) {
  csp::Problem p;
  p.add_variable("x", std::move(values));
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.value_ordering = ordering;
  config.max_solutions = 0;
  config.keep_solutions = 20;
  std::vector<int> order;
  for (const csp::Assignment& a : csp::backtracking_search(p, config).solutions) order.push_back(a.value(0));
  return order;
}

// MiniZinc's value choices, branch after branch as Gecode's INT_VAL_MIN / MAX / MED take them (x = v, else x != v
// and again): indomain_median is the lower median of what is left each time (1..5: 3, then the median of
// {1, 2, 4, 5} is 2, of {1, 4, 5} 4, ...); indomain_middle the value closest to the mean of the bounds.
TEST(FlatZincModel, MaxMedianAndMiddleValueOrderings) {
  using V = std::vector<int>;
  EXPECT_EQ(value_order("natural", {1, 2, 3, 4, 5}), (V{1, 2, 3, 4, 5}));
  EXPECT_EQ(value_order("max", {1, 2, 3, 4, 5}), (V{5, 4, 3, 2, 1}));
  EXPECT_EQ(value_order("median", {1, 2, 3, 4, 5}), (V{3, 2, 4, 1, 5}));
  EXPECT_EQ(value_order("median", {1, 2, 3, 4}), (V{2, 3, 1, 4}));
  EXPECT_EQ(value_order("median", {1, 2, 3, 10}), (V{2, 3, 1, 10}));
  EXPECT_EQ(value_order("middle", {1, 2, 3, 10}), (V{3, 2, 1, 10}));            // mean 5.5: 3 is closest, 10 farthest
  EXPECT_EQ(value_order("middle", {1, 2, 3, 4, 5, 6}), (V{3, 4, 2, 5, 1, 6}));  // ties to the smaller
  EXPECT_EQ(value_order("middle", {-4, -3, 0}), (V{-3, -4, 0}));  // mean -2: -3 (1 away) before 0 (2 away)
  EXPECT_EQ(value_order("middle", {7}), (V{7}));
}

// Each MiniZinc variable selection on three variables with observable keys: a 3..5, b {1, 4}, c 2..7, and
// a + b + c != 10. The first four solutions (all solutions, in order) are Gecode 6.2's on the same FlatZinc
// (`minizinc --solver gecode -a`): input_order / first_fail branch on a, then b; smallest on b (value 1);
// largest and anti_first_fail on c (value 7, 6 values).
TEST(FlatZincModel, MiniZincVariableSelectionsFollowTheirDefinition) {
  const auto first_four = [](const std::string& selection) {
    const fzn::FlatZincModel m = build(
        "var 3..5: a;\nvar {1, 4}: b;\nvar 2..7: c;\nconstraint int_lin_ne([1, 1, 1], [a, b, c], 10);\n"
        "solve :: int_search([a, b, c], " +
        selection + ", indomain_min, complete) satisfy;\n");
    EXPECT_TRUE(m.search.notes.empty()) << selection;
    std::vector<std::string> order = solution_order(m);
    EXPECT_EQ(order.size(), 31u) << selection;  // 36 triples, 5 of them sum to 10
    order.resize(std::min<std::size_t>(order.size(), 4));
    return order;
  };
  using S = std::vector<std::string>;
  EXPECT_EQ(first_four("input_order"), (S{"a=3 b=1 c=2", "a=3 b=1 c=3", "a=3 b=1 c=4", "a=3 b=1 c=5"}));
  EXPECT_EQ(first_four("smallest"), (S{"a=3 b=1 c=2", "a=4 b=1 c=2", "a=5 b=1 c=2", "a=3 b=1 c=3"}));
  EXPECT_EQ(first_four("largest"), (S{"a=3 b=1 c=2", "a=3 b=4 c=2", "a=4 b=1 c=2", "a=5 b=1 c=2"}));
  EXPECT_EQ(first_four("anti_first_fail"), (S{"a=3 b=1 c=2", "a=3 b=4 c=2", "a=4 b=1 c=2", "a=5 b=1 c=2"}));
  EXPECT_EQ(first_four("first_fail"), (S{"a=3 b=1 c=2", "a=3 b=1 c=3", "a=3 b=1 c=4", "a=3 b=1 c=5"}));
  EXPECT_EQ(first_four("max_regret"), (S{"a=3 b=1 c=2", "a=3 b=1 c=3", "a=3 b=1 c=4", "a=3 b=1 c=5"}));
}

// A constraint decides the first solution: with a - b != 2, input_order tries a = 3 and then b = 2; smallest
// starts with b = 1 (the smallest value), so a = 3 is out and a = 4 comes first. Gecode 6.2 finds the same.
TEST(FlatZincModel, SmallestAndInputOrderFindDifferentFirstSolutions) {
  const auto first = [](const std::string& selection) {
    const fzn::FlatZincModel m = build(
        "var 3..5: a;\nvar 1..5: b;\nconstraint int_lin_ne([1, -1], [a, b], 2);\n"
        "solve :: int_search([a, b], " +
        selection + ", indomain_min, complete) satisfy;\n");
    return solution_order(m).front();
  };
  EXPECT_EQ(first("input_order"), "a=3 b=2");
  EXPECT_EQ(first("smallest"), "a=4 b=1");
}

// indomain_split (x <= mid first) and indomain_reverse_split (x > mid first) are enumerated in the order their
// bisection tries the values, ascending and descending, with a note saying so.
TEST(FlatZincModel, SplitValueChoicesEnumerateInBisectionOrder) {
  const auto values_of_x = [](const std::string& choice) {
    const fzn::FlatZincModel m =
        build("var 1..6: x;\nsolve :: int_search([x], input_order, " + choice + ", complete) satisfy;\n");
    EXPECT_EQ(m.search.notes.size(), 1u) << choice;
    std::vector<std::string> out = solution_order(m);
    return out.front() + " " + out.back();
  };
  EXPECT_EQ(values_of_x("indomain_split"), "x=1 x=6");
  EXPECT_EQ(values_of_x("indomain_reverse_split"), "x=6 x=1");
  EXPECT_EQ(values_of_x("indomain_interval"), "x=1 x=6");
}

// Boolean constants inside array_bool_xor, bool_clause, array_bool_and / array_bool_or are folded at posting; the
// solutions are those of the relation with the constants in place (counted by hand below).
TEST(FlatZincModel, BooleanConstantsAreFoldedWithTheSameSolutions) {
  const auto solutions = [](const std::string& constraint) {
    const fzn::FlatZincModel m =
        build("var bool: x :: output_var;\nvar bool: y :: output_var;\nvar bool: r :: output_var;\n" + constraint +
              "\nsolve satisfy;\n");
    return solution_order(m);
  };
  const auto all_have = [](const std::vector<std::string>& lines, const std::string& part) {
    return std::all_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  // x + 1 + y odd: x = y (r free): 4 solutions.
  EXPECT_EQ(solutions("constraint array_bool_xor([x, true, false, y]);").size(), 4u);
  const auto x_equals_y = [](const std::vector<std::string>& lines) {
    return std::all_of(lines.begin(), lines.end(),
                       [](const std::string& l) { return l.rfind("x=0 y=0", 0) == 0 || l.rfind("x=1 y=1", 0) == 0; });
  };
  EXPECT_TRUE(x_equals_y(solutions("constraint array_bool_xor([x, true, false, y]);")));
  // x + 1 + 1 + y odd: x != y: 4 solutions.
  EXPECT_EQ(solutions("constraint array_bool_xor([x, true, true, y]);").size(), 4u);
  EXPECT_FALSE(x_equals_y(solutions("constraint array_bool_xor([x, true, true, y]);")));
  EXPECT_EQ(solutions("constraint array_bool_xor([true, false]);").size(), 8u);        // always true
  EXPECT_EQ(solutions("constraint array_bool_xor([false, true, true]);").size(), 0u);  // never
  // x or false or not(true) or not(y): x = 1 or y = 0: 6 of 8.
  EXPECT_EQ(solutions("constraint bool_clause([x, false], [true, y]);").size(), 6u);
  EXPECT_EQ(solutions("constraint bool_clause([false], [true]);").size(), 0u);
  EXPECT_EQ(solutions("constraint bool_clause([x, true], [y]);").size(), 8u);
  // r <-> (x and true and y): 4 (r follows x and y); r <-> (x and false): r = 0, 4; r <-> (x or true): r = 1, 4.
  EXPECT_EQ(solutions("constraint array_bool_and([x, true, y], r);").size(), 4u);
  EXPECT_EQ(solutions("constraint array_bool_and([x, false, y], r);").size(), 4u);
  EXPECT_TRUE(all_have(solutions("constraint array_bool_and([x, false, y], r);"), "r=0"));
  EXPECT_TRUE(all_have(solutions("constraint array_bool_or([x, true], r);"), "r=1"));
  EXPECT_EQ(solutions("constraint array_bool_or([x, true], r);").size(), 4u);
  EXPECT_EQ(solutions("constraint array_bool_or([false, false], r);").size(), 4u);
  EXPECT_TRUE(all_have(solutions("constraint array_bool_or([false, false], r);"), "r=0"));
}

// Each phase records the bisection its value choice asks for (csp fzn --branching binary then branches split).
TEST(FlatZincModel, PhasesRecordTheSplitOfTheirValueChoice) {
  const fzn::FlatZincModel m = build(
      "var 1..6: x;\nvar 1..6: y;\nvar 1..6: z;\nsolve :: seq_search([int_search([x], input_order, indomain_split, "
      "complete), int_search([y], first_fail, indomain_reverse_split, complete), int_search([z], input_order, "
      "indomain_min, complete)]) satisfy;\n");
  ASSERT_EQ(m.search.phases.size(), 3u);
  EXPECT_EQ(m.search.phases[0].split, "split");
  EXPECT_EQ(m.search.phases[1].split, "reverse-split");
  EXPECT_EQ(m.search.phases[2].split, "");
}

// Known counts: 8-queens as FlatZinc (int_lin_ne, the MiniZinc std flattening) has 92 solutions.
TEST(FlatZincModel, EightQueensHas92Solutions) {
  std::string text = "array [1..2] of int: c = [1, -1];\n";
  for (int i = 0; i < 8; ++i) text += "var 1..8: q" + std::to_string(i) + ";\n";
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      for (int d : {0, j - i, i - j})
        text += "constraint int_lin_ne(c, [q" + std::to_string(i) + ", q" + std::to_string(j) + "], " +
                std::to_string(d) + ");\n";
  text += "solve satisfy;\n";
  EXPECT_EQ(solutions(build(text)).size(), 92u);
}

TEST(FlatZincModel, AllDifferentAndTableFromCspsMznlib) {
  const auto m = build(
      "var 1..3: a;\nvar 1..3: b;\nvar 1..3: c;\narray [1..3] of var 1..3: x = [a, b, c];\n"
      "constraint fzn_all_different_int(x);\nsolve satisfy;\n");
  EXPECT_EQ(solutions(m).size(), 6u);  // 3! permutations
  EXPECT_EQ(build("var 1..3: a;\nconstraint fzn_all_different_int([a, 2, a]);\nsolve satisfy;\n").unsatisfiable,
            "t.fzn:2: fzn_all_different_int cannot hold");
  EXPECT_EQ(error_of("var 1..3: a;\nconstraint fzn_all_different_int([a, b]);\nsolve satisfy;\n"),
            "t.fzn:2: 'b' is not declared");
  const auto t = build(
      "var 1..3: a;\nvar 1..3: b;\n"
      "constraint csp_table_int([a, b], [1, 2, 2, 3, 3, 1, 9, 9]);\nsolve satisfy;\n");
  EXPECT_EQ(solutions(t).size(), 3u);  // (9, 9) lies outside the domains
}

// The checkers, one builtin at a time, on the values of the arguments (x, y, z are variables 0, 1, 2).
struct CheckCase {
  std::string call;
  std::vector<long long> values;
  bool holds;
};

TEST(FlatZincBuiltins, CheckersEvaluateTheDefinitions) {
  const std::vector<CheckCase> cases = {
      {"int_eq(x, y)", {3, 3}, true},
      {"int_ne(x, y)", {3, 3}, false},
      {"int_lt(x, y)", {2, 3}, true},
      {"int_le(x, y)", {4, 3}, false},
      {"int_eq_reif(x, y, b)", {1, 2, 0}, true},
      {"int_eq_reif(x, y, b)", {1, 2, 1}, false},
      {"int_le_imp(x, y, b)", {5, 2, 0}, true},
      {"int_le_imp(x, y, b)", {5, 2, 1}, false},
      {"int_lin_eq([2, 3], [x, y], 13)", {2, 3}, true},
      {"int_lin_le([2, 3], [x, y], 12)", {2, 3}, false},
      {"int_lin_ne_reif([1, 1], [x, y], 5, b)", {2, 3, 0}, true},
      {"int_plus(x, y, z)", {2, 3, 5}, true},
      {"int_times(x, y, z)", {-2, 3, -6}, true},
      {"int_div(x, y, z)", {-7, 2, -3}, true},
      {"int_div(x, y, z)", {7, 0, 0}, false},
      {"int_mod(x, y, z)", {-7, 2, -1}, true},
      {"int_abs(x, y)", {-4, 4}, true},
      {"int_min(x, y, z)", {4, -1, -1}, true},
      {"int_max(x, y, z)", {4, -1, 4}, true},
      {"int_pow(x, y, z)", {2, 10, 1024}, true},
      {"int_pow(x, y, z)", {2, -1, 0}, true},
      {"int_pow(x, y, z)", {0, -1, 0}, false},
      {"int_pow(x, y, z)", {-1, -3, -1}, true},
      {"bool_and(x, y, b)", {1, 0, 0}, true},
      {"bool_or(x, y, b)", {1, 0, 1}, true},
      {"bool_xor(x, y)", {1, 1}, false},
      {"bool_xor(x, y, b)", {1, 0, 1}, true},
      {"bool_not(x, y)", {1, 0}, true},
      {"bool2int(x, y)", {1, 1}, true},
      {"bool_clause([x], [y])", {0, 1}, false},
      {"bool_clause([x], [y])", {0, 0}, true},
      {"array_bool_and([x, y], b)", {1, 1, 1}, true},
      {"array_bool_or([x, y], b)", {0, 0, 1}, false},
      {"array_bool_xor([x, y, b])", {1, 1, 1}, true},
      {"array_int_element(x, [5, 6, 7], y)", {2, 6}, true},
      {"array_int_element(x, [5, 6, 7], y)", {4, 6}, false},
      {"array_var_int_element(x, [y, z], b)", {2, 0, 9, 9}, true},
      {"int_in(x, {1, 5})", {5}, true},
      {"set_in_reif(x, 1..3, b)", {4, 0}, true},
      {"fzn_all_different_int([x, y, z])", {1, 2, 1}, false},
      {"csp_table_int([x, y], [1, 2, 3, 4])", {3, 4}, true},
  };
  for (const CheckCase& k : cases) {
    const std::string text = "var -10..10: x;\nvar -10..10: y;\nvar -10..10: z;\nvar -10..10: b;\nconstraint " +
                             k.call + ";\nsolve satisfy;\n";
    const fzn::FlatZincModel m = build(text);
    ASSERT_EQ(m.calls.size(), 1u) << k.call;
    const fzn::Builtin* builtin = fzn::find_builtin(m.calls[0].name);
    ASSERT_NE(builtin, nullptr) << k.call;
    const csp::VarId b = m.problem.find("b");
    const auto value = [&](csp::VarId v) {
      const std::size_t i = v == b ? k.values.size() - 1 : static_cast<std::size_t>(v);
      return i < k.values.size() ? k.values[i] : 0LL;
    };
    EXPECT_EQ(builtin->check(m.calls[0], value), k.holds) << k.call;
  }
}

}  // namespace
