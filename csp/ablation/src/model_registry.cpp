// The model registry of csp ablate: an adapter over the model catalogue (csp/models/catalog.hpp), whose entries
// become ModelSpecs and whose instances are built for a Configuration, plus FlatZinc files
// (flatzinc_instances.cpp), the one model the catalogue does not hold.
#include "csp/ablation/model_registry.hpp"

#include <algorithm>
#include <utility>

#include "csp/ablation/flatzinc_instances.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/catalog.hpp"

namespace csp::ablation {

namespace {

// A catalogue instance built for one configuration: its Problem and its check.
class BuiltFromCatalog : public BuiltInstance {
 public:
  explicit BuiltFromCatalog(std::unique_ptr<models::BuiltModel> model) : model_(std::move(model)) {}
  const Problem& problem() const override { return model_->problem(); }
  std::string verify(const Assignment& solution) const override { return model_->verify(solution); }

 private:
  std::unique_ptr<models::BuiltModel> model_;
};

// What of `c` changes the Problem of an instance of `entry`: the all-different mode, a model inference the entry
// implements (e.g. sudoku's "techniques"), value-symmetry breaking.
models::BuildChoices build_choices(const models::CatalogEntry& entry, const Configuration& c) {
  models::BuildChoices choices;
  choices.alldiff = c.alldiff_mode();
  const std::vector<std::string>& own = entry.model_inferences;
  if (std::find(own.begin(), own.end(), c.inference) != own.end()) choices.model_inference = c.inference;
  choices.break_symmetry = c.break_symmetry == "on";
  return choices;
}

models::CatalogInputs catalog_inputs(const ModelInputs& inputs) {
  models::CatalogInputs out;
  out.files = inputs.files;
  out.numbers = inputs.numbers;
  out.box = inputs.box;
  out.contents = inputs.contents;
  out.puzzles = inputs.puzzles;
  out.max_file_bytes = kMaxStudyFileBytes;
  return out;
}

Instance adapt(const models::CatalogEntry& entry, models::CatalogInstance from) {
  Instance inst;
  inst.group = std::move(from.group);
  inst.name = std::move(from.name);
  inst.number = from.number;
  inst.error = std::move(from.error);
  if (from.graph) inst.warnings = from.graph->warnings;
  if (from.build)
    inst.build = [entry = &entry, build = std::move(from.build)](const Configuration& c) {
      return std::make_unique<BuiltFromCatalog>(build(build_choices(*entry, c)));
    };
  return inst;
}

// The instances of `entry` for `inputs`; a catalogue error (unreadable, empty or malformed input) is an InputError.
std::vector<Instance> enumerate(const models::CatalogEntry& entry, const ModelInputs& inputs) {
  std::vector<models::CatalogInstance> found;
  try {
    found = entry.enumerate(catalog_inputs(inputs));
  } catch (const Error& e) {
    throw InputError(e.what());
  }
  std::vector<Instance> out;
  out.reserve(found.size());
  for (models::CatalogInstance& inst : found) out.push_back(adapt(entry, std::move(inst)));
  return out;
}

// The registry entry of a catalogue entry: the same facts, its instances adapted.
ModelSpec spec_of(const models::CatalogEntry& entry) {
  ModelSpec m;
  m.name = entry.name;
  m.summary = entry.summary;
  m.takes_files = entry.takes_files;
  m.number_option = entry.number_option;
  m.number_help = entry.number_help;
  m.default_numbers = entry.default_numbers;
  m.min_number = entry.min_number;
  m.max_number = entry.max_number;
  m.takes_box = entry.takes_box;
  for (AllDifferentMode mode : entry.alldiff_modes) m.alldiff_modes.push_back(to_string(mode));
  m.model_inferences = entry.model_inferences;
  m.enumerate = [e = &entry](const ModelInputs& inputs) { return enumerate(*e, inputs); };
  m.value_symmetry = entry.value_symmetry;
  m.takes_puzzles = entry.takes_puzzles;
  m.defaults = entry.defaults;
  return m;
}

ModelSpec flatzinc_spec() {
  ModelSpec m;
  m.name = "fzn";
  m.summary = "FlatZinc files, one instance per file (minimize / maximize: to the optimum)";
  m.takes_files = true;
  m.alldiff_modes = {to_string(AllDifferentMode::binary), to_string(AllDifferentMode::value),
                     to_string(AllDifferentMode::gac)};  // grid: Sudoku models only
  m.enumerate = flatzinc_instances;
  m.globals_switch = true;
  m.defaults = models::ModelDefaults{};  // FlatZinc: the engine's generic default, as csp fzn and csp.msc
  return m;
}

std::vector<ModelSpec> make_models() {
  std::vector<ModelSpec> out;
  for (const models::CatalogEntry& entry : models::catalog()) out.push_back(spec_of(entry));
  out.push_back(flatzinc_spec());
  return out;
}

}  // namespace

std::string read_study_file(const std::string& path) {
  try {
    return models::read_model_file(path, kMaxStudyFileBytes);
  } catch (const Error& e) {
    throw InputError(e.what());
  }
}

const std::vector<ModelSpec>& models() {
  static std::vector<ModelSpec> registry = make_models();
  // The catalogue's entries added after the registry was made (add_catalog_entry, a --plugin's models), appended in
  // their order; catalogue entries keep their addresses (a deque), which spec_of's instances hold.
  const std::deque<models::CatalogEntry>& entries = models::catalog();
  for (const models::CatalogEntry& entry : entries)
    if (std::none_of(registry.begin(), registry.end(), [&](const ModelSpec& m) { return m.name == entry.name; }))
      registry.push_back(spec_of(entry));
  return registry;
}

GridSpec with_model_defaults(GridSpec grid, const ModelSpec& model) {
  const models::ModelDefaults& d = model.defaults;
  // A plugin's entry that declares no default gets gac, which its alldiff_modes may not hold: then its first mode.
  const std::vector<std::string>& modes = model.alldiff_modes;
  std::string alldiff = to_string(d.alldiff);
  if (!modes.empty() && std::find(modes.begin(), modes.end(), alldiff) == modes.end()) alldiff = modes.front();
  const std::pair<Dimension, std::string> baseline[] = {{Dimension::var, d.variable_ordering},
                                                        {Dimension::val, d.value_ordering},
                                                        {Dimension::inference, d.inference},
                                                        {Dimension::alldiff, alldiff}};
  for (const auto& [dimension, value] : baseline)
    if (grid.values(dimension).empty()) grid.values(dimension) = {value};
  // Restarts are an optional dimension: a model that restarts by default has it, with its strategy.
  if (grid.restarts.empty() && d.restarts != SolverConfig{}.restarts) grid.restarts = {d.restarts};
  return grid;
}

const ModelSpec& find_model(const std::string& name) {
  for (const ModelSpec& m : models())
    if (m.name == name) return m;
  throw InputError("unknown model '" + name + "' (valid: " + model_names_joined() + ")");
}

std::string model_names_joined() {
  std::vector<std::string> names;
  for (const ModelSpec& m : models()) names.push_back(m.name);
  return join(names, ", ");
}

}  // namespace csp::ablation
