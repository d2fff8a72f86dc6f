// Small random CSPs for oracle tests: binary and n-ary constraints of every kind over arbitrary int values.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "csp/core/problem.hpp"
#include "oracle.hpp"

namespace csp::test_support {

/// A random problem together with an independent statement of each of its constraints.
struct RandomCsp {
  Problem problem;
  /// One check per posted constraint (a pairwise all-different adds one check for all its != constraints),
  /// written here from the generator's data, not with the engine's constraint classes.
  std::vector<std::function<bool(const Tuple&)>> checks;
  /// Variables with their values and the constraints, one per line (for failure messages).
  std::string description;
  /// True when every constraint is one whose propagation the engine documents as (generalised) arc consistent:
  /// not-equal, binary predicate, table, n-ary predicate. Then AC-3 and MAC reach the same unique fixpoint.
  bool gac_only = true;
  /// True when every constraint's `propagate` is documented as generalised arc consistent: the kinds above plus
  /// all-different with Régin's matching on one shared value list. Then MAC's fixpoint is arc consistent.
  bool propagate_gac = true;

  /// Does `values` satisfy every check?
  bool satisfies(const Tuple& values) const;
};

/// A problem with 3-6 variables, 1-4 values each drawn from -4..9, and 1-6 constraints drawn from: not-equal,
/// binary predicate (random relation table), table (arity 2-3), n-ary predicate (arity 2-4), linear (arity 1-4,
/// =, !=, <=, >=), all-different (global, pairwise, with offsets, or with Régin's matching). In about 30% of the
/// problems all variables share one value list. Deterministic for a given seed on every platform (uses
/// std::mt19937 directly, no std distributions).
RandomCsp make_random_csp(std::uint32_t seed);

/// A problem with 2-4 variables whose values are wide apart: sparse lists (2-4 values from INT_MIN, INT_MAX and
/// others far apart, negative and positive), small ranges, and in about half the problems one range of 4,097-4,400
/// values (an interval domain, see `Domain`) placed near 0, INT_MIN or INT_MAX; 1-4 constraints drawn from:
/// not-equal, binary predicate (a hashed random relation), table (arity 2), linear (arity 1-3, coefficients up to
/// INT_MIN/INT_MAX, so sums leave 64 bits; checked here in 128 bits). Deterministic for a given seed.
RandomCsp make_wide_random_csp(std::uint32_t seed);

/// A random binary CSP (model B) near the phase transition: n variables, d values, `pairs` constrained pairs, each
/// forbidding `forbidden` of the d*d value pairs. Hard enough for backjumping and learning to act.
Problem phase_transition_csp(std::uint32_t seed, int n, int d, int pairs, int forbidden);

}  // namespace csp::test_support
