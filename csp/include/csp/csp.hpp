// csp: an AIMA chapter-6 constraint-satisfaction engine. Umbrella header of the library csp::csp (C++20, no
// dependency beyond the standard library). The constraint graph, TREE-CSP-SOLVER and cutset conditioning are in
// <csp/graph.hpp> (library csp::graph, on Boost.Graph), so this header does not pull Boost in.
//
// Glossary (the only words the engine uses; README.md has the same list):
// - variable:    an unknown X_i, with a name and a dense id (VarId).
// - value:       an int a variable may take.
// - domain:      the values a variable may still take (initially D_i; shrinks during propagation).
// - constraint:  a relation over a scope of variables that their values must satisfy.
// - scope:       the variables a constraint involves, in order.
// - arc:         a (variable, constraint) pair; for a binary constraint C(Xi, Xj), the book's arc (Xi, Xj).
// - neighbour:   a variable sharing a constraint with another.
// - assignment:  values given to some (partial) or all (complete) variables.
// - consistent:  an assignment that violates no constraint.
// - solution:    a complete, consistent assignment.
// - revise:      remove the values of one variable that have no support in one constraint (AIMA Fig. 6.3).
// - inference:   domain filtering after an assignment: forward checking (fc) or MAC.
// - nogood / wipe-out: an emptied domain, which makes the current assignment a dead end.
#pragma once

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/binary_predicate.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/globals/automaton.hpp"
#include "csp/constraints/globals/counting.hpp"
#include "csp/constraints/globals/globals.hpp"
#include "csp/constraints/globals/ordering.hpp"
#include "csp/constraints/globals/packing.hpp"
#include "csp/constraints/globals/routing.hpp"
#include "csp/constraints/globals/scheduling.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/nary_predicate.hpp"
#include "csp/constraints/not_equal.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/constraints/table.hpp"
#include "csp/constraints/value_precedence.hpp"
#include "csp/core/assignment.hpp"
#include "csp/core/constraint.hpp"
#include "csp/core/domain.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/explanation.hpp"
#include "csp/core/print.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/search_observer.hpp"
#include "csp/core/store.hpp"
#include "csp/core/trail.hpp"
#include "csp/core/variable.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/propagation/pc2.hpp"
#include "csp/search/backtracking.hpp"
#include "csp/search/lcg.hpp"
#include "csp/search/min_conflicts.hpp"
#include "csp/search/optimize.hpp"
#include "csp/search/portfolio.hpp"
#include "csp/search/run_options.hpp"
#include "csp/search/search_result.hpp"
#include "csp/search/solve.hpp"
#include "csp/search/solver_config.hpp"
#include "csp/search/why_unsat.hpp"
#include "csp/stats/statistics.hpp"
#include "csp/strategy/registry.hpp"
#include "csp/strategy/search_context.hpp"
