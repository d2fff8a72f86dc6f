// Brute-force oracle: the solutions of a small Problem, found by enumerating every complete assignment.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"

namespace csp::test_support {

/// A complete assignment as its values in variable order.
using Tuple = std::vector<Value>;

/// Every solution of `problem`: each complete assignment over the initial values that `Problem::is_solution`
/// accepts, in ascending lexicographic order. Throws std::length_error when the number of complete assignments
/// exceeds `max_assignments` (the oracle is meant for small problems only).
std::vector<Tuple> all_solutions(const Problem& problem, std::uint64_t max_assignments = 1U << 20U);

/// Every complete assignment of `problem` (over the initial values), ascending lexicographically; visits each
/// with f(const Tuple&). Same size guard as `all_solutions`.
void for_each_complete_assignment(const Problem& problem, std::uint64_t max_assignments,
                                  const std::function<void(const Tuple&)>& f);

/// The solutions that agree with every variable `partial` assigns.
std::vector<Tuple> consistent_with(const std::vector<Tuple>& solutions, const Assignment& partial);

/// The value vectors of `solutions` (complete assignments), sorted ascending (duplicates kept).
std::vector<Tuple> sorted_tuples(const std::vector<Assignment>& solutions);

/// An Assignment holding `values` (one per variable).
Assignment to_assignment(const Tuple& values);

/// `full` in an ordinary build, `sanitized` under a sanitizer (CSP_SANITIZED set, as the asan and tsan test presets
/// do): the size of a test whose hundreds of strategy combinations all run the same code, so that the sanitized
/// suite, 10-20x slower per test, still covers every combination on smaller instances.
int sized(int full, int sanitized);

/// base followed by the number i ("x3"), built by appending: `"x" + std::to_string(i)` sets off GCC 12's -Wrestrict
/// false positive under -O1, which the sanitizer presets (-Werror) turn into an error.
inline std::string numbered(const char* base, std::size_t i) {
  std::string s(base);
  s += std::to_string(i);
  return s;
}

}  // namespace csp::test_support
