// A catalogue entry (csp/models/catalog.hpp) as a model of csp ablate's registry: its fields copied, its instances
// wrapped.
#include "catalog_additions.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "csp/core/errors.hpp"
#include "csp/models/catalog.hpp"

namespace csp::ablation {

namespace {

// The entry's BuiltModel as the registry's BuiltInstance.
class BuiltFromCatalog : public BuiltInstance {
 public:
  explicit BuiltFromCatalog(std::unique_ptr<models::BuiltModel> built) : built_(std::move(built)) {}
  const Problem& problem() const override { return built_->problem(); }
  std::string verify(const Assignment& solution) const override { return built_->verify(solution); }

 private:
  std::unique_ptr<models::BuiltModel> built_;
};

Instance to_instance(models::CatalogInstance from, const std::vector<std::string>& model_inferences) {
  Instance inst;
  inst.group = std::move(from.group);
  inst.name = std::move(from.name);
  inst.number = from.number;
  inst.error = std::move(from.error);
  if (!inst.valid()) return inst;
  inst.build = [build = std::move(from.build), model_inferences](const Configuration& c) {
    models::BuildChoices choices;
    choices.alldiff = c.alldiff_mode();
    const bool own = std::find(model_inferences.begin(), model_inferences.end(), c.inference) != model_inferences.end();
    choices.model_inference = own ? c.inference : "";
    choices.break_symmetry = c.break_symmetry == "on";
    return std::make_unique<BuiltFromCatalog>(build(choices));
  };
  return inst;
}

ModelSpec to_spec(const models::CatalogEntry& entry) {
  ModelSpec spec;
  spec.name = entry.name;
  spec.summary = entry.summary;
  spec.takes_files = entry.takes_files;
  spec.number_option = entry.number_option;
  spec.number_help = entry.number_help;
  spec.default_numbers = entry.default_numbers;
  spec.min_number = entry.min_number;
  spec.max_number = entry.max_number;
  spec.takes_box = entry.takes_box;
  for (AllDifferentMode mode : entry.alldiff_modes) spec.alldiff_modes.push_back(to_string(mode));
  spec.model_inferences = entry.model_inferences;
  spec.value_symmetry = entry.value_symmetry;
  spec.takes_puzzles = entry.takes_puzzles;
  // By name, not by reference: the catalogue may grow (and move its entries) after this spec is made.
  spec.enumerate = [name = entry.name, own = entry.model_inferences](const ModelInputs& in) {
    models::CatalogInputs inputs;
    inputs.files = in.files;
    inputs.numbers = in.numbers;
    inputs.box = in.box;
    inputs.contents = in.contents;
    inputs.puzzles = in.puzzles;
    inputs.max_file_bytes = kMaxStudyFileBytes;
    std::vector<models::CatalogInstance> found;
    try {
      found = models::catalog_instances(name, inputs);
    } catch (const Error& e) {
      throw InputError(e.what());
    }
    std::vector<Instance> out;
    out.reserve(found.size());
    for (models::CatalogInstance& inst : found) out.push_back(to_instance(std::move(inst), own));
    return out;
  };
  return spec;
}

}  // namespace

void add_catalog_additions(std::vector<ModelSpec>& registry) {
  for (const models::CatalogEntry& entry : models::catalog()) {
    const auto same = [&entry](const ModelSpec& m) { return m.name == entry.name; };
    if (std::none_of(registry.begin(), registry.end(), same)) registry.push_back(to_spec(entry));
  }
}

}  // namespace csp::ablation
