// A study of your own model (study.hpp): instances from factories or the catalogue, run as csp ablate runs them.
#include "csp/ablation/study.hpp"

#include <algorithm>
#include <memory>
#include <ostream>
#include <utility>

#include "csp/ablation/build_info.hpp"
#include "csp/ablation/run_order.hpp"

namespace csp::ablation {

namespace {

class BuiltFromFactory : public BuiltInstance {
 public:
  BuiltFromFactory(Problem problem, std::shared_ptr<const SolutionCheck> check)
      : problem_(std::move(problem)), verify_(std::move(check)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& solution) const override { return *verify_ ? (*verify_)(solution) : ""; }

 private:
  Problem problem_;
  std::shared_ptr<const SolutionCheck> verify_;
};

// The plan as the header's "options": the values each dimension takes, the limits and the run order.
nlohmann::ordered_json plan_json(const StudyPlan& plan, const std::vector<Configuration>& configs) {
  nlohmann::ordered_json j;
  j["model"] = plan.model;
  for (Dimension d : study_dimensions(configs)) {
    std::vector<std::string> values;
    for (const Configuration& c : configs)
      if (std::find(values.begin(), values.end(), c.get(d)) == values.end()) values.push_back(c.get(d));
    j[to_string(d)] = values;
  }
  j["timeout_ms"] = plan.limits.timeout_ms;
  j["node_limit"] = plan.limits.node_limit;
  j["repeat"] = plan.limits.repeat;
  j["max_solutions"] = plan.limits.max_solutions;
  j["shuffle_seed"] = plan.shuffle_seed;
  return j;
}

}  // namespace

Instance instance_from_factory(std::string name, std::function<Problem()> factory, SolutionCheck verify) {
  if (!factory) throw InputError("instance_from_factory: '" + name + "': no factory given");
  Instance inst;
  inst.group = name;
  inst.name = std::move(name);
  inst.number = 1;
  auto check = std::make_shared<const SolutionCheck>(std::move(verify));
  inst.build = [make = std::move(factory), check](const Configuration&) -> std::unique_ptr<BuiltInstance> {
    return std::make_unique<BuiltFromFactory>(make(), check);
  };
  return inst;
}

std::vector<Instance> catalogue_instances(const std::string& model, const ModelInputs& inputs) {
  return find_model(model).enumerate(inputs);
}

Study run_study(const StudyPlan& plan, const RowCallback& on_row) {
  Study study;
  study.model = plan.model;
  study.limits = plan.limits;
  study.configs = expand_grid(plan.grid);
  study.instances = plan.instances;
  study.header.version = program_version();
  study.header.commit = git_commit();
  study.header.date = utc_now();
  study.header.options = plan_json(plan, study.configs);
  study.header.seed = plan.shuffle_seed;
  const std::vector<std::size_t> valid = valid_instances(study);
  if (valid.empty()) throw InputError("no valid instance to run");
  const std::vector<WorkItem> work = run_order(valid, study.configs.size(), plan.shuffle_seed);
  std::vector<RunRecord> records;
  records.reserve(work.size());
  for (const WorkItem& w : work) {
    records.push_back(run_item(study, w));
    if (on_row) on_row(study, records.back());
  }
  sort_records(records);
  study.records = std::move(records);
  return study;
}

std::vector<Summary> study_summaries(const Study& study, const std::string& sort_key) {
  std::vector<Summary> summaries = summarize(study.records, study.instances, study.configs.size());
  sort_summaries(summaries, sort_key, study.configs);
  return summaries;
}

void write_study_json(std::ostream& out, const Study& study) { write_json(out, study, study_summaries(study)); }

}  // namespace csp::ablation
