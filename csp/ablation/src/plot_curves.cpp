// The data of the run-length charts (cactus, survival), and the names of the chart kinds and metrics' values.
#include "csp/ablation/plot_curves.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace csp::ablation {

std::string to_string(PlotKind k) {
  switch (k) {
    case PlotKind::box:
      return "box";
    case PlotKind::cactus:
      return "cactus";
    case PlotKind::survival:
      return "survival";
  }
  return "?";
}

PlotKind parse_plot_kind(const std::string& name) {
  for (PlotKind k : {PlotKind::box, PlotKind::cactus, PlotKind::survival})
    if (name == to_string(k)) return k;
  throw InputError("--plot-kind: unknown kind '" + name + "' (valid: box, cactus, survival)");
}

double metric_value(const RunRecord& r, PlotMetric metric) {
  return metric == PlotMetric::assignments ? static_cast<double>(r.stats.assignments) + 1
                                           : std::max<double>(1, static_cast<double>(r.stats.elapsed_us));
}

std::vector<CurvePoint> cactus_points(std::vector<double> costs) {
  std::sort(costs.begin(), costs.end());
  std::vector<CurvePoint> points;
  points.reserve(costs.size());
  for (std::size_t k = 0; k < costs.size(); ++k) points.push_back({static_cast<double>(k + 1), costs[k]});
  return points;
}

std::vector<CurvePoint> survival_points(std::vector<double> costs, std::size_t runs) {
  std::vector<CurvePoint> points;
  if (runs == 0) return points;
  std::sort(costs.begin(), costs.end());
  const double n = static_cast<double>(runs);
  for (std::size_t k = 0; k < costs.size(); ++k) {
    if (k + 1 < costs.size() && costs[k + 1] == costs[k]) continue;  // ties: one step, at the last of them
    points.push_back({costs[k], static_cast<double>(runs - (k + 1)) / n});
  }
  return points;
}

std::vector<Curve> run_length_curves(const Study& study, PlotMetric metric, PlotKind kind) {
  if (kind == PlotKind::box) throw std::invalid_argument("run_length_curves: box is not a line chart");
  const SeedPools pools = pool_over_seeds(study.configs);
  std::vector<std::string> groups;
  std::map<std::pair<std::string, std::size_t>, std::pair<std::size_t, std::vector<double>>> runs;  // -> runs, costs
  for (const RunRecord& r : study.records) {
    const std::string& group = study.instances.at(r.instance).group;
    if (std::find(groups.begin(), groups.end(), group) == groups.end()) groups.push_back(group);
    auto& [count, costs] = runs[{group, pools.pool_of.at(r.config)}];
    ++count;
    if (!is_failure(r.status)) costs.push_back(metric_value(r, metric));
  }
  std::vector<Curve> curves;
  for (const std::string& group : groups)
    for (std::size_t p = 0; p < pools.names.size(); ++p) {
      const auto it = runs.find({group, p});
      if (it == runs.end()) continue;
      Curve c;
      c.group = group;
      c.pool = p;
      c.name = pools.names[p];
      c.runs = it->second.first;
      c.finished = it->second.second.size();
      c.points =
          kind == PlotKind::cactus ? cactus_points(it->second.second) : survival_points(it->second.second, c.runs);
      curves.push_back(std::move(c));
    }
  return curves;
}

}  // namespace csp::ablation
