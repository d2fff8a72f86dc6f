// Linear: weighted sum with bounds reasoning.
#include "csp/constraints/linear.hpp"

#include <algorithm>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"

namespace csp {

namespace {
std::pair<long long, long long> term_range(long long c, long long lo, long long hi) {
  return c >= 0 ? std::pair{c * lo, c * hi} : std::pair{c * hi, c * lo};
}
}  // namespace

Linear::Linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs, std::string name)
    : Constraint(std::move(scope), std::move(name)), coefficients_(std::move(coefficients)), op_(op), rhs_(rhs) {
  if (coefficients_.size() != this->scope().size())
    throw ModelError("linear '" + this->name() + "': " + std::to_string(coefficients_.size()) +
                     " coefficients for a scope of " + std::to_string(this->scope().size()) + " variables");
}

void Linear::attach(const Problem& problem) {
  Constraint::attach(problem);
  initial_.clear();
  for (std::size_t k = 0; k < scope().size(); ++k) {
    const Variable& var = problem.variable(scope()[k]);
    initial_.push_back(term_range(coefficients_[k], var.min_value(), var.max_value()));
  }
}

bool Linear::feasible(long long lo, long long hi) const {
  switch (op_) {
    case LinearOp::eq: return lo <= rhs_ && rhs_ <= hi;
    case LinearOp::ne: return !(lo == hi && lo == rhs_);
    case LinearOp::le: return lo <= rhs_;
    case LinearOp::ge: return hi >= rhs_;
  }
  return true;
}

bool Linear::is_satisfied_by(std::span<const Value> values) const {
  long long sum = 0;
  for (std::size_t k = 0; k < values.size(); ++k) sum += static_cast<long long>(coefficients_[k]) * values[k];
  return feasible(sum, sum);
}

bool Linear::is_consistent(const Assignment& a) const {
  long long lo = 0;
  long long hi = 0;
  for (std::size_t k = 0; k < scope().size(); ++k) {
    if (a.is_assigned(scope()[k])) {
      const long long t = static_cast<long long>(coefficients_[k]) * a.value(scope()[k]);
      lo += t;
      hi += t;
    } else {
      lo += initial_[k].first;
      hi += initial_[k].second;
    }
  }
  return feasible(lo, hi);
}

bool Linear::revise(Store& store, int pos) const {
  ++store.stats().revisions;
  long long lo = 0;
  long long hi = 0;
  for (std::size_t k = 0; k < scope().size(); ++k) {
    if (static_cast<int>(k) == pos) continue;
    const VarId y = scope()[k];
    const Domain& d = store.domain(y);
    int last = d.min();
    for (int i = last; i >= 0; i = d.next(i)) last = i;
    const auto [tlo, thi] = term_range(coefficients_[k], store.value(y, d.min()), store.value(y, last));
    lo += tlo;
    hi += thi;
  }
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const long long c = coefficients_[static_cast<std::size_t>(pos)];
  const Domain& dx = store.domain(x);
  for (int i = dx.min(); i >= 0; i = dx.next(i)) {
    const long long t = c * store.value(x, i);
    if (!feasible(lo + t, hi + t) && !store.remove(x, i, this)) return false;
  }
  return true;
}

}  // namespace csp
