// Reified linear relations and set membership: b <-> C, b -> C.
#include "csp/constraints/reified.hpp"

#include <algorithm>
#include <numeric>

#include "bool_support.hpp"
#include "csp/core/store.hpp"
#include "linear_bounds.hpp"
#include "linear_explain.hpp"

namespace csp {

using detail::fixed_value;
using detail::LinearTerms;
using detail::Wide;

namespace {

bool holds(LinearOp op, Wide sum, Wide rhs) {
  switch (op) {
    case LinearOp::eq:
      return sum == rhs;
    case LinearOp::ne:
      return sum != rhs;
    case LinearOp::le:
      return sum <= rhs;
    case LinearOp::ge:
      return sum >= rhs;
  }
  return false;
}

// The negation of "sum OP rhs" as "sum OP' rhs'".
std::pair<LinearOp, Wide> negation(LinearOp op, Wide rhs) {
  switch (op) {
    case LinearOp::eq:
      return {LinearOp::ne, rhs};
    case LinearOp::ne:
      return {LinearOp::eq, rhs};
    case LinearOp::le:
      return {LinearOp::ge, rhs + 1};
    case LinearOp::ge:
      return {LinearOp::le, rhs - 1};
  }
  return {op, rhs};
}

// Gaps and inner runs of more values than this are left in an interval domain (removing them value by value would
// cost their width).
constexpr int kMaxValuesRemovedOneByOne = 65536;

// Removes the indices of x's domain in lo..hi one by one (precondition: at most kMaxValuesRemovedOneByOne of them).
bool remove_indices(Store& store, VarId x, int lo, int hi, const Constraint* cause) {
  const Domain& d = store.domain(x);
  std::vector<int> gone;
  for (int i = d.contains(lo) ? lo : d.next(lo); i >= 0 && i <= hi; i = d.next(i)) gone.push_back(i);
  for (int i : gone)
    if (!store.remove(x, i, cause)) return false;
  return true;
}

}  // namespace

// ---- LinearReif ------------------------------------------------------------------------------------------------

// b lost a value: the relation (b lost 1) or its negation (b lost 0) has no solution in the terms' bounds. A term lost
// a value: b held 1 (the relation) or 0 (its negation, under <->), and with the value the rest cannot satisfy it.
bool LinearReif::explain(const PastDomains& then, int pos, int index, Explanation& why) const {
  const Problem& p = then.problem();
  const int n = static_cast<int>(coefficients_.size());
  const VarId b = scope()[static_cast<std::size_t>(n)];
  const std::span<const VarId> terms(scope().data(), coefficients_.size());
  const auto [not_op, not_rhs] = detail::negated(op_, rhs_);
  if (pos == n) {
    const Value lost = p.variable(b).value(index);
    if (lost == 1) return detail::explain_violation(then, terms, coefficients_, -1, 0, op_, rhs_, why);
    if (lost == 0) return detail::explain_violation(then, terms, coefficients_, -1, 0, not_op, not_rhs, why);
    return false;
  }
  const int fixed = then.fixed_index(b);
  if (fixed < 0) return false;
  const Value held = p.variable(b).value(fixed);
  if (held != 1 && (held != 0 || reification_ != Reification::equivalence)) return false;
  const detail::Wide term = detail::Wide{coefficients_[static_cast<std::size_t>(pos)]} *
                            p.variable(scope()[static_cast<std::size_t>(pos)]).value(index);
  const bool shown = held == 1 ? detail::explain_violation(then, terms, coefficients_, pos, term, op_, rhs_, why)
                               : detail::explain_violation(then, terms, coefficients_, pos, term, not_op, not_rhs, why);
  if (shown) why.fixed(b);
  return shown;
}

LinearReif::LinearReif(std::vector<VarId> vars, std::vector<int> coefficients, LinearOp op, long long rhs, VarId b,
                       Reification reification, std::string name)
    : Constraint(
          [&] {
            vars.push_back(b);
            return std::move(vars);
          }(),
          std::move(name)),
      coefficients_(std::move(coefficients)),
      op_(op),
      rhs_(rhs),
      reification_(reification) {
  long long g = 0;
  for (int c : coefficients_) g = std::gcd(g, static_cast<long long>(c));
  never_equal_ = g == 0 ? rhs_ != 0 : rhs_ % g != 0;
}

void LinearReif::attach(const Problem& problem) {
  Constraint::attach(problem);
  detail::require_boolean(problem, scope().back(), name(), "reification");
}

bool LinearReif::is_satisfied_by(std::span<const Value> values) const {
  Wide sum = 0;
  for (std::size_t k = 0; k < coefficients_.size(); ++k) sum += Wide{coefficients_[k]} * values[k];
  const bool c = holds(op_, sum, rhs_);
  const Value b = values.back();
  return reification_ == Reification::equivalence ? (b == 1) == c : b == 0 || c;
}

int LinearReif::truth(Store& store) const {
  const LinearTerms t{std::span(scope()).first(coefficients_.size()), coefficients_, store, this};
  const detail::TermBounds& s = t.sums();  // the running sums of Linear's propagation, shared
  const Wide lo = s.lo;
  const Wide hi = s.hi;
  const int open = t.size() - s.fixed;
  const Wide rhs = rhs_;
  switch (op_) {
    case LinearOp::le:
      return hi <= rhs ? 1 : (lo > rhs ? -1 : 0);
    case LinearOp::ge:
      return lo >= rhs ? 1 : (hi < rhs ? -1 : 0);
    case LinearOp::eq:
    case LinearOp::ne:
      break;
  }
  int equal = 0;  // the truth of sum = rhs
  if (never_equal_ || rhs < lo || rhs > hi) {
    equal = -1;
  } else if (lo == hi) {
    equal = 1;
  } else if (open == 1) {  // the one open term (its coefficient is not 0, or lo == hi) must take one value
    int last_open = 0;
    while (s.min_index[static_cast<std::size_t>(last_open)] == s.max_index[static_cast<std::size_t>(last_open)])
      ++last_open;
    const Wide need = rhs - (lo - s.tmin[static_cast<std::size_t>(last_open)]);
    const Wide c = t.coefficient(last_open);
    equal = need % c == 0 && detail::holds_value(store, t.var_at(last_open), need / c) ? 0 : -1;
  }
  return op_ == LinearOp::eq ? equal : -equal;
}

bool LinearReif::propagate(Store& store) const {
  const VarId b = scope().back();
  const LinearTerms t{std::span(scope()).first(coefficients_.size()), coefficients_, store, this};
  const int bv = fixed_value(store, b);
  if (bv == 0 && reification_ == Reification::implication) {
    store.entail(*this);
    return true;
  }
  if (bv >= 0) {
    const auto [op, rhs] = bv == 1 ? std::pair{op_, Wide{rhs_}} : negation(op_, rhs_);
    if (t.size() == 0 || (never_equal_ && op == LinearOp::eq)) {  // decided without looking at a variable
      const int tr = truth(store);
      return (bv == 1 ? tr >= 0 : tr <= 0) || t.store.remove_above(b, -1, this);
    }
    if (never_equal_ && op == LinearOp::ne) return true;
    return t.propagate(op, rhs);
  }
  // Decided by the bounds: b follows, and the constraint is entailed (it sleeps, Store::entail).
  const int tr = truth(store);
  if (tr > 0) {
    if (reification_ == Reification::equivalence && !detail::set_bool(store, b, 1, this)) return false;
    store.entail(*this);
  } else if (tr < 0) {
    if (!detail::set_bool(store, b, 0, this)) return false;
    store.entail(*this);
  }
  return true;
}

bool LinearReif::revise(Store& store, int pos) const {
  const VarId b = scope().back();
  const LinearTerms t{std::span(scope()).first(coefficients_.size()), coefficients_, store, this};
  if (pos == t.size()) {
    const int tr = truth(store);
    if (tr > 0 && reification_ == Reification::equivalence) return detail::remove_bool(store, b, 0, this);
    if (tr < 0) return detail::remove_bool(store, b, 1, this);
    return true;
  }
  const int bv = fixed_value(store, b);
  if (bv < 0 || (bv == 0 && reification_ == Reification::implication)) return true;
  const auto [op, rhs] = bv == 1 ? std::pair{op_, Wide{rhs_}} : negation(op_, rhs_);
  if (never_equal_ && op == LinearOp::eq) {
    return t.wipe_out(pos);
  }
  if (never_equal_ && op == LinearOp::ne) return true;
  return t.revise(pos, op, rhs);
}

// ---- MemberReif ------------------------------------------------------------------------------------------------

MemberReif::MemberReif(VarId x, std::vector<Value> set, VarId b, Reification reification, std::string name)
    : Constraint({x, b}, std::move(name)), reification_(reification) {
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  for (Value v : set) {
    if (!runs_.empty() && static_cast<long long>(runs_.back().second) + 1 == v) {
      runs_.back().second = v;
    } else {
      runs_.emplace_back(v, v);
    }
  }
}

void MemberReif::attach(const Problem& problem) {
  Constraint::attach(problem);
  detail::require_boolean(problem, scope()[1], name(), "reification");
}

bool MemberReif::explain(const PastDomains& then, int pos, int index, Explanation& why) const {
  const Problem& p = then.problem();
  const VarId x = scope()[0];
  const VarId b = scope()[1];
  const Variable& xv = p.variable(x);
  if (pos == 1) {  // b lost a value: x was inside the set (b = 1 forced) or outside it (b = 0)
    const bool inside = p.variable(b).value(index) == 0;
    const int fixed = then.fixed_index(x);
    if (fixed >= 0) {
      if (contains(xv.value(fixed)) != inside) return false;
      why.fixed(x);
      return true;
    }
    for (int k = 0; k < xv.size(); ++k)
      if (contains(xv.value(k)) != inside) why.removed(x, k);  // refused (so never learned) if k was still there
    return true;
  }
  const int j = then.fixed_index(b);
  if (j < 0) return false;
  const bool in = p.variable(b).value(j) == 1;  // x in the set, or (b = 0 under <->) out of it
  if (!in && reification_ != Reification::equivalence) return false;
  if (contains(xv.value(index)) == in) return false;
  why.fixed(b);
  return true;
}

bool MemberReif::contains(Value v) const {
  const auto it = std::upper_bound(runs_.begin(), runs_.end(), v,
                                   [](Value w, const std::pair<Value, Value>& r) { return w < r.first; });
  return it != runs_.begin() && v <= std::prev(it)->second;
}

bool MemberReif::is_satisfied_by(std::span<const Value> values) const {
  const bool c = contains(values[0]);
  return reification_ == Reification::equivalence ? (values[1] == 1) == c : values[1] == 0 || c;
}

namespace {
using Run = std::pair<Value, Value>;
// The first run that ends at or above v.
std::vector<Run>::const_iterator first_run_reaching(const std::vector<Run>& runs, Value v) {
  return std::lower_bound(runs.begin(), runs.end(), v, [](const Run& r, Value w) { return r.second < w; });
}
}  // namespace

int MemberReif::inside(const Store& store) const {
  const VarId x = scope()[0];
  const Variable& var = store.problem().variable(x);
  const Domain& d = store.domain(x);
  const Value hi = store.value(x, d.max());
  int count = 0;
  for (auto r = first_run_reaching(runs_, store.value(x, d.min())); r != runs_.end() && r->first <= hi; ++r) {
    const int i0 = detail::first_index_at_least(var, r->first);
    const int i1 = detail::last_index_at_most(var, r->second);
    if (i0 <= i1) count += d.count_in(i0, i1);
  }
  return count;
}

bool MemberReif::keep_inside(Store& store) const {
  const VarId x = scope()[0];
  const Variable& var = store.problem().variable(x);
  const Domain& d = store.domain(x);
  // The lower bound: the first value of x in a run.
  bool found = false;
  for (auto r = first_run_reaching(runs_, store.value(x, d.min())); r != runs_.end(); ++r) {
    const int i0 = std::max(detail::first_index_at_least(var, r->first), d.min());
    const int i1 = detail::last_index_at_most(var, r->second);
    if (i0 > i1 || d.count_in(i0, i1) == 0) continue;
    const int first = d.contains(i0) ? i0 : d.next(i0);
    if (first > d.min() && !store.remove_below(x, first, this)) return false;
    found = true;
    break;
  }
  if (!found) return store.remove_above(x, -1, this);
  // The upper bound: the last value of x in a run (one exists: the new lower bound).
  const Value hi = store.value(x, d.max());
  auto r = first_run_reaching(runs_, hi);
  if (r == runs_.end() || r->first > hi) --r;  // the last run starting at or below hi
  for (;; --r) {
    const int i0 = detail::first_index_at_least(var, r->first);
    const int i1 = std::min(detail::last_index_at_most(var, r->second), d.max());
    if (i0 <= i1 && d.count_in(i0, i1) > 0) {
      const int last = d.contains(i1) ? i1 : d.prev(i1);
      if (last < d.max() && !store.remove_above(x, last, this)) return false;
      break;
    }
  }
  // The gaps between runs inside the bounds.
  const Value max_value = store.value(x, d.max());
  for (auto g = first_run_reaching(runs_, store.value(x, d.min())); g != runs_.end() && g->second < max_value; ++g) {
    const auto next = std::next(g);
    const int i0 = std::max(detail::last_index_at_most(var, g->second) + 1, d.min());
    const int i1 = std::min(detail::first_index_at_least(var, next->first) - 1, d.max());
    if (i0 > i1) continue;
    const int count = d.count_in(i0, i1);
    if (count > 0 && count <= kMaxValuesRemovedOneByOne && !remove_indices(store, x, i0, i1, this)) return false;
  }
  return true;
}

bool MemberReif::keep_outside(Store& store) const {
  const VarId x = scope()[0];
  const Variable& var = store.problem().variable(x);
  const Domain& d = store.domain(x);
  for (auto r = first_run_reaching(runs_, store.value(x, d.min())); r != runs_.end(); ++r) {
    if (r->first > store.value(x, d.max())) break;
    const int i0 = detail::first_index_at_least(var, r->first);
    const int i1 = detail::last_index_at_most(var, r->second);
    if (i0 > i1 || i1 < d.min() || i0 > d.max()) continue;
    if (i0 <= d.min()) {
      if (!store.remove_below(x, i1 + 1, this)) return false;
    } else if (i1 >= d.max()) {
      if (!store.remove_above(x, i0 - 1, this)) return false;
    } else if (d.count_in(i0, i1) <= kMaxValuesRemovedOneByOne && !remove_indices(store, x, i0, i1, this)) {
      return false;
    }
  }
  return true;
}

// Entailed once b is fixed and x's domain lies inside S (b = 1) or outside it (b = 0): it then sleeps (Store::entail)
// while x keeps changing (langford: the 20 reified equalities of each position woke at every change of it).
bool MemberReif::propagate(Store& store) const {
  const VarId b = scope()[1];
  const int bv = fixed_value(store, b);
  if (bv == 1) {
    if (!keep_inside(store)) return false;
    if (inside(store) == store.domain(scope()[0]).size()) store.entail(*this);
    return true;
  }
  if (bv == 0) {
    if (reification_ == Reification::equivalence) {
      if (!keep_outside(store)) return false;
      if (inside(store) != 0) return true;
    }
    store.entail(*this);
    return true;
  }
  if (!revise(store, 1)) return false;
  if (fixed_value(store, b) >= 0) store.entail(*this);  // b was fixed because x lies inside or outside S
  return true;
}

bool MemberReif::revise(Store& store, int pos) const {
  const VarId b = scope()[1];
  if (pos == 0) {
    const int bv = fixed_value(store, b);
    if (bv == 1) return keep_inside(store);
    if (bv == 0 && reification_ == Reification::equivalence) return keep_outside(store);
    return true;
  }
  const int in = inside(store);
  if (in == store.domain(scope()[0]).size() && reification_ == Reification::equivalence)
    return detail::remove_bool(store, b, 0, this);
  if (in == 0) return detail::remove_bool(store, b, 1, this);
  return true;
}

}  // namespace csp
