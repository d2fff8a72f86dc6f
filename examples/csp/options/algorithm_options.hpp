// --algorithm backtracking|lcg|min-conflicts|tree|cutset, and the min-conflicts flags, for every model command (csp
// queens, color, cryptarithm, zebra, killer): the option group and its checks (csp::solve runs the algorithm).
#pragma once

#include <string>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "options/search_options.hpp"

namespace csp::cli {

/// Adds --algorithm (the names of csp::algorithms()) and min-conflicts' run options (csp/search/run_options.hpp:
/// --max-steps, --walk, --tabu, --weighting, --restart-after) to `search`.
void add_algorithm_options(boost::program_options::options_description& search);

/// Reads them into `options` (algorithm, local). Throws UsageError for an unknown algorithm (listing the valid
/// ones), a bad number, a min-conflicts flag without --algorithm min-conflicts, or a backtracking option (--var,
/// --val, --inference, --ac3, --max-solutions, --node-limit) given with another algorithm.
void read_algorithm_options(const boost::program_options::variables_map& vm, SearchOptions& options);

/// Throws UsageError when an option of backtracking only (--var, --val, --inference, --restarts, ..., --trace,
/// --tree; --node-limit too, except for lcg, which counts its decisions) is given with another algorithm.
void refuse_backtracking_flags(const boost::program_options::variables_map& vm, const std::string& algorithm);

/// Empty when `options.algorithm` applies to `problem`, else why not: min-conflicts, tree and cutset find one
/// solution (a count, --max-solutions other than 1, is refused); tree takes only constraints of one or two variables
/// and a constraint graph without a cycle ("the constraint graph has a cycle: X - Y - Z - X; use --algorithm
/// cutset"). Commands print it as a usage error (exit 2).
std::string algorithm_refusal(const Problem& problem, const SearchOptions& options);

}  // namespace csp::cli
