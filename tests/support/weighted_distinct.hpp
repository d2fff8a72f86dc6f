// A small optimisation model shared by the optimisation and progress tests.
#pragma once

#include <string>
#include <vector>

#include "csp/core/problem.hpp"

namespace csp::test_support {

/// Six variables 0..9, pairwise different, and obj = 10 x0 + 9 x1 + ... + 5 x5 (obj in 0..1000; `obj` receives its
/// id). Maximised, the optimum is 9*10 + 8*9 + 7*8 + 6*7 + 5*6 + 4*5 = 310, and with the textbook order the first
/// solution (x = 0, 1, ..., 5: obj 115) is far from it, so branch and bound improves many times.
inline Problem weighted_distinct(VarId& obj) {
  Problem p;
  std::vector<VarId> xs;
  for (int i = 0; i < 6; ++i) xs.push_back(p.add_variable(std::string("x").append(std::to_string(i)), 0, 9));
  for (int i = 0; i < 6; ++i)
    for (int j = i + 1; j < 6; ++j) p.add_not_equal(xs[static_cast<std::size_t>(i)], xs[static_cast<std::size_t>(j)]);
  obj = p.add_variable("obj", 0, 1000);
  std::vector<VarId> scope = xs;
  std::vector<int> coefficients{10, 9, 8, 7, 6, 5};
  scope.push_back(obj);
  coefficients.push_back(-1);
  p.add_linear(scope, coefficients, LinearOp::eq, 0);
  return p;
}

}  // namespace csp::test_support
