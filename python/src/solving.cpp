// The registry of Problems being solved (solving.hpp), guarded by the GIL.
#include "solving.hpp"

#include <map>

#include "csp/core/errors.hpp"

namespace csp::python {
namespace {

std::map<const Problem*, int>& solving() {
  static auto* runs = new std::map<const Problem*, int>();  // never destroyed: searches may outlive exit
  return *runs;
}

int g_searches = 0;  // searches running in this process

}  // namespace

SearchScope::SearchScope() { ++g_searches; }
SearchScope::~SearchScope() { --g_searches; }

void check_no_search_running(const std::string& what) {
  if (g_searches > 0)
    throw Error(what +
                ": not while a search runs (the registries are read by running searches); register "
                "strategies before starting searches on other threads");
}

SolvingScope::SolvingScope(const Problem& problem) : problem_(&problem) { ++solving()[problem_]; }

SolvingScope::~SolvingScope() {
  const auto it = solving().find(problem_);
  if (it != solving().end() && --it->second == 0) solving().erase(it);
}

void check_not_solving(const Problem& problem) {
  if (solving().contains(&problem))
    throw Error(
        "this Problem is being solved (on another thread, or by the search calling this code): it cannot "
        "change while a search runs; change a copy (p.copy()) or wait for the search to end");
}

}  // namespace csp::python
