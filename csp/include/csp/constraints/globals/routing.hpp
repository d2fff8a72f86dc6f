// Routing and channelling globals: circuit, subcircuit, inverse (MiniZinc circuit, subcircuit, inverse).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// Hamiltonian circuit: node i (numbered offset..offset+n-1 in the order of `successors`) goes to successors[i], and
/// following the successors from any node visits all n nodes before it returns.
///
/// Native propagation: an all-different on the successors (the engine's, domain consistent) and a no-subtour
/// propagator: for each chain of fixed successors s -> ... -> e of fewer than n nodes, e may not go back to s; a fixed
/// cycle of fewer than n nodes fails (Caseau & Laburthe, ICLP 1997). Not generalised arc consistent. Decomposition:
/// all-different plus an order variable per node (node `offset` is 0, and successors[i] = j implies order[j] = order[i]
/// + 1 for j != offset), MiniZinc's own. Throws ModelError when `successors` is empty.
void post_circuit(Problem& problem, const std::vector<VarId>& successors, int offset = 1, Globals how = Globals::native,
                  const std::string& name = "circuit");

/// Subcircuit: the nodes i with successors[i] != i (i numbered from offset) form one circuit, the others point at
/// themselves (no circuit at all is allowed).
///
/// Native propagation: all-different plus chain reasoning: a chain s -> ... -> e may close onto s only when every node
/// outside it may still point at itself; a fixed cycle forces every other node to itself. Not generalised arc
/// consistent. Decomposition: none smaller than the relation exists in the engine: `decompose` posts the all-different
/// and the relation checked by enumeration (Problem::add_predicate).
void post_subcircuit(Problem& problem, const std::vector<VarId>& successors, int offset = 1,
                     Globals how = Globals::native, const std::string& name = "subcircuit");

/// Inverse permutations: f[i] = j + offset  <->  g[j] = i + offset (i, j from 0; both arrays of size n).
///
/// Native propagation: the channelling pairs, to a fixpoint: j + offset leaves f[i] when i + offset left g[j], and f[i]
/// fixed to j + offset fixes g[j] to i + offset (both ways): arc consistency on every pair (f[i] = j + offset <-> g[j]
/// = i + offset), as strong as the decomposition. Decomposition: one boolean per pair (i, j), b <-> f[i] = j + offset
/// and b <-> g[j] = i + offset. Throws ModelError when the sizes differ.
void post_inverse(Problem& problem, const std::vector<VarId>& f, const std::vector<VarId>& g, int offset = 1,
                  Globals how = Globals::native, const std::string& name = "inverse");

}  // namespace csp
