// Variable: name and sorted values.
#include "csp/core/variable.hpp"

#include <algorithm>

namespace csp {

namespace {
std::shared_ptr<const std::vector<Value>> sorted_unique(std::vector<Value> values) {
  if (!std::is_sorted(values.begin(), values.end())) std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return std::make_shared<const std::vector<Value>>(std::move(values));
}
}  // namespace

Variable::Variable(std::string name, std::vector<Value> values)
    : Variable(std::move(name), sorted_unique(std::move(values))) {}

Variable::Variable(std::string name, std::shared_ptr<const std::vector<Value>> sorted_values)
    : name_(std::move(name)), values_(std::move(sorted_values)) {
  const auto& v = *values_;
  lo_ = v.empty() ? 0 : v.front();
  contiguous_ = v.empty() || static_cast<long long>(v.back()) - v.front() + 1 == static_cast<long long>(v.size());
}

int Variable::index_of(Value v) const {
  const auto& vals = *values_;
  if (vals.empty() || v < lo_ || v > vals.back()) return -1;
  if (contiguous_) return v - lo_;
  const auto it = std::lower_bound(vals.begin(), vals.end(), v);
  return (it != vals.end() && *it == v) ? static_cast<int>(it - vals.begin()) : -1;
}

}  // namespace csp
