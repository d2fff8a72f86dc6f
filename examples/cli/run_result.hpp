// RunResult: what a model command's run gives back: the search result, and the counters of the algorithm that ran
// it when it has its own (min-conflicts, cutset conditioning), for --stats.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "csp/search/solve.hpp"

namespace csp::cli {

/// The result of csp::solve (status, stop reason, statistics, the algorithm's own counters).
using RunResult = csp::RunResult;

}  // namespace csp::cli
