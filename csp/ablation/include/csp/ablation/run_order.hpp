// The cells of a study to run and their order, shared by `csp ablate` and run_study (study.hpp): the valid
// instances, the (instance, configuration) pairs in run order, one pair's run, and the order of the records.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "csp/ablation/report.hpp"
#include "csp/ablation/run.hpp"

namespace csp::ablation {

/// One cell of a study's grid: indices into Study::instances and Study::configs.
struct WorkItem {
  std::size_t instance = 0;
  std::size_t config = 0;
};

/// The indices of the valid instances of `study`, in order; each invalid one is appended to study.header.invalid
/// as (name, reason).
std::vector<std::size_t> valid_instances(Study& study);

/// The run order: instance by instance (configurations in grid order), shuffled with `seed` unless it is 0
/// (Fisher-Yates over std::mt19937_64, whose output the standard fixes, so an order is the same everywhere); the
/// pairs of `done` (records of a resumed study) are left out.
std::vector<WorkItem> run_order(const std::vector<std::size_t>& valid, std::size_t config_count, std::uint64_t seed,
                                const std::vector<RunRecord>& done = {});

/// run_one of the cell `w` of `study` under study.limits, its indices set in the record.
RunRecord run_item(const Study& study, const WorkItem& w);

/// Sorts records into (instance, configuration) order, the order of the CSV, JSON and summaries.
void sort_records(std::vector<RunRecord>& records);

/// The current UTC time, ISO 8601 ("2026-01-31T12:00:00Z"), for StudyHeader::date.
std::string utc_now();

}  // namespace csp::ablation
