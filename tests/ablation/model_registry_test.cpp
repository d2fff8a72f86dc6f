// The model registry of csp ablate and one run: instances, verification, statuses, limits, bad files.
#include "csp/ablation/model_registry.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/run.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::ablation {
namespace {

using ::testing::HasSubstr;

Configuration config(const std::string& var, const std::string& inference, const std::string& alldiff = "binary") {
  Configuration c;
  c.var = var;
  c.inference = inference;
  c.alldiff = alldiff;
  return c;
}

TEST(AblationModels, RegistryNamesAndErrors) {
  EXPECT_EQ(model_names_joined(), "sudoku, queens, australia, usa, graph, zebra, cryptarithm, killer, fzn");
  EXPECT_EQ(find_model("queens").number_option, "n");
  try {
    find_model("chess");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("sudoku, queens"));
  }
}

TEST(AblationModels, QueensSolvesVerifiesAndProvesSmallBoardsUnsatisfiable) {
  const std::vector<Instance> inst = find_model("queens").enumerate({{}, {3, 6}});
  ASSERT_EQ(inst.size(), 2U);
  EXPECT_EQ(inst[1].name, "n=6");
  EXPECT_EQ(inst[1].group, "queens");
  for (const char* alldiff : {"binary", "value"}) {
    const RunRecord three = run_one(inst[0], config("mrv", "fc", alldiff), {});
    EXPECT_EQ(three.status, RunStatus::unsatisfiable);
    const RunRecord six = run_one(inst[1], config("first", "none", alldiff), {});
    EXPECT_EQ(six.status, RunStatus::solved) << six.detail;
    EXPECT_GT(six.stats.assignments, 0U);
  }
}

TEST(AblationModels, RepeatKeepsTheCountersOfOneRun) {
  const std::vector<Instance> inst = find_model("queens").enumerate({{}, {8}});
  const RunRecord once = run_one(inst[0], config("first", "none"), {0, 0, 1});
  const RunRecord thrice = run_one(inst[0], config("first", "none"), {0, 0, 3});
  EXPECT_EQ(once.stats.assignments, thrice.stats.assignments);
  EXPECT_EQ(once.stats.constraint_checks, thrice.stats.constraint_checks);
}

TEST(AblationModels, NodeLimitStopsARun) {
  const std::vector<Instance> inst = find_model("queens").enumerate({{}, {12}});
  const RunRecord r = run_one(inst[0], config("first", "none"), {5, 0, 1});
  EXPECT_EQ(r.status, RunStatus::node_limit);
  EXPECT_TRUE(is_failure(r.status));
}

TEST(AblationModels, MapsColourOrProveImpossible) {
  const std::vector<Instance> au = find_model("australia").enumerate({{}, {2, 3}});
  EXPECT_EQ(run_one(au[0], config("mrv", "mac"), {}).status, RunStatus::unsatisfiable);
  EXPECT_EQ(run_one(au[1], config("mrv", "mac"), {}).status, RunStatus::solved);
  const std::vector<Instance> usa = find_model("usa").enumerate({{}, {4}});
  EXPECT_EQ(run_one(usa[0], config("mrv", "fc"), {}).status, RunStatus::solved);
}

TEST(AblationModels, SudokuFilesMarkInvalidPuzzlesAndRejectUnreadableFiles) {
  const std::string path = ::testing::TempDir() + "ablation_puzzles.txt";
  {
    std::ofstream f(path);
    f << "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
      << "12345\n"                                                                               // wrong length
      << "11...............................................................................\n";  // clash
  }
  const std::vector<Instance> inst = find_model("sudoku").enumerate({{path}, {}});
  ASSERT_EQ(inst.size(), 3U);
  EXPECT_TRUE(inst[0].valid());
  EXPECT_FALSE(inst[1].valid());
  EXPECT_FALSE(inst[2].valid());
  EXPECT_THAT(inst[2].error, HasSubstr("contradictory givens"));
  EXPECT_EQ(inst[0].group, path);
  EXPECT_EQ(inst[2].number, 3U);
  for (const char* alldiff : {"binary", "value", "gac"}) {
    const RunRecord r = run_one(inst[0], config("mrv", "mac", alldiff), {});
    EXPECT_EQ(r.status, RunStatus::solved) << alldiff << ": " << r.detail;
  }
  std::remove(path.c_str());
  EXPECT_THROW(find_model("sudoku").enumerate({{path}, {}}), InputError);
  EXPECT_THROW(find_model("sudoku").enumerate({{}, {}}), InputError);
  EXPECT_THROW(find_model("sudoku").enumerate({{::testing::TempDir()}, {}}), InputError);
}

// every solution of an instance (counted by the engine), each checked by the model's own verify, and a
// broken solution rejected.
void expect_all_verified(const Instance& inst, const Configuration& c, std::uint64_t count) {
  const std::unique_ptr<BuiltInstance> built = inst.build(c);
  SolverConfig solver = c.solver_config();
  solver.variable_ordering = "mrv";
  solver.inference = "fc";
  solver.max_solutions = 0;
  const SearchResult r = backtracking_search(built->problem(), solver);
  EXPECT_EQ(r.solution_count, count) << inst.name << " " << c.label();
  for (const Assignment& a : r.solutions) EXPECT_EQ(built->verify(a), "") << inst.name;
  if (r.solutions.empty()) return;
  Assignment wrong = r.solutions.front();
  wrong.assign(0, wrong.value(1));  // two variables of one all-different group, or a cell and its row neighbour
  EXPECT_NE(built->verify(wrong), "") << inst.name;
}

TEST(AblationModels, ZebraHasOneVerifiedSolution) {
  const std::vector<Instance> inst = find_model("zebra").enumerate({});
  ASSERT_EQ(inst.size(), 1U);
  for (const char* alldiff : {"binary", "value", "gac"}) expect_all_verified(inst[0], config("mrv", "fc", alldiff), 1);
  EXPECT_EQ(run_one(inst[0], config("first", "none"), {}).status, RunStatus::solved);
}

TEST(AblationModels, CryptarithmsFromPuzzleList) {
  ModelInputs in;
  EXPECT_EQ(find_model("cryptarithm").enumerate(in).front().name, "SEND+MORE=MONEY");  // the default
  in.puzzles = {"SEND+MORE=MONEY", "TWO+TWO=FOUR"};
  const std::vector<Instance> inst = find_model("cryptarithm").enumerate(in);
  ASSERT_EQ(inst.size(), 2U);
  expect_all_verified(inst[0], config("mrv", "fc", "value"), 1);   // 9567 + 1085 = 10652
  expect_all_verified(inst[1], config("mrv", "fc", "binary"), 7);  // csp cryptarithm TWO+TWO=FOUR --all
  in.puzzles = {"SEND+more=MONEY"};
  EXPECT_THROW(find_model("cryptarithm").enumerate(in), InputError);
}

TEST(AblationModels, KillerFileHasItsKnownSolution) {
  // puzzles/killer_4x4.txt: one solution (csp killer puzzles/killer_4x4.txt --max-solutions 2).
  ModelInputs in;
  in.files = {"killer_4x4.txt"};
  in.contents = {"box 2x2\nabcc\nabbd\naeed\nffed\na 7 b 9 c 5\nd 6 e 8 f 5\n"};
  const std::vector<Instance> inst = find_model("killer").enumerate(in);
  ASSERT_EQ(inst.size(), 1U);
  for (const char* alldiff : {"binary", "value", "gac"}) expect_all_verified(inst[0], config("mrv", "fc", alldiff), 1);
  in.contents = {"box 2x2\nabcc\n"};
  EXPECT_THROW(find_model("killer").enumerate(in), InputError);
}

TEST(AblationModels, ColouringsBreakSymmetryOnlyWhenAsked) {
  EXPECT_TRUE(find_model("australia").value_symmetry);
  EXPECT_FALSE(find_model("queens").value_symmetry);
  const std::vector<Instance> inst = find_model("australia").enumerate({{}, {3}});
  Configuration c = config("mrv", "fc");
  expect_all_verified(inst[0], c, 18);
  c.break_symmetry = "off";
  expect_all_verified(inst[0], c, 18);
  c.break_symmetry = "on";
  expect_all_verified(inst[0], c, 3);
  c.consistency = "pc2";
  expect_all_verified(inst[0], c, 3);
  EXPECT_TRUE(c.solver_config().pc2_preprocess);
  EXPECT_EQ(c.label(), "mrv/natural/fc/binary/ac3-off/pc2/break-symmetry-on");
}

}  // namespace
}  // namespace csp::ablation
