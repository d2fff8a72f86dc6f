// Counting globals: count, among, at_most, at_least, global cardinality (MiniZinc count_*, among, at_most, at_least,
// global_cardinality*, nvalue).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// N OP c + shift, where N is the number of xs whose value is in `values` and c is a variable (count_eq: eq, shift 0;
/// count_lt, "c < N": ge with shift 1; count_geq, "c >= N": le with shift 0; count_neq: ne).
///
/// Native propagation: the xs whose domain lies inside `values` (must) and those that meet it (may) bound N; c is cut
/// to what [must, may] allows, and when c reaches an end the undecided xs are all pushed in or all pushed out.
/// Generalised arc consistent for eq, le and ge (Bessiere et al., "Among, common and disjoint constraints", 2005); ne
/// prunes once all but one variable is fixed. Decomposition: b[i] <-> xs[i] in values, sum(b) - c OP shift. Throws
/// ModelError when `values` is empty.
void post_among(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& values, VarId c,
                LinearOp op = LinearOp::eq, int shift = 0, Globals how = Globals::native,
                const std::string& name = "among");

/// count(xs == v) OP c: post_among with the one value v.
void post_count(Problem& problem, const std::vector<VarId>& xs, Value v, VarId c, LinearOp op = LinearOp::eq,
                Globals how = Globals::native, const std::string& name = "count");

/// At most n of xs take v (count <= n with a constant n).
void post_at_most(Problem& problem, int n, const std::vector<VarId>& xs, Value v, Globals how = Globals::native,
                  const std::string& name = "at_most");
/// At least n of xs take v.
void post_at_least(Problem& problem, int n, const std::vector<VarId>& xs, Value v, Globals how = Globals::native,
                   const std::string& name = "at_least");

/// Global cardinality: counts[k] is the number of xs equal to cover[k]; `closed`: every x takes a cover value. Posted
/// as one among per cover value (so its consistency is theirs per value, not Régin's flow-based GAC); closed also
/// restricts each x to the cover and, natively, adds sum(counts) = n. Throws ModelError when sizes differ.
void post_global_cardinality(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& cover,
                             const std::vector<VarId>& counts, bool closed = false, Globals how = Globals::native,
                             const std::string& name = "global_cardinality");

/// Global cardinality with constant bounds: low[k] <= count(xs == cover[k]) <= high[k] (closed: as above).
void post_global_cardinality_low_up(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& cover,
                                    const std::vector<int>& low, const std::vector<int>& high, bool closed = false,
                                    Globals how = Globals::native, const std::string& name = "global_cardinality");

/// n is the number of distinct values among xs (MiniZinc nvalue; 0 for no xs).
///
/// Native propagation: with F the distinct values of the fixed xs and U the unfixed xs, n within |F| (plus one when an
/// unfixed x cannot take a value of F) and min(|F| + U, the size of the union of the domains); when n's upper bound
/// is |F| every unfixed x is restricted to F, when its lower bound is |F| + U every unfixed x loses the values of F.
/// Bounds reasoning on n, not generalised arc consistent (GAC for nvalue is NP-hard: Bessiere, Hebrard, Hnich, Kiziltan
/// & Walsh, "Filtering algorithms for the NValue constraint", Constraints 2006). Decomposition (MiniZinc's): a boolean
/// per value v of the union, u[v] <-> some x = v (or of reified equalities), n = sum(u).
void post_nvalue(Problem& problem, VarId n, const std::vector<VarId>& xs, Globals how = Globals::native,
                 const std::string& name = "nvalue");

}  // namespace csp
