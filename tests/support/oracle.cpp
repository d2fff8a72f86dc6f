// Brute-force oracle: enumerate, keep what is_solution accepts.
#include "oracle.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace csp::test_support {

void for_each_complete_assignment(const Problem& problem, std::uint64_t max_assignments,
                                  const std::function<void(const Tuple&)>& f) {
  const int n = problem.variable_count();
  std::uint64_t total = 1;
  for (VarId x = 0; x < n; ++x) {
    total *= static_cast<std::uint64_t>(problem.variable(x).size());
    if (total > max_assignments)
      throw std::length_error("oracle: more than " + std::to_string(max_assignments) + " complete assignments");
  }
  if (n == 0) return;
  std::vector<int> index(static_cast<std::size_t>(n), 0);  // odometer over value indices, last variable fastest
  Tuple values(static_cast<std::size_t>(n));
  while (true) {
    for (VarId x = 0; x < n; ++x)
      values[static_cast<std::size_t>(x)] = problem.variable(x).value(index[static_cast<std::size_t>(x)]);
    f(values);
    int k = n - 1;
    while (k >= 0 && ++index[static_cast<std::size_t>(k)] == problem.variable(k).size()) {
      index[static_cast<std::size_t>(k)] = 0;
      --k;
    }
    if (k < 0) return;
  }
}

std::vector<Tuple> all_solutions(const Problem& problem, std::uint64_t max_assignments) {
  std::vector<Tuple> out;
  for_each_complete_assignment(problem, max_assignments, [&](const Tuple& t) {
    if (problem.is_solution(to_assignment(t))) out.push_back(t);
  });
  return out;
}

std::vector<Tuple> consistent_with(const std::vector<Tuple>& solutions, const Assignment& partial) {
  std::vector<Tuple> out;
  for (const Tuple& s : solutions) {
    bool agrees = true;
    for (VarId x = 0; x < partial.variable_count() && agrees; ++x)
      agrees = !partial.is_assigned(x) || partial.value(x) == s[static_cast<std::size_t>(x)];
    if (agrees) out.push_back(s);
  }
  return out;
}

std::vector<Tuple> sorted_tuples(const std::vector<Assignment>& solutions) {
  std::vector<Tuple> out;
  out.reserve(solutions.size());
  for (const Assignment& a : solutions) out.push_back(a.values());
  std::sort(out.begin(), out.end());
  return out;
}

Assignment to_assignment(const Tuple& values) {
  Assignment a(static_cast<int>(values.size()));
  for (std::size_t x = 0; x < values.size(); ++x) a.assign(static_cast<VarId>(x), values[x]);
  return a;
}

int sized(int full, int sanitized) { return std::getenv("CSP_SANITIZED") != nullptr ? sanitized : full; }

}  // namespace csp::test_support
