// The chart of csp ablate: an SVG file for both metrics (twice in one process), errors for bad paths and names.
#include "csp/ablation/plot.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace csp::ablation {
namespace {

Study small_study() {
  Study s;
  s.model = "queens";
  s.limits.node_limit = 100;
  s.instances = find_model("queens").enumerate({{}, {4, 5, 6}});
  GridSpec grid;
  grid.var = {"first", "mrv"};
  s.configs = expand_grid(grid);
  for (std::size_t i = 0; i < s.instances.size(); ++i)
    for (std::size_t c = 0; c < s.configs.size(); ++c) {
      RunRecord r = run_one(s.instances[i], s.configs[c], s.limits);
      r.instance = i;
      r.config = c;
      s.records.push_back(r);
    }
  s.records.back().status = RunStatus::node_limit;  // one disqualified row, drawn with its flag
  return s;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(AblationPlot, WritesAnSvgForEachMetric) {
  if (!plot_available()) GTEST_SKIP() << "built without cairo";
  const Study s = small_study();
  const std::vector<Summary> summaries = summarize(s.records, s.instances, s.configs.size());
  for (PlotMetric m : {PlotMetric::assignments, PlotMetric::time}) {
    const std::string path = ::testing::TempDir() + "ablation_plot_" + to_string(m) + ".svg";
    write_plot(path, s, summaries, m);
    const std::string svg = read(path);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_GT(svg.size(), 1000U);
    std::remove(path.c_str());
  }
}

TEST(AblationPlot, BadPathsAndNamesAreInputErrors) {
  EXPECT_EQ(parse_plot_metric("time"), PlotMetric::time);
  EXPECT_THROW(parse_plot_metric("memory"), InputError);
  const Study s = small_study();
  const std::vector<Summary> summaries = summarize(s.records, s.instances, s.configs.size());
  EXPECT_THROW(write_plot(::testing::TempDir() + "no/such/dir/plot.svg", s, summaries, PlotMetric::assignments),
               InputError);
}

}  // namespace
}  // namespace csp::ablation
