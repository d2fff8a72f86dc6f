// Linear: weighted sum with bounds reasoning, exact in 128-bit arithmetic.
#include "csp/constraints/linear.hpp"

#include <algorithm>
#include <numeric>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "linear_bounds.hpp"
#include "linear_explain.hpp"

namespace csp {

using detail::LinearTerms;
using detail::Wide;

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
  if (op_ == LinearOp::eq) {
    long long g = 0;
    for (int c : coefficients_) g = std::gcd(g, static_cast<long long>(c));
    unsatisfiable_ = g == 0 ? rhs_ != 0 : rhs_ % g != 0;
  }
}

void Linear::attach(const Problem& problem) {
  Constraint::attach(problem);
  initial_.clear();
  for (std::size_t k = 0; k < scope().size(); ++k) {
    const Variable& var = problem.variable(scope()[k]);
    initial_.push_back(term_range(coefficients_[k], var.min_value(), var.max_value()));
  }
}

namespace {
bool holds(LinearOp op, Wide rhs, Wide lo, Wide hi) {
  switch (op) {
    case LinearOp::eq:
      return lo <= rhs && rhs <= hi;
    case LinearOp::ne:
      return !(lo == hi && lo == rhs);
    case LinearOp::le:
      return lo <= rhs;
    case LinearOp::ge:
      return hi >= rhs;
  }
  return true;
}
}  // namespace

bool Linear::is_satisfied_by(std::span<const Value> values) const {
  Wide sum = 0;
  for (std::size_t k = 0; k < values.size(); ++k) sum += Wide{coefficients_[k]} * values[k];
  return holds(op_, rhs_, sum, sum);
}

bool Linear::is_consistent(const Assignment& a) const {
  Wide lo = 0;
  Wide hi = 0;
  for (std::size_t k = 0; k < scope().size(); ++k) {
    if (a.is_assigned(scope()[k])) {
      const Wide t = Wide{coefficients_[k]} * a.unchecked_value(scope()[k]);
      lo += t;
      hi += t;
    } else {
      lo += initial_[k].first;
      hi += initial_[k].second;
    }
  }
  return holds(op_, rhs_, lo, hi);
}

LinearTerms Linear::terms(Store& store) const { return {scope(), coefficients_, store, this}; }

bool Linear::explain(const PastDomains& then, int pos, int index, Explanation& why) const {
  if (unsatisfiable_) return false;
  const Wide term = Wide{coefficients_[static_cast<std::size_t>(pos)]} *
                    then.problem().variable(scope()[static_cast<std::size_t>(pos)]).value(index);
  return detail::explain_violation(then, scope(), coefficients_, pos, term, op_, rhs_, why);
}

bool Linear::revise(Store& store, int pos) const {
  if (unsatisfiable_) {
    return terms(store).wipe_out(pos);
  }
  return terms(store).revise(pos, op_, rhs_);
}

bool Linear::propagate(Store& store) const {
  if (unsatisfiable_) {
    return terms(store).wipe_out(0);
  }
  return terms(store).propagate(op_, rhs_);
}

}  // namespace csp
