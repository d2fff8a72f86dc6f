// Zebra puzzle: size of the model and the unique, known solution under several strategies.
#include "csp/models/zebra.hpp"

#include <gtest/gtest.h>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {
namespace {

TEST(Zebra, ModelHas25VariablesOverFiveHouses) {
  const Problem pairwise = zebra();
  EXPECT_EQ(pairwise.variable_count(), 25);
  EXPECT_EQ(pairwise.constraint_count(), 5 * 10 + 12);  // 10 != per group, 12 binary clues
  EXPECT_EQ(pairwise.variable(pairwise.find("Zebra")).values(), (std::vector<Value>{1, 2, 3, 4, 5}));
  EXPECT_EQ(pairwise.initial_domain(pairwise.find("Norwegian")).size(), 1);
  EXPECT_EQ(pairwise.initial_domain(pairwise.find("Milk")).size(), 1);
  EXPECT_EQ(zebra(AllDifferentMode::value).constraint_count(), 5 + 12);
}

struct Strategy {
  const char* ordering;
  const char* inference;
  AllDifferentMode mode;
};

class ZebraSolve : public ::testing::TestWithParam<Strategy> {};

TEST_P(ZebraSolve, ExactlyOneSolutionJapaneseOwnsZebraNorwegianDrinksWater) {
  const Problem p = zebra(GetParam().mode);
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = GetParam().ordering;
  config.inference = GetParam().inference;
  config.max_solutions = 0;
  const SearchResult r = backtracking_search(p, config);
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.solution_count, 1U);
  const Assignment& a = r.solutions.at(0);
  EXPECT_TRUE(p.is_solution(a));
  EXPECT_EQ(zebra_nationality_of(p, a, "Zebra"), "Japanese");
  EXPECT_EQ(zebra_nationality_of(p, a, "Water"), "Norwegian");
  EXPECT_EQ(format_zebra(p, a),
            "1: Yellow Norwegian Fox Water Kools\n"
            "2: Blue Ukrainian Horse Tea Chesterfields\n"
            "3: Red Englishman Snails Milk Winston\n"
            "4: Ivory Spaniard Dog OJ LuckyStrike\n"
            "5: Green Japanese Zebra Coffee Parliaments\n");
}

INSTANTIATE_TEST_SUITE_P(Strategies, ZebraSolve,
                         ::testing::Values(Strategy{"first", "none", AllDifferentMode::binary},
                                           Strategy{"mrv", "fc", AllDifferentMode::binary},
                                           Strategy{"mrv", "mac", AllDifferentMode::binary},
                                           Strategy{"mrv-degree", "mac", AllDifferentMode::value},
                                           Strategy{"first", "fc", AllDifferentMode::value}));

TEST(Zebra, UnknownAttributeIsAModelError) {
  const Problem p = zebra();
  Assignment a(p.variable_count());
  for (VarId x = 0; x < p.variable_count(); ++x) a.assign(x, 1);
  EXPECT_THROW(zebra_nationality_of(p, a, "Unicorn"), ModelError);
}

}  // namespace
}  // namespace csp::models
