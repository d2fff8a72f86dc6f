// The grid of csp ablate: list parsing (all, duplicates, unknown names, empty lists) and the cross product.
#include "csp/ablation/configuration.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"

namespace csp::ablation {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string message_of(Dimension d, const std::string& text) {
  try {
    parse_list(d, text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(AblationParseList, KeepsTheGivenOrderAndDropsDuplicates) {
  EXPECT_THAT(parse_list(Dimension::var, "mrv,first"), ElementsAre("mrv", "first"));
  EXPECT_THAT(parse_list(Dimension::var, " mrv , first,mrv,"), ElementsAre("mrv", "first"));
  EXPECT_THAT(parse_list(Dimension::ac3, "on,off"), ElementsAre("on", "off"));
}

TEST(AblationParseList, AllIsEveryRegisteredNameInRegistryOrder) {
  EXPECT_EQ(parse_list(Dimension::var, "all"), variable_orderings().names());
  EXPECT_EQ(parse_list(Dimension::val, "all"), value_orderings().names());
  EXPECT_EQ(parse_list(Dimension::inference, "all"), inferences().names());
  EXPECT_THAT(parse_list(Dimension::alldiff, "all"), ElementsAre("binary", "value", "gac", "grid", "grid-cells"));
  EXPECT_THAT(parse_list(Dimension::ac3, "all"), ElementsAre("off", "on"));
  // A name before "all" keeps its place; "all" adds the rest once.
  const std::vector<std::string> inf = parse_list(Dimension::inference, "mac,all");
  EXPECT_EQ(inf.front(), "mac");
  EXPECT_EQ(inf.size(), inferences().names().size());
}

TEST(AblationParseList, UnknownNamesAreErrorsListingTheValidNames) {
  const std::string m = message_of(Dimension::var, "first,bogus");
  EXPECT_THAT(m, HasSubstr("--var"));
  EXPECT_THAT(m, HasSubstr("'bogus'"));
  EXPECT_THAT(m, HasSubstr(variable_orderings().names_joined()));
  EXPECT_THAT(message_of(Dimension::inference, "ac3"), HasSubstr("none, fc, mac"));
  EXPECT_THAT(message_of(Dimension::ac3, "yes"), HasSubstr("off, on"));
}

TEST(AblationParseList, AnEmptyListIsAnError) {
  EXPECT_THAT(message_of(Dimension::var, ""), HasSubstr("empty list"));
  EXPECT_THAT(message_of(Dimension::val, ", ,"), HasSubstr("empty list"));
}

TEST(AblationParseList, AModelCanNarrowTheValidValues) {
  EXPECT_THAT(parse_list(Dimension::alldiff, "all", {"binary"}), ElementsAre("binary"));
  EXPECT_THROW(parse_list(Dimension::alldiff, "value", {"binary"}), InputError);
}

TEST(AblationExpandGrid, EmptyListsGiveTheTextbookBaseline) {
  const std::vector<Configuration> grid = expand_grid({});
  ASSERT_EQ(grid.size(), 1U);
  EXPECT_EQ(grid[0].label(), "first/natural/none/binary/ac3-off");
  const SolverConfig c = grid[0].solver_config();
  const SolverConfig textbook = SolverConfig::textbook();
  EXPECT_EQ(c.variable_ordering, textbook.variable_ordering);
  EXPECT_EQ(c.value_ordering, textbook.value_ordering);
  EXPECT_EQ(c.inference, textbook.inference);
  EXPECT_EQ(c.ac3_preprocess, textbook.ac3_preprocess);
  EXPECT_EQ(grid[0].alldiff_mode(), AllDifferentMode::binary);
}

TEST(AblationExpandGrid, IsTheCrossProductWithVarSlowestAndAc3Fastest) {
  GridSpec spec;
  spec.var = {"first", "mrv"};
  spec.inference = {"none", "fc", "mac"};
  spec.ac3 = {"off", "on"};
  const std::vector<Configuration> grid = expand_grid(spec);
  ASSERT_EQ(grid.size(), 12U);
  EXPECT_EQ(grid[0].label(), "first/natural/none/binary/ac3-off");
  EXPECT_EQ(grid[1].label(), "first/natural/none/binary/ac3-on");
  EXPECT_EQ(grid[2].label(), "first/natural/fc/binary/ac3-off");
  EXPECT_EQ(grid[5].label(), "first/natural/mac/binary/ac3-on");
  EXPECT_EQ(grid[6].label(), "mrv/natural/none/binary/ac3-off");
  EXPECT_EQ(grid[11].label(), "mrv/natural/mac/binary/ac3-on");
  // Every combination exactly once.
  for (std::size_t i = 0; i < grid.size(); ++i)
    for (std::size_t j = i + 1; j < grid.size(); ++j) EXPECT_FALSE(grid[i] == grid[j]) << i << ' ' << j;
  EXPECT_TRUE(grid[1].solver_config().ac3_preprocess);
}

TEST(AblationExpandGrid, AllEverywhereIsTheFullProduct) {
  GridSpec spec;
  for (Dimension d : kDimensions) spec.values(d) = parse_list(d, "all");
  spec.restarts = parse_list(Dimension::restarts, "all");  // an optional dimension: "all" its registered names
  const std::size_t expected = variable_orderings().names().size() * value_orderings().names().size() *
                               inferences().names().size() * alldiff_names().size() * 2 *
                               restart_strategies().names().size();
  const std::vector<Configuration> grid = expand_grid(spec);
  EXPECT_EQ(grid.size(), expected);
  EXPECT_EQ(varying_dimensions(grid).size(), 6U);  // the five base dimensions and restarts
}

TEST(AblationExpandGrid, RestartsAndSeedsAreOptionalDimensions) {
  GridSpec spec;
  spec.var = {"mrv"};
  const std::vector<Configuration> plain = expand_grid(spec);
  EXPECT_EQ(study_dimensions(plain).size(), 5U);  // restarts and seed are not printed when nobody sets them
  EXPECT_EQ(plain[0].label(), "mrv/natural/none/binary/ac3-off");
  spec.restarts = {"none", "luby"};
  spec.seed = parse_seeds("0, 7,7");
  const std::vector<Configuration> grid = expand_grid(spec);
  ASSERT_EQ(grid.size(), 4U);
  EXPECT_THAT(study_dimensions(grid),
              ElementsAre(Dimension::var, Dimension::val, Dimension::inference, Dimension::alldiff, Dimension::ac3,
                          Dimension::restarts, Dimension::seed));
  EXPECT_EQ(grid[3].label(), "mrv/natural/none/binary/ac3-off/luby/seed-7");
  EXPECT_EQ(grid[3].solver_config().restarts, "luby");
  EXPECT_EQ(grid[3].solver_config().seed, 7U);
  EXPECT_THROW(parse_seeds("1,x"), InputError);
  EXPECT_THROW(parse_seeds(","), InputError);
}

TEST(AblationExpandGrid, RejectsUnknownValuesAndNamesTheVaryingDimensions) {
  GridSpec spec;
  spec.val = {"natural", "sideways"};
  EXPECT_THROW(expand_grid(spec), InputError);
  spec.val = {"natural", "lcv"};
  spec.alldiff = {"value"};
  const std::vector<Configuration> grid = expand_grid(spec);
  EXPECT_THAT(varying_dimensions(grid), ElementsAre(Dimension::val));
  EXPECT_EQ(grid[1].get(Dimension::alldiff), "value");
  EXPECT_EQ(grid[1].alldiff_mode(), AllDifferentMode::value);
  spec.alldiff = {"gac"};
  EXPECT_EQ(expand_grid(spec)[0].alldiff_mode(), AllDifferentMode::gac);
}

TEST(AblationAlldiffNames, OldNamesReadAsTheNewOnesOtherTextUnchanged) {
  EXPECT_EQ(current_alldiff_name("pairwise"), "binary");
  EXPECT_EQ(current_alldiff_name("global"), "value");
  EXPECT_EQ(current_alldiff_name("matching"), "gac");
  for (const std::string& name : alldiff_names()) EXPECT_EQ(current_alldiff_name(name), name);
  EXPECT_EQ(current_alldiff_name("bogus"), "bogus");  // left for the list's own check to reject
}

TEST(AblationAlldiffNames, AGridOfOldNamesExpandsToTheNewOnes) {
  GridSpec spec;
  spec.alldiff = {"pairwise", "global", "matching"};
  const std::vector<Configuration> grid = expand_grid(spec);
  ASSERT_EQ(grid.size(), 3u);
  EXPECT_EQ(grid[0].alldiff, "binary");
  EXPECT_EQ(grid[1].alldiff, "value");
  EXPECT_EQ(grid[2].alldiff, "gac");
  EXPECT_EQ(grid[2].alldiff_mode(), AllDifferentMode::gac);
  spec.alldiff = {"bogus"};
  EXPECT_THROW(expand_grid(spec), InputError);
}

TEST(AblationExpandGrid, MinConflictsDimensionsVaryOnlyMinConflictsConfigurations) {
  GridSpec spec;
  spec.algorithm = {"backtracking", "min-conflicts"};
  spec.walk = parse_probabilities(Dimension::walk, "0, 0.1,0.1");
  spec.tabu = parse_whole_numbers(Dimension::tabu, "0,05", 100);
  spec.weighting = parse_list(Dimension::weighting, "off,on");
  spec.restart_after = parse_whole_numbers(Dimension::restart_after, "1000", 1000000);
  const std::vector<Configuration> grid = expand_grid(spec);
  // backtracking once (the four do not apply: "-"), min-conflicts 2 walks x 2 tenures x 2 weightings x 1
  ASSERT_EQ(grid.size(), 1U + 8U);
  EXPECT_EQ(grid[0].algorithm, "backtracking");
  for (Dimension d : kLocalSearchDimensions) EXPECT_EQ(grid[0].get(d), "-") << to_string(d);
  EXPECT_EQ(grid[0].label(), "first/natural/none/binary/ac3-off");
  EXPECT_EQ(grid[8].label(),
            "first/natural/none/binary/ac3-off/min-conflicts/walk-0.1/tabu-5/weighting-on/restart-after-1000");
  EXPECT_THAT(study_dimensions(grid),
              ElementsAre(Dimension::var, Dimension::val, Dimension::inference, Dimension::alldiff, Dimension::ac3,
                          Dimension::algorithm, Dimension::walk, Dimension::tabu, Dimension::weighting,
                          Dimension::restart_after));
  EXPECT_EQ(to_string(Dimension::restart_after), "restart-after");
  // Without min-conflicts in the grid they have nothing to vary: an error naming them.
  spec.algorithm = {"backtracking", "tree"};
  try {
    expand_grid(spec);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("--walk, --tabu, --weighting, --restart-after vary min-conflicts"));
  }
  EXPECT_THROW(parse_probabilities(Dimension::walk, "1.5"), InputError);
  EXPECT_THROW(parse_probabilities(Dimension::walk, "-0.1"), InputError);
  EXPECT_THROW(parse_probabilities(Dimension::walk, ","), InputError);
  EXPECT_THROW(parse_whole_numbers(Dimension::tabu, "101", 100), InputError);
  EXPECT_THROW(parse_whole_numbers(Dimension::tabu, "x", 100), InputError);
  EXPECT_THROW(parse_list(Dimension::weighting, "maybe"), InputError);
}

TEST(AblationExpandGrid, RestartBaseAndFactorReachTheRestartingConfigurations) {
  GridSpec spec;
  spec.restarts = {"none", "luby", "geometric"};
  spec.restart_base = 7;
  spec.restart_factor = 3.0;
  const std::vector<Configuration> grid = expand_grid(spec);
  ASSERT_EQ(grid.size(), 3U);
  EXPECT_EQ(grid[0].solver_config().restart_base, SolverConfig::textbook().restart_base);  // none: left at the default
  EXPECT_EQ(grid[1].solver_config().restart_base, 7U);
  EXPECT_EQ(grid[1].solver_config().restart_factor, SolverConfig::textbook().restart_factor);  // luby has no factor
  EXPECT_EQ(grid[2].solver_config().restart_base, 7U);
  EXPECT_EQ(grid[2].solver_config().restart_factor, 3.0);
}

TEST(AblationExpandGrid, RestartBaseIsLcgsLubyUnit) {
  GridSpec spec;
  spec.algorithm = {"backtracking", "lcg"};
  spec.restart_base = 7;
  const std::vector<Configuration> grid = expand_grid(spec);
  ASSERT_EQ(grid.size(), 2U);
  EXPECT_EQ(grid[0].solver_config().restart_base, SolverConfig::textbook().restart_base);  // no restarts: the default
  EXPECT_EQ(grid[1].algorithm, "lcg");
  EXPECT_EQ(grid[1].solver_config().restart_base, 7U);  // lcg always restarts
}

}  // namespace
}  // namespace csp::ablation
