// csp ablate fzn: FlatZinc instances, counting (--max-solutions) and optimisation in run_one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/flatzinc_instances.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/run.hpp"
#include "csp/models/n_queens.hpp"

namespace csp::ablation {
namespace {

using ::testing::HasSubstr;

// 4-queens with an auxiliary variable (introduced, defined by no constraint): 2 solutions, not 4.
constexpr const char* kQueens4 =
    "array [1..2] of int: c = [1, -1];\n"
    "var 1..4: q1;\nvar 1..4: q2;\nvar 1..4: q3;\nvar 1..4: q4;\n"
    "var 0..1: aux :: var_is_introduced;\n"
    "array [1..4] of var int: q :: output_array([1..4]) = [q1, q2, q3, q4];\n"
    "constraint fzn_all_different_int([q1, q2, q3, q4]);\n"
    "constraint int_lin_ne(c, [q1, q2], 1);\nconstraint int_lin_ne(c, [q1, q2], -1);\n"
    "constraint int_lin_ne(c, [q1, q3], 2);\nconstraint int_lin_ne(c, [q1, q3], -2);\n"
    "constraint int_lin_ne(c, [q1, q4], 3);\nconstraint int_lin_ne(c, [q1, q4], -3);\n"
    "constraint int_lin_ne(c, [q2, q3], 1);\nconstraint int_lin_ne(c, [q2, q3], -1);\n"
    "constraint int_lin_ne(c, [q2, q4], 2);\nconstraint int_lin_ne(c, [q2, q4], -2);\n"
    "constraint int_lin_ne(c, [q3, q4], 1);\nconstraint int_lin_ne(c, [q3, q4], -1);\n"
    "solve :: int_search(q, input_order, indomain_max, complete) satisfy;\n";

// Choose two of 1..5 with a sum of at most 6, minimising 10 * x - y: x = 1, y = 5 gives 5.
constexpr const char* kMinimize =
    "var 1..5: x;\nvar 1..5: y;\nvar -5..50: z :: output_var;\n"
    "constraint int_lt(x, y);\nconstraint int_lin_le([1, 1], [x, y], 6);\n"
    "constraint int_lin_eq([10, -1, -1], [x, y, z], 0);\nsolve minimize z;\n";

std::vector<Instance> instances(const std::string& name, const std::string& text) {
  ModelInputs inputs;
  inputs.files = {name};
  inputs.contents = {text};
  return flatzinc_instances(inputs);
}

Configuration config(const std::string& var, const std::string& inference, const std::string& alldiff) {
  Configuration c;
  c.var = var;
  c.inference = inference;
  c.alldiff = alldiff;
  return c;
}

TEST(FlatZincAblation, CountsDistinctSolutionsUnderEveryConfiguration) {
  const std::vector<Instance> inst = instances("q4.fzn", kQueens4);
  ASSERT_EQ(inst.size(), 1U);
  EXPECT_EQ(inst[0].name, "q4.fzn");
  RunLimits all;
  all.max_solutions = 0;
  for (const char* var : {"first", "mrv", "dom-wdeg"})
    for (const char* inference : {"none", "fc", "mac"})
      for (const char* alldiff : {"binary", "value", "gac"}) {
        const RunRecord r = run_one(inst[0], config(var, inference, alldiff), all);
        EXPECT_EQ(r.status, RunStatus::solved) << var << ' ' << inference << ' ' << alldiff << ": " << r.detail;
        EXPECT_EQ(r.stats.solutions, 2U) << var << ' ' << inference << ' ' << alldiff;
        EXPECT_FALSE(r.optimisation);
      }
  RunLimits one;  // the first solution only
  EXPECT_EQ(run_one(inst[0], config("first", "fc", "binary"), one).stats.solutions, 1U);
}

TEST(FlatZincAblation, OptimisationProvesTheOptimum) {
  const std::vector<Instance> inst = instances("min.fzn", kMinimize);
  for (const char* inference : {"none", "fc", "mac"}) {
    const RunRecord r = run_one(inst[0], config("first", inference, "binary"), RunLimits{});
    EXPECT_EQ(r.status, RunStatus::solved) << inference << ": " << r.detail;
    EXPECT_TRUE(r.optimisation);
    ASSERT_TRUE(r.objective.has_value()) << inference;
    EXPECT_EQ(*r.objective, 5) << inference;
    EXPECT_GE(r.stats.solutions, 1U);
  }
}

// tests/flatzinc/data/rcpsp_small.fzn (compiled from rcpsp_small.mzn for csp): 8 tasks on a resource of capacity 4
// with precedences, posted as csp_cumulative; Gecode proves the optimum makespan 11.
constexpr const char* kRcpspSmall =
    "predicate csp_cumulative(array [int] of var int: s,array [int] of int: d,array [int] of int: r,int: b);\n"
    "array [1..2] of int: X_INTRODUCED_11_ = [1,-1];\n"
    "var 0..20: X_INTRODUCED_0_;\n"
    "var 0..20: X_INTRODUCED_1_;\n"
    "var 0..20: X_INTRODUCED_2_;\n"
    "var 0..20: X_INTRODUCED_3_;\n"
    "var 0..20: X_INTRODUCED_4_;\n"
    "var 0..20: X_INTRODUCED_5_;\n"
    "var 0..20: X_INTRODUCED_6_;\n"
    "var 0..20: X_INTRODUCED_7_;\n"
    "var 0..20: makespan:: output_var;\n"
    "array [1..8] of var int: s:: output_array([1..8]) = "
    "[X_INTRODUCED_0_,X_INTRODUCED_1_,X_INTRODUCED_2_,X_INTRODUCED_3_,X_INTRODUCED_4_,X_INTRODUCED_5_,X_INTRODUCED_6_,"
    "X_INTRODUCED_7_];\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_0_,X_INTRODUCED_2_],-3);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_1_,X_INTRODUCED_3_],-2);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_2_,X_INTRODUCED_5_],-4);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_3_,X_INTRODUCED_6_],-2);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_4_,X_INTRODUCED_7_],-3);\n"
    "constraint csp_cumulative(s,[3,2,4,2,3,1,2,3],[2,3,1,2,2,3,1,2],4);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_0_,makespan],-3);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_1_,makespan],-2);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_2_,makespan],-4);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_3_,makespan],-2);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_4_,makespan],-3);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_5_,makespan],-1);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_6_,makespan],-2);\n"
    "constraint int_lin_le(X_INTRODUCED_11_,[X_INTRODUCED_7_,makespan],-3);\n"
    "solve  minimize makespan;\n";

// The globals dimension. Native cumulative and its decomposition find the same optimum; the label and
// the column say which one ran; the native propagator needs fewer assignments under MAC.
TEST(FlatZincAblation, GlobalsNativeAndDecomposedGiveTheSameOptimum) {
  const std::vector<Instance> inst = instances("rcpsp_small.fzn", kRcpspSmall);
  ASSERT_EQ(inst.size(), 1U);
  GridSpec grid;
  grid.var = {"mrv"};
  grid.inference = {"fc", "mac"};
  grid.globals = {"native", "decompose"};
  const std::vector<Configuration> configs = expand_grid(grid);
  ASSERT_EQ(configs.size(), 4U);
  EXPECT_EQ(configs[0].label(), "mrv/natural/fc/binary/ac3-off");
  EXPECT_EQ(configs[1].label(), "mrv/natural/fc/binary/ac3-off/globals-decompose");
  EXPECT_EQ(configs[1].get(Dimension::globals), "decompose");
  EXPECT_EQ(configs[1].globals_mode(), Globals::decompose);
  EXPECT_EQ(Configuration{}.globals_mode(), Globals::native);
  std::uint64_t assignments[2] = {0, 0};  // under MAC: native, decomposed
  for (const Configuration& c : configs) {
    const RunRecord r = run_one(inst[0], c, RunLimits{});
    EXPECT_EQ(r.status, RunStatus::solved) << c.label() << ": " << r.detail;
    ASSERT_TRUE(r.objective.has_value()) << c.label();
    EXPECT_EQ(*r.objective, 11) << c.label();
    if (c.inference == "mac") assignments[c.globals == "decompose" ? 1 : 0] = r.stats.assignments;
  }
  EXPECT_LT(assignments[0], assignments[1]);
}

TEST(FlatZincAblation, BadFilesNameTheLine) {
  try {
    instances("bad.fzn", "var 1..3: x;\nconstraint int_frob(x, 1);\nsolve satisfy;\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("bad.fzn:2: unknown constraint 'int_frob'"));
  }
  EXPECT_THROW(instances("empty.fzn", ""), InputError);
  const std::vector<Instance> unsat = instances("u.fzn", "var 1..3: x;\nconstraint int_le(4, 3);\nsolve satisfy;\n");
  EXPECT_EQ(run_one(unsat[0], config("first", "fc", "binary"), RunLimits{}).status, RunStatus::unsatisfiable);
}

// Counting verifies every solution, not only the first: an instance whose check refuses its third solution.
class RefusesThird : public BuiltInstance {
 public:
  RefusesThird() : problem_(models::n_queens(6, models::QueensFormulation::binary)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment&) const override { return ++checked_ == 3 ? "third refused" : ""; }

 private:
  Problem problem_;
  mutable int checked_ = 0;
};

TEST(FlatZincAblation, CountingVerifiesEverySolution) {
  Instance inst;
  inst.group = inst.name = "refuses";
  inst.build = [](const Configuration&) { return std::make_unique<RefusesThird>(); };
  RunLimits all;
  all.max_solutions = 0;
  const RunRecord r = run_one(inst, config("first", "fc", "binary"), all);
  EXPECT_EQ(r.status, RunStatus::wrong);
  EXPECT_EQ(r.detail, "third refused");
  all.max_solutions = 2;  // stops before the third
  EXPECT_EQ(run_one(inst, config("first", "fc", "binary"), all).status, RunStatus::solved);
}

}  // namespace
}  // namespace csp::ablation
