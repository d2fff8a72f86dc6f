// ValuePrecedence: one forward pass over the scope, bounding the list position each variable may take.
#include "csp/constraints/value_precedence.hpp"

#include <algorithm>
#include <string>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

ValuePrecedence::ValuePrecedence(std::vector<VarId> scope, std::vector<Value> values, std::string name)
    : Constraint(std::move(scope), std::move(name)), values_(std::move(values)) {
  if (values_.empty()) throw ModelError("value precedence '" + this->name() + "': no values");
  for (int p = 0; p < static_cast<int>(values_.size()); ++p)
    sorted_.emplace_back(values_[static_cast<std::size_t>(p)], p);
  std::sort(sorted_.begin(), sorted_.end());
  for (std::size_t i = 1; i < sorted_.size(); ++i)
    if (sorted_[i].first == sorted_[i - 1].first)
      throw ModelError("value precedence '" + this->name() + "': value " + std::to_string(sorted_[i].first) +
                       " is listed twice");
}

void ValuePrecedence::attach(const Problem& problem) {
  Constraint::attach(problem);
  index_.clear();
  for (const VarId x : scope()) {
    std::vector<int> idx;
    for (const Value v : values_) idx.push_back(problem.variable(x).index_of(v));
    index_.push_back(std::move(idx));
  }
}

int ValuePrecedence::list_position(Value v) const {
  const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), std::pair<Value, int>{v, -1});
  return it != sorted_.end() && it->first == v ? it->second : -1;
}

bool ValuePrecedence::is_satisfied_by(std::span<const Value> values) const {
  int next = 0;  // the largest list position allowed at this point
  for (const Value v : values) {
    const int p = list_position(v);
    if (p > next) return false;
    if (p == next) ++next;
  }
  return true;
}

bool ValuePrecedence::is_consistent(const Assignment& a) const {
  // An upper bound on the position allowed: an unassigned variable may take the highest one and raise it.
  const int m = static_cast<int>(values_.size());
  int bound = 0;
  for (const VarId x : scope()) {
    if (!a.is_assigned(x)) {
      bound = std::min(bound + 1, m);
      continue;
    }
    const int p = list_position(a.unchecked_value(x));
    if (p > bound) return false;
    bound = std::max(bound, p + 1);
  }
  return true;
}

bool ValuePrecedence::prune(Store& store, int pos, int bound) const {
  const std::vector<int>& idx = index_[static_cast<std::size_t>(pos)];
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  for (int p = bound + 1; p < static_cast<int>(values_.size()); ++p) {
    const int i = idx[static_cast<std::size_t>(p)];
    if (i >= 0 && store.domain(x).contains(i) && !store.remove(x, i, this)) return false;
  }
  return true;
}

bool ValuePrecedence::revise(Store& store, int pos) const {
  // Only scope[pos] may change, but the relation is checked over the whole scope: when some variable has no value
  // left within its bound, no tuple exists, and scope[pos] loses every value (so a complete assignment that breaks
  // the precedence anywhere fails here, whichever position is revised).
  const int m = static_cast<int>(values_.size());
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  int bound = 0;
  int pos_bound = m;  // stays m when the bound reaches m before pos: every value allowed there
  for (int k = 0; k < arity(); ++k) {
    if (k == pos) pos_bound = bound;
    if (bound >= m) break;
    const std::vector<int>& idx = index_[static_cast<std::size_t>(k)];
    const Domain& d = store.domain(scope()[static_cast<std::size_t>(k)]);
    int above = 0;  // listed values of scope[k] above its bound
    for (int p = bound + 1; p < m; ++p) {
      const int i = idx[static_cast<std::size_t>(p)];
      if (i >= 0 && d.contains(i)) ++above;
    }
    if (above == d.size()) {
      for (int i = store.domain(x).min(); i >= 0; i = store.domain(x).next(i))
        if (!store.remove(x, i, this)) return false;
      return false;
    }
    const int i = idx[static_cast<std::size_t>(bound)];
    if (i >= 0 && d.contains(i)) ++bound;
  }
  return prune(store, pos, pos_bound);
}

bool ValuePrecedence::propagate(Store& store) const {
  // The same bounds as revise at every position, in one pass: pruning scope[k] changes only the bounds after k.
  const int m = static_cast<int>(values_.size());
  int bound = 0;
  for (int k = 0; k < arity() && bound < m; ++k) {
    if (!prune(store, k, bound)) return false;
    const std::vector<int>& idx = index_[static_cast<std::size_t>(k)];
    const Domain& d = store.domain(scope()[static_cast<std::size_t>(k)]);
    const int i = idx[static_cast<std::size_t>(bound)];
    if (i >= 0 && d.contains(i)) ++bound;
  }
  return true;
}

int ValuePrecedence::count_ruled_out(const Store& store, int pos, int index) const {
  // Values of later unassigned variables above their bound with scope[pos] = index, less those above it now: both
  // bounds in one pass (fixing a value only lowers the bounds after it).
  const int m = static_cast<int>(values_.size());
  int ruled_out = 0;
  int before = 0;
  int after = 0;
  for (int k = 0; k < arity() && after < m; ++k) {
    const std::vector<int>& idx = index_[static_cast<std::size_t>(k)];
    const VarId x = scope()[static_cast<std::size_t>(k)];
    const Domain& d = store.domain(x);
    if (k > pos && !store.assignment().is_assigned(x))
      for (int p = after + 1; p <= before && p < m; ++p) {
        const int i = idx[static_cast<std::size_t>(p)];
        if (i >= 0 && d.contains(i)) ++ruled_out;
      }
    const auto raises = [&](int bound, bool fixed) {
      if (bound >= m) return false;
      const int i = idx[static_cast<std::size_t>(bound)];
      return i >= 0 && d.contains(i) && (!fixed || i == index);
    };
    const bool raise_before = raises(before, false);
    const bool raise_after = raises(after, k == pos);
    before += raise_before ? 1 : 0;
    after += raise_after ? 1 : 0;
  }
  return ruled_out;
}

}  // namespace csp
