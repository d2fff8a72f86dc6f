// The model catalogue (csp/models/catalog.hpp): every entry builds instances whose solutions pass the model's own
// check, with the known counts (92 boards of 8 queens, 18 colourings of Australia with 3 colours, 3 with the
// symmetry broken, one Zebra solution, one SEND+MORE=MONEY), and bad inputs are named.
#include "csp/models/catalog.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "csp/core/errors.hpp"
#include "csp/search/solve.hpp"

namespace csp::models {
namespace {

// Counts the solutions of the first instance of `name`, each checked by the entry's verify.
std::uint64_t count(const std::string& name, const CatalogInputs& inputs, const BuildChoices& choices = {}) {
  const std::vector<CatalogInstance> instances = catalog_instances(name, inputs);
  EXPECT_FALSE(instances.empty());
  const std::unique_ptr<BuiltModel> model = instances.front().build(choices);
  RunSpec spec;
  spec.search.max_solutions = 0;
  spec.verify = [&](const Assignment& a) { return model->verify(a); };
  const RunResult r = solve(model->problem(), spec);
  EXPECT_EQ(r.stop, StopReason::complete) << r.wrong;
  return r.solution_count;
}

TEST(Catalog, NamesEveryModelOnce) {
  EXPECT_EQ(catalog_names(), "sudoku, queens, australia, usa, graph, zebra, cryptarithm, killer");
  EXPECT_THROW(catalog_entry("mars"), UnknownNameError);
}

TEST(Catalog, KnownCountsPassTheModelsChecks) {
  CatalogInputs queens;
  queens.numbers = {8};
  EXPECT_EQ(count("queens", queens), 92U);
  BuildChoices all_different;
  all_different.alldiff = AllDifferentMode::value;
  EXPECT_EQ(count("queens", queens, all_different), 92U);
  CatalogInputs three;
  three.numbers = {3};
  EXPECT_EQ(count("australia", three), 18U);
  BuildChoices symmetry;
  symmetry.break_symmetry = true;
  EXPECT_EQ(count("australia", three, symmetry), 3U);
  EXPECT_EQ(count("zebra", {}), 1U);
  EXPECT_EQ(count("cryptarithm", {}), 1U);  // SEND+MORE=MONEY by default
}

TEST(Catalog, PicturesDrawTheSolution) {
  CatalogInputs four;
  four.numbers = {4};
  const std::unique_ptr<BuiltModel> queens = catalog_instances("queens", four).front().build({});
  Assignment a(4);
  const Value rows[] = {2, 4, 1, 3};
  for (VarId c = 0; c < 4; ++c) a.assign(c, rows[c]);
  EXPECT_EQ(queens->verify(a), "");
  EXPECT_EQ(queens->picture(a), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
  const std::unique_ptr<BuiltModel> send = catalog_instances("cryptarithm", {}).front().build({});
  RunSpec spec;
  const RunResult r = solve(send->problem(), spec);
  ASSERT_EQ(r.solutions.size(), 1U);
  EXPECT_EQ(send->picture(r.solutions.front()), "9567 + 1085 = 10652\n");
}

TEST(Catalog, BadInputsAreNamed) {
  EXPECT_THROW(catalog_instances("sudoku", {}), Error);  // no files
  CatalogInputs bad;
  bad.puzzles = {"SEND+MORE"};
  try {
    catalog_instances("cryptarithm", bad);
    FAIL() << "a sum without '=' was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--puzzle 'SEND+MORE'"), std::string::npos) << e.what();
  }
  CatalogInputs killer;
  killer.files = {"cages.txt"};
  killer.contents = {"box 2x2\n"};
  try {
    catalog_instances("killer", killer);
    FAIL() << "a Killer Sudoku without cages was taken";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cages.txt: ", 0), 0U) << e.what();
  }
}

// Every entry declares a default its command can run: registered strategies, and an all-different mode the entry
// takes; the three colourings one default (csp color shows one --help for a map and a file).
TEST(Catalog, EveryEntryDeclaresARunnableDefault) {
  for (const CatalogEntry& e : catalog()) {
    EXPECT_NO_THROW(check_model_defaults(e.name, e.defaults)) << e.name;
    EXPECT_NO_THROW(e.defaults.config().validate()) << e.name;
    EXPECT_NE(std::find(e.alldiff_modes.begin(), e.alldiff_modes.end(), e.defaults.alldiff), e.alldiff_modes.end())
        << e.name << ": " << to_string(e.defaults);
  }
  EXPECT_EQ(catalog_entry("australia").defaults, catalog_entry("graph").defaults);
  EXPECT_EQ(catalog_entry("usa").defaults, catalog_entry("graph").defaults);
}

// ModelDefaults::config() is SolverConfig{} with the declared strategies, and ModelDefaults{} is the engine's generic
// default (what csp fzn, csp.msc and user models get).
TEST(Catalog, DefaultsAreSolverConfigsStrategies) {
  const ModelDefaults generic;
  EXPECT_EQ(to_string(generic),
            "var=" + SolverConfig{}.variable_ordering.name() + " val=" + SolverConfig{}.value_ordering.name() +
                " inference=" + SolverConfig{}.inference + " restarts=" + SolverConfig{}.restarts + " alldiff=gac");
  const ModelDefaults& sudoku = catalog_entry("sudoku").defaults;
  const SolverConfig c = sudoku.config();
  EXPECT_EQ(c.variable_ordering.name(), sudoku.variable_ordering);
  EXPECT_EQ(c.value_ordering.name(), sudoku.value_ordering);
  EXPECT_EQ(c.inference, sudoku.inference);
  EXPECT_EQ(c.restarts, sudoku.restarts);
  EXPECT_EQ(c.restart_base, SolverConfig{}.restart_base);
  EXPECT_EQ(c.max_solutions, SolverConfig{}.max_solutions);
}

}  // namespace
}  // namespace csp::models
