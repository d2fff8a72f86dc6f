// Aggregation of ablation records per (group, configuration), and the table's sort orders.
#include "csp/ablation/summary.hpp"

#include <algorithm>
#include <map>

namespace csp::ablation {

namespace {

// The sort value of a summary for a counter key ("assignments", "us.median", ...); false when `key` is not one.
bool counter_key(const std::string& key, Counter& counter, int& which) {
  const std::size_t dot = key.find('.');
  const std::string name = key.substr(0, dot);
  const std::string part = dot == std::string::npos ? "mean" : key.substr(dot + 1);
  for (Counter c : kCounters) {
    if (to_string(c) != name) continue;
    counter = c;
    if (part == "mean")
      which = 0;
    else if (part == "median")
      which = 1;
    else if (part == "max")
      which = 2;
    else
      return false;
    return true;
  }
  return false;
}

double pick(const CounterStats& s, int which) { return which == 0 ? s.mean : which == 1 ? s.median : s.max; }

}  // namespace

std::string to_string(Counter c) {
  switch (c) {
    case Counter::assignments:
      return "assignments";
    case Counter::backtracks:
      return "backtracks";
    case Counter::failures:
      return "failures";
    case Counter::constraint_checks:
      return "constraint_checks";
    case Counter::revisions:
      return "revisions";
    case Counter::values_pruned:
      return "values_pruned";
    case Counter::wipeouts:
      return "wipeouts";
    case Counter::backjumps:
      return "backjumps";
    case Counter::nogoods:
      return "nogoods";
    case Counter::restarts:
      return "restart_count";  // not "restarts": that is the dimension's column
    case Counter::max_depth:
      return "max_depth";
    case Counter::us:
      return "us";
  }
  return "?";
}

double counter_value(const Statistics& s, Counter c) {
  switch (c) {
    case Counter::assignments:
      return static_cast<double>(s.assignments);
    case Counter::backtracks:
      return static_cast<double>(s.backtracks);
    case Counter::failures:
      return static_cast<double>(s.failures);
    case Counter::constraint_checks:
      return static_cast<double>(s.constraint_checks);
    case Counter::revisions:
      return static_cast<double>(s.revisions);
    case Counter::values_pruned:
      return static_cast<double>(s.values_pruned);
    case Counter::wipeouts:
      return static_cast<double>(s.wipeouts);
    case Counter::backjumps:
      return static_cast<double>(s.backjumps);
    case Counter::nogoods:
      return static_cast<double>(s.nogoods);
    case Counter::restarts:
      return static_cast<double>(s.restarts);
    case Counter::max_depth:
      return static_cast<double>(s.max_depth);
    case Counter::us:
      return static_cast<double>(s.elapsed_us);
  }
  return 0;
}

CounterStats describe(std::vector<double> values) {
  CounterStats out;
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  const std::size_t n = values.size();
  out.mean = sum / static_cast<double>(n);
  out.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  out.max = values.back();
  return out;
}

std::vector<Summary> summarize(const std::vector<RunRecord>& records, const std::vector<Instance>& instances,
                               std::size_t config_count) {
  std::map<std::string, std::size_t> group_index;  // group -> order of first appearance
  for (const Instance& inst : instances) group_index.emplace(inst.group, group_index.size());
  // Records per (group order, config).
  std::map<std::pair<std::size_t, std::size_t>, std::vector<const RunRecord*>> cells;
  for (const RunRecord& r : records) cells[{group_index.at(instances.at(r.instance).group), r.config}].push_back(&r);
  std::vector<Summary> out;
  for (const auto& [key, runs] : cells) {
    if (key.second >= config_count) continue;
    Summary s;
    s.group = instances.at(runs.front()->instance).group;
    s.config = key.second;
    s.instances = runs.size();
    for (const RunRecord* r : runs) {
      switch (r->status) {
        case RunStatus::solved:
          ++s.solved;
          break;
        case RunStatus::unsatisfiable:
          ++s.unsatisfiable;
          break;
        case RunStatus::timeout:
          ++s.timeouts;
          break;
        case RunStatus::node_limit:
          ++s.node_limits;
          break;
        case RunStatus::wrong:
          ++s.wrong;
          break;
        case RunStatus::error:
          ++s.errors;
          break;
      }
      if (is_failure(r->status)) s.disqualified = true;
      s.total_us += r->stats.elapsed_us;
    }
    for (Counter c : kCounters) {
      std::vector<double> values;
      values.reserve(runs.size());
      for (const RunRecord* r : runs) values.push_back(counter_value(r->stats, c));
      s.counters[static_cast<std::size_t>(c)] = describe(std::move(values));
    }
    std::vector<double> solutions;
    std::vector<double> objectives;
    for (const RunRecord* r : runs) {
      solutions.push_back(static_cast<double>(r->stats.solutions));
      if (r->objective) objectives.push_back(static_cast<double>(*r->objective));
    }
    s.solutions = describe(std::move(solutions));
    if (!objectives.empty()) s.objective = describe(std::move(objectives));
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> sort_keys() {
  std::vector<std::string> out = {"config"};
  for (Dimension d : kGridDimensions) out.push_back(to_string(d));
  out.push_back("solved");
  out.push_back("total");
  for (Counter c : kCounters) out.push_back(to_string(c) + "[.mean|.median|.max]");
  return out;
}

void check_sort_key(const std::string& key) {
  Counter c{};
  int which = 0;
  if (counter_key(key, c, which)) return;
  const std::vector<std::string> keys = sort_keys();
  for (const std::string& k : keys)
    if (k == key) return;
  throw InputError("--sort: unknown column '" + key + "' (valid: " + join(keys, ", ") + ")");
}

void sort_summaries(std::vector<Summary>& summaries, const std::string& key,
                    const std::vector<Configuration>& configs) {
  check_sort_key(key);
  std::map<std::string, std::size_t> group_order;
  for (const Summary& s : summaries) group_order.emplace(s.group, group_order.size());
  Counter counter{};
  int which = 0;
  const bool by_counter = counter_key(key, counter, which);
  const bool metric = by_counter || key == "solved" || key == "total";
  // Dimension keys: the position of the value in the dimension's registry order.
  const auto dim_rank = [&](const Summary& s) -> std::size_t {
    for (Dimension d : study_dimensions(configs)) {
      if (to_string(d) != key) continue;
      const std::vector<std::string> valid = valid_values(d);
      const std::string v = configs.at(s.config).get(d);
      return static_cast<std::size_t>(std::find(valid.begin(), valid.end(), v) - valid.begin());
    }
    return 0;
  };
  std::stable_sort(summaries.begin(), summaries.end(), [&](const Summary& a, const Summary& b) {
    const std::size_t ga = group_order.at(a.group);
    const std::size_t gb = group_order.at(b.group);
    if (ga != gb) return ga < gb;
    if (metric && a.disqualified != b.disqualified) return b.disqualified;
    if (by_counter) {
      const double va = pick(a.stats(counter), which);
      const double vb = pick(b.stats(counter), which);
      if (va != vb) return va < vb;
    } else if (key == "solved") {
      if (a.solved != b.solved) return a.solved > b.solved;
    } else if (key == "total") {
      if (a.total_us != b.total_us) return a.total_us < b.total_us;
    } else if (key != "config") {
      const std::size_t ra = dim_rank(a);
      const std::size_t rb = dim_rank(b);
      if (ra != rb) return ra < rb;
    }
    return a.config < b.config;
  });
}

}  // namespace csp::ablation
