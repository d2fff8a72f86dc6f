// Statistics: summing and printing.
#include "csp/stats/statistics.hpp"

#include <algorithm>
#include <ostream>

namespace csp {

Statistics& Statistics::operator+=(const Statistics& o) {
  assignments += o.assignments;
  backtracks += o.backtracks;
  failures += o.failures;
  constraint_checks += o.constraint_checks;
  revisions += o.revisions;
  values_pruned += o.values_pruned;
  wipeouts += o.wipeouts;
  solutions += o.solutions;
  max_depth = std::max(max_depth, o.max_depth);
  elapsed_us += o.elapsed_us;
  backjumps += o.backjumps;
  nogoods += o.nogoods;
  restarts += o.restarts;
  return *this;
}

std::ostream& operator<<(std::ostream& os, const Statistics& s) {
  os << "assignments=" << s.assignments << " backtracks=" << s.backtracks << " failures=" << s.failures
     << " constraint_checks=" << s.constraint_checks << " revisions=" << s.revisions
     << " values_pruned=" << s.values_pruned << " wipeouts=" << s.wipeouts << " solutions=" << s.solutions
     << " max_depth=" << s.max_depth << " elapsed_us=" << s.elapsed_us;
  if (s.backjumps != 0) os << " backjumps=" << s.backjumps;
  if (s.nogoods != 0) os << " nogoods=" << s.nogoods;
  if (s.restarts != 0) os << " restarts=" << s.restarts;
  return os;
}

}  // namespace csp
