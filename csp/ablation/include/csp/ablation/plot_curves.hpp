// Run-length distributions of an ablation, as data: the curves of `csp ablate --plot-kind cactus|survival`, one
// per (group, configuration pooled over seeds). Computed apart from the painting so that they can be checked
// without cairo.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "csp/ablation/plot.hpp"
#include "csp/ablation/report.hpp"

namespace csp::ablation {

/// A point of a curve, in data units.
struct CurvePoint {
  double x = 0;
  double y = 0;
  friend bool operator==(const CurvePoint&, const CurvePoint&) = default;
};

/// The cactus points of a configuration's runs: its finished runs' costs sorted ascending, the k-th (1-based) at
/// (k, cost). `costs` are the finished runs' costs in any order.
std::vector<CurvePoint> cactus_points(std::vector<double> costs);

/// The survival points (1 - the empirical distribution function of the run length, Hoos and Stützle's
/// run-length distribution): for each distinct finished cost v, ascending, the point (v, fraction of the `runs`
/// runs that did not finish with a cost <= v). Runs stopped by a limit (or failed) are counted in `runs` but have no
/// cost: they never leave, so the last point's y is (runs - costs.size()) / runs. Empty when `runs` is 0.
/// Precondition: costs.size() <= runs.
std::vector<CurvePoint> survival_points(std::vector<double> costs, std::size_t runs);

/// The curve of one configuration pool on one group.
struct Curve {
  std::string group;         ///< the group (file) of the runs
  std::size_t pool = 0;      ///< index into pool_over_seeds(study.configs).names
  std::string name;          ///< the pool's name (the legend)
  std::size_t runs = 0;      ///< runs of the pool on the group (instances x seeds)
  std::size_t finished = 0;  ///< of them solved or proved unsatisfiable (the others hit a limit or failed)
  std::vector<CurvePoint> points;
};

/// One curve per (group, pool) that has runs: groups in order of their first instance, pools in grid order. cactus:
/// cactus_points; survival: survival_points; the cost is metric_value (assignments + 1, or µs). Other kinds throw
/// std::invalid_argument.
std::vector<Curve> run_length_curves(const Study& study, PlotMetric metric, PlotKind kind);

/// Writes the cactus or survival chart of `study` to `path` (cairo SVG): one panel per group, one line per
/// configuration pool (colour and dash from a colour-blind-safe palette), a legend with each pool's finished
/// count. cactus: x runs finished (linear), y cost (log); survival: x cost (log), y fraction not finished (0..1),
/// as steps. Throws InputError when the file cannot be written, there is nothing to draw or cairo is missing.
void write_line_plot(const std::string& path, const Study& study, PlotMetric metric, PlotKind kind);

}  // namespace csp::ablation
