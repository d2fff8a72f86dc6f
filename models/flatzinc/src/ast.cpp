// IntSet and annotation look-up of the FlatZinc syntax tree.
#include "csp/models/flatzinc/ast.hpp"

#include <algorithm>
#include <climits>

namespace csp::models::flatzinc {

bool IntSet::contains(long long v) const {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), v,
                             [](long long x, const std::pair<long long, long long>& r) { return x < r.first; });
  if (it == ranges.begin()) return false;
  --it;
  return v <= it->second;
}

long long IntSet::size() const {
  long long total = 0;
  for (const auto& [lo, hi] : ranges) {
    const unsigned long long width = static_cast<unsigned long long>(hi) - static_cast<unsigned long long>(lo) + 1;
    if (width > static_cast<unsigned long long>(LLONG_MAX - total)) return LLONG_MAX;
    total += static_cast<long long>(width);
  }
  return total;
}

void IntSet::add(long long lo, long long hi) {
  if (lo > hi) return;
  ranges.emplace_back(lo, hi);
  std::sort(ranges.begin(), ranges.end());
  std::vector<std::pair<long long, long long>> merged;
  for (const auto& r : ranges) {
    if (!merged.empty() && (merged.back().second == LLONG_MAX || r.first <= merged.back().second + 1))
      merged.back().second = std::max(merged.back().second, r.second);
    else
      merged.push_back(r);
  }
  ranges = std::move(merged);
}

IntSet IntSet::of_values(std::vector<long long> values) {
  std::sort(values.begin(), values.end());
  IntSet s;
  for (const long long v : values) {
    if (!s.ranges.empty()) {
      auto& last = s.ranges.back();
      if (v <= last.second) continue;  // a repeat
      if (v - 1 == last.second) {      // v > last.second >= LLONG_MIN: no overflow
        last.second = v;
        continue;
      }
    }
    s.ranges.emplace_back(v, v);
  }
  return s;
}

std::string IntSet::to_string() const {
  if (ranges.size() == 1) return std::to_string(ranges[0].first) + ".." + std::to_string(ranges[0].second);
  std::string out = "{";
  bool first = true;
  for (const auto& [lo, hi] : ranges)
    for (long long v = lo;; ++v) {
      if (!first) out += ',';
      out += std::to_string(v);
      first = false;
      if (v == hi) break;
    }
  return out + "}";
}

const Expr* find_annotation(const std::vector<Expr>& annotations, const std::string& name) {
  for (const Expr& a : annotations)
    if ((a.kind == Expr::Kind::identifier || a.kind == Expr::Kind::call) && a.name == name) return &a;
  return nullptr;
}

}  // namespace csp::models::flatzinc
