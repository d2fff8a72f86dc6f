// Régin's filtering for all-different on bitset domains (internal to the library).
#pragma once

#include <cstdint>
#include <span>

namespace csp::detail {

/// Generalised arc consistency for all-different (Régin, AAAI 1994) on n <= 64 domains given as bitsets over at
/// most 64 values. Writes to keep[k] the values of domain k that belong to some assignment of pairwise different
/// values (a subset of domains[k]). Returns false when no such assignment exists (no matching covers every
/// domain). Method: a maximum matching by augmenting paths, then in the graph "value v -> the value matched to a
/// variable whose domain holds v", an unmatched pair (x, v) is kept iff v is reachable from a free value or v is
/// reachable from x's matched value (an even alternating path or cycle). Reachability is a bitset closure.
bool alldiff_gac(std::span<const std::uint64_t> domains, std::span<std::uint64_t> keep);

}  // namespace csp::detail
