// Which Problems a search is running on: such a Problem refuses changes (another thread, or a callback of the
// search itself, would change what the search reads).
#pragma once

#include "csp/core/problem.hpp"

namespace csp::python {

/// Marks `problem` as being solved for its lifetime. Construct and destroy with the GIL held.
class SolvingScope {
 public:
  explicit SolvingScope(const Problem& problem);
  ~SolvingScope();
  SolvingScope(const SolvingScope&) = delete;
  SolvingScope& operator=(const SolvingScope&) = delete;

 private:
  const Problem* problem_;
};

/// Throws csp.Error when a search runs on `problem` ("copy it to change it while it runs"). Call with the GIL.
void check_not_solving(const Problem& problem);

}  // namespace csp::python
