// The models' own rules, one place: for each model of csp/models, why an assignment is not a solution of it,
// checked on the numbers themselves (independently of the constraints posted), as RunSpec::verify takes it. The
// Sudoku's (check_solution, sudoku/io.hpp) and the Killer Sudoku's (check_killer_solution, killer_sudoku.hpp) live
// beside their formats; these are the others. Read by the model commands of `csp` and by `csp ablate`.
#pragma once

#include <string>

#include "csp/core/assignment.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/models/graph_coloring.hpp"

namespace csp::models {

/// n-queens (n_queens.hpp, variable i = the row of the queen in column i + 1): "" when every column has a queen on
/// rows 1..n and no two attack each other (same row, same diagonal), else why not ("the queens of columns 1 and 3
/// attack each other").
std::string verify_queens(int n, const Assignment& a);

/// A colouring of `graph` (variables 0 .. vertex_count - 1 = the vertices; more variables, e.g. least_coloring's
/// `colors`, are ignored): "" when every vertex has a colour and every edge joins two different colours, else why
/// not ("not a proper colouring").
std::string verify_coloring(const Graph& graph, const Assignment& a);

/// The Zebra puzzle (zebra.hpp): "" when `a` keeps every clue, puts the names of a group in different houses, and
/// gives the known answer (the Japanese owns the zebra, the Norwegian drinks water), else why not.
std::string verify_zebra(const Assignment& a);

/// A cryptarithm (cryptarithm.hpp, variable ids follow `puzzle.letters`; the carries of the column model come after
/// them and are not read): "" when the letters have distinct digits 0-9, no word of two or more letters starts with 0
/// and the addends add up to the sum, column by column (adds_up, so words of any length), else why not.
std::string verify_cryptarithm(const Cryptarithm& puzzle, const Assignment& a);

}  // namespace csp::models
