// Which Problems a search is running on: such a Problem refuses changes (another thread, or a callback of the
// search itself, would change what the search reads). And whether any search runs: the strategy registries, which
// running searches read, then refuse new entries.
#pragma once

#include <string>

#include "csp/core/problem.hpp"

namespace csp::python {

/// Counts a search (of any kind: a run, a study, a Sudoku file) for its lifetime. Construct and destroy with the GIL
/// held (before the GIL is released, so that it ends after the GIL is taken back).
class SearchScope {
 public:
  SearchScope();
  ~SearchScope();
  SearchScope(const SearchScope&) = delete;
  SearchScope& operator=(const SearchScope&) = delete;
};

/// Throws csp.Error when a search runs in this process: `what` (a registration) would change a registry the search
/// reads. Call with the GIL.
void check_no_search_running(const std::string& what);

/// Marks `problem` as being solved for its lifetime (and counts the search). Construct and destroy with the GIL held.
class SolvingScope {
 public:
  explicit SolvingScope(const Problem& problem);
  ~SolvingScope();
  SolvingScope(const SolvingScope&) = delete;
  SolvingScope& operator=(const SolvingScope&) = delete;

 private:
  SearchScope search_;
  const Problem* problem_;
};

/// Throws csp.Error when a search runs on `problem` ("copy it to change it while it runs"). Call with the GIL.
void check_not_solving(const Problem& problem);

}  // namespace csp::python
