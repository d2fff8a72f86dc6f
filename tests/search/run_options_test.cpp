// The run options table: one row per option of a RunSpec, each row writing its own field, registry-backed rows
// listing exactly their registry's names.
#include "csp/search/run_options.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/solve.hpp"

namespace csp {
namespace {

using ::testing::HasSubstr;

// Every field of a RunSpec that a caller sets to a value (not a callback, observer or flag pointer), by name: the
// list a new field is added to. A field no row writes must be in kNotOptions.
std::map<std::string, std::string> fields(const RunSpec& s) {
  const SolverConfig& c = s.search;
  std::map<std::string, std::string> f;
  f["algorithm"] = s.algorithm;
  f["search.variable_ordering"] = c.variable_ordering.name();
  f["search.value_ordering"] = c.value_ordering.name();
  f["search.inference"] = c.inference;
  f["search.ac3_preprocess"] = std::to_string(c.ac3_preprocess);
  f["search.pc2_preprocess"] = std::to_string(c.pc2_preprocess);
  f["search.branching"] = c.branching;
  f["search.assign_fixed"] = std::to_string(c.assign_fixed);
  f["search.backjumping"] = c.backjumping;
  f["search.learning"] = std::to_string(c.learning);
  f["search.max_solutions"] = std::to_string(c.max_solutions);
  f["search.keep_solutions"] = c.keep_solutions ? std::to_string(*c.keep_solutions) : "unset";
  f["search.projection"] = std::to_string(c.projection.size());
  f["search.limits.node_limit"] = std::to_string(c.limits.node_limit);
  f["search.limits.time_limit"] = std::to_string(c.limits.time_limit.count());
  f["search.restarts"] = c.restarts;
  f["search.restart_base"] = std::to_string(c.restart_base);
  f["search.restart_factor"] = std::to_string(c.restart_factor);
  f["search.seed"] = std::to_string(c.seed);
  f["search.progress_interval"] = std::to_string(c.progress_interval.count());
  f["local.max_steps"] = std::to_string(s.local.max_steps);
  f["local.seed"] = std::to_string(s.local.seed);
  f["local.walk_probability"] = std::to_string(s.local.walk_probability);
  f["local.tabu_tenure"] = std::to_string(s.local.tabu_tenure);
  f["local.weighting"] = std::to_string(s.local.weighting);
  f["local.restart_after"] = std::to_string(s.local.restart_after);
  f["objective"] = s.objective ? std::to_string(s.objective->variable) : "unset";
  f["check_solutions"] = std::to_string(s.check_solutions);
  return f;
}

// Fields that are no run option: they name variables of one problem (Python's project, minimize, maximize set
// them) or pace the progress callback.
const std::set<std::string> kNotOptions = {"search.projection", "objective", "search.progress_interval"};

TEST(RunOptions, EachRowWritesItsOwnFieldAndEveryFieldHasARow) {
  const RunSpec defaults;
  const std::map<std::string, std::string> before = fields(defaults);
  std::set<std::string> written;
  for (const RunOption& row : run_options()) {
    SCOPED_TRACE(row.name);
    RunSpec spec;
    row.set(spec, row.example);
    EXPECT_EQ(row.get(spec), row.example) << "get reads back what set wrote";
    EXPECT_NE(row.get(defaults), row.example) << "the example is not RunSpec{}'s value";
    for (const RunOption& other : run_options())
      if (&other != &row) {
        EXPECT_EQ(other.get(spec), other.get(defaults)) << "the setter wrote " << other.name;
      }
    const std::map<std::string, std::string> after = fields(spec);
    bool changed = false;
    for (const auto& [field, value] : after)
      if (value != before.at(field)) {
        changed = true;
        written.insert(field);
      }
    EXPECT_TRUE(changed) << "no field of the RunSpec changed";
  }
  for (const auto& [field, value] : before)
    if (kNotOptions.count(field) == 0) {
      EXPECT_EQ(written.count(field), 1U) << field << " has no row";
    }
}

TEST(RunOptions, NamesAreUniqueAndFoundByFlagOrKeyword) {
  std::set<std::string> names;
  for (const RunOption& row : run_options()) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name;
    EXPECT_EQ(&run_option(row.name), &row);
    EXPECT_EQ(&run_option(keyword(row)), &row);
  }
  EXPECT_EQ(keyword(run_option("restart-base")), "restart_base");
  EXPECT_EQ(find_run_option("nope"), nullptr);
  try {
    (void)run_option("nope");
    FAIL();
  } catch (const UnknownNameError& e) {
    EXPECT_THAT(e.what(), HasSubstr("unknown run option 'nope' (valid: var, val, inference"));
  }
}

TEST(RunOptions, NameRowsListTheirRegistryNames) {
  EXPECT_EQ(run_option("var").values(), variable_orderings().names());
  EXPECT_EQ(run_option("val").values(), value_orderings().names());
  EXPECT_EQ(run_option("inference").values(), inferences().names());
  EXPECT_EQ(run_option("restarts").values(), restart_strategies().names());
  EXPECT_EQ(run_option("algorithm").values(), algorithms().names());
  EXPECT_EQ(run_option("branching").values(), branching_names());
  EXPECT_EQ(run_option("backjump").values(), backjumping_names());
  for (const RunOption& row : run_options()) {
    SCOPED_TRACE(row.name);
    EXPECT_EQ(row.values != nullptr, row.kind == OptionKind::name || row.kind == OptionKind::flag);
    if (row.kind == OptionKind::flag) {
      EXPECT_EQ(row.values(), (std::vector<std::string>{"off", "on"}));
    }
    if (row.kind != OptionKind::name) continue;
    // Every listed name is accepted, and the help lists them.
    for (const std::string& name : row.values()) {
      RunSpec spec;
      EXPECT_NO_THROW(row.set(spec, name)) << name;
      EXPECT_EQ(row.get(spec), name);
      EXPECT_THAT(help_line(row), HasSubstr(name));
    }
  }
  EXPECT_THAT(help_line(run_option("var")), HasSubstr("variable ordering: " + variable_orderings().names_joined()));
}

TEST(RunOptions, BadValuesNameTheOptionAndTheValidValues) {
  RunSpec spec;
  try {
    run_option("var").set(spec, "fewest");
    FAIL();
  } catch (const UnknownNameError& e) {
    EXPECT_THAT(e.what(),
                HasSubstr("unknown variable ordering 'fewest' (valid: " + variable_orderings().names_joined() + ")"));
  }
  try {
    run_option("algorithm").set(spec, "annealing");
    FAIL();
  } catch (const UnknownNameError& e) {
    EXPECT_THAT(e.what(), HasSubstr("unknown algorithm 'annealing' (valid: backtracking, lcg, min-conflicts"));
  }
  try {
    run_option("learning").set(spec, "x");
    FAIL();
  } catch (const OptionValueError& e) {
    EXPECT_STREQ(e.what(), "learning expects a whole number, got 'x'");
    EXPECT_EQ(e.option(), "learning");
  }
  EXPECT_THROW(run_option("node-limit").set(spec, "99999999999999999999"), OptionValueError);
  EXPECT_THROW(run_option("node-limit").set(spec, "-1"), OptionValueError);
  EXPECT_THROW(run_option("walk").set(spec, "often"), OptionValueError);
  EXPECT_THROW(run_option("restart-factor").set(spec, "inf"), OptionValueError);
  EXPECT_THROW(run_option("timeout").set(spec, "-1"), OptionValueError);
  EXPECT_THROW(run_option("ac3").set(spec, "yes"), OptionValueError);
  EXPECT_EQ(spec.search.limits.node_limit, 0U);  // a refused value leaves the field alone
}

TEST(RunOptions, KeepSolutionsIsOptionalAndTimeoutIsInSeconds) {
  RunSpec spec;
  const RunOption& keep = run_option("keep-solutions");
  EXPECT_TRUE(keep.optional);
  keep.set(spec, "0");
  EXPECT_EQ(spec.search.keep_solutions, 0U);
  keep.set(spec, "");
  EXPECT_FALSE(spec.search.keep_solutions.has_value());
  run_option("timeout").set(spec, "0.25");
  EXPECT_EQ(spec.search.limits.time_limit, std::chrono::milliseconds(250));
  run_option("seed").set(spec, "9");
  EXPECT_EQ(spec.search.seed, 9U);
  EXPECT_EQ(spec.local.seed, 9U);
}

}  // namespace
}  // namespace csp
