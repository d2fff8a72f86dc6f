// A study of your own model: the grid `csp ablate` runs (configurations x seeds, under RunLimits) over instances
// your program builds, with the rows, CSV and JSON of csp ablate. See docs/ablation.md, "A study of your own model".
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/report.hpp"
#include "csp/ablation/run.hpp"
#include "csp/ablation/summary.hpp"
#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"

namespace csp::ablation {

/// A model's own check of a solution: why `solution` does not solve the instance, "" when it does.
using SolutionCheck = std::function<std::string(const Assignment& solution)>;

/// An instance of your own model: every run builds `factory()` afresh and searches it; each solution found must
/// pass Problem::is_solution and `verify` (when given; a non-empty answer makes the run `wrong`). Its group and
/// name are `name`, its number 1 (set Instance::group and number to pool several instances into one group). The
/// factory posts the constraints its own way, so the alldiff dimension and the model inferences ("techniques", "probe") do
/// not change what it builds. A csp::Error thrown by the factory makes the run an `error` record.
/// Throws InputError when `factory` is empty.
Instance instance_from_factory(std::string name, std::function<Problem()> factory, SolutionCheck verify = {});

/// The instances `csp ablate MODEL` runs: those of a model of the catalogue or of FlatZinc files ("fzn"), e.g.
/// catalogue_instances("queens", {{}, {6, 8}}) (files, numbers). Throws InputError for an unknown model or an unreadable file.
std::vector<Instance> catalogue_instances(const std::string& model, const ModelInputs& inputs);

/// What to run: every valid instance with every configuration of `grid` (its seeds: GridSpec::seed), as csp ablate.
struct StudyPlan {
  std::string model = "own";        ///< the model's name in the header ("# model:" of the CSV)
  std::vector<Instance> instances;  ///< instance_from_factory, catalogue_instances, or both
  /// The lists per dimension (expand_grid); empty: the textbook baseline (with_model_defaults fills in a catalogue
  /// model's defaults, as csp ablate MODEL does).
  GridSpec grid;
  RunLimits limits;                ///< node and time limit, repeats, solutions per run
  std::uint64_t shuffle_seed = 0;  ///< the run order (csp ablate --shuffle-seed; 0: in grid order)
};

/// Called once per run as it finishes (in run order): the study so far (header, instances, configs) and its row.
using RowCallback = std::function<void(const Study& study, const RunRecord& row)>;

/// Runs `plan` on this thread, one (instance, configuration) after the other, as `csp ablate` with --jobs 1:
/// configurations expand_grid(plan.grid), invalid instances excluded (named in header.invalid), runs by run_one.
/// Returns the Study, its records in (instance, configuration) order, ready for write_csv / write_json /
/// write_table; its header has the version, commit, date, the plan as "options" and no command. Throws
/// InputError for a bad grid or when no instance is valid.
Study run_study(const StudyPlan& plan, const RowCallback& on_row = {});

/// The summaries of `study` (summarize), sorted by `sort_key` (sort_summaries; "config": grid order), as the table
/// and JSON of csp ablate have them.
std::vector<Summary> study_summaries(const Study& study, const std::string& sort_key = "config");

/// write_json of `study` with its summaries in grid order (study_summaries).
void write_study_json(std::ostream& out, const Study& study);

}  // namespace csp::ablation
