// Variable: name and sorted values (a range or a list).
#include "csp/core/variable.hpp"

#include <algorithm>
#include <bit>

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
  size_ = static_cast<int>(v.size());
  if (v.empty()) return;
  lo_ = v.front();
  hi_ = v.back();
  contiguous_ = static_cast<long long>(hi_) - lo_ + 1 == static_cast<long long>(v.size());
  if (contiguous_) {
    values_.reset();  // a range needs only its ends
    return;
  }
  if (static_cast<long long>(hi_) - lo_ < 64)
    for (const Value x : v) mask_ |= std::uint64_t{1} << static_cast<unsigned>(static_cast<long long>(x) - lo_);
}

Variable::Variable(std::string name, Value lo, Value hi)
    : name_(std::move(name)),
      lo_(lo),
      hi_(hi),
      size_(lo > hi ? 0 : static_cast<int>(static_cast<long long>(hi) - lo + 1)),
      contiguous_(true) {}

std::vector<Value> Variable::values() const {
  if (!contiguous_) return *values_;
  std::vector<Value> out(static_cast<std::size_t>(size_));
  for (int i = 0; i < size_; ++i) out[static_cast<std::size_t>(i)] = lo_ + i;
  return out;
}

bool Variable::same_values(const Variable& other) const {
  if (contiguous_ || other.contiguous_) return contiguous_ == other.contiguous_ && lo_ == other.lo_ && hi_ == other.hi_;
  return values_ == other.values_ || *values_ == *other.values_;
}

int Variable::index_of(Value v) const {
  if (size_ == 0 || v < lo_ || v > hi_) return -1;
  if (contiguous_) return static_cast<int>(static_cast<long long>(v) - lo_);
  if (mask_ != 0) {
    const auto bit = static_cast<unsigned>(static_cast<long long>(v) - lo_);
    if ((mask_ >> bit & 1U) == 0) return -1;
    return std::popcount(mask_ & ((std::uint64_t{1} << bit) - 1));
  }
  const auto& vals = *values_;
  const auto it = std::lower_bound(vals.begin(), vals.end(), v);
  return (it != vals.end() && *it == v) ? static_cast<int>(it - vals.begin()) : -1;
}

int Variable::lower_index(Value v) const {
  if (size_ == 0 || v <= lo_) return 0;
  if (v > hi_) return size_;
  if (contiguous_) return static_cast<int>(static_cast<long long>(v) - lo_);
  if (mask_ != 0) {
    const auto bit = static_cast<unsigned>(static_cast<long long>(v) - lo_);  // below 64: lo < v <= hi
    return std::popcount(mask_ & ((std::uint64_t{1} << bit) - 1));
  }
  const auto& vals = *values_;
  return static_cast<int>(std::lower_bound(vals.begin(), vals.end(), v) - vals.begin());
}

}  // namespace csp
