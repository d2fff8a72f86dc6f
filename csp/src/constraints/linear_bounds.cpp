// Exact bounds reasoning on a weighted sum, in 128-bit arithmetic (Linear, LinearReif).
#include "linear_bounds.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>

namespace csp::detail {

namespace {
// a and b within 64 bits (b != 0, not a = INT64_MIN with b = -1): the quotient by a 64-bit division, 10-40x cheaper
// than the 128-bit one (__divmodti4: 5% of template_design's time in int_times' bounds).
bool narrow_operands(Wide a, Wide b) {
  constexpr Wide lo = std::numeric_limits<std::int64_t>::min() + Wide{1};
  constexpr Wide hi = std::numeric_limits<std::int64_t>::max();
  return a >= lo && a <= hi && b >= lo && b <= hi;
}
}  // namespace

Wide floor_div(Wide a, Wide b) {
  if (narrow_operands(a, b)) {
    const auto x = static_cast<std::int64_t>(a);
    const auto y = static_cast<std::int64_t>(b);
    const std::int64_t q = x / y;
    return (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q;
  }
  const Wide q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

Wide ceil_div(Wide a, Wide b) {
  if (narrow_operands(a, b)) {
    const auto x = static_cast<std::int64_t>(a);
    const auto y = static_cast<std::int64_t>(b);
    const std::int64_t q = x / y;
    return (x % y != 0 && (x < 0) == (y < 0)) ? q + 1 : q;
  }
  const Wide q = a / b;
  return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q;
}

bool holds_value(const Store& store, VarId x, Wide v) {
  const Variable& var = store.problem().variable(x);
  if (v < var.min_value() || v > var.max_value()) return false;
  const int i = var.index_of(static_cast<Value>(v));
  return i >= 0 && store.domain(x).contains(i);
}

// c * v of two ints fits in 64 bits: no 128-bit product per term.
Wide LinearTerms::term_min(int k) const {
  const Domain& d = store.domain(var_at(k));
  const long long c = coefficients[static_cast<std::size_t>(k)];
  return c * store.value(var_at(k), c >= 0 ? d.min() : d.max());
}

Wide LinearTerms::term_max(int k) const {
  const Domain& d = store.domain(var_at(k));
  const long long c = coefficients[static_cast<std::size_t>(k)];
  return c * store.value(var_at(k), c >= 0 ? d.max() : d.min());
}

bool LinearTerms::narrow(int k, Wide lo, Wide hi) const {
  const VarId x = var_at(k);
  const Wide c = coefficient(k);
  if (c == 0) return (lo <= 0 && 0 <= hi) || wipe_out(k);  // violated whatever x is
  // Unit coefficients (most FlatZinc sums) need no 128-bit division.
  const Wide vlo = c == 1 ? lo : c == -1 ? -hi : c > 0 ? ceil_div(lo, c) : ceil_div(hi, c);
  const Wide vhi = c == 1 ? hi : c == -1 ? -lo : c > 0 ? floor_div(hi, c) : floor_div(lo, c);
  const Variable& var = store.problem().variable(x);
  const Domain& d = store.domain(x);
  const int first = first_index_at_least(var, vlo);
  const int last = last_index_at_most(var, vhi);
  const bool below = first > d.min();
  const bool above = last < d.max();
  if (below && above) return store.keep_between(x, first, last, cause);  // one change, one wake-up
  if (below) return store.remove_below(x, first, cause);
  return !above || store.remove_above(x, last, cause);
}

bool LinearTerms::prune(int k, LinearOp op, Wide rhs, Wide others_lo, Wide others_hi, bool others_fixed) const {
  switch (op) {
    case LinearOp::eq:
      return narrow(k, rhs - others_hi, rhs - others_lo);
    case LinearOp::le:
      return narrow(k, -kInfinity, rhs - others_lo);
    case LinearOp::ge:
      return narrow(k, rhs - others_hi, kInfinity);
    case LinearOp::ne:
      break;
  }
  if (!others_fixed) return true;
  const VarId x = var_at(k);
  const Wide c = coefficient(k);
  const Wide t = rhs - others_lo;  // the one forbidden value of the term
  if (c == 0) return t != 0 || wipe_out(k);
  if (t % c != 0) return true;
  const Wide v = t / c;
  const Variable& var = store.problem().variable(x);
  if (v < var.min_value() || v > var.max_value()) return true;
  const int i = var.index_of(static_cast<Value>(v));
  return i < 0 || store.remove(x, i, cause);
}

void LinearTerms::refresh(TermBounds& s, int k) const {
  const auto j = static_cast<std::size_t>(k);
  const Domain& d = store.domain(var_at(k));
  const int lo_index = d.min();
  const int hi_index = d.max();
  const long long c = coefficients[j];
  const long long tmin = c * store.value(var_at(k), c >= 0 ? lo_index : hi_index);
  const long long tmax = c * store.value(var_at(k), c >= 0 ? hi_index : lo_index);
  s.lo += Wide{tmin} - s.tmin[j];
  s.hi += Wide{tmax} - s.tmax[j];
  s.fixed += (lo_index == hi_index ? 1 : 0) - (s.min_index[j] == s.max_index[j] ? 1 : 0);
  s.tmin[j] = tmin;
  s.tmax[j] = tmax;
  s.min_index[j] = lo_index;
  s.max_index[j] = hi_index;
}

TermBounds& LinearTerms::sums() const {
  TermBounds* s = nullptr;
  const ConstraintId id = cause != nullptr ? cause->id() : -1;
  if (cause != nullptr && store.owns(*cause)) {
    s = static_cast<TermBounds*>(store.memory(id));
    if (s == nullptr) {
      s = &static_cast<TermBounds&>(store.set_memory(id, std::make_unique<TermBounds>(size())));
      s->active_id = store.new_int(size());
    }
  } else {
    thread_local TermBounds scratch(0);
    scratch = TermBounds(size());
    s = &scratch;
  }
  std::uint64_t widest = 0;
  const int active = s->active_id < 0 ? size() : static_cast<int>(store.int_value(s->active_id));
  int left = active;
  for (int q = 0; q < left;) {
    const int k = s->order[static_cast<std::size_t>(q)];
    const Domain& d = store.domain(var_at(k));
    const auto j = static_cast<std::size_t>(k);
    if (d.min() != s->min_index[j] || d.max() != s->max_index[j]) refresh(*s, k);
    if (s->active_id >= 0 && s->min_index[j] == s->max_index[j]) {  // fixed: set aside
      std::swap(s->order[static_cast<std::size_t>(q)], s->order[static_cast<std::size_t>(--left)]);
      continue;
    }
    widest = std::max(widest, static_cast<std::uint64_t>(s->tmax[j]) - static_cast<std::uint64_t>(s->tmin[j]));
    ++q;
  }
  if (left != active) store.set_int(s->active_id, left);
  s->active = left;
  s->widest = widest;
  return *s;
}

bool LinearTerms::revise(int k, LinearOp op, Wide rhs) const {
  const TermBounds& s = sums();
  const auto j = static_cast<std::size_t>(k);
  const int single = s.min_index[j] == s.max_index[j] ? 1 : 0;
  return prune(k, op, rhs, s.lo - s.tmin[j], s.hi - s.tmax[j], s.fixed - single == size() - 1);
}

bool LinearTerms::propagate(LinearOp op, Wide rhs) const {
  const int n = size();
  // One pass: each position pruned against the sums of the other terms' bounds, the sums kept up to date as bounds
  // move. Repeated until a pass changes nothing (a fixpoint of every revise).
  // Bounds reasoning leaves term k alone when the interval the others allow it, [rhs - (hi - tmax),
  // rhs - (lo - tmin)] for =, contains [tmin, tmax]: when the slack on each side is at least the term's span.
  const auto untouched = [op, rhs](Wide lo, Wide hi, Wide span) {
    switch (op) {
      case LinearOp::eq:
        return rhs - lo >= span && hi - rhs >= span;
      case LinearOp::le:
        return rhs - lo >= span;
      case LinearOp::ge:
        return hi - rhs >= span;
      case LinearOp::ne:
        return false;
    }
    return false;
  };
  TermBounds& s = sums();
  if (s.active == 0) {  // every term fixed: the sum is s.lo (= s.hi)
    switch (op) {
      case LinearOp::eq:
        return s.lo == rhs;
      case LinearOp::le:
        return s.lo <= rhs;
      case LinearOp::ge:
        return s.lo >= rhs;
      case LinearOp::ne:
        return s.lo != rhs;
    }
  }
  // Entailed: every combination of the values left satisfies the sum. It sleeps until search undoes past this
  // point (Store::entail), so later changes of its terms do not wake it (Gecode's subsumption).
  const auto entailed = [op, rhs](Wide lo, Wide hi) {
    switch (op) {
      case LinearOp::le:
        return hi <= rhs;
      case LinearOp::ge:
        return lo >= rhs;
      case LinearOp::ne:
        return rhs < lo || rhs > hi;
      case LinearOp::eq:
        return false;  // only once every term is fixed, and then nothing wakes it again
    }
    return false;
  };
  const bool may_sleep = op != LinearOp::eq && cause != nullptr;  // an equality is entailed only once all fixed
  if (may_sleep && entailed(s.lo, s.hi)) {
    store.entail(*cause);
    return true;
  }
  if (untouched(s.lo, s.hi, Wide{s.widest})) return true;  // no term can lose a value
  const int active = s.active;  // the terms set aside are fixed: bounds reasoning cannot prune them
  for (bool changed = true; changed;) {
    changed = false;
    for (int p = 0; p < active; ++p) {
      const int k = s.order[static_cast<std::size_t>(p)];
      const auto j = static_cast<std::size_t>(k);
      const Domain& d = store.domain(var_at(k));
      const int size = d.size();
      const Wide tmin = s.tmin[j];
      const Wide tmax = s.tmax[j];
      if (untouched(s.lo, s.hi, tmax - tmin)) continue;
      const int single = s.min_index[j] == s.max_index[j] ? 1 : 0;
      if (!prune(k, op, rhs, s.lo - tmin, s.hi - tmax, s.fixed - single == n - 1)) return false;
      if (d.size() == size) continue;
      changed = n > 1;
      refresh(s, k);
    }
    if (changed && !store.tick(static_cast<std::uint64_t>(n))) return false;
  }
  if (may_sleep && entailed(s.lo, s.hi)) store.entail(*cause);
  return true;
}

}  // namespace csp::detail
