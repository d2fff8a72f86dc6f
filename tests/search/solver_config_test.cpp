// SolverConfig and the strategy registries: stable names, errors listing the valid names, custom heuristics.
#include "csp/search/solver_config.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

template <class F>
std::string unknown_name_error_of(F&& f) {
  try {
    f();
  } catch (const UnknownNameError& e) {
    return e.what();
  } catch (...) {
    return "<another exception>";
  }
  return "<no exception>";
}

TEST(SolverConfig, BuiltInNamesAreStable) {
  EXPECT_THAT(variable_orderings().names(), ::testing::IsSupersetOf({"first", "mrv", "degree", "mrv-degree", "dom-wdeg",
                                                                     "anti-mrv", "smallest", "largest", "max-regret"}));
  // Supersets: other tests of this binary register their own strategies in the same (process-wide) registries.
  EXPECT_THAT(value_orderings().names(),
              ::testing::IsSupersetOf({"natural", "lcv", "max", "median", "middle", "random"}));
  EXPECT_THAT(inferences().names(), ::testing::IsSupersetOf({"none", "fc", "mac"}));
  EXPECT_EQ(parse_variable_ordering("mrv-degree"), "mrv-degree");
  EXPECT_EQ(parse_value_ordering("lcv"), "lcv");
  EXPECT_EQ(parse_inference("mac"), "mac");
  for (const auto& e : variable_orderings().entries()) EXPECT_FALSE(e.help.empty()) << e.name;
}

// MiniZinc's selections as engine orderings, on a 3..5, b {1, 4}, c {2, 4, 9} without constraints: the order of all
// solutions shows the branching. smallest takes b (1) and then c (2); largest c (9) then a (5); anti-mrv a (3
// values, the first of the tie with c); max-regret b (a gap of 3 between its two smallest values), then c (2).
TEST(SolverConfig, MiniZincSelectionsPickByTheirMeasure) {
  Problem p;
  p.add_variable("a", 3, 5);
  p.add_variable("b", std::vector<Value>{1, 4});
  p.add_variable("c", std::vector<Value>{2, 4, 9});
  const auto first_two = [&](const std::string& var) {
    SolverConfig config = SolverConfig::textbook();
    config.variable_ordering = var;
    config.max_solutions = 0;
    config.keep_solutions = 2;
    std::vector<std::vector<Value>> out;
    for (const Assignment& a : backtracking_search(p, config).solutions)
      out.push_back({a.value(0), a.value(1), a.value(2)});
    return out;
  };
  using S = std::vector<std::vector<Value>>;
  EXPECT_EQ(first_two("first"), (S{{3, 1, 2}, {3, 1, 4}}));       // c varies first: the last variable assigned
  EXPECT_EQ(first_two("smallest"), (S{{3, 1, 2}, {4, 1, 2}}));    // b, then c, then a varies
  EXPECT_EQ(first_two("largest"), (S{{3, 1, 2}, {3, 4, 2}}));     // c, then a, then b varies
  EXPECT_EQ(first_two("anti-mrv"), (S{{3, 1, 2}, {3, 4, 2}}));    // a (tie with c), then c, then b varies
  EXPECT_EQ(first_two("max-regret"), (S{{3, 1, 2}, {4, 1, 2}}));  // b (gap 3), then c (gap 2), then a varies
}

TEST(SolverConfig, TextbookPresetIsAimaFigure65) {
  const SolverConfig c = SolverConfig::textbook();
  EXPECT_EQ(c.variable_ordering, "first");
  EXPECT_EQ(c.value_ordering, "natural");
  EXPECT_EQ(c.inference, "none");
  EXPECT_FALSE(c.ac3_preprocess);
  EXPECT_EQ(c.max_solutions, 1U);
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(to_string(c), "var=first val=natural inference=none ac3=off max_solutions=1");
}

// The engine's generic default (user models, FlatZinc, csp.msc), chosen by measurement (bench/LOG.md, "One default
// for every command"); each catalogue model declares its own (csp/models/model_defaults.hpp).
TEST(SolverConfig, DefaultsAreDomWdegWithMac) {
  const SolverConfig c;
  EXPECT_EQ(c.variable_ordering, "dom-wdeg");
  EXPECT_EQ(c.value_ordering, "natural");
  EXPECT_EQ(c.inference, "mac");
  EXPECT_EQ(c.restarts, "none");
  EXPECT_EQ(c.backjumping, "none");
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(to_string(c), "var=dom-wdeg val=natural inference=mac ac3=off max_solutions=1");
}

// A refused combination names both fields, so a front end can name both of its options.
TEST(SolverConfig, ConflictNamesBothFields) {
  SolverConfig c = SolverConfig::textbook();
  c.learning = 5;
  try {
    c.validate();
    FAIL() << "learning without cbj accepted";
  } catch (const OptionConflictError& e) {
    EXPECT_EQ(e.first(), "learning");
    EXPECT_EQ(e.second(), "backjumping");
    EXPECT_THAT(e.what(), HasSubstr("learning 5 needs backjumping cbj"));
  }
  c.learning = 0;
  c.backjumping = "cbj";
  c.inference = "fc";
  EXPECT_NO_THROW(c.validate());
  c.restarts = "luby";
  c.restart_base = 0;
  EXPECT_THROW(c.validate(), OptionConflictError);
}

TEST(SolverConfig, UnknownNamesListTheValidOnes) {
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "fastest";
  EXPECT_THAT(unknown_name_error_of([&] { c.validate(); }),
              AllOf(HasSubstr("variable ordering"), HasSubstr("'fastest'"),
                    HasSubstr("first, mrv, degree, mrv-degree, dom-wdeg")));
  c = SolverConfig::textbook();
  c.value_ordering = "sideways";
  EXPECT_THAT(unknown_name_error_of([&] { c.validate(); }),
              AllOf(HasSubstr("value ordering"), HasSubstr("'sideways'"), HasSubstr("natural, lcv")));
  c = SolverConfig::textbook();
  c.inference = "ac3";
  EXPECT_THAT(unknown_name_error_of([&] { c.validate(); }),
              AllOf(HasSubstr("inference"), HasSubstr("'ac3'"), HasSubstr("none, fc, mac")));
  EXPECT_THAT(unknown_name_error_of([&] { (void)backtracking_search(models::n_queens(4), c); }), HasSubstr("'ac3'"));
  EXPECT_THAT(unknown_name_error_of([] { (void)parse_variable_ordering("MRV"); }), HasSubstr("'MRV'"));
  EXPECT_THAT(unknown_name_error_of([] { (void)parse_value_ordering(""); }), HasSubstr("natural, lcv"));
  EXPECT_THAT(unknown_name_error_of([] { (void)parse_inference("forward-checking"); }), HasSubstr("none, fc, mac"));
  EXPECT_THROW((void)parse_inference("x"), Error);  // one exception family
}

TEST(SolverConfig, RegisteringATakenNameThrows) {
  EXPECT_THROW(variable_orderings().add("mrv", "again", mrv), Error);
  EXPECT_THROW(value_orderings().add("", "nameless", natural_order), Error);
}

// A student's heuristic: the unassigned variable with the largest id.
VarId last_unassigned(SearchContext& ctx) {
  const Assignment& a = ctx.assignment();
  for (VarId x = a.variable_count() - 1; x >= 0; --x)
    if (!a.is_assigned(x)) return x;
  return -1;
}

void register_last_unassigned() {
  if (!variable_orderings().contains("last-unassigned"))
    variable_orderings().add("last-unassigned", "the unassigned variable with the largest id", last_unassigned);
}

TEST(SolverConfig, CustomVariableOrderingRegisteredByName) {
  register_last_unassigned();
  register_last_unassigned();  // idempotent thanks to the guard
  EXPECT_EQ(parse_variable_ordering("last-unassigned"), "last-unassigned");
  SolverConfig c = SolverConfig::textbook();
  c.variable_ordering = "last-unassigned";
  c.max_solutions = 0;
  c.keep_solutions = 200;
  EXPECT_NO_THROW(c.validate());
  for (const std::string inference : {"none", "fc", "mac"}) {
    c.inference = inference;
    const SearchResult r = backtracking_search(models::n_queens(8), c);
    EXPECT_EQ(r.solution_count, 92U) << inference;
    EXPECT_TRUE(r.complete);
  }
  // It really is used: the first solution found is the mirror image (columns reversed) of the static order's.
  c.max_solutions = 1;
  c.inference = "none";
  const SearchResult last = backtracking_search(models::n_queens(8), c);
  ASSERT_EQ(last.solutions.size(), 1U);
  EXPECT_EQ(last.solutions[0].values(), (std::vector<Value>{4, 2, 7, 3, 6, 8, 5, 1}));
  EXPECT_THAT(unknown_name_error_of([] { (void)parse_variable_ordering("nope"); }), HasSubstr("last-unassigned"));
}

}  // namespace
}  // namespace csp
