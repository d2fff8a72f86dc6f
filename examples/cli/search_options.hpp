// The search options shared by the csp subcommands (--var, --val, --inference, --ac3, --max-solutions,
// --node-limit, --timeout, --stats): one Boost.Program_options group, read back into a SolverConfig.
#pragma once

#include <cstdint>
#include <string>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/variables_map.hpp>

#include "csp/search/solver_config.hpp"
#include "usage_error.hpp"

namespace csp::cli {

/// What a command uses when a search option is absent (and shows in its --help).
struct SearchDefaults {
  std::string variable_ordering = "mrv";
  std::string value_ordering = "natural";
  std::string inference = "fc";
  std::uint64_t max_solutions = 1;
};

/// The search options as given: the configuration (observer and callbacks unset, keep_solutions 1), the timeout
/// in milliseconds (0 = none) and whether statistics are wanted.
struct SearchOptions {
  SolverConfig config;
  std::int64_t timeout_ms = 0;
  bool stats = false;
};

/// Adds --var, --val, --inference, --ac3, --max-solutions, --node-limit and --timeout to `search`, and --stats to
/// `output` (which may be the same group). The strategy helps list the registered names.
void add_search_options(boost::program_options::options_description& search,
                        boost::program_options::options_description& output, const SearchDefaults& defaults);

/// Reads the options added by `add_search_options`. Throws UsageError for an unknown strategy name (listing the
/// valid names) or a bad number.
SearchOptions read_search_options(const boost::program_options::variables_map& vm);

/// A whole number given to --`option` (or to the positional argument `option` when it starts in upper case, "N"). Throws UsageError when `text` is not one, or is 0 and `allow_zero` is false.
std::uint64_t parse_count(const std::string& option, const std::string& text, bool allow_zero);

}  // namespace csp::cli
