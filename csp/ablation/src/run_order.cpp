// The cells of a study and their order (run_order.hpp).
#include "csp/ablation/run_order.hpp"

#include <algorithm>
#include <ctime>
#include <random>
#include <set>
#include <utility>

namespace csp::ablation {

std::vector<std::size_t> valid_instances(Study& study) {
  std::vector<std::size_t> valid;
  for (std::size_t i = 0; i < study.instances.size(); ++i) {
    const Instance& inst = study.instances[i];
    if (inst.valid()) {
      valid.push_back(i);
    } else {
      study.header.invalid.emplace_back(inst.name, inst.error);
    }
  }
  return valid;
}

std::vector<WorkItem> run_order(const std::vector<std::size_t>& valid, std::size_t config_count, std::uint64_t seed,
                                const std::vector<RunRecord>& done) {
  std::vector<WorkItem> work;
  for (std::size_t i : valid)
    for (std::size_t c = 0; c < config_count; ++c) work.push_back({i, c});
  if (seed != 0) {
    std::mt19937_64 rng(seed);
    for (std::size_t i = work.size(); i > 1; --i) std::swap(work[i - 1], work[rng() % i]);
  }
  if (!done.empty()) {
    std::set<std::pair<std::size_t, std::size_t>> cells;
    for (const RunRecord& r : done) cells.insert({r.instance, r.config});
    std::erase_if(work, [&](const WorkItem& w) { return cells.count({w.instance, w.config}) != 0; });
  }
  return work;
}

RunRecord run_item(const Study& study, const WorkItem& w) {
  RunRecord r = run_one(study.instances.at(w.instance), study.configs.at(w.config), study.limits);
  r.instance = w.instance;
  r.config = w.config;
  return r;
}

void sort_records(std::vector<RunRecord>& records) {
  std::sort(records.begin(), records.end(), [](const RunRecord& a, const RunRecord& b) {
    return a.instance != b.instance ? a.instance < b.instance : a.config < b.config;
  });
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace csp::ablation
