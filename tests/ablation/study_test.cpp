// run_study (csp/ablation/study.hpp): a study over a Problem factory of one's own gives the rows csp ablate's
// catalogue gives, and run_one's, in the same order.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp/ablation/run_order.hpp"
#include "csp/ablation/study.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/verify.hpp"

namespace csp::ablation {
namespace {

// var {first, mrv} x inference {none, fc, mac}, every solution counted.
StudyPlan queens_plan(int n) {
  StudyPlan plan;
  plan.model = "my-queens";
  plan.instances.push_back(instance_from_factory(
      std::string("queens-").append(std::to_string(n)), [n] { return models::n_queens(n); },
      [n](const Assignment& a) { return models::verify_queens(n, a); }));
  plan.grid.var = {"first", "mrv"};
  plan.grid.inference = {"none", "fc", "mac"};
  plan.limits.max_solutions = 0;
  return plan;
}

void expect_same_row(const RunRecord& a, const RunRecord& b, const std::string& what) {
  EXPECT_EQ(a.instance, b.instance) << what;
  EXPECT_EQ(a.config, b.config) << what;
  EXPECT_EQ(a.status, b.status) << what;
  EXPECT_EQ(a.stats.assignments, b.stats.assignments) << what;
  EXPECT_EQ(a.stats.backtracks, b.stats.backtracks) << what;
  EXPECT_EQ(a.stats.constraint_checks, b.stats.constraint_checks) << what;
  EXPECT_EQ(a.stats.revisions, b.stats.revisions) << what;
  EXPECT_EQ(a.stats.values_pruned, b.stats.values_pruned) << what;
  EXPECT_EQ(a.stats.wipeouts, b.stats.wipeouts) << what;
  EXPECT_EQ(a.stats.max_depth, b.stats.max_depth) << what;
  EXPECT_EQ(a.stats.solutions, b.stats.solutions) << what;
}

TEST(RunStudy, FactoryQueensCounts92PerConfigurationAndMatchesRunOne) {
  const StudyPlan plan = queens_plan(8);
  std::vector<std::size_t> seen;
  const Study study = run_study(plan, [&](const Study& s, const RunRecord& row) {
    EXPECT_EQ(s.configs.size(), 6U);
    seen.push_back(row.config);
  });
  ASSERT_EQ(study.configs.size(), 6U);
  ASSERT_EQ(study.records.size(), 6U);
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));  // no shuffle seed: grid order
  EXPECT_EQ(study.configs[4].label(), "mrv/natural/fc/binary/ac3-off");
  // The catalogue's queens n=8 is the same Problem: the same search, counter for counter.
  const std::vector<Instance> catalogue = catalogue_instances("queens", {{}, {8}});
  ASSERT_EQ(catalogue.size(), 1U);
  for (std::size_t c = 0; c < 6; ++c) {
    const RunRecord& row = study.records[c];
    const std::string what = study.configs[c].label();
    EXPECT_EQ(row.status, RunStatus::solved) << what << ": " << row.detail;
    EXPECT_EQ(row.stats.solutions, 92U) << what;
    RunRecord direct = run_one(plan.instances[0], study.configs[c], plan.limits);
    direct.config = c;
    expect_same_row(row, direct, what);
    RunRecord from_catalogue = run_one(catalogue[0], study.configs[c], plan.limits);
    from_catalogue.config = c;
    expect_same_row(row, from_catalogue, what + " (catalogue)");
  }
  EXPECT_GT(study.records[0].stats.backtracks, study.records[2].stats.backtracks);  // MAC prunes
}

// The branching dimension: every way of branching counts the 92 solutions of 8-queens; binary with cbj is refused
// (SolverConfig::validate) and left out of the grid; d-way and binary branching make different trees.
TEST(RunStudy, BranchingIsADimensionAndEveryBranchingCounts92) {
  StudyPlan plan = queens_plan(8);
  plan.grid.var = {"mrv"};
  plan.grid.inference = {"fc"};
  plan.grid.branching = parse_list(Dimension::branching, "all");
  plan.grid.backjump = {"none", "cbj"};
  const Study study = run_study(plan, [](const Study&, const RunRecord&) {});
  // 4 branchings x 2 backjumpings, less binary, split and reverse-split with cbj
  ASSERT_EQ(study.configs.size(), 5U);
  std::vector<std::string> labels;
  for (const Configuration& c : study.configs) labels.push_back(c.label());
  EXPECT_EQ(labels, (std::vector<std::string>{
                        "mrv/natural/fc/binary/ac3-off/none", "mrv/natural/fc/binary/ac3-off/none/binary",
                        "mrv/natural/fc/binary/ac3-off/none/split", "mrv/natural/fc/binary/ac3-off/none/reverse-split",
                        "mrv/natural/fc/binary/ac3-off/cbj"}));
  EXPECT_EQ(study.configs[1].solver_config().branching, "binary");
  EXPECT_EQ(study.configs[4].solver_config().branching, "d-way");
  for (const RunRecord& row : study.records) {
    EXPECT_EQ(row.status, RunStatus::solved) << study.configs[row.config].label() << ": " << row.detail;
    EXPECT_EQ(row.stats.solutions, 92U) << study.configs[row.config].label();
  }
  EXPECT_NE(study.records[0].stats.assignments, study.records[1].stats.assignments);
}

TEST(RunStudy, ShuffledRunOrderGivesTheSameRecordsInGridOrder) {
  StudyPlan plan = queens_plan(6);
  const Study plain = run_study(plan);
  plan.shuffle_seed = 7;
  std::vector<std::size_t> seen;
  const Study shuffled = run_study(plan, [&](const Study&, const RunRecord& row) { seen.push_back(row.config); });
  const std::vector<WorkItem> order = run_order({0}, 6, 7);
  ASSERT_EQ(seen.size(), order.size());
  for (std::size_t k = 0; k < order.size(); ++k) EXPECT_EQ(seen[k], order[k].config) << k;
  EXPECT_NE(seen, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
  ASSERT_EQ(shuffled.records.size(), plain.records.size());
  for (std::size_t c = 0; c < plain.records.size(); ++c)
    expect_same_row(shuffled.records[c], plain.records[c], plain.configs[c].label());
  EXPECT_EQ(shuffled.header.seed, 7U);
  EXPECT_EQ(shuffled.header.options["shuffle_seed"], 7U);
}

TEST(RunStudy, CsvRowsEqualTheCataloguesButForNamesAndTimes) {
  const StudyPlan plan = queens_plan(6);
  StudyPlan catalogue = plan;
  catalogue.model = "queens";
  catalogue.instances = catalogue_instances("queens", {{}, {6}});
  std::ostringstream mine;
  std::ostringstream theirs;
  write_csv(mine, run_study(plan));
  write_csv(theirs, run_study(catalogue));
  // The rows without the '#' lines and the columns group, instance and us (the names and the time).
  const auto rows = [](const std::string& text) {
    std::vector<std::vector<std::string>> out;
    std::vector<bool> keep;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> fields;
      std::istringstream cells(line);
      for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
      if (keep.empty())
        for (const std::string& column : fields)
          keep.push_back(column != "group" && column != "instance" && column != "us");
      std::vector<std::string> kept;
      for (std::size_t k = 0; k < fields.size() && k < keep.size(); ++k) {
        if (keep[k]) kept.push_back(fields[k]);
      }
      out.push_back(kept);
    }
    return out;
  };
  const std::vector<std::vector<std::string>> a = rows(mine.str());
  ASSERT_EQ(a.size(), 7U);  // the column row and 6 rows
  EXPECT_EQ(a, rows(theirs.str()));
  ASSERT_EQ(a[0].size(), 20U);  // 23 columns but group, instance, us
  EXPECT_EQ(a[0].back(), "solutions");
  EXPECT_EQ(a[1].back(), "4");  // 6-queens has 4 solutions
  EXPECT_EQ(a[1][6], "solved");
}

TEST(RunStudy, WrongSolutionsErrorsAndInvalidInstances) {
  StudyPlan plan;
  plan.instances.push_back(instance_from_factory(
      "refuses-all", [] { return models::n_queens(4); }, [](const Assignment&) { return std::string("never right"); }));
  plan.instances.push_back(
      instance_from_factory("cannot-build", []() -> Problem { throw ModelError("no board of size 0"); }));
  Instance broken = instance_from_factory("broken", [] { return models::n_queens(4); });
  broken.error = "bad input";
  plan.instances.push_back(broken);
  const Study study = run_study(plan);
  ASSERT_EQ(study.records.size(), 2U);
  EXPECT_EQ(study.records[0].status, RunStatus::wrong);
  EXPECT_EQ(study.records[0].detail.find("never right") != std::string::npos, true) << study.records[0].detail;
  EXPECT_EQ(study.records[1].status, RunStatus::error);
  EXPECT_EQ(study.records[1].detail, "no board of size 0");
  ASSERT_EQ(study.header.invalid.size(), 1U);
  EXPECT_EQ(study.header.invalid[0].first, "broken");

  StudyPlan none;
  none.instances.push_back(broken);
  EXPECT_THROW(run_study(none), InputError);
  EXPECT_THROW(instance_from_factory("empty", {}), InputError);
}

}  // namespace
}  // namespace csp::ablation
