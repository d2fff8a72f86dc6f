// RunResult: what a model command's run gives back: the search result, and the counters of the algorithm that ran
// it when it has its own (min-conflicts, cutset conditioning), for --stats.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "csp/search/search_result.hpp"

namespace csp::cli {

/// A SearchResult (status, solutions, Statistics) with the algorithm's own counters, in the order --stats prints
/// them: for --algorithm min-conflicts "steps", "restarts", "walk_moves", "tabu_rejections", "weight_increases"
/// (csp::MinConflictsResult); for cutset "cutset_size", "cutset_assignments" (csp::CutsetResult); none for
/// backtracking and tree.
struct RunResult : SearchResult {
  /// The algorithm's name as --stats prints it ("min-conflicts", "cutset"); "" when it has no counters of its own.
  std::string algorithm;
  std::vector<std::pair<std::string, std::uint64_t>> algorithm_counters;
};

}  // namespace csp::cli
