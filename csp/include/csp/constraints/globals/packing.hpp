// Packing globals: bin packing with loads or capacities, non-overlapping rectangles (MiniZinc bin_packing,
// bin_packing_capa, bin_packing_load, diffn, diffn_nonstrict).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// Bin packing with load variables: item i (weight weights[i] >= 0) goes into bin bins[i], a value of
/// first_bin..first_bin + loads.size() - 1, and loads[b] is the total weight of the items in bin first_bin + b.
///
/// Native propagation (Shaw, "A constraint for bin packing", CP 2004, §3 without the knapsack and lower-bound rules):
/// per bin the weight of the items fixed to it (required) and of those that may still go there (possible) bound its
/// load; an item whose weight would take a bin over its load's upper bound leaves it, an item without which a bin
/// cannot reach its load's lower bound is fixed to it; and the loads sum to the total weight (each load within the
/// total minus the others' bounds). To a fixpoint. Bounds consistent on the loads, not generalised arc consistent
/// (deciding a bin packing is NP-complete). Decomposition (MiniZinc's): bins restricted to the range, one boolean
/// b[i][k] <-> bins[i] = k per item and bin, loads[k] = sum(weights[i] * b[i][k]), sum(loads) = sum(weights). Throws
/// ModelError when bins and weights differ in size, a weight is negative, or loads is empty.
void post_bin_packing_load(Problem& problem, const std::vector<VarId>& loads, const std::vector<VarId>& bins,
                           const std::vector<int>& weights, int first_bin = 1, Globals how = Globals::native,
                           const std::string& name = "bin_packing_load");

/// Bin packing with capacities: bins[i] in first_bin..first_bin + capacities.size() - 1 and the items of bin
/// first_bin + b weigh at most capacities[b] in total. Native: the propagation of post_bin_packing_load with each load
/// an implicit value in 0..capacities[b]; decomposition: one linear per bin over the same booleans. Nothing is posted
/// when bins is empty (a negative capacity then is the caller's to decide). Throws ModelError as
/// post_bin_packing_load, or when capacities is empty.
void post_bin_packing_capa(Problem& problem, const std::vector<int>& capacities, const std::vector<VarId>& bins,
                           const std::vector<int>& weights, int first_bin = 1, Globals how = Globals::native,
                           const std::string& name = "bin_packing_capa");

/// Bin packing with one capacity: for every value k a bin variable may take, the items with bins[i] = k weigh at most
/// capacity in total (bins are not restricted to a range). Posted as post_bin_packing_capa over the bins from the
/// smallest to the largest value of the bins' domains. Throws ModelError as post_bin_packing_load.
void post_bin_packing(Problem& problem, int capacity, const std::vector<VarId>& bins, const std::vector<int>& weights,
                      Globals how = Globals::native, const std::string& name = "bin_packing");

/// Non-overlapping rectangles: rectangle i has its lower left corner at (x[i], y[i]), width dx[i] and height dy[i]
/// (all four arrays of one size, sizes non-negative: MiniZinc's diffn), and for every pair i < j one of x[i] + dx[i]
/// <= x[j], x[j] + dx[j] <= x[i], y[i] + dy[i] <= y[j], y[j] + dy[j] <= y[i] holds. `strict` false (diffn_nonstrict):
/// a pair with a zero width or height among its four sizes is never in conflict.
///
/// Native propagation: pairwise disjunction with bounds reasoning (the constructive disjunction of the four
/// alternatives, as in Beldiceanu & Carlsson's sweep papers' pairwise fallback): a pair none of whose alternatives the
/// bounds allow fails; a pair with one alternative left gets it as bounds on its x / y and sizes. To a fixpoint;
/// O(n^2) per round. Bounds reasoning, below GAC and below a sweep or energetic filter. Decomposition: one boolean per
/// alternative of each pair, reified linear <= each, and a clause of the four (non-strict: and of the four zero
/// sizes). Throws ModelError when the sizes differ.
void post_diffn(Problem& problem, const std::vector<VarId>& x, const std::vector<VarId>& y,
                const std::vector<VarId>& dx, const std::vector<VarId>& dy, bool strict = true,
                Globals how = Globals::native, const std::string& name = "diffn");

}  // namespace csp
