// csp graph: the constraint graph and the algorithms built on it. Umbrella header of the library csp::graph
// (CMake target csp::graph, which links csp::csp and Boost.Graph). Everything under csp/graph/ belongs to it:
// - ConstraintGraph: the primal constraint graph of a Problem (AIMA 4th ed. §6.1, Fig. 6.1), on Boost.Graph;
// - tree_csp_solver (Fig. 6.11), find_cycle_cutset and cutset_conditioning (§6.5.1).
// A program that includes only <csp/csp.hpp> and links only csp::csp never compiles or links Boost.Graph.
#pragma once

#include "csp/csp.hpp"
#include "csp/graph/constraint_graph.hpp"
#include "csp/graph/tree_solver.hpp"
