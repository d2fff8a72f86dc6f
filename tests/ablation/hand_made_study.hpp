// A study written by hand for the tests of the run-length curves and the paired comparison: queens instances
// n=4, n=5, n=6 (one group) x configurations var mrv, dom-wdeg x seed 1, 2, with chosen counters (nothing is run).
#pragma once

#include <string>

#include "csp/ablation/report.hpp"

namespace csp::ablation::test_data {

/// Assignments per (instance, configuration), configurations in grid order mrv/1, mrv/2, dom-wdeg/1, dom-wdeg/2;
/// -1: the run stopped at the node limit (recorded with 1000 assignments). Every run took 7 us.
inline constexpr long long kHandMadeAssignments[3][4] = {{9, 19, 4, 4}, {99, -1, 9, 29}, {49, 9, 4, 9}};

inline Study hand_made_study() {
  Study s;
  s.model = "queens";
  s.limits.node_limit = 1000;
  for (std::size_t i = 0; i < 3; ++i) {
    Instance inst;
    inst.group = "queens";
    inst.name = "n=" + std::to_string(4 + i);
    inst.number = i + 1;
    s.instances.push_back(inst);
  }
  GridSpec grid;
  grid.var = {"mrv", "dom-wdeg"};
  grid.seed = {"1", "2"};
  s.configs = expand_grid(grid);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t c = 0; c < 4; ++c) {
      RunRecord r;
      r.instance = i;
      r.config = c;
      const long long a = kHandMadeAssignments[i][c];
      r.status = a < 0 ? RunStatus::node_limit : RunStatus::solved;
      r.stats.assignments = static_cast<std::uint64_t>(a < 0 ? 1000 : a);
      r.stats.elapsed_us = 7;
      s.records.push_back(r);
    }
  return s;
}

}  // namespace csp::ablation::test_data
