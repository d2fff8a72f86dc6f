// Where the puzzle files shipped with csp are: installed next to the program, or in the source tree.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace csp::cli {

/// The places searched for a bundled puzzle file `name`, in order: <prefix>/share/csp/puzzles/ next to the running
/// program (an installed csp), then the source tree's puzzles/ (CSP_PUZZLES_DIR, set at build time).
std::vector<std::string> bundled_puzzle_candidates(const std::string& name);

/// The first readable candidate, or nothing.
std::optional<std::string> find_bundled_puzzles(const std::string& name);

}  // namespace csp::cli
