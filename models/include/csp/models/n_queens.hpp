// N-Queens as a CSP (AIMA 4th ed. §6.1 and §4.1): one variable per column, its value the queen's row.
#pragma once

#include <string>

#include "csp/core/problem.hpp"

namespace csp::models {

/// How the no-attack rule is posted.
enum class QueensFormulation {
  binary,        ///< one BinaryPredicate per pair of columns (the textbook's formulation)
  all_different  ///< three global all-different constraints: rows, rows + column, rows - column
};

/// n variables "Q1".."Qn" (Q_c = row of the queen in column c), values 1..n, no two queens attacking.
/// Throws csp::ModelError when n < 1.
Problem n_queens(int n, QueensFormulation formulation = QueensFormulation::binary);

/// "binary" / "all-different" <-> QueensFormulation; parse throws csp::UnknownNameError.
QueensFormulation parse_queens_formulation(const std::string& name);
std::string to_string(QueensFormulation f);

}  // namespace csp::models
