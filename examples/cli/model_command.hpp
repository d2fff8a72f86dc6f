// What the model subcommands (csp queens, color, cryptarithm, zebra, killer, graph) share: parsing the command line,
// usage errors, file checks, running the search and reporting how it ended.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/core/problem.hpp"
#include "csp/search/search_result.hpp"
#include "search_options.hpp"

namespace csp::cli {

/// Parses `args` against `options` (positional arguments as `positional` says). Throws UsageError for an unknown
/// option, a missing value or too many arguments.
boost::program_options::variables_map parse_command_line(const std::vector<std::string>& args,
                                                         const boost::program_options::options_description& options,
                                                         const boost::program_options::positional_options_description&
                                                             positional);

/// Prints "csp COMMAND: MESSAGE" and the hint to run --help on standard error; returns 2.
int usage_error(const std::string& command, const std::string& message);

/// Empty when `path` can be opened for reading, else "cannot read 'PATH': reason".
std::string unreadable(const std::string& path);

/// Runs backtracking search on `problem` with the options' configuration.
SearchResult solve(const Problem& problem, const SearchOptions& options);

/// Why a run without a (wanted) solution ended: "no solution (the search is complete: a proof)" or
/// "limit reached (node limit N)" / "limit reached (timeout MS ms)".
std::string ending(const SearchResult& result, const SearchOptions& options);

/// With --stats: "statistics: status=... solutions=N assignments=..." on one line.
void write_stats(std::ostream& out, const SearchResult& result, const SearchOptions& options);

/// 0 when the run ended solved, 1 otherwise (unsatisfiable, or a limit stopped it, also after some solutions).
int exit_status(const SearchResult& result);

}  // namespace csp::cli
