// Statistics of csp ablate on hand-made records: counts, mean / median / max, total time, disqualification, sorting.
#include "csp/ablation/summary.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace csp::ablation {
namespace {

using ::testing::HasSubstr;

Instance instance(const std::string& group, const std::string& name) {
  Instance i;
  i.group = group;
  i.name = name;
  return i;
}

RunRecord record(std::size_t inst, std::size_t config, RunStatus status, std::uint64_t assignments, std::int64_t us) {
  RunRecord r;
  r.instance = inst;
  r.config = config;
  r.status = status;
  r.stats.assignments = assignments;
  r.stats.backtracks = assignments / 2;
  r.stats.max_depth = assignments % 7;
  r.stats.elapsed_us = us;
  return r;
}

// Group "a.txt": instances 0..2; group "b.txt": instances 3..4. Config 0 = mrv, config 1 = first.
struct Fixture {
  std::vector<Instance> instances = {instance("a.txt", "a:1"), instance("a.txt", "a:2"), instance("a.txt", "a:3"),
                                     instance("b.txt", "b:1"), instance("b.txt", "b:2")};
  std::vector<Configuration> configs;
  std::vector<RunRecord> records = {
      record(0, 0, RunStatus::solved, 10, 100),     record(1, 0, RunStatus::solved, 20, 200),
      record(2, 0, RunStatus::solved, 60, 300),     record(0, 1, RunStatus::solved, 5, 50),
      record(1, 1, RunStatus::solved, 5, 60),       record(2, 1, RunStatus::timeout, 1000, 5000),
      record(3, 0, RunStatus::solved, 1, 10),       record(4, 0, RunStatus::unsatisfiable, 3, 30),
      record(3, 1, RunStatus::node_limit, 400, 40), record(4, 1, RunStatus::solved, 2, 20),
  };
  Fixture() {
    Configuration mrv;
    mrv.var = "mrv";
    Configuration first;
    first.var = "first";
    configs = {mrv, first};
  }
};

const Summary& find(const std::vector<Summary>& all, const std::string& group, std::size_t config) {
  for (const Summary& s : all)
    if (s.group == group && s.config == config) return s;
  throw std::runtime_error("no summary");
}

TEST(AblationDescribe, MeanMedianMax) {
  const CounterStats odd = describe({60, 10, 20});
  EXPECT_DOUBLE_EQ(odd.mean, 30);
  EXPECT_DOUBLE_EQ(odd.median, 20);
  EXPECT_DOUBLE_EQ(odd.max, 60);
  const CounterStats even = describe({4, 1, 3, 100});
  EXPECT_DOUBLE_EQ(even.mean, 27);
  EXPECT_DOUBLE_EQ(even.median, 3.5);
  EXPECT_DOUBLE_EQ(even.max, 100);
  const CounterStats none = describe({});
  EXPECT_DOUBLE_EQ(none.mean, 0);
  EXPECT_DOUBLE_EQ(none.max, 0);
}

TEST(AblationSummarize, OneSummaryPerGroupAndConfigurationInOrder) {
  const Fixture f;
  const std::vector<Summary> all = summarize(f.records, f.instances, f.configs.size());
  ASSERT_EQ(all.size(), 4U);
  EXPECT_EQ(all[0].group, "a.txt");
  EXPECT_EQ(all[0].config, 0U);
  EXPECT_EQ(all[1].group, "a.txt");
  EXPECT_EQ(all[1].config, 1U);
  EXPECT_EQ(all[2].group, "b.txt");
  EXPECT_EQ(all[3].group, "b.txt");
}

TEST(AblationSummarize, CountsStatisticsAndTotalTime) {
  const Fixture f;
  const std::vector<Summary> all = summarize(f.records, f.instances, f.configs.size());
  const Summary& a0 = find(all, "a.txt", 0);
  EXPECT_EQ(a0.instances, 3U);
  EXPECT_EQ(a0.solved, 3U);
  EXPECT_FALSE(a0.disqualified);
  EXPECT_DOUBLE_EQ(a0.stats(Counter::assignments).mean, 30);
  EXPECT_DOUBLE_EQ(a0.stats(Counter::assignments).median, 20);
  EXPECT_DOUBLE_EQ(a0.stats(Counter::assignments).max, 60);
  EXPECT_DOUBLE_EQ(a0.stats(Counter::backtracks).mean, (5 + 10 + 30) / 3.0);
  EXPECT_DOUBLE_EQ(a0.stats(Counter::us).median, 200);
  EXPECT_EQ(a0.total_us, 600);

  const Summary& a1 = find(all, "a.txt", 1);
  EXPECT_EQ(a1.solved, 2U);
  EXPECT_EQ(a1.timeouts, 1U);
  EXPECT_TRUE(a1.disqualified);
  EXPECT_DOUBLE_EQ(a1.stats(Counter::assignments).mean, 1010 / 3.0);
  EXPECT_DOUBLE_EQ(a1.stats(Counter::assignments).median, 5);
  EXPECT_DOUBLE_EQ(a1.stats(Counter::assignments).max, 1000);
  EXPECT_EQ(a1.total_us, 5110);

  // An unsatisfiable instance is a finished run, not a failure.
  const Summary& b0 = find(all, "b.txt", 0);
  EXPECT_EQ(b0.solved, 1U);
  EXPECT_EQ(b0.unsatisfiable, 1U);
  EXPECT_EQ(b0.finished(), 2U);
  EXPECT_FALSE(b0.disqualified);
  EXPECT_DOUBLE_EQ(b0.stats(Counter::assignments).median, 2);

  const Summary& b1 = find(all, "b.txt", 1);
  EXPECT_EQ(b1.node_limits, 1U);
  EXPECT_TRUE(b1.disqualified);
}

TEST(AblationSummarize, WrongAndErrorRunsDisqualify) {
  const std::vector<Instance> instances = {instance("g", "1"), instance("g", "2")};
  const std::vector<RunRecord> records = {record(0, 0, RunStatus::solved, 1, 1), record(1, 0, RunStatus::wrong, 1, 1)};
  const Summary s = summarize(records, instances, 1).at(0);
  EXPECT_EQ(s.wrong, 1U);
  EXPECT_TRUE(s.disqualified);
  EXPECT_TRUE(is_failure(RunStatus::error));
  EXPECT_FALSE(is_failure(RunStatus::unsatisfiable));
}

TEST(AblationSortSummaries, MetricsPutDisqualifiedRowsLastWithinEachGroup) {
  const Fixture f;
  std::vector<Summary> all = summarize(f.records, f.instances, f.configs.size());
  // By median assignments config 1 (5) beats config 0 (20) on a.txt, but config 1 is disqualified there.
  sort_summaries(all, "assignments.median", f.configs);
  EXPECT_EQ(all[0].group, "a.txt");
  EXPECT_EQ(all[0].config, 0U);
  EXPECT_EQ(all[1].config, 1U);
  EXPECT_EQ(all[2].group, "b.txt");
  EXPECT_EQ(all[2].config, 0U);
}

TEST(AblationSortSummaries, ByDimensionUsesRegistryOrderAndByConfigGridOrder) {
  const Fixture f;
  std::vector<Summary> all = summarize(f.records, f.instances, f.configs.size());
  sort_summaries(all, "var", f.configs);  // "first" is registered before "mrv"
  EXPECT_EQ(all[0].config, 1U);
  EXPECT_EQ(all[2].config, 1U);
  sort_summaries(all, "config", f.configs);
  EXPECT_EQ(all[0].config, 0U);
  EXPECT_EQ(all[2].config, 0U);
  sort_summaries(all, "solved", f.configs);  // a.txt: 3 vs 2 solved
  EXPECT_EQ(all[0].config, 0U);
}

TEST(AblationSortSummaries, UnknownKeysListTheValidOnes) {
  try {
    check_sort_key("speed");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("'speed'"));
    EXPECT_THAT(e.what(), HasSubstr("assignments"));
  }
  EXPECT_NO_THROW(check_sort_key("us.max"));
  EXPECT_NO_THROW(check_sort_key("constraint_checks"));
  EXPECT_THROW(check_sort_key("assignments.mode"), InputError);
}

}  // namespace
}  // namespace csp::ablation
