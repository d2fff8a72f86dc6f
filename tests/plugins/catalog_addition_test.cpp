// add_catalog_entry (csp/models/catalog.hpp), what a plugin's register function calls: the entry is refused for a
// taken or malformed name, a missing enumerate, an option csp ablate cannot read or defaults that name an unknown
// strategy; once added, the catalogue and csp ablate's registry (csp/ablation/model_registry.hpp) both take it, an
// entry that declares no defaults with the engine's generic default. Its own program: the additions stay in the
// process's catalogue, which the other tests count.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/catalog.hpp"

namespace {

using ::testing::HasSubstr;
namespace models = csp::models;

// x0 + x1 == n over 0..n: n + 1 solutions.
class SumModel : public models::BuiltModel {
 public:
  explicit SumModel(int n) : n_(n) {
    const csp::VarId a = problem_.add_variable("x0", 0, n);
    const csp::VarId b = problem_.add_variable("x1", 0, n);
    problem_.add_binary(a, b, [n](csp::Value u, csp::Value v) { return u + v == n; });
  }
  const csp::Problem& problem() const override { return problem_; }
  std::string verify(const csp::Assignment& s) const override { return s[0] + s[1] == n_ ? "" : "wrong sum"; }
  std::string picture(const csp::Assignment& s) const override {
    return std::to_string(s[0]).append(" + ").append(std::to_string(s[1])).append("\n");
  }

 private:
  int n_;
  csp::Problem problem_;
};

models::CatalogEntry sum_entry(const std::string& name) {
  models::CatalogEntry e;
  e.name = name;
  e.summary = "two numbers that add up to n";
  e.number_option = "n";
  e.default_numbers = {3};
  e.max_number = 10;
  e.alldiff_modes = {csp::AllDifferentMode::binary};
  e.enumerate = [](const models::CatalogInputs& in) {
    std::vector<models::CatalogInstance> out;
    for (int n : in.numbers) {
      models::CatalogInstance inst;
      inst.group = "sum";
      inst.name = std::string("n=").append(std::to_string(n));
      inst.number = out.size() + 1;
      inst.build = [n](const models::BuildChoices&) { return std::make_unique<SumModel>(n); };
      out.push_back(std::move(inst));
    }
    return out;
  };
  return e;
}

std::string refusal(models::CatalogEntry e) {
  try {
    models::add_catalog_entry(std::move(e));
  } catch (const csp::Error& error) {
    return error.what();
  }
  return "";
}

TEST(CatalogAddition, RefusesATakenOrMalformedEntry) {
  EXPECT_EQ(refusal(sum_entry("queens")), "model 'queens' is already in the catalogue");
  EXPECT_EQ(refusal(sum_entry("")), "a model with an empty name");
  EXPECT_EQ(refusal(sum_entry("my model")), "model 'my model': its name may hold only letters, digits, '-' and '_'");
  models::CatalogEntry no_enumerate = sum_entry("sum-a");
  no_enumerate.enumerate = nullptr;
  EXPECT_EQ(refusal(std::move(no_enumerate)), "model 'sum-a' has no enumerate function");
  models::CatalogEntry other_option = sum_entry("sum-b");
  other_option.number_option = "size";
  EXPECT_EQ(refusal(std::move(other_option)), "model 'sum-b': number_option 'size' is not \"n\" or \"colors\"");
  models::CatalogEntry empty_range = sum_entry("sum-c");
  empty_range.max_number = 0;
  EXPECT_EQ(refusal(std::move(empty_range)), "model 'sum-c': max_number 0 is less than min_number 1");
  models::CatalogEntry unknown_ordering = sum_entry("sum-d");
  unknown_ordering.defaults.variable_ordering = "fewest-first";
  EXPECT_THAT(refusal(std::move(unknown_ordering)),
              HasSubstr("model 'sum-d': its defaults: unknown variable ordering 'fewest-first' (valid: first, mrv"));
  models::CatalogEntry unknown_inference = sum_entry("sum-e");
  unknown_inference.defaults.inference = "ac4";
  EXPECT_THAT(refusal(std::move(unknown_inference)), HasSubstr("model 'sum-e': its defaults: unknown inference 'ac4'"));
  EXPECT_THAT(models::catalog_names(), ::testing::Not(HasSubstr("sum-")));  // nothing refused was added
}

TEST(CatalogAddition, TheCatalogueAndCspAblateTakeTheEntry) {
  const std::size_t before = csp::ablation::models().size();  // read before the addition, as at start-up
  models::add_catalog_entry(sum_entry("sum"));
  EXPECT_EQ(models::catalog().back().name, "sum");
  EXPECT_THAT(models::catalog_names(), HasSubstr("killer, sum"));
  EXPECT_EQ(refusal(sum_entry("sum")), "model 'sum' is already in the catalogue");

  models::CatalogInputs inputs;
  inputs.numbers = {4};
  const auto built = models::catalog_instances("sum", inputs).front().build({});
  EXPECT_EQ(built->problem().variable_count(), 2);

  ASSERT_EQ(csp::ablation::models().size(), before + 1);
  const csp::ablation::ModelSpec& spec = csp::ablation::find_model("sum");
  EXPECT_EQ(spec.number_option, "n");
  EXPECT_EQ(spec.max_number, 10);
  EXPECT_EQ(spec.alldiff_modes, std::vector<std::string>{"binary"});
  EXPECT_THAT(csp::ablation::model_names_joined(), HasSubstr("fzn, sum"));
  csp::ablation::ModelInputs study_inputs;
  study_inputs.numbers = {4, 6};
  const std::vector<csp::ablation::Instance> instances = spec.enumerate(study_inputs);
  ASSERT_EQ(instances.size(), 2U);
  EXPECT_EQ(instances[1].name, "n=6");
  // It declares no defaults: the engine's generic default, SolverConfig{}'s strategies, is its study's baseline.
  const models::ModelDefaults generic;
  EXPECT_EQ(generic.variable_ordering, csp::SolverConfig{}.variable_ordering.name());
  EXPECT_EQ(generic.value_ordering, csp::SolverConfig{}.value_ordering.name());
  EXPECT_EQ(generic.inference, csp::SolverConfig{}.inference);
  EXPECT_EQ(generic.restarts, csp::SolverConfig{}.restarts);
  EXPECT_EQ(spec.defaults, generic);
  const std::vector<csp::ablation::Configuration> baseline =
      csp::ablation::expand_grid(csp::ablation::with_model_defaults({}, spec));
  ASSERT_EQ(baseline.size(), 1U);
  EXPECT_EQ(baseline[0].var, generic.variable_ordering);
  EXPECT_EQ(baseline[0].val, generic.value_ordering);
  EXPECT_EQ(baseline[0].inference, generic.inference);
  EXPECT_EQ(baseline[0].alldiff, "binary");  // gac is not among its modes: its first mode
  csp::ablation::Configuration config;
  const auto instance = instances[1].build(config);
  EXPECT_EQ(instance->problem().variable_count(), 2);
  csp::Assignment right(instance->problem());
  right.assign(0, 2);
  right.assign(1, 4);
  EXPECT_EQ(instance->verify(right), "");
  csp::Assignment wrong(instance->problem());
  wrong.assign(0, 2);
  wrong.assign(1, 3);
  EXPECT_EQ(instance->verify(wrong), "wrong sum");
}

}  // namespace
