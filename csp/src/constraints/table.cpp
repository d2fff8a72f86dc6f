// Table: allowed tuples.
#include "csp/constraints/table.hpp"

#include <algorithm>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

Table::Table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name)
    : Constraint(std::move(scope), std::move(name)), allowed_(std::move(allowed)) {
  std::sort(allowed_.begin(), allowed_.end());
  allowed_.erase(std::unique(allowed_.begin(), allowed_.end()), allowed_.end());
}

void Table::attach(const Problem& problem) {
  Constraint::attach(problem);
  indices_.clear();
  for (const auto& tuple : allowed_) {
    if (tuple.size() != scope().size())
      throw ModelError("table '" + name() + "': a tuple has " + std::to_string(tuple.size()) +
                       " values but the scope has " + std::to_string(scope().size()) + " variables");
    std::vector<int> idx(tuple.size());
    for (std::size_t k = 0; k < tuple.size(); ++k) {
      const Variable& v = problem.variable(scope()[k]);
      idx[k] = v.index_of(tuple[k]);
      if (idx[k] < 0)
        throw ModelError("table '" + name() + "': value " + std::to_string(tuple[k]) + " is not in the domain of '" +
                         v.name() + "'");
    }
    indices_.push_back(std::move(idx));
  }
}

bool Table::is_satisfied_by(std::span<const Value> values) const {
  const std::vector<Value> t(values.begin(), values.end());
  return std::binary_search(allowed_.begin(), allowed_.end(), t);
}

bool Table::is_consistent(const Assignment& a) const {
  return std::any_of(allowed_.begin(), allowed_.end(), [&](const std::vector<Value>& t) {
    for (std::size_t k = 0; k < t.size(); ++k)
      if (a.is_assigned(scope()[k]) && a.unchecked_value(scope()[k]) != t[k]) return false;
    return true;
  });
}

bool Table::tuple_valid(const Store& store, std::size_t t) const {
  const auto& idx = indices_[t];
  for (std::size_t k = 0; k < idx.size(); ++k)
    if (!store.domain(scope()[k]).contains(idx[k])) return false;
  return true;
}

bool Table::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  // The indices of x that still have a valid tuple, ascending: O(tuples), whatever the size of x's domain.
  std::vector<int> supported;
  for (std::size_t t = 0; t < indices_.size(); ++t)
    if (tuple_valid(store, t)) supported.push_back(indices_[t][static_cast<std::size_t>(pos)]);
  std::sort(supported.begin(), supported.end());
  supported.erase(std::unique(supported.begin(), supported.end()), supported.end());
  if (supported.empty()) return store.remove_above(x, -1, this);
  const Domain& dx = store.domain(x);
  if (!dx.is_bitset()) {  // a wide domain: cut the ends in one step each, then walk only between supports
    if (!store.remove_below(x, supported.front(), this) || !store.remove_above(x, supported.back(), this)) return false;
  }
  auto next_supported = supported.begin();
  for (int i = dx.min(); i >= 0; i = dx.next(i)) {
    while (next_supported != supported.end() && *next_supported < i) ++next_supported;
    if ((next_supported == supported.end() || *next_supported != i) && !store.remove(x, i, this)) return false;
  }
  return true;
}

}  // namespace csp
