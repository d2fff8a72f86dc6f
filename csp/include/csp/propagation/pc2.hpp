// PC-2: path consistency on the binary constraints (AIMA 4th ed. §6.2.3; Mackworth 1977, "Consistency in networks
// of relations", PC-2).
#pragma once

#include <cstdint>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// Size limits of `pc2`: it keeps a d x d bit matrix per constrained pair, so it refuses a problem with more than
/// kPc2MaxVariables variables or with n * n * d * d above kPc2MaxPairs (n variables, d the largest number of values
/// of one variable).
inline constexpr int kPc2MaxVariables = 1024;
inline constexpr std::uint64_t kPc2MaxPairs = std::uint64_t{1} << 24;

/// A problem above PC-2's size limits (a usage error: the caller asked for PC-2 on too large a problem).
class Pc2TooLargeError : public Error {
 public:
  using Error::Error;
};

/// What `pc2` reports.
struct Pc2Result {
  /// false: some relation or domain became empty, so the problem has no solution (then `problem` is a plain copy).
  bool consistent = true;
  /// The input problem plus what PC-2 proved: domains restricted to the values that survived, and one binary
  /// `Table` constraint "pc2(X,Y)" per pair of variables whose relation PC-2 tightened beyond what its own binary
  /// constraints (if any) allow. The variables (ids, names, values) are the input's, so an assignment of one is an
  /// assignment of the other, and both have the same solutions.
  Problem problem;
  std::uint64_t path_revisions = 0;     ///< compositions R_ij <- R_ij ∩ R_ik ∘ R_kj made
  std::uint64_t pairs_removed = 0;      ///< value pairs (a, b) removed from relations R_ij (each i < j once)
  std::uint64_t values_pruned = 0;      ///< values removed from domains (a value left without support)
  std::uint64_t constraint_checks = 0;  ///< pair tests: of a binary constraint, or of one composition step
  int relations_tightened = 0;          ///< the number of "pc2(X,Y)" tables added
};

/// Strong path consistency (arc consistency plus PC-2) on the binary constraints of `problem`, from its initial
/// domains. Every pair (Xi, Xj) has a relation R_ij: the conjunction of the binary constraints on it, or all pairs
/// of values when there is none. PC-2 tightens R_ij <- R_ij ∩ (R_ik ∘ D_k ∘ R_kj) through every third variable k
/// until nothing changes, and removes a value with no support left in some R_ij from its domain. The queue holds the
/// pairs to tighten (each revised through every k at once: Mackworth's paths (i, k, j) grouped by the pair (i, j)
/// they tighten); a pair whose relations through k are both the universal one is skipped, since arc consistency
/// already makes their composition universal.
/// Constraints of arity other than 2 (all-different, linear, tables over 3 variables, ...) are kept in the result
/// untouched and take no part in PC-2: the relations it derives hold for the binary constraints alone, so they are
/// implied by the whole problem (the result has the same solutions).
/// Throws Pc2TooLargeError when the problem is larger than kPc2MaxVariables or kPc2MaxPairs (the message gives n, d and
/// the limit). Time: O(n^3 d^3) per sweep in the worst case; memory: O(e d^2) bits for e constrained pairs.
Pc2Result pc2(const Problem& problem);

}  // namespace csp
