// Among (and count, at_most, at_least, global cardinality through it): must / may counting, and the boolean
// decomposition.
#include "csp/constraints/globals/counting.hpp"

#include <algorithm>

#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

std::vector<VarId> with(std::vector<VarId> xs, VarId c) {
  xs.push_back(c);
  return xs;
}

class Among final : public GlobalConstraint {
 public:
  Among(const std::vector<VarId>& xs, std::vector<Value> values, VarId c, LinearOp op, int shift, std::string name)
      : GlobalConstraint(with(xs, c), std::move(name)), values_(std::move(values)), op_(op), shift_(shift) {
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  }

 protected:
  bool holds(const std::vector<Value>& v) const override {
    long long n = 0;
    for (std::size_t i = 0; i + 1 < v.size(); ++i) n += in(v[i]) ? 1 : 0;
    const long long c = static_cast<long long>(v.back()) + shift_;
    switch (op_) {
      case LinearOp::eq:
        return n == c;
      case LinearOp::ne:
        return n != c;
      case LinearOp::le:
        return n <= c;
      case LinearOp::ge:
        return n >= c;
    }
    return false;
  }

  bool filter(Store& s, int only) const override {
    const int n = occurrences() - 1;
    const int c = n;  // the occurrence of the count variable
    int must = 0;
    int may = 0;
    std::vector<int> undecided;
    for (int i = 0; i < n; ++i) {
      int inside = 0;
      const Domain& d = s.domain(var(i));
      d.for_each([&](int k) { inside += in(s.value(var(i), k)) ? 1 : 0; });
      if (inside == d.size()) ++must;
      if (inside > 0) ++may;
      if (inside > 0 && inside < d.size()) undecided.push_back(i);
    }
    // N = must..may; N OP c + shift.
    if (op_ == LinearOp::ne) {
      if (must == may && !remove_value(s, only, c, static_cast<long long>(must) - shift_)) return false;
      return true;
    }
    const bool up = op_ != LinearOp::ge;    // c + shift >= N possible: c >= must - shift
    const bool down = op_ != LinearOp::le;  // c + shift <= N: c <= may - shift
    if (up && !keep_at_least(s, only, c, static_cast<long long>(must) - shift_)) return false;
    if (down && !keep_at_most(s, only, c, static_cast<long long>(may) - shift_)) return false;
    const long long chi = hi(s, c) + shift_;
    const long long clo = lo(s, c) + shift_;
    if (up && chi == must)  // no more may be inside
      for (int i : undecided)
        if (!remove_if(s, only, i, [&](Value v) { return in(v); })) return false;
    if (down && clo == may)  // every one that may be inside must be
      for (int i : undecided)
        if (!remove_if(s, only, i, [&](Value v) { return !in(v); })) return false;
    return true;
  }

 private:
  bool in(Value v) const { return std::binary_search(values_.begin(), values_.end(), v); }

  std::vector<Value> values_;
  LinearOp op_;
  int shift_;
};

void decompose(Problem& p, const std::vector<VarId>& xs, const std::vector<Value>& values, VarId c, LinearOp op,
               int shift, const std::string& name) {
  std::vector<VarId> scope;
  std::vector<int> coefficients;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const VarId b = p.add_variable(globals_detail::aux_name(p, name + ".in[" + std::to_string(i + 1) + "]"), 0, 1);
    p.add_member_reif(xs[i], values, b);
    scope.push_back(b);
    coefficients.push_back(1);
  }
  scope.push_back(c);
  coefficients.push_back(-1);
  p.add_linear(scope, coefficients, op, shift, name);
}

VarId constant(Problem& p, int n, const std::string& name) {
  return p.add_variable(globals_detail::aux_name(p, name + ".bound"), n, n);
}

}  // namespace

void post_among(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& values, VarId c, LinearOp op,
                int shift, Globals how, const std::string& name) {
  if (values.empty()) throw ModelError("among '" + name + "': no values");
  if (how == Globals::decompose) return decompose(problem, xs, values, c, op, shift, name);
  problem.add_constraint(std::make_unique<Among>(xs, values, c, op, shift, name));
}

void post_count(Problem& problem, const std::vector<VarId>& xs, Value v, VarId c, LinearOp op, Globals how,
                const std::string& name) {
  post_among(problem, xs, {v}, c, op, 0, how, name);
}

void post_at_most(Problem& problem, int n, const std::vector<VarId>& xs, Value v, Globals how,
                  const std::string& name) {
  post_among(problem, xs, {v}, constant(problem, n, name), LinearOp::le, 0, how, name);
}

void post_at_least(Problem& problem, int n, const std::vector<VarId>& xs, Value v, Globals how,
                   const std::string& name) {
  post_among(problem, xs, {v}, constant(problem, n, name), LinearOp::ge, 0, how, name);
}

namespace {
void restrict_to_cover(Problem& p, const std::vector<VarId>& xs, const std::vector<Value>& cover,
                       const std::string& name) {
  for (VarId x : xs) {
    const VarId b = p.add_variable(globals_detail::aux_name(p, name + ".covered"), 1, 1);
    p.add_member_reif(x, cover, b);
  }
}
}  // namespace

void post_global_cardinality(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& cover,
                             const std::vector<VarId>& counts, bool closed, Globals how, const std::string& name) {
  if (cover.size() != counts.size())
    throw ModelError("global cardinality '" + name + "': " + std::to_string(cover.size()) + " values and " +
                     std::to_string(counts.size()) + " counts");
  for (std::size_t k = 0; k < cover.size(); ++k)
    post_among(problem, xs, {cover[k]}, counts[k], LinearOp::eq, 0, how, name);
  if (!closed || xs.empty()) return;
  restrict_to_cover(problem, xs, cover, name);
  if (how == Globals::native && !counts.empty()) {  // the counts add up to n (a count listed twice counts
                                                    // twice)
    std::vector<VarId> scope;
    std::vector<int> coefficients;
    for (VarId c : counts) {
      const auto it = std::find(scope.begin(), scope.end(), c);
      if (it == scope.end()) {
        scope.push_back(c);
        coefficients.push_back(1);
      } else {
        ++coefficients[static_cast<std::size_t>(it - scope.begin())];
      }
    }
    problem.add_linear(scope, coefficients, LinearOp::eq, static_cast<long long>(xs.size()), name);
  }
}

void post_global_cardinality_low_up(Problem& problem, const std::vector<VarId>& xs, const std::vector<Value>& cover,
                                    const std::vector<int>& low, const std::vector<int>& high, bool closed, Globals how,
                                    const std::string& name) {
  if (cover.size() != low.size() || cover.size() != high.size())
    throw ModelError("global cardinality '" + name + "': " + std::to_string(cover.size()) + " values, " +
                     std::to_string(low.size()) + " lower and " + std::to_string(high.size()) + " upper bounds");
  for (std::size_t k = 0; k < cover.size(); ++k) {
    post_among(problem, xs, {cover[k]}, constant(problem, low[k], name), LinearOp::ge, 0, how, name);
    post_among(problem, xs, {cover[k]}, constant(problem, high[k], name), LinearOp::le, 0, how, name);
  }
  if (closed && !xs.empty()) restrict_to_cover(problem, xs, cover, name);
}

}  // namespace csp
