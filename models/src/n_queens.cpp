// N-Queens model.
#include "csp/models/n_queens.hpp"

#include <cstdlib>

#include "csp/core/errors.hpp"

namespace csp::models {

Problem n_queens(int n, QueensFormulation formulation) {
  if (n < 1) throw ModelError("n_queens: n must be at least 1, got " + std::to_string(n));
  Problem p;
  std::vector<VarId> q;
  for (int c = 1; c <= n; ++c) q.push_back(p.add_variable(std::string("Q").append(std::to_string(c)), 1, n));
  if (formulation == QueensFormulation::all_different) {
    std::vector<int> up(static_cast<std::size_t>(n));
    std::vector<int> down(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c) {
      up[static_cast<std::size_t>(c)] = c;
      down[static_cast<std::size_t>(c)] = -c;
    }
    p.add_all_different(q, AllDifferentMode::value, "rows");
    p.add_all_different_shifted(q, up, "diagonals/");
    p.add_all_different_shifted(q, down, "diagonals\\");
    return p;
  }
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const int dist = j - i;
      p.add_binary(
          q[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(j)],
          [dist](Value a, Value b) { return a != b && std::abs(a - b) != dist; },
          "no-attack(Q" + std::to_string(i + 1) + ",Q" + std::to_string(j + 1) + ")");
    }
  }
  return p;
}

QueensFormulation parse_queens_formulation(const std::string& name) {
  if (name == "binary") return QueensFormulation::binary;
  if (name == "all-different") return QueensFormulation::all_different;
  throw UnknownNameError("unknown queens formulation '" + name + "' (valid: binary, all-different)");
}

std::string to_string(QueensFormulation f) { return f == QueensFormulation::binary ? "binary" : "all-different"; }

}  // namespace csp::models
