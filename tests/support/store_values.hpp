// Test helper: the values (not indices) left in a variable's current domain.
#pragma once

#include <vector>

#include "csp/core/store.hpp"

namespace csp::test {

/// The values of x's current domain in `s`, ascending.
inline std::vector<Value> values_of(const Store& s, VarId x) {
  std::vector<Value> out;
  s.domain(x).for_each([&](int i) { out.push_back(s.value(x, i)); });
  return out;
}

}  // namespace csp::test
