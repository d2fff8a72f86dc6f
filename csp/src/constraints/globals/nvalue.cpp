// NValue by counting the fixed values and the undecided variables, and MiniZinc's decomposition.
#include <algorithm>
#include <set>

#include "csp/constraints/globals/counting.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

// Occurrences: n, then the xs.
class NValue final : public GlobalConstraint {
 public:
  NValue(VarId n, const std::vector<VarId>& xs, std::string name)
      : GlobalConstraint(with_front(n, xs), std::move(name)) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    const std::set<Value> distinct(v.begin() + 1, v.end());
    return static_cast<long long>(distinct.size()) == v.front();
  }

  bool filter(Store& s, int only) const override {
    return to_fixpoint(s, only, [this](Store& t, int o) { return step(t, o); });
  }

 private:
  static std::vector<VarId> with_front(VarId n, std::vector<VarId> xs) {
    xs.insert(xs.begin(), n);
    return xs;
  }

  bool step(Store& s, int only) const {
    std::set<Value> fixed_values;
    std::set<Value> all_values;
    int undecided = 0;
    for (int j = 1; j < occurrences(); ++j) {
      const VarId x = var(j);
      s.domain(x).for_each([&](int i) { all_values.insert(s.value(x, i)); });
      if (fixed(s, j))
        fixed_values.insert(lo(s, j));
      else
        ++undecided;
    }
    const auto f = static_cast<long long>(fixed_values.size());
    const auto in_f = [&](Value v) { return fixed_values.count(v) > 0; };
    bool one_more = false;  // an undecided x with no value of F adds one
    for (int j = 1; j < occurrences() && !one_more; ++j)
      if (!fixed(s, j)) {
        bool meets = false;
        const VarId x = var(j);
        s.domain(x).for_each([&](int i) { meets = meets || in_f(s.value(x, i)); });
        one_more = !meets;
      }
    const long long upper = std::min(f + undecided, static_cast<long long>(all_values.size()));
    if (!keep_at_least(s, only, 0, f + (one_more ? 1 : 0)) || !keep_at_most(s, only, 0, upper)) return false;
    const bool no_new_value = hi(s, 0) <= f;
    const bool all_new = undecided > 0 && lo(s, 0) >= f + undecided;
    for (int j = 1; j < occurrences(); ++j) {
      if (fixed(s, j)) continue;
      if (no_new_value && !remove_if(s, only, j, [&](Value v) { return !in_f(v); })) return false;
      if (all_new && !remove_if(s, only, j, in_f)) return false;
    }
    return true;
  }
};

void decompose(Problem& p, VarId n, const std::vector<VarId>& xs, const std::string& name) {
  std::set<Value> values;
  for (VarId x : xs)
    for (Value v : p.variable(x).values()) values.insert(v);
  std::vector<VarId> used;
  for (Value v : values) {
    std::vector<VarId> takes;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (p.variable(xs[i]).index_of(v) < 0) continue;
      const VarId b = p.add_variable(
          globals_detail::aux_name(p, name + ".is[" + std::to_string(i + 1) + "," + std::to_string(v) + "]"), 0, 1);
      p.add_linear_reif({xs[i]}, {1}, LinearOp::eq, v, b);
      takes.push_back(b);
    }
    const VarId u = p.add_variable(globals_detail::aux_name(p, name + ".used[" + std::to_string(v) + "]"), 0, 1);
    p.add_or_reif(takes, u);
    used.push_back(u);
  }
  std::vector<int> coefficients(used.size(), 1);
  used.push_back(n);
  coefficients.push_back(-1);
  p.add_linear(used, coefficients, LinearOp::eq, 0, name);
}

}  // namespace

void post_nvalue(Problem& problem, VarId n, const std::vector<VarId>& xs, Globals how, const std::string& name) {
  if (xs.empty()) {
    problem.add_linear({n}, {1}, LinearOp::eq, 0, name);
    return;
  }
  if (how == Globals::decompose) return decompose(problem, n, xs, name);
  problem.add_constraint(std::make_unique<NValue>(n, xs, name));
}

}  // namespace csp
