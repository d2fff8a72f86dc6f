// Projected counting (projection.hpp).
#include "projection.hpp"

#include <algorithm>
#include <string>

#include "csp/core/errors.hpp"

namespace csp::detail {

ProjectionFilter::ProjectionFilter(const std::vector<VarId>& ids, int variable_count) {
  for (const VarId x : ids) {
    if (x < 0 || x >= variable_count)
      throw Error("projection: " + std::to_string(x) + " is not a variable id (the problem has " +
                  std::to_string(variable_count) + ")");
    if (std::find(ids_.begin(), ids_.end(), x) == ids_.end()) ids_.push_back(x);
  }
}

bool ProjectionFilter::fresh(const Assignment& a) {
  std::vector<Value> tuple;
  tuple.reserve(ids_.size());
  for (const VarId x : ids_) tuple.push_back(a.unchecked_value(x));
  return seen_.insert(std::move(tuple)).second;
}

bool ProjectionFilter::fixed(const Store& store) const {
  for (const VarId x : ids_)
    if (!store.domain(x).is_singleton()) return false;
  return true;
}

}  // namespace csp::detail
