// Arg_max / arg_min by bounds on the candidates, and the decomposition by reified comparisons.
#include <algorithm>
#include <climits>

#include "csp/constraints/globals/ordering.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::MirroredGlobal;

// Occurrences: the n xs, then z.
class ArgMax final : public MirroredGlobal {
 public:
  ArgMax(const std::vector<VarId>& xs, VarId z, int offset, bool minimum, std::string name)
      : MirroredGlobal(with_back(xs, z), std::move(name), minimum), n_(static_cast<int>(xs.size())), offset_(offset) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    int best = 0;
    for (int i = 1; i < n_; ++i)
      if (minimum() ? v[static_cast<std::size_t>(i)] < v[static_cast<std::size_t>(best)]
                    : v[static_cast<std::size_t>(i)] > v[static_cast<std::size_t>(best)])
        best = i;
    return v[static_cast<std::size_t>(n_)] == static_cast<long long>(offset_) + best;
  }

  bool filter(Store& s, int only) const override {
    if (!keep_at_least(s, only, n_, offset_) || !keep_at_most(s, only, n_, static_cast<long long>(offset_) + n_ - 1))
      return false;
    return to_fixpoint(s, only, [this](Store& t, int o) { return step(t, o) && fixed_z(t, o); });
  }

 private:
  static std::vector<VarId> with_back(std::vector<VarId> xs, VarId z) {
    xs.push_back(z);
    return xs;
  }
  bool candidate(Value v) const { return v >= offset_ && v - static_cast<long long>(offset_) < n_; }

  // z loses the positions an earlier x surely ties or beats, or a later x surely beats; every x is at most the best
  // upper bound of z's candidates.
  bool step(Store& s, int only) const {
    std::vector<long long> before(static_cast<std::size_t>(n_) + 1, LLONG_MIN);  // max low over i < j
    std::vector<long long> after(static_cast<std::size_t>(n_) + 1, LLONG_MIN);   // max low over i > j
    for (int i = 0; i < n_; ++i) {
      const auto k = static_cast<std::size_t>(i);
      before[k + 1] = std::max(before[k], low(s, i));
    }
    for (int i = n_ - 1; i >= 0; --i) {
      const auto k = static_cast<std::size_t>(i);
      after[k] = std::max(after[k + 1], low(s, i));
    }
    if (!remove_if(s, only, n_, [&](Value v) {
          if (!candidate(v)) return true;
          const auto j = static_cast<std::size_t>(v - offset_);
          const long long h = high(s, static_cast<int>(j));
          return before[j] >= h || after[j + 1] > h;
        }))
      return false;
    long long best = LLONG_MIN;
    s.domain(var(n_)).for_each([&](int k) {
      const Value v = s.value(var(n_), k);
      best = std::max(best, candidate(v) ? high(s, v - offset_) : LLONG_MAX);
    });
    for (int i = 0; i < n_; ++i)
      if (!keep_high_at_most(s, only, i, best)) return false;
    return true;
  }

  // z = offset + j: the earlier xs below xs[j], the later ones at most xs[j], on the bounds both ways.
  bool fixed_z(Store& s, int only) const {
    if (!fixed(s, n_)) return true;
    if (!candidate(lo(s, n_))) return true;  // (forward checking on another variable: z not cut to the range)
    const int j = static_cast<int>(lo(s, n_) - offset_);
    for (int i = 0; i < n_; ++i) {
      if (i == j) continue;
      const long long strict = i < j ? 1 : 0;
      if (!keep_high_at_most(s, only, i, high(s, j) - strict) || !keep_low_at_least(s, only, j, low(s, i) + strict))
        return false;
    }
    return true;
  }

  int n_;
  int offset_;
};

// b <-> a - c OP 0 in the maximum's direction: better(a, c) strictly, or at least as good.
VarId compared(Problem& p, VarId a, VarId c, bool strictly, bool minimum, const std::string& name) {
  const VarId b = p.add_variable(globals_detail::aux_name(p, name), 0, 1);
  if (a == c) {  // a is never better than itself, always as good
    p.add_linear({b}, {1}, LinearOp::eq, strictly ? 0 : 1, name);
    return b;
  }
  // a better than c: a - c >= 1 (minimum: c - a >= 1), i.e. c - a <= -1.
  p.add_linear_reif({c, a}, {minimum ? -1 : 1, minimum ? 1 : -1}, LinearOp::le, strictly ? -1 : 0, b);
  return b;
}

void decompose(Problem& p, const std::vector<VarId>& xs, VarId z, int offset, bool minimum, const std::string& name) {
  const int n = static_cast<int>(xs.size());
  for (int j = 0; j < n; ++j) {
    const std::string at = name + ".first[" + std::to_string(j + 1) + "]";
    std::vector<VarId> conditions;  // xs[j] beats every earlier x and is at least every later one
    for (int i = 0; i < n; ++i)
      if (i != j)
        conditions.push_back(
            compared(p, xs[static_cast<std::size_t>(j)], xs[static_cast<std::size_t>(i)], i < j, minimum, at));
    const VarId b = p.add_variable(globals_detail::aux_name(p, at), 0, 1);
    p.add_linear_reif({z}, {1}, LinearOp::eq, static_cast<long long>(offset) + j, b);
    if (conditions.empty())
      p.add_linear({b}, {1}, LinearOp::eq, 1, name);
    else
      p.add_and_reif(conditions, b);
  }
}

}  // namespace

void post_arg_max(Problem& problem, const std::vector<VarId>& xs, VarId z, int offset, bool minimum, Globals how,
                  const std::string& name) {
  if (xs.empty()) throw ModelError(std::string("arg_max '").append(name).append("': of no variable"));
  if (how == Globals::decompose) return decompose(problem, xs, z, offset, minimum, name);
  problem.add_constraint(std::make_unique<ArgMax>(xs, z, offset, minimum, name));
}

}  // namespace csp
