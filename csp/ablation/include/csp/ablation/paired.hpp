// Paired comparison of two configurations of an ablation (csp ablate --compare A,B): on each instance (and seed)
// which of the two finished at a lower cost, and the geometric mean of the cost ratios A/B with a bootstrap
// confidence interval.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "csp/ablation/plot.hpp"
#include "csp/ablation/report.hpp"

namespace csp::ablation {

/// One side of a pair: whether the run finished (solved or proved unsatisfiable; not stopped by a limit, wrong or
/// an error) and its cost (metric_value: assignments + 1, or µs; > 0).
struct PairedRun {
  bool finished = false;
  double cost = 0;
};

/// One paired observation: the same instance (and the same search seed) run with configuration A and with B.
struct RunPair {
  std::string instance;  ///< Instance::name
  std::string seed;      ///< the search seed of both runs ("" when the study has no seed dimension)
  PairedRun a;
  PairedRun b;
};

/// A confidence interval [lo, hi].
struct Interval {
  double lo = 0;
  double hi = 0;
};

/// The outcome of a paired comparison. A pair is a win of A when A finished and B did not, or both finished and
/// A's cost is lower; a loss the other way round; a tie when both finished at the same cost; and neither when
/// neither finished (such pairs have no winner and no ratio).
struct PairedComparison {
  std::string a;  ///< the names of the two configurations
  std::string b;
  PlotMetric metric = PlotMetric::assignments;
  bool pooled_seeds = false;  ///< pairs are (instance, seed): the seed is not part of the names
  std::size_t pairs = 0;
  std::size_t wins = 0;
  std::size_t losses = 0;
  std::size_t ties = 0;
  std::size_t neither = 0;
  std::size_t both_finished = 0;         ///< the pairs whose ratio cost(A) / cost(B) enters the geometric mean
  std::optional<double> geometric_mean;  ///< of the ratios; none when no pair finished on both sides
  std::optional<Interval> ci;            ///< the bootstrap interval of geometric_mean
  double level = 0.95;
  std::size_t resamples = 10000;
  std::uint64_t seed = 0;  ///< of the bootstrap's random numbers (csp ablate: --shuffle-seed)
};

/// exp(mean(log r)) of positive ratios. Precondition: `ratios` is not empty and every ratio is > 0.
double geometric_mean(const std::vector<double>& ratios);

/// The percentile bootstrap interval (Efron and Tibshirani, An Introduction to the Bootstrap, 1993, ch. 13) of the
/// geometric mean of `ratios` at `level` (e.g. 0.95): `resamples` samples of ratios.size() ratios drawn with
/// replacement (std::mt19937_64 seeded with `seed`, indices drawn without modulo bias: the same interval on every
/// platform), the geometric mean of each, and their (1 - level) / 2 and (1 + level) / 2 quantiles (linear
/// interpolation between order statistics). Equal ratios give lo == hi == their value. Preconditions as
/// geometric_mean; resamples >= 1 and 0 < level < 1 (else std::invalid_argument).
Interval bootstrap_geometric_mean(const std::vector<double>& ratios, std::size_t resamples, std::uint64_t seed,
                                  double level = 0.95);

/// Wins, losses, ties, neither, and the geometric mean of cost(A) / cost(B) over the pairs both finished with its
/// 95% bootstrap interval (`resamples`, `seed`). The names and metric of the result are left empty / default.
PairedComparison compare_pairs(const std::vector<RunPair>& pairs, std::uint64_t seed, std::size_t resamples = 10000);

/// The configurations --compare A,B pairs: (A's configuration, B's configuration) indices into `configs`, with
/// whether the seeds are pooled. A name is the values of the dimensions that vary, '/'-separated as the table's
/// columns: without the seed (pool_over_seeds: "mrv"; A and B are then paired seed by seed, one pair per instance
/// and seed) or, when the seed varies, with it ("mrv/3": one configuration, one pair per instance). Throws
/// InputError when a name is unknown (listing the valid ones), A and B are the same, or one name has the seed and
/// the other not.
struct ComparedConfigs {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  bool pooled_seeds = false;
};
ComparedConfigs compared_configs(const std::vector<Configuration>& configs, const std::string& a, const std::string& b);

/// The pairs of `study` for --compare A,B (compared_configs): for each instance with records of both, in instance
/// order, then seed order.
std::vector<RunPair> paired_runs(const Study& study, const std::string& a, const std::string& b, PlotMetric metric);

/// compare_pairs on paired_runs, with the names and metric filled in.
PairedComparison compare_configurations(const Study& study, const std::string& a, const std::string& b,
                                        PlotMetric metric, std::uint64_t seed, std::size_t resamples = 10000);

/// The text printed after the table, e.g.
///   paired comparison of A = mrv with B = dom-wdeg, search calls (assignments + 1), per instance and seed:
///     50 pairs: A wins 12, loses 35, ties 3, neither finished 0
///     cost A/B, geometric mean over the 50 pairs both finished: 2.314 (95% bootstrap CI 1.652 to 3.301; ...)
void write_comparison(std::ostream& out, const PairedComparison& c);

/// The "comparison" object of --json: a, b, metric, paired_by, pairs, wins, losses, ties, neither, both_finished,
/// geometric_mean (null when none), ci95 {lo, hi} (null when none), bootstrap {resamples, seed, method}.
nlohmann::ordered_json comparison_to_json(const PairedComparison& c);

}  // namespace csp::ablation
