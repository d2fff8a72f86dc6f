// The FlatZinc builtins of the global constraints (csp_cumulative, csp_regular, ...): each model solved with the native
// propagators and with the decompositions (BuildOptions::globals), every solution checked by the builtins' own
// checkers, the counts checked by hand.
#include <gtest/gtest.h>

#include <string>

#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/search/backtracking.hpp"

namespace fzn = csp::models::flatzinc;

namespace {

// The number of solutions of `text`, the same under both Globals modes (each solution verified).
std::uint64_t count(const std::string& text) {
  std::uint64_t first = 0;
  for (const csp::Globals how : {csp::Globals::native, csp::Globals::decompose}) {
    fzn::BuildOptions options;
    options.globals = how;
    const fzn::FlatZincModel m = fzn::build_flatzinc(fzn::parse_flatzinc(text, "t.fzn"), "t.fzn", options);
    csp::SolverConfig config;
    config.inference = "mac";
    config.max_solutions = 0;
    config.keep_solutions = 100000;
    const csp::SearchResult r = csp::backtracking_search(m.problem, config);
    for (const csp::Assignment& a : r.solutions) EXPECT_EQ(m.verify(a), "");
    if (how == csp::Globals::native)
      first = r.solution_count;
    else
      EXPECT_EQ(r.solution_count, first) << "decompose";
  }
  return first;
}

TEST(FlatZincGlobals, CircuitOfFiveNodes) {
  EXPECT_EQ(count("array [1..5] of var 1..5: x :: output_array([1..5]);\n"
                  "constraint csp_circuit(x, 1);\nsolve satisfy;\n"),
            24U);
}

TEST(FlatZincGlobals, CumulativeOfThreeTasksFillingTheHorizon) {
  // Durations 2, 2, 2 on a unary resource, starts 0..4: the orders of the three blocks, 3! = 6.
  EXPECT_EQ(count("var 0..4: a :: output_var;\nvar 0..4: b :: output_var;\nvar "
                  "0..4: c :: output_var;\n"
                  "constraint csp_cumulative([a, b, c], [2, 2, 2], [1, 1, 1], "
                  "1);\nsolve satisfy;\n"),
            6U);
}

TEST(FlatZincGlobals, RegularOfANonogramRow) {
  // Clue "3 1" in seven cells (1 blank, 2 filled): six rows.
  EXPECT_EQ(count("array [1..7] of var 1..2: x :: output_array([1..7]);\n"
                  "constraint csp_regular(x, 6, 2, [1, 2, 0, 3, 0, 4, 5, 0, 5, "
                  "6, 6, 0], 1, {6});\nsolve satisfy;\n"),
            6U);
}

TEST(FlatZincGlobals, AmongIncreasingLexMaximumInverse) {
  // Three 1..3 variables, increasing, exactly two of them 2: (1,2,2) and (2,2,3), both with x1 < x3 (lex on one element
  // each) and m = x3.
  EXPECT_EQ(count("array [1..3] of var 1..3: x :: output_array([1..3]);\nvar "
                  "1..3: m :: output_var;\n"
                  "constraint csp_increasing_int(x);\nconstraint csp_among(x, "
                  "{2}, 2, 0, 0);\n"
                  "constraint csp_lex_int([x[1]], [x[3]], 1);\nconstraint "
                  "array_int_maximum(m, x);\nsolve satisfy;\n"),
            2U);
  EXPECT_EQ(count("array [1..3] of var 1..3: f :: output_array([1..3]);\n"
                  "array [1..3] of var 1..3: g :: output_array([1..3]);\n"
                  "constraint csp_inverse(f, g, 1);\nsolve satisfy;\n"),
            6U);
}

TEST(FlatZincGlobals, NValueAndArgMax) {
  // Three 1..3 variables with two distinct values: 3 pairs x (2^3 - 2) = 18.
  EXPECT_EQ(count("array [1..3] of var 1..3: x :: output_array([1..3]);\n"
                  "constraint csp_nvalue(2, x);\nsolve satisfy;\n"),
            18U);
  // Two 1..2 variables, z the first largest's position from 1: one z per pair, 4; arg_min with x = (2, 1): z = 2.
  EXPECT_EQ(count("array [1..2] of var 1..2: x :: output_array([1..2]);\nvar 0..3: z :: output_var;\n"
                  "constraint csp_arg_max_int(x, z, 1, 0);\nsolve satisfy;\n"),
            4U);
  EXPECT_EQ(count("var 0..3: z :: output_var;\nconstraint csp_arg_max_int([2, 1], z, 1, 1);\n"
                  "constraint int_eq(z, 2);\nsolve satisfy;\n"),
            1U);
}

TEST(FlatZincGlobals, BinPackingThreeForms) {
  // Three items of weight 2 into bins 1..2 of capacity 4: all but the two "all in one bin", 6 (capacities, and one
  // capacity); items of weights 1 and 2 into bins 1..2 with free loads: one load pair per assignment, 4.
  EXPECT_EQ(count("array [1..3] of var 1..2: b :: output_array([1..3]);\n"
                  "constraint csp_bin_packing_capa([4, 4], b, [2, 2, 2], 1);\nsolve satisfy;\n"),
            6U);
  EXPECT_EQ(count("array [1..3] of var 1..2: b :: output_array([1..3]);\n"
                  "constraint csp_bin_packing(4, b, [2, 2, 2]);\nsolve satisfy;\n"),
            6U);
  EXPECT_EQ(count("array [1..2] of var 1..2: b :: output_array([1..2]);\n"
                  "array [1..2] of var 0..3: l :: output_array([1..2]);\n"
                  "constraint csp_bin_packing_load(l, b, [1, 2], 1);\nsolve satisfy;\n"),
            4U);
}

TEST(FlatZincGlobals, DiffnOfFourUnitSquaresInABox) {
  // Four 1x1 squares with corners in 0..1 x 0..1: 4! placements (the sizes are constants, shared variables).
  EXPECT_EQ(count("array [1..4] of var 0..1: x :: output_array([1..4]);\n"
                  "array [1..4] of var 0..1: y :: output_array([1..4]);\n"
                  "constraint csp_diffn(x, y, [1, 1, 1, 1], [1, 1, 1, 1], 1);\nsolve satisfy;\n"),
            24U);
}

}  // namespace
