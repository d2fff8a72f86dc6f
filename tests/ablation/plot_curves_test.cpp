// The run-length curves of csp ablate --plot-kind cactus / survival, on hand-made runs with known points; the
// seed pools they are drawn per; and the line charts written as SVG.
#include "csp/ablation/plot_curves.hpp"

#include "hand_made_study.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace csp::ablation {
namespace {

using Points = std::vector<CurvePoint>;

TEST(AblationCurves, CactusSortsTheFinishedCosts) {
  EXPECT_EQ(cactus_points({30, 10, 20, 10}), (Points{{1, 10}, {2, 10}, {3, 20}, {4, 30}}));
  EXPECT_TRUE(cactus_points({}).empty());
}

TEST(AblationCurves, SurvivalStepsDownAtEachDistinctCostAndUnfinishedRunsNeverLeave) {
  // 5 runs: costs 10, 10, 100 finished, 2 stopped by a limit. Below 10 every run is unfinished; at 10 two of five
  // finish (3/5 left); at 100 one more (2/5 left, the two stopped ones, forever).
  EXPECT_EQ(survival_points({100, 10, 10}, 5), (Points{{10, 0.6}, {100, 0.4}}));
  // Everything finished: the last step reaches 0.
  EXPECT_EQ(survival_points({4, 2, 1, 3}, 4), (Points{{1, 0.75}, {2, 0.5}, {3, 0.25}, {4, 0}}));
  // Nothing finished: no step (the painter draws the line at 1 across the panel).
  EXPECT_TRUE(survival_points({}, 3).empty());
  EXPECT_TRUE(survival_points({}, 0).empty());
}

using test_data::hand_made_study;

TEST(AblationCurves, SeedPoolsAreNamedByTheOtherVaryingDimensions) {
  const Study s = hand_made_study();
  const SeedPools pools = pool_over_seeds(s.configs);
  EXPECT_EQ(pools.names, (std::vector<std::string>{"mrv", "dom-wdeg"}));
  EXPECT_EQ(pools.pool_of, (std::vector<std::size_t>{0, 0, 1, 1}));
  // Only the seed varies: one pool, named by the rest of the label.
  GridSpec grid;
  grid.seed = {"1", "2", "3"};
  const SeedPools one = pool_over_seeds(expand_grid(grid));
  EXPECT_EQ(one.names, (std::vector<std::string>{"first/natural/none/binary/ac3-off"}));
  EXPECT_EQ(one.pool_of, (std::vector<std::size_t>{0, 0, 0}));
}

TEST(AblationCurves, CurvesOfAStudyPoolTheSeeds) {
  const Study s = hand_made_study();
  const std::vector<Curve> cactus = run_length_curves(s, PlotMetric::assignments, PlotKind::cactus);
  ASSERT_EQ(cactus.size(), 2U);
  EXPECT_EQ(cactus[0].name, "mrv");
  EXPECT_EQ(cactus[0].runs, 6U);
  EXPECT_EQ(cactus[0].finished, 5U);
  // mrv's finished costs (assignments + 1): 10, 20, 100, 50, 10.
  EXPECT_EQ(cactus[0].points, (Points{{1, 10}, {2, 10}, {3, 20}, {4, 50}, {5, 100}}));
  EXPECT_EQ(cactus[1].name, "dom-wdeg");
  EXPECT_EQ(cactus[1].points, (Points{{1, 5}, {2, 5}, {3, 5}, {4, 10}, {5, 10}, {6, 30}}));

  const std::vector<Curve> survival = run_length_curves(s, PlotMetric::assignments, PlotKind::survival);
  ASSERT_EQ(survival.size(), 2U);
  EXPECT_EQ(survival[0].points, (Points{{10, 4.0 / 6}, {20, 3.0 / 6}, {50, 2.0 / 6}, {100, 1.0 / 6}}));
  EXPECT_EQ(survival[1].points, (Points{{5, 3.0 / 6}, {10, 1.0 / 6}, {30, 0}}));
  // Time: every run took 7 us.
  const std::vector<Curve> time = run_length_curves(s, PlotMetric::time, PlotKind::survival);
  EXPECT_EQ(time[0].points, (Points{{7, 1.0 / 6}}));
  EXPECT_THROW(run_length_curves(s, PlotMetric::time, PlotKind::box), std::invalid_argument);
}

TEST(AblationCurves, KindsByName) {
  EXPECT_EQ(parse_plot_kind("box"), PlotKind::box);
  EXPECT_EQ(parse_plot_kind("cactus"), PlotKind::cactus);
  EXPECT_EQ(parse_plot_kind("survival"), PlotKind::survival);
  EXPECT_EQ(to_string(PlotKind::survival), "survival");
  try {
    parse_plot_kind("violin");
    FAIL() << "violin accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("valid: box, cactus, survival"), std::string::npos) << e.what();
  }
}

TEST(AblationCurves, LineChartsAreSvgFiles) {
  if (!plot_available()) GTEST_SKIP() << "built without cairo";
  const Study s = hand_made_study();
  const std::vector<Summary> summaries = summarize(s.records, s.instances, s.configs.size());
  for (PlotKind k : {PlotKind::cactus, PlotKind::survival}) {
    const std::string path = ::testing::TempDir() + "ablation_lines_" + to_string(k) + ".svg";
    write_plot(path, s, summaries, PlotMetric::assignments, k);
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("<svg"), std::string::npos);
    EXPECT_GT(text.str().size(), 1000U);
    std::remove(path.c_str());
  }
  EXPECT_THROW(write_plot(::testing::TempDir() + "no/such/dir/c.svg", s, summaries, PlotMetric::time, PlotKind::cactus),
               InputError);
}

}  // namespace
}  // namespace csp::ablation
