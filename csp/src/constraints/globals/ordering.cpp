// Increasing / decreasing, lexicographic order and maximum / minimum: bounds reasoning along the arrays, and their
// decompositions.
#include "csp/constraints/globals/ordering.hpp"

#include <algorithm>
#include <climits>

#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;
using globals_detail::MirroredGlobal;

class Increasing final : public GlobalConstraint {
 public:
  Increasing(const std::vector<VarId>& xs, bool decreasing, std::string name)
      : GlobalConstraint(xs, std::move(name)), decreasing_(decreasing) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    for (std::size_t i = 1; i < v.size(); ++i)
      if (decreasing_ ? v[i - 1] < v[i] : v[i - 1] > v[i]) return false;
    return true;
  }

  bool filter(Store& s, int only) const override {
    const int n = occurrences();
    // In chain order (reversed when decreasing), each lower bound at least the previous one, then each upper bound at
    // most the next one; a variable occurring twice may need another round.
    return to_fixpoint(s, only, [this, n](Store& t, int o) {
      for (int k = 1; k < n; ++k)
        if (!keep_at_least(t, o, at(k), lo(t, at(k - 1)))) return false;
      for (int k = n - 2; k >= 0; --k)
        if (!keep_at_most(t, o, at(k), hi(t, at(k + 1)))) return false;
      return true;
    });
  }

 private:
  int at(int k) const { return decreasing_ ? occurrences() - 1 - k : k; }
  bool decreasing_;
};

std::vector<VarId> joined(std::vector<VarId> x, const std::vector<VarId>& y) {
  x.insert(x.end(), y.begin(), y.end());
  return x;
}

class Lex final : public GlobalConstraint {
 public:
  Lex(const std::vector<VarId>& x, const std::vector<VarId>& y, bool strict, std::string name)
      : GlobalConstraint(joined(x, y), std::move(name)),
        nx_(static_cast<int>(x.size())),
        ny_(static_cast<int>(y.size())),
        strict_(strict) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    for (int i = 0; i < std::min(nx_, ny_); ++i) {
      const Value a = v[static_cast<std::size_t>(i)];
      const Value b = v[static_cast<std::size_t>(nx_ + i)];
      if (a != b) return a < b;
    }
    return strict_ ? nx_ < ny_ : nx_ <= ny_;
  }

  bool filter(Store& s, int only) const override {
    return to_fixpoint(s, only, [this](Store& t, int o) { return step(t, o); });
  }

 private:
  int y(int i) const { return nx_ + i; }

  bool fail(Store& s, int only) const {
    s.remove_above(only >= 0 ? scope()[static_cast<std::size_t>(only)] : var(0), -1, this);
    return false;
  }

  // The first pair a not fixed to one equal value: x[a] <= y[a], strictly when the rest cannot come out <=.
  bool step(Store& s, int only) const {
    const int n = std::min(nx_, ny_);
    int a = 0;
    while (a < n && fixed(s, a) && fixed(s, y(a)) && lo(s, a) == lo(s, y(a))) ++a;
    if (a == n) return (strict_ ? nx_ < ny_ : nx_ <= ny_) || fail(s, only);
    if (hi(s, a) < lo(s, y(a))) return true;  // decided at a: x < y
    const bool strict_here = !rest_may_be_lesseq(s, a + 1);
    const long long cap = strict_here ? hi(s, y(a)) - 1LL : hi(s, y(a));
    const long long floor = strict_here ? lo(s, a) + 1LL : lo(s, a);
    return keep_at_most(s, only, a, cap) && keep_at_least(s, only, y(a), floor);
  }

  // Can x[from..] <=lex y[from..] (strict: <lex) still hold, x at its lower bounds and y at its upper ones?
  bool rest_may_be_lesseq(const Store& s, int from) const {
    for (int i = from; i < std::min(nx_, ny_); ++i) {
      const Value a = lo(s, i);
      const Value b = hi(s, y(i));
      if (a != b) return a < b;
    }
    return strict_ ? nx_ < ny_ : nx_ <= ny_;
  }

  int nx_;
  int ny_;
  bool strict_;
};

class Maximum final : public MirroredGlobal {
 public:
  Maximum(VarId m, const std::vector<VarId>& xs, bool minimum, std::string name)
      : MirroredGlobal(joined({m}, xs), std::move(name), minimum) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    const auto best = minimum() ? std::min_element(v.begin() + 1, v.end()) : std::max_element(v.begin() + 1, v.end());
    return *best == v.front();
  }

  bool filter(Store& s, int only) const override {
    return to_fixpoint(s, only, [this](Store& t, int o) { return step(t, o); });
  }

 private:
  // Occurrence j's values are every integer between its bounds.
  bool unbroken(const Store& s, int j) const {
    const Domain& d = s.domain(var(j));
    return s.problem().variable(var(j)).is_range() && d.size() == d.max() - d.min() + 1;
  }

  bool step(Store& s, int only) const {
    const int n = occurrences();
    long long best_low = LLONG_MIN;
    long long best_high = LLONG_MIN;
    for (int j = 1; j < n; ++j) {
      best_low = std::max(best_low, low(s, j));
      best_high = std::max(best_high, high(s, j));
    }
    if (!keep_low_at_least(s, only, 0, best_low) || !keep_high_at_most(s, only, 0, best_high)) return false;
    int reaching = -1;  // the one x that can reach m's low end, when only one can
    int count = 0;
    for (int j = 1; j < n; ++j) {
      if (!keep_high_at_most(s, only, j, high(s, 0))) return false;
      if (high(s, j) >= low(s, 0)) {
        reaching = j;
        ++count;
      }
    }
    if (count == 0) return remove_if(s, only, 0, [](Value) { return true; });  // (m was cut above; defensive)
    if (count == 1 && !keep_low_at_least(s, only, reaching, low(s, 0))) return false;
    // m keeps the values some x holds. An x whose values are one unbroken run from at most m's low end to at least
    // its high end holds all of m's: nothing to scan (city-position: 4 x 225 value tests per call before).
    for (int j = 1; j < n; ++j)
      if (low(s, j) <= low(s, 0) && high(s, j) >= high(s, 0) && unbroken(s, j)) return true;
    return remove_if(s, only, 0, [&](Value v) {
      for (int j = 1; j < n; ++j)
        if (has(s, j, v)) return false;
      return true;
    });
  }
};

void decompose_lex(Problem& p, const std::vector<VarId>& x, const std::vector<VarId>& y, bool strict,
                   const std::string& name) {
  const std::size_t n = std::min(x.size(), y.size());
  const bool longer_ok = strict ? x.size() < y.size() : x.size() <= y.size();
  VarId equal = p.add_variable(globals_detail::aux_name(p, name + ".equal[0]"), 1, 1);  // the first i pairs are equal
  for (std::size_t i = 0; i < n; ++i) {
    if (x[i] != y[i]) p.add_linear_reif({x[i], y[i]}, {1, -1}, LinearOp::le, 0, equal, Reification::implication);
    const VarId same = p.add_variable(globals_detail::aux_name(p, name + ".same[" + std::to_string(i + 1) + "]"), 0, 1);
    if (x[i] == y[i])
      p.add_linear({same}, {1}, LinearOp::eq, 1, name);
    else
      p.add_linear_reif({x[i], y[i]}, {1, -1}, LinearOp::eq, 0, same);
    const VarId next =
        p.add_variable(globals_detail::aux_name(p, name + ".equal[" + std::to_string(i + 1) + "]"), 0, 1);
    p.add_and_reif({equal, same}, next);
    equal = next;
  }
  if (!longer_ok) p.add_linear({equal}, {1}, LinearOp::eq, 0, name);
}

void decompose_maximum(Problem& p, VarId m, const std::vector<VarId>& xs, bool minimum, const std::string& name) {
  VarId acc = xs.front();
  for (std::size_t i = 1; i < xs.size(); ++i) {
    const bool last = i + 1 == xs.size();
    Value lo = std::min(p.variable(acc).min_value(), p.variable(xs[i]).min_value());
    Value hi = std::max(p.variable(acc).max_value(), p.variable(xs[i]).max_value());
    const VarId next =
        last ? m
             : p.add_variable(globals_detail::aux_name(p, name + ".partial[" + std::to_string(i + 1) + "]"), lo, hi);
    if (minimum)
      p.add_min(acc, xs[i], next);
    else
      p.add_max(acc, xs[i], next);
    acc = next;
  }
  if (xs.size() == 1 && xs.front() != m) p.add_linear({m, xs.front()}, {1, -1}, LinearOp::eq, 0, name);
}

}  // namespace

void post_increasing(Problem& problem, const std::vector<VarId>& xs, bool decreasing, Globals how,
                     const std::string& name) {
  if (xs.size() < 2) return;
  if (how == Globals::native) {
    problem.add_constraint(std::make_unique<Increasing>(xs, decreasing, name));
    return;
  }
  for (std::size_t i = 1; i < xs.size(); ++i)
    if (xs[i - 1] != xs[i])
      problem.add_linear({xs[i - 1], xs[i]}, {decreasing ? -1 : 1, decreasing ? 1 : -1}, LinearOp::le, 0, name);
}

void post_lex(Problem& problem, const std::vector<VarId>& x, const std::vector<VarId>& y, bool strict, Globals how,
              const std::string& name) {
  if (x.empty() && y.empty()) {
    if (strict) throw ModelError("lex '" + name + "': two empty arrays are not strictly ordered");
    return;
  }
  if (how == Globals::decompose) return decompose_lex(problem, x, y, strict, name);
  problem.add_constraint(std::make_unique<Lex>(x, y, strict, name));
}

void post_maximum(Problem& problem, VarId m, const std::vector<VarId>& xs, bool minimum, Globals how,
                  const std::string& name) {
  if (xs.empty()) throw ModelError("maximum '" + name + "': of no variable");
  if (how == Globals::decompose) return decompose_maximum(problem, m, xs, minimum, name);
  problem.add_constraint(std::make_unique<Maximum>(m, xs, minimum, name));
}

}  // namespace csp
