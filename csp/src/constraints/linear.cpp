// Linear: weighted sum with bounds reasoning, exact in 128-bit arithmetic.
#include "csp/constraints/linear.hpp"

#include <algorithm>
#include <numeric>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"

namespace csp {

namespace {

__extension__ using Wide = __int128;  // holds any sum of up to 2^31 products of two ints (each below 2^62)
constexpr Wide kInfinity = Wide{1} << 100;

Wide floor_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
Wide ceil_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q;
}

// Smallest index of var whose value is >= v, or var.size() when none. O(1) on ranges, O(log size) otherwise.
int first_index_at_least(const Variable& var, Wide v) {
  if (v <= var.min_value()) return 0;
  if (v > var.max_value()) return var.size();
  if (var.is_range()) return static_cast<int>(v - var.min_value());
  int lo = 0;
  int hi = var.size() - 1;  // value(hi) >= v
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (var.value(mid) >= v) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

// Largest index of var whose value is <= v, or -1 when none.
int last_index_at_most(const Variable& var, Wide v) {
  if (v >= var.max_value()) return var.size() - 1;
  if (v < var.min_value()) return -1;
  if (var.is_range()) return static_cast<int>(v - var.min_value());
  return first_index_at_least(var, v + 1) - 1;
}

std::pair<long long, long long> term_range(long long c, long long lo, long long hi) {
  return c >= 0 ? std::pair{c * lo, c * hi} : std::pair{c * hi, c * lo};
}

}  // namespace

// The bounds arithmetic of one Linear constraint over one store.
struct LinearPropagator {
  const Linear& con;
  Store& store;

  VarId var_at(int k) const { return con.scope()[static_cast<std::size_t>(k)]; }
  Wide coefficient(int k) const { return con.coefficients_[static_cast<std::size_t>(k)]; }
  // Smallest and largest value of coefficient * scope[k] over its current domain (precondition: not empty).
  Wide term_min(int k) const {
    const Domain& d = store.domain(var_at(k));
    const Wide c = coefficient(k);
    return c * store.value(var_at(k), c >= 0 ? d.min() : d.max());
  }
  Wide term_max(int k) const {
    const Domain& d = store.domain(var_at(k));
    const Wide c = coefficient(k);
    return c * store.value(var_at(k), c >= 0 ? d.max() : d.min());
  }

  // Keeps the values v of scope[k] with lo <= coefficient * v <= hi: at most two bounds changes.
  bool narrow(int k, Wide lo, Wide hi) const {
    const VarId x = var_at(k);
    const Wide c = coefficient(k);
    if (c == 0) return (lo <= 0 && 0 <= hi) || store.remove_above(x, -1, &con);  // violated whatever x is
    const Wide vlo = c > 0 ? ceil_div(lo, c) : ceil_div(hi, c);
    const Wide vhi = c > 0 ? floor_div(hi, c) : floor_div(lo, c);
    const Variable& var = store.problem().variable(x);
    const int first = first_index_at_least(var, vlo);
    if (first > store.domain(x).min() && !store.remove_below(x, first, &con)) return false;
    const int last = last_index_at_most(var, vhi);
    return last >= store.domain(x).max() || store.remove_above(x, last, &con);
  }

  // Prunes scope[k] given that the other terms sum to a value in [others_lo, others_hi]; `others_fixed` when
  // they are all single values. Returns false iff scope[k] is wiped out.
  bool prune(int k, Wide others_lo, Wide others_hi, bool others_fixed) const {
    const Wide rhs = con.rhs_;
    switch (con.op_) {
      case LinearOp::eq: return narrow(k, rhs - others_hi, rhs - others_lo);
      case LinearOp::le: return narrow(k, -kInfinity, rhs - others_lo);
      case LinearOp::ge: return narrow(k, rhs - others_hi, kInfinity);
      case LinearOp::ne: break;
    }
    if (!others_fixed) return true;
    const VarId x = var_at(k);
    const Wide c = coefficient(k);
    const Wide t = rhs - others_lo;  // the one forbidden value of the term
    if (c == 0) return t != 0 || store.remove_above(x, -1, &con);
    if (t % c != 0) return true;
    const Wide v = t / c;
    const Variable& var = store.problem().variable(x);
    if (v < var.min_value() || v > var.max_value()) return true;
    const int i = var.index_of(static_cast<Value>(v));
    return i < 0 || store.remove(x, i, &con);
  }

  bool wipe_out(int k) const { return store.remove_above(var_at(k), -1, &con); }
};

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
    case LinearOp::eq: return lo <= rhs && rhs <= hi;
    case LinearOp::ne: return !(lo == hi && lo == rhs);
    case LinearOp::le: return lo <= rhs;
    case LinearOp::ge: return hi >= rhs;
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
      const Wide t = Wide{coefficients_[k]} * a.value(scope()[k]);
      lo += t;
      hi += t;
    } else {
      lo += initial_[k].first;
      hi += initial_[k].second;
    }
  }
  return holds(op_, rhs_, lo, hi);
}

bool Linear::revise(Store& store, int pos) const {
  const LinearPropagator lp{*this, store};
  if (unsatisfiable_) return lp.wipe_out(pos);
  Wide lo = 0;
  Wide hi = 0;
  bool fixed = true;
  for (int k = 0; k < arity(); ++k) {
    if (k == pos) continue;
    lo += lp.term_min(k);
    hi += lp.term_max(k);
    fixed = fixed && store.domain(lp.var_at(k)).is_singleton();
  }
  return lp.prune(pos, lo, hi, fixed);
}

bool Linear::propagate(Store& store) const {
  const LinearPropagator lp{*this, store};
  const int n = arity();
  if (unsatisfiable_) return lp.wipe_out(0);
  // One pass: the sums of the term bounds, then each position pruned against the others, the sums kept up to
  // date as bounds move. Repeated until a pass changes nothing (a fixpoint of every revise).
  Wide lo = 0;
  Wide hi = 0;
  int fixed = 0;
  for (int k = 0; k < n; ++k) {
    lo += lp.term_min(k);
    hi += lp.term_max(k);
    fixed += store.domain(lp.var_at(k)).is_singleton() ? 1 : 0;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < n; ++k) {
      const Domain& d = store.domain(lp.var_at(k));
      const int size = d.size();
      const Wide tmin = lp.term_min(k);
      const Wide tmax = lp.term_max(k);
      const bool single = size == 1;
      if (!lp.prune(k, lo - tmin, hi - tmax, fixed - (single ? 1 : 0) == n - 1)) return false;
      if (d.size() == size) continue;
      changed = n > 1;
      lo += lp.term_min(k) - tmin;
      hi += lp.term_max(k) - tmax;
      fixed += (d.is_singleton() ? 1 : 0) - (single ? 1 : 0);
    }
    if (changed && !store.tick(static_cast<std::uint64_t>(n))) return false;
  }
  return true;
}

}  // namespace csp
