// n-queens solution counts for n = 1..10 under every strategy combination and both formulations, and the
// pruning order assignments(mac) <= assignments(fc) <= assignments(none).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "csp/core/search_observer.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

// OEIS A000170.
constexpr std::uint64_t kQueensSolutions[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};

using Combination = std::tuple<std::string, std::string, std::string, models::QueensFormulation>;

std::string param_name(const ::testing::TestParamInfo<Combination>& info) {
  std::string s = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param) + "_" +
                  models::to_string(std::get<3>(info.param));
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

class QueensCount : public ::testing::TestWithParam<Combination> {};

TEST_P(QueensCount, SolutionCountsForOneToTen) {
  const auto& [var, val, inference, formulation] = GetParam();
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.max_solutions = 0;
  c.keep_solutions = 3;
  for (int n = 1; n <= test_support::sized(10, 8); ++n) {  // 8 under a sanitizer: 324 combinations
    const Problem p = models::n_queens(n, formulation);
    const SearchResult r = backtracking_search(p, c);
    const std::uint64_t expected = kQueensSolutions[n - 1];
    EXPECT_EQ(r.solution_count, expected) << n << "-queens, " << to_string(c);
    EXPECT_TRUE(r.complete) << n << "-queens";
    EXPECT_EQ(r.status, expected == 0 ? Status::unsatisfiable : Status::solved) << n << "-queens";
    for (const Assignment& a : r.solutions) EXPECT_TRUE(p.is_solution(a)) << p.to_string(a);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllStrategies, QueensCount,
    ::testing::Combine(::testing::ValuesIn(variable_orderings().names()),
                       ::testing::ValuesIn(value_orderings().names()), ::testing::ValuesIn(inferences().names()),
                       ::testing::Values(models::QueensFormulation::binary, models::QueensFormulation::all_different)),
    param_name);

std::uint64_t nodes(int n, const std::string& var, const std::string& val, const std::string& inference) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = var;
  c.value_ordering = val;
  c.inference = inference;
  c.max_solutions = 0;
  c.keep_solutions = 0;
  return backtracking_search(models::n_queens(n, models::QueensFormulation::binary), c).stats.assignments;
}

// For a static order the claim follows from the algorithms: forward checking tries exactly the values that are
// consistent with the assignment (as "none" does) but abandons a node as soon as a domain is wiped out; MAC
// removes a superset of what forward checking removes. With MRV, "none" measures remaining values by consistency
// checks, so it picks the same variables as forward checking (and makes exactly as many assignments on n-queens).
// When counting all solutions the value ordering does not change the tree for these orderings (they look only at
// domains and the assignment), but both are run.
TEST(QueensNodes, MacAtMostFcAtMostNone) {
  for (const std::string var : {"first", "mrv", "degree", "mrv-degree"}) {
    for (const std::string val : {"natural", "lcv"}) {
      for (int n = 4; n <= (val == "lcv" ? 8 : 10); ++n) {  // lcv is slow to score and changes nothing here
        const std::uint64_t none = nodes(n, var, val, "none");
        const std::uint64_t fc = nodes(n, var, val, "fc");
        const std::uint64_t mac = nodes(n, var, val, "mac");
        EXPECT_LE(mac, fc) << n << "-queens, " << var << ", " << val;
        EXPECT_LE(fc, none) << n << "-queens, " << var << ", " << val;
        EXPECT_LT(mac, none) << n << "-queens, " << var << ", " << val;
      }
    }
  }
}

// dom/wdeg learns constraint weights only from failures found by inference, so with "none" it is plain
// dom/ddeg while with fc and mac it orders variables differently: fc <= none does NOT hold there (5-queens:
// none 53, fc 54; 8-queens: none 1360, fc 1378). What still holds on these sizes is MAC's advantage.
TEST(QueensNodes, DomWdegMacAtMostFcAndNone) {
  for (const std::string val : {"natural", "lcv"}) {
    for (int n = 4; n <= 9; ++n) {
      const std::uint64_t none = nodes(n, "dom-wdeg", val, "none");
      const std::uint64_t fc = nodes(n, "dom-wdeg", val, "fc");
      const std::uint64_t mac = nodes(n, "dom-wdeg", val, "mac");
      EXPECT_LE(mac, fc) << n << "-queens, " << val;
      EXPECT_LE(mac, none) << n << "-queens, " << val;
    }
  }
}

TEST(QueensNodes, KnownCountsForEightQueens) {
  // Counting all 92 solutions of the binary formulation (numbers anyone can reproduce with the textbook
  // algorithms): static order 2056 / 1724 / 768 for none / fc / mac; MRV 1360 / 1360 / 738.
  EXPECT_EQ(nodes(8, "first", "natural", "fc"), 1724U);
  EXPECT_EQ(nodes(8, "first", "natural", "mac"), 768U);
  EXPECT_EQ(nodes(8, "mrv", "natural", "none"), 1360U);
  EXPECT_EQ(nodes(8, "mrv", "natural", "fc"), 1360U);
  EXPECT_EQ(nodes(8, "mrv", "natural", "mac"), 738U);
}

class DepthProfile : public SearchObserver {
 public:
  void on_assign(const Store& /*store*/, VarId /*x*/, Value /*v*/, int depth) override {
    if (static_cast<std::size_t>(depth) > per_depth.size()) per_depth.resize(static_cast<std::size_t>(depth), 0);
    ++per_depth[static_cast<std::size_t>(depth - 1)];
  }
  std::vector<std::uint64_t> per_depth;
};

TEST(QueensNodes, TextbookBaselineTreeProfileForEightQueens) {
  // The 8-queens backtracking tree with static order, ascending rows and no inference has 8, 42, 140, 344, 568,
  // 550, 312, 92 nodes at depths 1..8 (Knuth, "Estimating the efficiency of backtrack programs", 1975):
  // 2056 consistent placements in all.
  DepthProfile profile;
  SolverConfig c = SolverConfig::textbook();
  c.max_solutions = 0;
  c.observer = &profile;
  const SearchResult r = backtracking_search(models::n_queens(8), c);
  EXPECT_EQ(profile.per_depth, (std::vector<std::uint64_t>{8, 42, 140, 344, 568, 550, 312, 92}));
  EXPECT_EQ(r.stats.assignments, 2056U);
  EXPECT_EQ(r.stats.solutions, 92U);
}

}  // namespace
}  // namespace csp

namespace csp {
namespace {

// The counts for 11 and 12 queens (OEIS A000170: 2680, 14200), with both formulations.
TEST(QueensCountLarger, ElevenAndTwelveQueens) {
  for (const auto formulation : {models::QueensFormulation::binary, models::QueensFormulation::all_different}) {
    SolverConfig config = SolverConfig::textbook();
    config.variable_ordering = "mrv";
    config.inference = "fc";
    config.max_solutions = 0;
    config.keep_solutions = 1;
    const Problem p11 = models::n_queens(11, formulation);
    const SearchResult r11 = backtracking_search(p11, config);
    EXPECT_EQ(r11.solution_count, 2680U) << models::to_string(formulation);
    const Problem p12 = models::n_queens(12, formulation);
    const SearchResult r12 = backtracking_search(p12, config);
    EXPECT_EQ(r12.solution_count, 14200U) << models::to_string(formulation);
    ASSERT_FALSE(r12.solutions.empty());
    EXPECT_TRUE(p12.is_solution(r12.solutions.front()));
  }
}

}  // namespace
}  // namespace csp
