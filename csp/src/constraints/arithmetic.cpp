// Arithmetic: exact relations in 128 bits; GAC by enumeration on small domains at the root, bounds reasoning
// elsewhere.
#include "csp/constraints/arithmetic.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "linear_bounds.hpp"

namespace csp {

namespace {

using detail::ceil_div;
using detail::first_index_at_least;
using detail::floor_div;
using detail::last_index_at_most;
using detail::Wide;
// Products are clamped to +-kClamp: far outside any int or long long, so a clamped value never equals a target or a
// value, and intervals widened by clamping stay sound.
constexpr Wide kClamp = Wide{1} << 80;

Wide clamp(Wide v) { return v > kClamp ? kClamp : (v < -kClamp ? -kClamp : v); }
Wide wabs(Wide v) { return v < 0 ? -v : v; }

// x ^ y for y >= 0, saturating at +-kClamp (|x| >= 2 passes it within 81 steps).
Wide power(Wide x, Wide y) {
  if (x == 0) return y == 0 ? 1 : 0;
  if (x == 1) return 1;
  if (x == -1) return y % 2 == 0 ? 1 : -1;
  Wide r = 1;
  for (Wide k = 0; k < y; ++k) {
    r *= x;
    if (wabs(r) >= kClamp) return r > 0 ? kClamp : -kClamp;
  }
  return r;
}

// x ^ y as MiniZinc 2.6 defines int_pow (stdlib flatzinc_builtins.mzn): for y < 0 it is 1 div x^|y|, so 1 for
// x = 1, (-1)^|y| for x = -1, 0 for |x| >= 2 and undefined for x = 0.
std::optional<Wide> int_pow(Wide x, Wide y) {
  if (y >= 0) return power(x, y);
  if (x == 0) return std::nullopt;
  if (x == 1) return Wide{1};
  if (x == -1) return Wide{y % 2 == 0 ? 1 : -1};
  return Wide{0};
}

// The result of a functional relation on its inputs, or nothing where it is undefined (div/mod by 0, pow of 0 with
// a negative exponent).
std::optional<Wide> evaluate(ArithmeticKind kind, std::span<const Value> in) {
  const Wide x = in[0];
  switch (kind) {
    case ArithmeticKind::times:
      return x * in[1];
    case ArithmeticKind::div:
      return in[1] == 0 ? std::nullopt : std::optional<Wide>(x / in[1]);  // C++: truncation
    case ArithmeticKind::mod:
      return in[1] == 0 ? std::nullopt : std::optional<Wide>(x % in[1]);  // sign of x
    case ArithmeticKind::abs:
      return wabs(x);
    case ArithmeticKind::min:
      return std::min<Wide>(x, in[1]);
    case ArithmeticKind::max:
      return std::max<Wide>(x, in[1]);
    case ArithmeticKind::pow:
      return int_pow(x, in[1]);
    case ArithmeticKind::product:
    case ArithmeticKind::quotient:
    case ArithmeticKind::difference:
      break;
  }
  return std::nullopt;
}

// [lo, hi] hull of a set of candidate bounds.
struct Hull {
  Wide lo = kClamp;
  Wide hi = -kClamp;
  void add(Wide v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  void add(Wide l, Wide h) {
    lo = std::min(lo, l);
    hi = std::max(hi, h);
  }
};

}  // namespace

const char* arithmetic_name(ArithmeticKind kind) {
  switch (kind) {
    case ArithmeticKind::times:
      return "times";
    case ArithmeticKind::div:
      return "div";
    case ArithmeticKind::mod:
      return "mod";
    case ArithmeticKind::abs:
      return "abs";
    case ArithmeticKind::min:
      return "min";
    case ArithmeticKind::max:
      return "max";
    case ArithmeticKind::pow:
      return "pow";
    case ArithmeticKind::product:
      return "product";
    case ArithmeticKind::quotient:
      return "quotient";
    case ArithmeticKind::difference:
      return "difference";
  }
  return "arithmetic";
}

Arithmetic::Arithmetic(ArithmeticKind kind, std::vector<VarId> scope, long long target, std::string name)
    : Constraint(std::move(scope), std::move(name)), kind_(kind), target_(target), output_(-1) {
  std::size_t arity = 3;
  switch (kind_) {
    case ArithmeticKind::abs:
      arity = 2;
      output_ = 1;
      break;
    case ArithmeticKind::quotient:
    case ArithmeticKind::difference:
      arity = 2;
      break;
    case ArithmeticKind::product:
      arity = this->scope().size();
      break;
    default:
      output_ = 2;
      break;
  }
  if (this->scope().size() != arity || arity == 0)
    throw ModelError(std::string(arithmetic_name(kind_)) + " '" + this->name() + "': a scope of " +
                     std::to_string(this->scope().size()) + " variables, expected " +
                     (kind_ == ArithmeticKind::product ? std::string("at least 1") : std::to_string(arity)));
}

bool Arithmetic::is_satisfied_by(std::span<const Value> values) const {
  switch (kind_) {
    case ArithmeticKind::product: {
      Wide p = 1;
      for (Value v : values) p = clamp(p * v);
      return p == target_;
    }
    case ArithmeticKind::quotient: {
      const Wide lo = std::min(values[0], values[1]);
      const Wide hi = std::max(values[0], values[1]);
      return lo != 0 && hi == Wide{target_} * lo;
    }
    case ArithmeticKind::difference:
      return wabs(Wide{values[0]} - values[1]) == target_;
    default: {
      const std::optional<Wide> r = evaluate(kind_, values.first(static_cast<std::size_t>(output_)));
      return r && *r == values[static_cast<std::size_t>(output_)];
    }
  }
}

// The filtering of one Arithmetic constraint over one store; `only` >= 0 restricts the changes to scope[only].
struct ArithmeticFilter {
  const Arithmetic& con;
  Store& store;
  int only;
  bool changed = false;

  // The current bounds (values) of each scope variable of a relation of at most kCached variables (all but
  // product), read once per call and kept up to date by every change made here: bounds() reads them a dozen times
  // per round, and most narrow() calls change nothing (city-position: a third of its time was spent re-reading
  // domains and re-mapping values to indices).
  static constexpr int kCached = 3;
  bool cached = false;
  std::array<long long, kCached> low{};
  std::array<long long, kCached> high{};

  VarId var_at(int k) const { return con.scope()[static_cast<std::size_t>(k)]; }
  const Domain& dom(int k) const { return store.domain(var_at(k)); }
  const Variable& var(int k) const { return store.problem().variable(var_at(k)); }
  long long read_lo(int k) const { return store.value(var_at(k), dom(k).min()); }
  long long read_hi(int k) const { return store.value(var_at(k), dom(k).max()); }
  Wide lo(int k) const { return cached ? low[static_cast<std::size_t>(k)] : read_lo(k); }
  Wide hi(int k) const { return cached ? high[static_cast<std::size_t>(k)] : read_hi(k); }
  void load() {
    cached = con.arity() <= kCached;
    if (!cached) return;
    for (int k = 0; k < con.arity(); ++k) reload(k);
  }
  // After scope[k]'s domain changed (not empty).
  void reload(int k) {
    if (!cached) return;
    low[static_cast<std::size_t>(k)] = read_lo(k);
    high[static_cast<std::size_t>(k)] = read_hi(k);
  }
  bool may_change(int k) const { return only < 0 || only == k; }
  bool wipe_out(int k) { return store.remove_above(var_at(k), -1, &con); }

  // Keeps the values of scope[k] in [l, h]. Returns false iff its domain is wiped out. The test for "nothing to
  // remove" (most calls) is inline; the change is not.
  [[gnu::always_inline]] bool narrow(int k, Wide l, Wide h) {
    if (!may_change(k) || (l <= lo(k) && h >= hi(k) && l <= h)) return true;
    return shrink(k, l, h);
  }
  [[gnu::noinline]] bool shrink(int k, Wide l, Wide h) {
    if (l > h) return wipe_out(k);
    const VarId x = var_at(k);
    const int size = dom(k).size();
    const int first = first_index_at_least(var(k), l);
    const int last = last_index_at_most(var(k), h);
    const bool below = first > dom(k).min();
    const bool above = last < dom(k).max();
    if (below && above
            ? !store.keep_between(x, first, last, &con)  // both bounds: one change, one wake-up
            : (below && !store.remove_below(x, first, &con)) || (above && !store.remove_above(x, last, &con)))
      return false;
    changed = changed || dom(k).size() != size;
    reload(k);
    return true;
  }
  bool at_least(int k, Wide l) { return narrow(k, l, kClamp); }
  bool at_most(int k, Wide h) { return narrow(k, -kClamp, h); }
  // Removes value v from scope[k] when it is there.
  bool remove_value(int k, Wide v) {
    if (!may_change(k) || v < lo(k) || v > hi(k)) return true;
    const int i = var(k).index_of(static_cast<Value>(v));
    if (i < 0 || !dom(k).contains(i)) return true;
    changed = true;
    if (!store.remove(var_at(k), i, &con)) return false;
    reload(k);
    return true;
  }
  bool holds_value(int k, Wide v) const {
    if (v < var(k).min_value() || v > var(k).max_value()) return false;
    const int i = var(k).index_of(static_cast<Value>(v));
    return i >= 0 && dom(k).contains(i);
  }

  // True iff every input is one value (from the cached bounds).
  bool inputs_fixed() const {
    for (int k = 0; k < con.arity(); ++k)
      if (k != con.output_ && low[static_cast<std::size_t>(k)] != high[static_cast<std::size_t>(k)]) return false;
    return true;
  }

  // Product of the input domain sizes, capped just above the enumeration limit.
  long long input_tuples() const {
    long long n = 1;
    for (int k = 0; k < con.arity(); ++k) {
      if (k == con.output_) continue;
      n *= dom(k).size();
      if (n > Arithmetic::kEnumerationLimit) return n;
    }
    return n;
  }

  // Generalised arc consistency: every input tuple of the current domains is tried once.
  bool enumerate() {
    const int n = con.arity();
    const int out = con.output_;
    std::vector<std::vector<int>> index(static_cast<std::size_t>(n));  // the indices left, per position
    std::vector<std::vector<char>> supported(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      if (k == out) continue;
      index[static_cast<std::size_t>(k)] = dom(k).indices();
      supported[static_cast<std::size_t>(k)].assign(index[static_cast<std::size_t>(k)].size(), 0);
    }
    std::vector<Value> tuple(static_cast<std::size_t>(n));
    std::vector<std::size_t> at(static_cast<std::size_t>(n), 0);
    std::vector<Value> results;
    std::uint64_t work = 0;
    for (bool more = true; more;) {
      for (int k = 0; k < n; ++k) {
        const auto u = static_cast<std::size_t>(k);
        if (k != out) tuple[u] = store.value(var_at(k), index[u][at[u]]);
      }
      bool ok = false;
      if (out < 0) {
        ok = con.is_satisfied_by(tuple);
      } else {
        const std::optional<Wide> r =
            evaluate(con.kind_, std::span<const Value>(tuple).first(static_cast<std::size_t>(out)));
        if (r && holds_value(out, *r)) {
          ok = true;
          results.push_back(static_cast<Value>(*r));
        }
      }
      if (ok)
        for (int k = 0; k < n; ++k)
          if (k != out) supported[static_cast<std::size_t>(k)][at[static_cast<std::size_t>(k)]] = 1;
      ++work;
      more = false;  // next tuple (odometer)
      for (int k = n - 1; k >= 0 && !more; --k) {
        if (k == out) continue;
        auto& a = at[static_cast<std::size_t>(k)];
        if (++a < index[static_cast<std::size_t>(k)].size())
          more = true;
        else
          a = 0;
      }
    }
    if (!store.tick(work)) return false;
    for (int k = 0; k < n; ++k) {
      if (k == out || !may_change(k)) continue;
      const auto& idx = index[static_cast<std::size_t>(k)];
      for (std::size_t j = 0; j < idx.size(); ++j) {
        if (supported[static_cast<std::size_t>(k)][j]) continue;
        changed = true;
        if (!store.remove(var_at(k), idx[j], &con)) return false;
      }
    }
    if (out < 0 || !may_change(out)) return true;
    if (results.empty()) return wipe_out(out);
    std::sort(results.begin(), results.end());
    results.erase(std::unique(results.begin(), results.end()), results.end());
    if (!narrow(out, results.front(), results.back())) return false;
    // Inner values only from a domain of at most Domain::kMaxBitsetCapacity values: a wider one (an interval) keeps
    // each removed value as a hole, which every later change of its bounds pays for (template_design: 7,345-value
    // products, 25% of its time in holes). By capacity, not representation: the store may keep a narrow domain as
    // an interval (Constraint::bounds_reasoning), and the values removed must not depend on that.
    if (dom(out).capacity() > Domain::kMaxBitsetCapacity) return true;
    for (int i : dom(out).indices()) {
      if (std::binary_search(results.begin(), results.end(), store.value(var_at(out), i))) continue;
      changed = true;
      if (!store.remove(var_at(out), i, &con)) return false;
    }
    return true;
  }

  // One round of bounds reasoning for the relation. Returns false on a wipe-out.
  bool bounds() {
    const long long t = con.target_;
    switch (con.kind_) {
      case ArithmeticKind::times:
        return times(0, 1, 2);
      case ArithmeticKind::div:
        return div();
      case ArithmeticKind::mod:
        return mod();
      case ArithmeticKind::abs: {
        const Wide l = lo(0);
        const Wide h = hi(0);
        if (!narrow(1, l <= 0 && h >= 0 ? 0 : std::min(wabs(l), wabs(h)), std::max(wabs(l), wabs(h)))) return false;
        const Wide zl = lo(1);
        const Wide zh = hi(1);
        if (!narrow(0, -zh, zh)) return false;
        if (lo(0) > -zl && !at_least(0, zl)) return false;  // no value in (-zl, zl): x >= zl
        return !(hi(0) < zl) || at_most(0, -zl);
      }
      case ArithmeticKind::min:
        if (!narrow(2, std::min(lo(0), lo(1)), std::min(hi(0), hi(1)))) return false;
        if (!at_least(0, lo(2)) || !at_least(1, lo(2))) return false;
        if (lo(1) > hi(2) && !at_most(0, hi(2))) return false;  // y is above every z: x is the minimum
        return !(lo(0) > hi(2)) || at_most(1, hi(2));
      case ArithmeticKind::max:
        if (!narrow(2, std::max(lo(0), lo(1)), std::max(hi(0), hi(1)))) return false;
        if (!at_most(0, hi(2)) || !at_most(1, hi(2))) return false;
        if (hi(1) < lo(2) && !at_least(0, lo(2))) return false;
        return !(hi(0) < lo(2)) || at_least(1, lo(2));
      case ArithmeticKind::pow:
        return pow();
      case ArithmeticKind::product:
        return product(t);
      case ArithmeticKind::quotient:
        if (t == 0) return true;  // max = 0 and min < 0: nothing to say about bounds
        return remove_value(0, 0) && remove_value(1, 0) && quotient_side(0, 1, t) && quotient_side(1, 0, t);
      case ArithmeticKind::difference:
        if (t < 0) return wipe_out(only < 0 ? 0 : only);
        return narrow(0, lo(1) - t, hi(1) + t) && narrow(1, lo(0) - t, hi(0) + t);
    }
    return true;
  }

  // x * y = z at positions px, py, pz.
  bool times(int px, int py, int pz) {
    Hull z;
    for (Wide a : {lo(px), hi(px)})
      for (Wide b : {lo(py), hi(py)}) z.add(a * b);
    if (!narrow(pz, z.lo, z.hi)) return false;
    if (lo(pz) > 0 || hi(pz) < 0)
      if (!remove_value(px, 0) || !remove_value(py, 0)) return false;
    return divide_into(px, pz, py) && divide_into(py, pz, px);
  }
  // scope[k] = scope[num] / scope[den] exactly: k within the hull of the corner quotients when den excludes 0.
  bool divide_into(int k, int num, int den) {
    if (lo(den) <= 0 && hi(den) >= 0) return true;
    if (lo(num) >= 0 && lo(den) > 0) {                 // the usual case: num / den grows with num and shrinks with den
      const auto a = static_cast<long long>(lo(num));  // values: 64 bits hold a + b
      const auto b = static_cast<long long>(hi(den));
      return narrow(k, (a + b - 1) / b, static_cast<long long>(hi(num)) / static_cast<long long>(lo(den)));
    }
    // ceil is monotone, so the least ceil of the corners is the ceil of the least corner (and so for floor).
    Wide l = kClamp;
    Wide u = -kClamp;
    for (Wide a : {lo(num), hi(num)})
      for (Wide b : {lo(den), hi(den)}) {
        l = std::min(l, ceil_div(a, b));
        u = std::max(u, floor_div(a, b));
      }
    return narrow(k, l, u);
  }

  bool div() {
    if (!remove_value(1, 0)) return false;
    // trunc(x / y) is monotone in x for fixed y and in y for fixed x (on each side of 0): extremes are at corners
    // of x's range times each sign part of y's range.
    Hull z;
    const auto corners = [&](Wide yl, Wide yh) {
      for (Wide a : {lo(0), hi(0)})
        for (Wide b : {yl, yh}) z.add(a / b);
    };
    if (lo(1) < 0) corners(lo(1), std::min<Wide>(hi(1), -1));
    if (hi(1) > 0) corners(std::max<Wide>(lo(1), 1), hi(1));
    if (!narrow(2, z.lo, z.hi)) return false;
    // x = z * y + r with |r| <= |y| - 1.
    Hull x;
    for (Wide a : {lo(2), hi(2)})
      for (Wide b : {lo(1), hi(1)}) x.add(a * b);
    const Wide r = std::max(wabs(lo(1)), wabs(hi(1))) - 1;
    return narrow(0, x.lo - r, x.hi + r);
  }

  // z = x^y (MiniZinc's int_pow: 1 div x^|y| for y < 0, within -1..1, and undefined at x = 0).
  bool pow() {
    if (hi(1) < 0 && !remove_value(0, 0)) return false;  // 0^y is undefined for y < 0
    Hull z;
    if (lo(1) < 0) z.add(lo(0) >= 0 ? 0 : -1, 1);  // the negative exponents: 1 div x^|y| is in -1..1 (0..1 for x >= 0)
    if (hi(1) >= 0) {
      const Wide yl = std::max<Wide>(lo(1), 0);
      const Wide b = std::max<Wide>(1, power(std::max(wabs(lo(0)), wabs(hi(0))), hi(1)));  // |x^y| <= b
      if (lo(0) >= 1)
        z.add(power(lo(0), yl), power(hi(0), hi(1)));  // increasing in x and y
      else
        z.add(lo(0) >= 0 ? 0 : -b, b);
    }
    return narrow(2, z.lo, z.hi);
  }

  bool mod() {
    if (!remove_value(1, 0)) return false;
    const Wide m = std::max(wabs(lo(1)), wabs(hi(1))) - 1;  // |z| < |y|
    // |z| <= |x| and z has the sign of x (or is 0).
    if (!narrow(2, lo(0) >= 0 ? 0 : std::max(lo(0), -m), hi(0) <= 0 ? 0 : std::min(hi(0), m))) return false;
    if (lo(2) > 0 && !at_least(0, lo(2))) return false;
    if (hi(2) < 0 && !at_most(0, hi(2))) return false;
    if (lo(2) > 0 || hi(2) < 0) {  // |y| > min |z| >= 1
      const Wide a = std::min(wabs(lo(2)), wabs(hi(2)));
      if (lo(1) > -(a + 1) && !at_least(1, a + 1)) return false;
      if (hi(1) < a + 1 && !at_most(1, -(a + 1))) return false;
    }
    return true;
  }

  bool product(long long t) {
    const int n = con.arity();
    if (t != 0)
      for (int k = 0; k < n; ++k)
        if (!remove_value(k, 0)) return false;
    for (int k = 0; k < n; ++k) {
      // The hull of the product of the others' ranges, and whether they all exclude 0.
      Wide pl = 1;
      Wide ph = 1;
      bool others_nonzero = true;
      for (int j = 0; j < n; ++j) {
        if (j == k) continue;
        Hull h;
        for (Wide a : {pl, ph})
          for (Wide b : {lo(j), hi(j)}) h.add(clamp(a * b));
        pl = h.lo;
        ph = h.hi;
        others_nonzero = others_nonzero && !holds_value(j, 0);
      }
      if (t == 0) {
        if (others_nonzero && !narrow(k, 0, 0)) return false;
        continue;
      }
      if (pl <= 0 && ph >= 0) continue;
      Wide l = kClamp;
      Wide u = -kClamp;
      for (Wide b : {pl, ph}) {
        l = std::min(l, ceil_div(t, b));
        u = std::max(u, floor_div(t, b));
      }
      if (!narrow(k, l, u)) return false;
      if (!divisors_only(k, t)) return false;
    }
    return true;
  }

  // Removes from scope[k] the values that do not divide t != 0 (only on a domain of at most
  // Domain::kMaxBitsetCapacity values: a cheap scan that leaves few values, e.g. 16 of 1..1000 for t = 1000; an
  // interval domain would keep each removed value as a hole, which every later change of its bounds pays for).
  bool divisors_only(int k, long long t) {
    if (!may_change(k) || dom(k).capacity() > Domain::kMaxBitsetCapacity) return true;
    for (int i : dom(k).indices()) {
      if (Wide{t} % store.value(var_at(k), i) == 0) continue;  // 0 was removed above; 128 bits: LLONG_MIN % -1
      changed = true;
      if (!store.remove(var_at(k), i, &con)) return false;
    }
    reload(k);  // a product of up to kCached factors keeps its bounds cached too
    return true;
  }

  // a is t * b or b / t: within the hull of both at b's bounds (t != 0).
  bool quotient_side(int a, int b, long long t) {
    Wide l = kClamp;
    Wide u = -kClamp;
    for (Wide v : {lo(b), hi(b)}) {
      l = std::min({l, v * t, ceil_div(v, t)});
      u = std::max({u, v * t, floor_div(v, t)});
    }
    return narrow(a, l, u);
  }

  // Before the search's first decision (the root: preprocessing, the givens' propagation), supports are enumerated
  // up to kEnumerationLimit input tuples; once it has made one (where the same constraint is filtered at every
  // node) only when every input is a single value. Enumerating at each node cost template_design 44% of its time in
  // enumerate() for prunings the bounds make anyway. Depth 0 alone is not the root: binary branching
  // posts x != v there after each refuted x = v of the first decision (city-position enumerated at each of those).
  long long enumeration_limit() const {
    const bool root = store.depth() == 0 && store.stats().assignments == 0;
    return root ? Arithmetic::kEnumerationLimit : Arithmetic::kSearchEnumerationLimit;
  }

  // Every input is one value (the usual case below the root: kSearchEnumerationLimit): the one tuple's result, or
  // its check when the relation has no result, without enumerate()'s lists (city-position called it at every node).
  bool fixed_inputs() {
    const int n = con.arity();
    const int out = con.output_;
    std::array<Value, 3> small{};
    std::vector<Value> large;
    std::span<Value> tuple(small.data(), static_cast<std::size_t>(n));
    if (n > static_cast<int>(small.size())) {
      large.resize(static_cast<std::size_t>(n));
      tuple = std::span<Value>(large);
    }
    for (int k = 0; k < n; ++k)
      if (k != out) tuple[static_cast<std::size_t>(k)] = store.value(var_at(k), dom(k).min());
    const int blamed = only >= 0 ? only : 0;  // emptied on a violation, as enumerate() does (the output is never 0)
    if (out < 0) return con.is_satisfied_by(tuple) || wipe_out(blamed);
    const std::optional<Wide> r =
        evaluate(con.kind_, std::span<const Value>(tuple).first(static_cast<std::size_t>(out)));
    if (!r || !holds_value(out, *r)) return wipe_out(blamed);
    return narrow(out, *r, *r);
  }

  bool run() {
    const long long limit = enumeration_limit();
    load();
    for (int round = 0; round < 64; ++round) {
      const long long tuples = limit == 1 && cached ? (inputs_fixed() ? 1 : 2) : input_tuples();
      if (tuples == 1) return fixed_inputs();
      if (tuples <= limit) return enumerate();
      changed = false;
      if (!bounds()) return false;
      if (!changed) return true;
      if (!store.tick(static_cast<std::uint64_t>(con.arity()))) return false;
    }
    return true;
  }
};

bool Arithmetic::revise(Store& store, int pos) const { return ArithmeticFilter{*this, store, pos}.run(); }

bool Arithmetic::propagate(Store& store) const { return ArithmeticFilter{*this, store, -1}.run(); }

bool Arithmetic::bounds_reasoning(int /*pos*/) const { return kind_ != ArithmeticKind::product; }

}  // namespace csp
