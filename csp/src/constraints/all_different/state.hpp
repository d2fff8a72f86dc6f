// Per-run state of the big all-different filter: the value graph and the matching kept between calls.
#pragma once

#include <cstdint>
#include <vector>

#include "graph.hpp"

namespace csp::detail {

/// What one all-different keeps from one call of its filter to the next within one run: the matching (as shifted
/// values, so it survives a change of the value window) and the buffers of the value graph.
///
/// Design: a `Problem` (and so each constraint) is const and shared by runs in several threads, and the `Store` has
/// no room for a constraint's own state, so this lives in a small table per thread, keyed by the constraint's serial
/// number and the store's address (`scratch_for`). It is only a hint: every call re-validates the kept matching
/// against the current domains (a pair whose value left the domain, or a value taken twice, is repaired by an
/// augmenting path, as Régin does after a removal). A stale entry (after backtracking, or a new store at a reused
/// address) therefore costs repairs, never a wrong answer, and nothing needs undoing on backtrack.
struct AllDifferentScratch {
  ValueGraph graph;
  std::vector<long long> matched;        // per scope position: the shifted value matched at the last call, or LLONG_MIN
  std::vector<int> open;                 // scope positions in the graph (one row each)
  std::vector<int> wide;                 // scope positions left out of the graph (more values than open variables)
  std::vector<long long> fixed;          // shifted values of single-value domains
  std::vector<long long> sparse;         // the graph's shifted values when they are too far apart for a window
  std::vector<ValueGraph::Word> before;  // the rows as read from the store
  std::vector<ValueGraph::Word> taken;   // the fixed values, as bits of the graph's values
  std::vector<int> singles;              // rows left with one value, to remove it from the others
};

/// The scratch of the constraint with serial number `serial` for the run on `store`, made on first use. The table
/// holds the 32 most recently used entries of the calling thread (least recently used dropped first).
AllDifferentScratch& scratch_for(std::uint64_t serial, const void* store);

/// A new serial number (for a constraint's key in `scratch_for`), unique within the process.
std::uint64_t next_scratch_serial();

}  // namespace csp::detail
