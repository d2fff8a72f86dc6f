// Paired comparison of two configurations (csp ablate --compare): wins / losses / ties, geometric mean of the cost
// ratios, percentile bootstrap interval.
#include "csp/ablation/paired.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <ostream>
#include <random>
#include <stdexcept>

namespace csp::ablation {

namespace {

// A uniform index in [0, n) from a 64-bit generator, without modulo bias (rejection of the top partial range), so
// that a seed gives the same draws on every platform (std::uniform_int_distribution is implementation-defined).
std::size_t uniform_index(std::mt19937_64& rng, std::size_t n) {
  const std::uint64_t range = n;
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % range;
  std::uint64_t v = rng();
  while (v >= limit) v = rng();
  return static_cast<std::size_t>(v % range);
}

// The mean of `logs` summed in order (the same order for a resample of equal values: equal results).
double mean_of(const std::vector<double>& logs) {
  double sum = 0;
  for (double l : logs) sum += l;
  return sum / static_cast<double>(logs.size());
}

// The p-quantile of sorted values, linear interpolation between order statistics (Hyndman and Fan's type 7).
double quantile(const std::vector<double>& sorted, double p) {
  const double pos = p * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  const std::size_t j = std::min(i + 1, sorted.size() - 1);
  return sorted[i] + (sorted[j] - sorted[i]) * (pos - static_cast<double>(i));
}

std::vector<double> logs_of(const std::vector<double>& ratios) {
  if (ratios.empty()) throw std::invalid_argument("geometric mean of no ratio");
  std::vector<double> logs;
  logs.reserve(ratios.size());
  for (double r : ratios) {
    if (!(r > 0) || !std::isfinite(r)) throw std::invalid_argument("geometric mean of a ratio that is not positive");
    logs.push_back(std::log(r));
  }
  return logs;
}

std::string format_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

}  // namespace

double geometric_mean(const std::vector<double>& ratios) { return std::exp(mean_of(logs_of(ratios))); }

Interval bootstrap_geometric_mean(const std::vector<double>& ratios, std::size_t resamples, std::uint64_t seed,
                                  double level) {
  if (resamples == 0) throw std::invalid_argument("bootstrap: no resample");
  if (!(level > 0 && level < 1)) throw std::invalid_argument("bootstrap: the level must be in (0, 1)");
  const std::vector<double> logs = logs_of(ratios);
  std::mt19937_64 rng(seed);
  std::vector<double> sample(logs.size());
  std::vector<double> means;
  means.reserve(resamples);
  for (std::size_t b = 0; b < resamples; ++b) {
    for (double& l : sample) l = logs[uniform_index(rng, logs.size())];
    means.push_back(mean_of(sample));
  }
  std::sort(means.begin(), means.end());
  return {std::exp(quantile(means, (1 - level) / 2)), std::exp(quantile(means, (1 + level) / 2))};
}

PairedComparison compare_pairs(const std::vector<RunPair>& pairs, std::uint64_t seed, std::size_t resamples) {
  PairedComparison c;
  c.seed = seed;
  c.resamples = resamples;
  c.pairs = pairs.size();
  std::vector<double> ratios;
  for (const RunPair& p : pairs) {
    if (!p.a.finished && !p.b.finished) {
      ++c.neither;
    } else if (p.a.finished != p.b.finished) {
      ++(p.a.finished ? c.wins : c.losses);
    } else {
      ratios.push_back(p.a.cost / p.b.cost);
      if (p.a.cost < p.b.cost)
        ++c.wins;
      else if (p.a.cost > p.b.cost)
        ++c.losses;
      else
        ++c.ties;
    }
  }
  c.both_finished = ratios.size();
  if (!ratios.empty()) {
    c.geometric_mean = geometric_mean(ratios);
    c.ci = bootstrap_geometric_mean(ratios, resamples, seed, c.level);
  }
  return c;
}

ComparedConfigs compared_configs(const std::vector<Configuration>& configs, const std::string& a,
                                 const std::string& b) {
  const SeedPools pools = pool_over_seeds(configs);
  const std::vector<Dimension> varying = varying_dimensions(configs);
  const bool seeds = std::find(varying.begin(), varying.end(), Dimension::seed) != varying.end();
  // With the seed: every varying dimension's value, the seed last (it is the last dimension).
  std::vector<std::string> seeded;
  for (const Configuration& c : configs) {
    std::string name;
    for (Dimension d : varying) name.append(name.empty() ? "" : "/").append(c.get(d));
    seeded.push_back(name);
  }
  const auto index_in = [](const std::vector<std::string>& names, const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  const auto pooled = [&](const std::string& name) { return index_in(pools.names, name) < pools.names.size(); };
  const auto single = [&](const std::string& name) { return seeds && index_in(seeded, name) < seeded.size(); };
  if (configs.size() < 2)
    throw InputError(
        "--compare needs two configurations, and this grid has one (give a list, e.g. --var mrv,dom-wdeg)");
  for (const std::string* name : {&a, &b}) {
    if (pooled(*name) || single(*name)) continue;
    std::string valid = join(pools.names, ", ");
    if (seeds) valid.append("; or one seed, NAME/SEED, e.g. ").append(seeded.front());
    throw InputError("--compare: unknown configuration '" + *name + "' (valid: " + valid +
                     "; a name is the values of the table's columns, '/'-separated)");
  }
  if (a == b) throw InputError("--compare: A and B are the same configuration '" + a + "'");
  ComparedConfigs out;
  if (pooled(a) && pooled(b)) {
    out.pooled_seeds = seeds;
    const std::size_t pa = index_in(pools.names, a);
    const std::size_t pb = index_in(pools.names, b);
    for (std::size_t ca = 0; ca < configs.size(); ++ca) {
      if (pools.pool_of[ca] != pa) continue;
      for (std::size_t cb = 0; cb < configs.size(); ++cb)
        if (pools.pool_of[cb] == pb && configs[cb].seed == configs[ca].seed) out.pairs.emplace_back(ca, cb);
    }
    return out;
  }
  if (single(a) && single(b)) {
    out.pairs.emplace_back(index_in(seeded, a), index_in(seeded, b));
    return out;
  }
  throw InputError(
      "--compare: name both configurations without the seed (paired seed by seed) or both with it "
      "(NAME/SEED), not '" +
      a + "' and '" + b + "'");
}

std::vector<RunPair> paired_runs(const Study& study, const std::string& a, const std::string& b, PlotMetric metric) {
  const ComparedConfigs compared = compared_configs(study.configs, a, b);
  std::map<std::pair<std::size_t, std::size_t>, const RunRecord*> record_of;
  for (const RunRecord& r : study.records) record_of[{r.instance, r.config}] = &r;
  const auto side = [&](const RunRecord& r) { return PairedRun{!is_failure(r.status), metric_value(r, metric)}; };
  std::vector<RunPair> pairs;
  for (std::size_t i = 0; i < study.instances.size(); ++i)
    for (const auto& config_pair : compared.pairs) {
      const auto ra = record_of.find({i, config_pair.first});
      const auto rb = record_of.find({i, config_pair.second});
      if (ra == record_of.end() || rb == record_of.end()) continue;
      pairs.push_back(
          {study.instances[i].name, study.configs[config_pair.first].seed, side(*ra->second), side(*rb->second)});
    }
  return pairs;
}

PairedComparison compare_configurations(const Study& study, const std::string& a, const std::string& b,
                                        PlotMetric metric, std::uint64_t seed, std::size_t resamples) {
  PairedComparison c = compare_pairs(paired_runs(study, a, b, metric), seed, resamples);
  c.a = a;
  c.b = b;
  c.metric = metric;
  c.pooled_seeds = compared_configs(study.configs, a, b).pooled_seeds;
  return c;
}

void write_comparison(std::ostream& out, const PairedComparison& c) {
  out << "paired comparison of A = " << c.a << " with B = " << c.b << ", "
      << (c.metric == PlotMetric::assignments ? "search calls (assignments + 1)" : "search time (us)") << ", per "
      << (c.pooled_seeds ? "instance and seed" : "instance") << ":\n";
  const auto pairs = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " pair" : " pairs"); };
  out << "  " << pairs(c.pairs) << ": A wins " << c.wins << ", loses " << c.losses << ", ties " << c.ties
      << ", neither finished " << c.neither << '\n';
  out << "  cost A/B, geometric mean over the " << pairs(c.both_finished) << " both finished: ";
  if (!c.geometric_mean) {
    out << "none\n";
    return;
  }
  out << format_number(*c.geometric_mean) << " (" << format_number(100 * c.level) << "% bootstrap CI "
      << format_number(c.ci->lo) << " to " << format_number(c.ci->hi) << "; " << c.resamples << " resamples, seed "
      << c.seed << ")\n";
}

nlohmann::ordered_json comparison_to_json(const PairedComparison& c) {
  nlohmann::ordered_json j;
  j["a"] = c.a;
  j["b"] = c.b;
  j["metric"] = to_string(c.metric);
  j["paired_by"] = c.pooled_seeds ? nlohmann::ordered_json::array({"instance", "seed"})
                                  : nlohmann::ordered_json::array({"instance"});
  j["pairs"] = c.pairs;
  j["wins"] = c.wins;
  j["losses"] = c.losses;
  j["ties"] = c.ties;
  j["neither"] = c.neither;
  j["both_finished"] = c.both_finished;
  j["geometric_mean"] = c.geometric_mean ? nlohmann::ordered_json(*c.geometric_mean) : nlohmann::ordered_json();
  j["ci95"] = c.ci ? nlohmann::ordered_json{{"lo", c.ci->lo}, {"hi", c.ci->hi}} : nlohmann::ordered_json();
  j["bootstrap"] = {{"resamples", c.resamples}, {"seed", c.seed}, {"method", "percentile"}};
  return j;
}

}  // namespace csp::ablation
