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
/// reachable from x's matched value (an even alternating path or cycle). Reachability is a bitset closure; the
/// strongly connected components come from one forward and one backward closure each.
bool alldiff_gac(std::span<const std::uint64_t> domains, std::span<std::uint64_t> keep);

/// The cheap all-different rules on n <= 64 bitset domains, in place, to a fixpoint: a single-value domain removes
/// its value from the others; fewer values than domains fails (pigeonhole); when there are exactly as many values as
/// domains, a value left in one domain is assigned there (hidden single). Returns false on a failure (an empty
/// domain, two domains fixed to one value, pigeonhole, one domain holding two hidden singles); `domains` is then
/// unspecified.
bool alldiff_rules(std::span<std::uint64_t> domains);

/// Largest n for `alldiff_gac_by_subsets` (it visits all 2^n subsets).
inline constexpr std::size_t kSubsetGacMaxVariables = 6;

/// The same result as `alldiff_gac`, in place, for n <= kSubsetGacMaxVariables domains, by Hall's theorem: every
/// subset S of variables whose domains hold |S| values in all (a Hall set) removes those values from the other
/// variables, and a subset holding fewer than |S| values fails. This is exactly GAC: a value v is unsupported for x
/// iff some Hall set not containing x holds v. O(2^n), cheaper than the matching for the small n common late in a
/// search.
bool alldiff_gac_by_subsets(std::span<std::uint64_t> domains);

}  // namespace csp::detail
