// The paired comparison of csp ablate --compare: wins / losses / ties, the geometric mean of the cost ratios and its
// bootstrap interval on hand-made pairs with known values, the configuration names, the text and JSON.
#include "csp/ablation/paired.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "hand_made_study.hpp"

namespace csp::ablation {
namespace {

using test_data::hand_made_study;

RunPair pair(std::optional<double> a, std::optional<double> b) {
  return {"i", "", {a.has_value(), a.value_or(0)}, {b.has_value(), b.value_or(0)}};
}

TEST(AblationPaired, GeometricMeanOfTwoAndEightIsFour) {
  EXPECT_NEAR(geometric_mean({2, 8}), 4, 1e-12);
  EXPECT_NEAR(geometric_mean({1, 10, 100}), 10, 1e-12);
  EXPECT_NEAR(geometric_mean({0.5, 2}), 1, 1e-12);
  EXPECT_THROW(geometric_mean({}), std::invalid_argument);
  EXPECT_THROW(geometric_mean({1, 0}), std::invalid_argument);
}

TEST(AblationPaired, WinsLossesTiesAndTheRatiosOfThePairsBothFinished) {
  const std::vector<RunPair> pairs = {
      pair(20, 10),                      // A costs twice B: a loss, ratio 2
      pair(80, 10),                      // a loss, ratio 8
      pair(5, 5),                        // a tie, ratio 1
      pair(10, 40),                      // a win, ratio 1/4
      pair(3, std::nullopt),             // B stopped by a limit: a win, no ratio
      pair(std::nullopt, 7),             // A stopped: a loss, no ratio
      pair(std::nullopt, std::nullopt),  // neither finished
  };
  const PairedComparison c = compare_pairs(pairs, 1);
  EXPECT_EQ(c.pairs, 7U);
  EXPECT_EQ(c.wins, 2U);
  EXPECT_EQ(c.losses, 3U);
  EXPECT_EQ(c.ties, 1U);
  EXPECT_EQ(c.neither, 1U);
  EXPECT_EQ(c.both_finished, 4U);
  ASSERT_TRUE(c.geometric_mean.has_value());
  EXPECT_NEAR(*c.geometric_mean, std::sqrt(2.0), 1e-12);  // (2 x 8 x 1 x 1/4)^(1/4) = 4^(1/4)
  ASSERT_TRUE(c.ci.has_value());
  EXPECT_LE(c.ci->lo, *c.geometric_mean);
  EXPECT_GE(c.ci->hi, *c.geometric_mean);
  EXPECT_LT(c.ci->lo, c.ci->hi);
  EXPECT_EQ(c.resamples, 10000U);

  // No pair finished on both sides: no ratio, no interval.
  const PairedComparison none = compare_pairs({pair(1, std::nullopt), pair(std::nullopt, std::nullopt)}, 1);
  EXPECT_EQ(none.wins, 1U);
  EXPECT_EQ(none.neither, 1U);
  EXPECT_FALSE(none.geometric_mean.has_value());
  EXPECT_FALSE(none.ci.has_value());
}

TEST(AblationPaired, BootstrapIntervalOfTwoRatiosSpansThem) {
  // Resamples of {2, 8} are {2, 2}, {2, 8}, {8, 8} with probabilities 1/4, 1/2, 1/4: the 2.5% and 97.5% quantiles of
  // their geometric means are 2 and 8.
  const Interval ci = bootstrap_geometric_mean({2, 8}, 10000, 1);
  EXPECT_NEAR(ci.lo, 2, 1e-12);
  EXPECT_NEAR(ci.hi, 8, 1e-12);
}

TEST(AblationPaired, BootstrapIsDegenerateForEqualRatiosAndReproducible) {
  const std::vector<double> equal = {3, 3, 3, 3, 3};
  const Interval same = bootstrap_geometric_mean(equal, 10000, 42);
  EXPECT_EQ(same.lo, same.hi);
  EXPECT_EQ(same.lo, geometric_mean(equal));
  EXPECT_NEAR(same.lo, 3, 1e-12);

  const std::vector<double> spread = {0.5, 1.5, 2, 3, 4, 6, 9, 12};
  const Interval a = bootstrap_geometric_mean(spread, 10000, 7);
  const Interval b = bootstrap_geometric_mean(spread, 10000, 7);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  const double gm = geometric_mean(spread);
  EXPECT_LT(a.lo, gm);
  EXPECT_GT(a.hi, gm);
  EXPECT_GT(a.lo, 0.5);  // inside the range of the ratios
  EXPECT_LT(a.hi, 12);
  // A 50% interval lies inside the 95% one.
  const Interval half = bootstrap_geometric_mean(spread, 10000, 7, 0.5);
  EXPECT_GE(half.lo, a.lo);
  EXPECT_LE(half.hi, a.hi);
  EXPECT_THROW(bootstrap_geometric_mean(spread, 0, 7), std::invalid_argument);
  EXPECT_THROW(bootstrap_geometric_mean(spread, 10, 7, 1.0), std::invalid_argument);
}

TEST(AblationPaired, ConfigurationsPairedSeedBySeed) {
  const Study s = hand_made_study();
  const ComparedConfigs cc = compared_configs(s.configs, "mrv", "dom-wdeg");
  EXPECT_TRUE(cc.pooled_seeds);
  // mrv/1 with dom-wdeg/1, mrv/2 with dom-wdeg/2.
  EXPECT_EQ(cc.pairs, (std::vector<std::pair<std::size_t, std::size_t>>{{0, 2}, {1, 3}}));

  const PairedComparison c = compare_configurations(s, "mrv", "dom-wdeg", PlotMetric::assignments, 1);
  // Costs (assignments + 1) mrv vs dom-wdeg, per (instance, seed): 10/5, 20/5, 100/10, stopped/30, 50/5, 10/10.
  EXPECT_EQ(c.pairs, 6U);
  EXPECT_EQ(c.wins, 0U);
  EXPECT_EQ(c.losses, 5U);
  EXPECT_EQ(c.ties, 1U);
  EXPECT_EQ(c.neither, 0U);
  EXPECT_EQ(c.both_finished, 5U);
  EXPECT_NEAR(*c.geometric_mean, std::pow(2.0 * 4 * 10 * 10 * 1, 1.0 / 5), 1e-9);
  const std::vector<RunPair> pairs = paired_runs(s, "mrv", "dom-wdeg", PlotMetric::assignments);
  ASSERT_EQ(pairs.size(), 6U);
  EXPECT_EQ(pairs[3].instance, "n=5");
  EXPECT_EQ(pairs[3].seed, "2");
  EXPECT_FALSE(pairs[3].a.finished);
  EXPECT_EQ(pairs[3].b.cost, 30);

  // One seed each: one pair per instance. mrv seed 1 against mrv seed 2: 10/20, 100/stopped, 50/10.
  const PairedComparison seeds = compare_configurations(s, "mrv/1", "mrv/2", PlotMetric::assignments, 1);
  EXPECT_FALSE(seeds.pooled_seeds);
  EXPECT_EQ(seeds.pairs, 3U);
  EXPECT_EQ(seeds.wins, 2U);
  EXPECT_EQ(seeds.losses, 1U);
  EXPECT_NEAR(*seeds.geometric_mean, std::sqrt(0.5 * 5), 1e-12);

  // Time: every run took 7 us, so every finished pair is a tie and the interval is the point 1.
  const PairedComparison time = compare_configurations(s, "mrv", "dom-wdeg", PlotMetric::time, 1);
  EXPECT_EQ(time.ties, 5U);
  EXPECT_EQ(*time.geometric_mean, 1);
  EXPECT_EQ(time.ci->lo, 1);
  EXPECT_EQ(time.ci->hi, 1);
}

TEST(AblationPaired, BadNamesAreInputErrorsListingTheValidOnes) {
  const Study s = hand_made_study();
  try {
    compared_configs(s.configs, "mrv", "lcv");
    FAIL() << "lcv accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown configuration 'lcv' (valid: mrv, dom-wdeg; or one seed"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(compared_configs(s.configs, "mrv", "mrv"), InputError);
  EXPECT_THROW(compared_configs(s.configs, "mrv", "dom-wdeg/1"), InputError);
  EXPECT_THROW(compared_configs(s.configs, "mrv/3", "dom-wdeg/1"), InputError);
  // A grid of one configuration has nothing to compare.
  try {
    compared_configs({Configuration{}}, "a", "b");
    FAIL() << "one configuration accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("this grid has one"), std::string::npos) << e.what();
  }
}

TEST(AblationPaired, TextAndJson) {
  const Study s = hand_made_study();
  PairedComparison c = compare_configurations(s, "mrv", "dom-wdeg", PlotMetric::assignments, 1);
  std::ostringstream text;
  write_comparison(text, c);
  EXPECT_NE(text.str().find("paired comparison of A = mrv with B = dom-wdeg, search calls (assignments + 1), per "
                            "instance and seed:\n  6 pairs: A wins 0, loses 5, ties 1, neither finished 0\n"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("geometric mean over the 5 pairs both finished: 3.807 (95% bootstrap CI "),
            std::string::npos)
      << text.str();
  const nlohmann::ordered_json j = comparison_to_json(c);
  EXPECT_EQ(j["a"], "mrv");
  EXPECT_EQ(j["b"], "dom-wdeg");
  EXPECT_EQ(j["paired_by"], nlohmann::ordered_json::array({"instance", "seed"}));
  EXPECT_EQ(j["losses"], 5);
  EXPECT_EQ(j["ties"], 1);
  EXPECT_NEAR(j["geometric_mean"].get<double>(), 3.8073, 1e-4);
  EXPECT_LE(j["ci95"]["lo"].get<double>(), j["geometric_mean"].get<double>());
  EXPECT_EQ(j["bootstrap"]["resamples"], 10000);

  const PairedComparison none = compare_pairs({pair(std::nullopt, std::nullopt)}, 1);
  EXPECT_TRUE(comparison_to_json(none)["geometric_mean"].is_null());
  std::ostringstream none_text;
  write_comparison(none_text, none);
  EXPECT_NE(none_text.str().find("  1 pair: A wins 0, loses 0, ties 0, neither finished 1\n"), std::string::npos)
      << none_text.str();
  EXPECT_NE(none_text.str().find("over the 0 pairs both finished: none"), std::string::npos) << none_text.str();
}

}  // namespace
}  // namespace csp::ablation
