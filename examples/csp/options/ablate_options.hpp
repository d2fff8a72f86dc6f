// The options of `csp ablate`: what the command line says, parsed and checked (Boost.Program_options).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/model_registry.hpp"
#include "csp/ablation/plot.hpp"
#include "csp/ablation/run.hpp"

namespace csp::cli {

/// Everything `csp ablate` was asked to do.
struct AblateOptions {
  std::string model;             ///< a name from ablation::models()
  ablation::ModelInputs inputs;  ///< files and/or the model's numbers (--n, --colors)
  ablation::GridSpec grid;       ///< the lists per dimension, parsed ("all" expanded); empty = default
  ablation::RunLimits limits;    ///< timeout, node limit, repeat
  unsigned jobs = 1;             ///< runs in parallel
  std::uint64_t seed = 1;        ///< --shuffle-seed: the seed of the run order (0: instance by instance, in grid order)
  std::string sort = "config";   ///< the --sort key
  bool wide = false;             ///< every counter's mean, median and max in the table
  std::string csv;               ///< --csv FILE ("" = none)
  /// --resume: keep the rows of --csv FILE (same header but date, command and jobs), run only the missing ones
  bool resume = false;
  std::string json;  ///< --json FILE
  std::string plot;  ///< --plot FILE.svg
  /// What the chart shows and the cost --compare compares: assignments + 1 or time.
  ablation::PlotMetric plot_metric = ablation::PlotMetric::assignments;
  ablation::PlotKind plot_kind = ablation::PlotKind::box;  ///< --plot-kind
  /// --compare A,B: the names of two configurations (ablation::compared_configs); both empty when not given
  std::string compare_a;
  std::string compare_b;

  /// Every option as parsed, defaults included (the "options" of the CSV / JSON header).
  nlohmann::ordered_json to_json() const;
};

/// Parses the arguments after "ablate". Returns nothing when --help was asked (the help is then printed on
/// stdout). Throws ablation::InputError for an unknown model, option, strategy name or a bad value.
std::optional<AblateOptions> parse_ablate_options(const std::vector<std::string>& args);

/// The text of `csp ablate --help`.
std::string ablate_help();

}  // namespace csp::cli
