// Variable: name and sorted values.
#include "csp/core/variable.hpp"

#include <algorithm>

namespace csp {

Variable::Variable(std::string name, std::vector<Value> values) : name_(std::move(name)), values_(std::move(values)) {
  std::sort(values_.begin(), values_.end());
  values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  contiguous_ = values_.empty() ||
                static_cast<long long>(values_.back()) - values_.front() + 1 == static_cast<long long>(values_.size());
}

int Variable::index_of(Value v) const {
  if (values_.empty() || v < values_.front() || v > values_.back()) return -1;
  if (contiguous_) return v - values_.front();
  const auto it = std::lower_bound(values_.begin(), values_.end(), v);
  return (it != values_.end() && *it == v) ? static_cast<int>(it - values_.begin()) : -1;
}

}  // namespace csp
