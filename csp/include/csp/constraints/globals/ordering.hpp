// Ordering globals: increasing, decreasing, lexicographic order on integers, maximum, minimum (MiniZinc increasing,
// decreasing, lex_less, lex_lesseq, maximum, minimum, arg_max, arg_min).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// xs[0] <= xs[1] <= ... (`decreasing`: >=). Native: one pass each way moving bounds along the chain; domain consistent
/// (on a chain of <= the bounds pass leaves every value supported). Decomposition: n - 1 linear <=.
void post_increasing(Problem& problem, const std::vector<VarId>& xs, bool decreasing = false,
                     Globals how = Globals::native, const std::string& name = "increasing");

/// x <=lex y (`strict`: x <lex y), compared from the first element; a shorter prefix is smaller. Native: the first pair
/// not fixed equal gets x[a] <= y[a], and x[a] < y[a] when the rest of x, at its smallest, already comes after the rest
/// of y at its largest (bounds reasoning, not generalised arc consistent). Decomposition: booleans e[i] <-> "the first
/// i pairs are equal", e[i] -> x[i] <= y[i] (strict: not e[n]).
void post_lex(Problem& problem, const std::vector<VarId>& x, const std::vector<VarId>& y, bool strict = false,
              Globals how = Globals::native, const std::string& name = "lex");

/// m = max(xs) (`minimum`: m = min(xs)). Native: bounds consistent: m within the largest lower bound and the largest
/// upper bound, each x at most m's upper bound, the one x that can still reach m's lower bound pushed up to it, and m
/// loses the values no x holds. Decomposition: a chain of binary max over auxiliary variables. Throws ModelError when
/// xs is empty.
void post_maximum(Problem& problem, VarId m, const std::vector<VarId>& xs, bool minimum = false,
                  Globals how = Globals::native, const std::string& name = "maximum");

/// z = offset + i where xs[i] is the first largest of xs (`minimum`: the first smallest): MiniZinc's arg_max / arg_min
/// (fzn_maximum_arg_int, fzn_minimum_arg_int) with offset the first index of xs.
///
/// Native propagation: z within offset..offset + n - 1 and without the positions that cannot be the first best (an
/// earlier x surely at least as good, a later one surely better, on the bounds); every x at most the best upper bound
/// among z's candidates; once z is fixed to i, the earlier xs strictly worse than xs[i] and the later ones no better,
/// on the bounds, both ways. Bounds reasoning, not generalised arc consistent. Decomposition: per position i a
/// boolean b[i] <-> z = offset + i and b[i] <-> (and of the reified comparisons with every other x). Throws ModelError
/// when xs is empty.
void post_arg_max(Problem& problem, const std::vector<VarId>& xs, VarId z, int offset = 1, bool minimum = false,
                  Globals how = Globals::native, const std::string& name = "arg_max");

}  // namespace csp
