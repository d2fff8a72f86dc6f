// One cell of a `csp ablate` grid and a direct csp::solve of the same model and configuration make the same
// search: the same counters, the same solutions counted (one road from a model to a result).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/run.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/zebra.hpp"
#include "csp/search/solve.hpp"

namespace csp::ablation {
namespace {

Configuration config(const std::string& var, const std::string& val, const std::string& inference,
                     const std::string& backjump = "") {
  Configuration c;
  c.var = var;
  c.val = val;
  c.inference = inference;
  c.backjump = backjump;
  c.alldiff = "binary";
  return c;
}

// The counters of `record` and `direct` agree, the time aside.
void expect_same_counters(const RunRecord& record, const RunResult& direct, const std::string& what) {
  const Statistics& a = record.stats;
  const Statistics& b = direct.stats;
  EXPECT_EQ(a.assignments, b.assignments) << what;
  EXPECT_EQ(a.backtracks, b.backtracks) << what;
  EXPECT_EQ(a.failures, b.failures) << what;
  EXPECT_EQ(a.constraint_checks, b.constraint_checks) << what;
  EXPECT_EQ(a.revisions, b.revisions) << what;
  EXPECT_EQ(a.values_pruned, b.values_pruned) << what;
  EXPECT_EQ(a.wipeouts, b.wipeouts) << what;
  EXPECT_EQ(a.backjumps, b.backjumps) << what;
  EXPECT_EQ(a.max_depth, b.max_depth) << what;
  EXPECT_EQ(a.solutions, direct.solution_count) << what;
}

TEST(AblationRunMatchesSolve, QueensFirstSolutionAndCount) {
  const std::vector<Instance> inst = find_model("queens").enumerate({{}, {8}});
  ASSERT_EQ(inst.size(), 1U);
  const Problem queens = models::n_queens(8);
  for (const Configuration& c : {config("first", "natural", "none"), config("mrv", "lcv", "fc"),
                                 config("dom-wdeg", "natural", "mac"), config("first", "natural", "fc", "cbj")}) {
    for (const std::uint64_t cap : {std::uint64_t{1}, std::uint64_t{0}}) {
      RunLimits limits;
      limits.max_solutions = cap;
      const RunRecord record = run_one(inst[0], c, limits);
      RunSpec spec;
      spec.search = c.solver_config();
      spec.search.max_solutions = cap;
      const RunResult direct = solve(queens, spec);
      const std::string what = c.label() + " max_solutions " + std::to_string(cap);
      EXPECT_EQ(record.status, RunStatus::solved) << what << ": " << record.detail;
      expect_same_counters(record, direct, what);
      if (cap == 0) {
        EXPECT_EQ(direct.solution_count, 92U) << what;  // 8-queens has 92 solutions
      }
    }
  }
}

TEST(AblationRunMatchesSolve, ZebraAndANodeLimit) {
  const std::vector<Instance> zebra = find_model("zebra").enumerate({});
  ASSERT_EQ(zebra.size(), 1U);
  const Configuration c = config("mrv", "natural", "fc");
  RunSpec spec;
  spec.search = c.solver_config();
  expect_same_counters(run_one(zebra[0], c, {}), solve(models::zebra(c.alldiff_mode()), spec), "zebra " + c.label());

  // Stopped by the node limit: the same counters up to the stop, and the status says which limit.
  const std::vector<Instance> queens = find_model("queens").enumerate({{}, {12}});
  RunLimits limits;
  limits.node_limit = 7;
  const RunRecord record = run_one(queens[0], config("first", "natural", "none"), limits);
  spec.search = config("first", "natural", "none").solver_config();
  spec.search.limits.node_limit = 7;
  const RunResult direct = solve(models::n_queens(12), spec);
  EXPECT_EQ(direct.stop, StopReason::node_limit);
  EXPECT_EQ(record.status, RunStatus::node_limit);
  expect_same_counters(record, direct, "12-queens node limit 7");
}

}  // namespace
}  // namespace csp::ablation
