// csp ablate fzn (issue 13): FlatZinc instances, counting (--max-solutions) and optimisation in run_one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

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
