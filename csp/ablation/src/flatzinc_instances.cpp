// The FlatZinc model of csp ablate: .fzn files parsed once and built once per all-different mode and globals
// setting (native or decomposed), solutions
// checked by the FlatZinc checker (FlatZincModel::verify).
#include "csp/ablation/flatzinc_instances.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <utility>

#include "csp/core/errors.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"

namespace csp::ablation {

namespace {

namespace fzn = models::flatzinc;

class BuiltFlatZinc : public BuiltInstance {
 public:
  explicit BuiltFlatZinc(std::shared_ptr<const fzn::FlatZincModel> model) : model_(std::move(model)) {}
  const Problem& problem() const override { return model_->problem; }
  std::string verify(const Assignment& solution) const override { return model_->verify(solution); }
  std::optional<Objective> objective() const override {
    if (model_->goal == fzn::SolveItem::Goal::satisfy || !model_->objective.is_var()) return std::nullopt;
    return Objective{model_->objective.var,
                     model_->goal == fzn::SolveItem::Goal::minimize ? Sense::minimize : Sense::maximize};
  }
  int distinct_variables() const override { return model_->search_variable_count; }
  std::vector<VarId> distinct_by() const override {  // the output variables, as csp fzn counts
    std::vector<VarId> out;
    for (const fzn::OutputItem& item : model_->outputs)
      for (const fzn::Term& t : item.terms)
        if (t.is_var()) out.push_back(t.var);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  std::string proved_unsatisfiable() const override { return model_->unsatisfiable; }

 private:
  std::shared_ptr<const fzn::FlatZincModel> model_;  // shared by the runs of one all-different mode and globals setting
};

// One file: parsed once, built once per all-different mode and globals setting on first use (runs on several threads share a build:
// a Problem is read-only during search and every run owns its domains).
class FlatZincFile {
 public:
  FlatZincFile(fzn::Model ast, std::string path) : ast_(std::move(ast)), path_(std::move(path)) {}

  std::shared_ptr<const fzn::FlatZincModel> model(AllDifferentMode mode, Globals globals = Globals::native) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::shared_ptr<const fzn::FlatZincModel>& built =
        built_[static_cast<std::size_t>(mode) * 2 + (globals == Globals::decompose ? 1 : 0)];
    if (!built) {
      fzn::BuildOptions options;
      options.all_different = mode;
      options.globals = globals;
      options.use_annotations = false;  // free search: the grid's orderings, not the file's int_search
      built = std::make_shared<const fzn::FlatZincModel>(fzn::build_flatzinc(ast_, path_, options));
    }
    return built;
  }

 private:
  fzn::Model ast_;
  std::string path_;
  std::mutex mutex_;
  // By AllDifferentMode, then Globals (a grid build throws ModelError: it is a Sudoku model's mode).
  std::array<std::shared_ptr<const fzn::FlatZincModel>, 8> built_;
};

}  // namespace

std::vector<Instance> flatzinc_instances(const ModelInputs& inputs) {
  if (inputs.files.empty()) throw InputError("no FlatZinc files given (e.g. csp ablate fzn model.fzn)");
  std::vector<Instance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    const std::string text = file < inputs.contents.size() ? inputs.contents[file] : read_study_file(path);
    if (text.empty()) throw InputError(path + ": empty file");  // as csp fzn says it
    std::shared_ptr<FlatZincFile> parsed;
    try {
      parsed = std::make_shared<FlatZincFile>(fzn::parse_flatzinc(text, path), path);
      (void)parsed->model(AllDifferentMode::gac);  // an unknown builtin or a bad argument: exit 2 now
    } catch (const ModelError& e) {                // FlatZincError included: "FILE:LINE: reason"
      throw InputError(e.what());
    }
    Instance inst;
    inst.group = path;
    inst.name = path;
    inst.number = 1;
    inst.build = [parsed](const Configuration& c) {
      return std::make_unique<BuiltFlatZinc>(parsed->model(c.alldiff_mode(), c.globals_mode()));
    };
    out.push_back(std::move(inst));
  }
  return out;
}

}  // namespace csp::ablation
