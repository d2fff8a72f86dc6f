// Automaton globals: regular (MiniZinc regular, Pesant CP 2004).
#pragma once

#include <string>
#include <vector>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"

namespace csp {

/// A deterministic finite automaton in MiniZinc's form: states 1..states, symbols 1..symbols, next[(q - 1) * symbols +
/// (s - 1)] the state after reading s in state q (0: no transition), `start` the first state and `accepting` the
/// accepting states.
struct Automaton {
  int states = 0;
  int symbols = 0;
  std::vector<int> next;
  int start = 1;
  std::vector<int> accepting;
};

/// The sequence xs (values read as symbols) is a word the automaton accepts.
///
/// Native propagation: Pesant's layered graph (CP 2004): the states reachable from `start` after each prefix and the
/// states from which an accepting one is reachable on the rest; a value stays iff one of its transitions links the two.
/// Domain consistent (generalised arc consistent). O(n x states x symbols) per call. Decomposition: a state variable
/// per position, q[0] = start, (q[i], xs[i], q[i+1]) in the transition table (one table constraint each), q[n]
/// accepting. Throws ModelError when the transition table has the wrong size, or names a state outside 1..states.
void post_regular(Problem& problem, const std::vector<VarId>& xs, const Automaton& automaton,
                  Globals how = Globals::native, const std::string& name = "regular");

}  // namespace csp
