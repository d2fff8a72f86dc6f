// Diffn (non-overlapping rectangles) by pairwise constructive disjunction on bounds, and its clause decomposition.
#include <algorithm>

#include "csp/constraints/globals/packing.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

std::vector<VarId> joined(const std::vector<std::vector<VarId>>& parts) {
  std::vector<VarId> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// Occurrences: x (n), y (n), dx (n), dy (n).
class Diffn final : public GlobalConstraint {
 public:
  Diffn(const std::vector<VarId>& x, const std::vector<VarId>& y, const std::vector<VarId>& dx,
        const std::vector<VarId>& dy, bool strict, std::string name)
      : GlobalConstraint(joined({x, y, dx, dy}), std::move(name)), n_(static_cast<int>(x.size())), strict_(strict) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    const auto at = [&](int j) { return static_cast<long long>(v[static_cast<std::size_t>(j)]); };
    for (int i = 0; i < n_; ++i)
      for (int j = i + 1; j < n_; ++j) {
        if (!strict_ && (at(dx(i)) == 0 || at(dx(j)) == 0 || at(dy(i)) == 0 || at(dy(j)) == 0)) continue;
        if (at(x(i)) + at(dx(i)) <= at(x(j)) || at(x(j)) + at(dx(j)) <= at(x(i)) || at(y(i)) + at(dy(i)) <= at(y(j)) ||
            at(y(j)) + at(dy(j)) <= at(y(i)))
          continue;
        return false;
      }
    return true;
  }

  bool filter(Store& s, int only) const override {
    return to_fixpoint(s, only, [this](Store& t, int o) {
      for (int i = 0; i < n_; ++i)
        for (int j = i + 1; j < n_; ++j)
          if (!pair(t, o, i, j)) return false;
      return true;
    });
  }

 private:
  int x(int i) const { return i; }
  int y(int i) const { return n_ + i; }
  int dx(int i) const { return 2 * n_ + i; }
  int dy(int i) const { return 3 * n_ + i; }

  // One alternative "a + d <= b" (occurrences a, d, b): possible on the bounds?
  bool possible(const Store& s, int a, int d, int b) const {
    return static_cast<long long>(lo(s, a)) + lo(s, d) <= hi(s, b);
  }
  // Enforces a + d <= b on the bounds.
  bool enforce(Store& s, int only, int a, int d, int b) const {
    return keep_at_least(s, only, b, static_cast<long long>(lo(s, a)) + lo(s, d)) &&
           keep_at_most(s, only, a, static_cast<long long>(hi(s, b)) - lo(s, d)) &&
           keep_at_most(s, only, d, static_cast<long long>(hi(s, b)) - lo(s, a));
  }

  bool pair(Store& s, int only, int i, int j) const {
    if (!strict_ && (lo(s, dx(i)) <= 0 || lo(s, dx(j)) <= 0 || lo(s, dy(i)) <= 0 || lo(s, dy(j)) <= 0))
      return true;  // a size may still be 0: the pair may not conflict at all
    const int alternatives[4][3] = {{x(i), dx(i), x(j)}, {x(j), dx(j), x(i)}, {y(i), dy(i), y(j)}, {y(j), dy(j), y(i)}};
    int left = -1;
    int count = 0;
    for (int k = 0; k < 4; ++k)
      if (possible(s, alternatives[k][0], alternatives[k][1], alternatives[k][2])) {
        left = k;
        ++count;
      }
    if (count == 0) {
      s.remove_above(only >= 0 ? scope()[static_cast<std::size_t>(only)] : var(x(i)), -1, this);
      return false;
    }
    if (count > 1) return true;
    const auto& a = alternatives[left];
    return enforce(s, only, a[0], a[1], a[2]);
  }

  int n_;
  bool strict_;
};

// sum(coefficients * scope) with repeated variables merged (a constant shared by two arguments).
void merged(std::vector<VarId>& scope, std::vector<int>& coefficients) {
  std::vector<VarId> s;
  std::vector<int> c;
  for (std::size_t k = 0; k < scope.size(); ++k) {
    const auto at = std::find(s.begin(), s.end(), scope[k]);
    if (at == s.end()) {
      s.push_back(scope[k]);
      c.push_back(coefficients[k]);
    } else {
      c[static_cast<std::size_t>(at - s.begin())] += coefficients[k];
    }
  }
  scope.clear();
  coefficients.clear();
  for (std::size_t k = 0; k < s.size(); ++k)
    if (c[k] != 0) {
      scope.push_back(s[k]);
      coefficients.push_back(c[k]);
    }
}

// A boolean b <-> sum(coefficients * scope) OP rhs (OP le or eq; b fixed when the merged sum has no variable left).
VarId reified(Problem& p, std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs,
              const std::string& name) {
  merged(scope, coefficients);
  if (scope.empty()) {  // 0 OP rhs, decided
    const Value truth = (op == LinearOp::le ? 0 <= rhs : 0 == rhs) ? 1 : 0;
    return p.add_variable(globals_detail::aux_name(p, name), truth, truth);
  }
  const VarId b = p.add_variable(globals_detail::aux_name(p, name), 0, 1);
  p.add_linear_reif(scope, coefficients, op, rhs, b);
  return b;
}

void decompose(Problem& p, const std::vector<VarId>& x, const std::vector<VarId>& y, const std::vector<VarId>& dx,
               const std::vector<VarId>& dy, bool strict, const std::string& name) {
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      const std::string pair = name + ".apart[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      std::vector<VarId> either = {
          reified(p, {x[i], dx[i], x[j]}, {1, 1, -1}, LinearOp::le, 0, pair),
          reified(p, {x[j], dx[j], x[i]}, {1, 1, -1}, LinearOp::le, 0, pair),
          reified(p, {y[i], dy[i], y[j]}, {1, 1, -1}, LinearOp::le, 0, pair),
          reified(p, {y[j], dy[j], y[i]}, {1, 1, -1}, LinearOp::le, 0, pair),
      };
      if (!strict)
        for (VarId d : {dx[i], dx[j], dy[i], dy[j]}) either.push_back(reified(p, {d}, {1}, LinearOp::eq, 0, pair));
      p.add_clause(either, {});
    }
}

}  // namespace

void post_diffn(Problem& problem, const std::vector<VarId>& x, const std::vector<VarId>& y,
                const std::vector<VarId>& dx, const std::vector<VarId>& dy, bool strict, Globals how,
                const std::string& name) {
  if (y.size() != x.size() || dx.size() != x.size() || dy.size() != x.size())
    throw ModelError(std::string("diffn '")
                         .append(name)
                         .append("': ")
                         .append(std::to_string(x.size()))
                         .append(" x, ")
                         .append(std::to_string(y.size()))
                         .append(" y, ")
                         .append(std::to_string(dx.size()))
                         .append(" dx, ")
                         .append(std::to_string(dy.size()))
                         .append(" dy"));
  if (x.size() < 2) return;
  if (how == Globals::decompose) return decompose(problem, x, y, dx, dy, strict, name);
  problem.add_constraint(std::make_unique<Diffn>(x, y, dx, dy, strict, name));
}

}  // namespace csp
