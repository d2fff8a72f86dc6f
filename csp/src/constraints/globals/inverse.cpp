// Inverse: the channelling pairs f[i] = j + offset <-> g[j] = i + offset, and their boolean decomposition.
#include "csp/constraints/globals/routing.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

std::vector<VarId> joined(std::vector<VarId> f, const std::vector<VarId>& g) {
  f.insert(f.end(), g.begin(), g.end());
  return f;
}

class Inverse final : public GlobalConstraint {
 public:
  Inverse(const std::vector<VarId>& f, const std::vector<VarId>& g, int offset, std::string name)
      : GlobalConstraint(joined(f, g), std::move(name)), n_(static_cast<int>(f.size())), offset_(offset) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    for (int i = 0; i < n_; ++i) {
      const long long j = static_cast<long long>(v[static_cast<std::size_t>(i)]) - offset_;
      if (j < 0 || j >= n_ || v[static_cast<std::size_t>(n_ + j)] != i + offset_) return false;
    }
    return true;
  }

  bool filter(Store& s, int only) const override {
    for (;;) {
      const long long before = total_size(s);
      for (int side = 0; side < 2; ++side)
        for (int i = 0; i < n_; ++i) {
          const int j_this = side * n_ + i;
          const int other = (1 - side) * n_;
          const bool ok = keep_at_least(s, only, j_this, offset_) &&
                          keep_at_most(s, only, j_this, static_cast<long long>(offset_) + n_ - 1) &&
                          remove_if(s, only, j_this, [&](Value v) {
                            return !has(s, other + static_cast<int>(v - offset_), static_cast<long long>(i) + offset_);
                          });
          if (!ok) return false;
          // f[i] fixed to j + offset: g[j] is i + offset (the pair's other direction).
          if (fixed(s, j_this)) {
            const long long j = static_cast<long long>(lo(s, j_this)) - offset_;
            if (j >= 0 && j < n_ && !fix(s, only, other + static_cast<int>(j), static_cast<long long>(i) + offset_))
              return false;
          }
        }
      if (total_size(s) == before) return true;
    }
  }

 private:
  int n_;
  int offset_;
};

void decompose(Problem& p, const std::vector<VarId>& f, const std::vector<VarId>& g, int offset,
               const std::string& name) {
  const int n = static_cast<int>(f.size());
  for (int i = 0; i < n; ++i) {
    p.add_linear({f[static_cast<std::size_t>(i)]}, {1}, LinearOp::ge, offset, name);
    p.add_linear({f[static_cast<std::size_t>(i)]}, {1}, LinearOp::le, static_cast<long long>(offset) + n - 1, name);
    p.add_linear({g[static_cast<std::size_t>(i)]}, {1}, LinearOp::ge, offset, name);
    p.add_linear({g[static_cast<std::size_t>(i)]}, {1}, LinearOp::le, static_cast<long long>(offset) + n - 1, name);
    for (int j = 0; j < n; ++j) {
      const VarId b = p.add_variable(
          globals_detail::aux_name(p, name + ".pair[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]"), 0,
          1);
      p.add_member_reif(f[static_cast<std::size_t>(i)], {j + offset}, b);
      p.add_member_reif(g[static_cast<std::size_t>(j)], {i + offset}, b);
    }
  }
}

}  // namespace

void post_inverse(Problem& problem, const std::vector<VarId>& f, const std::vector<VarId>& g, int offset, Globals how,
                  const std::string& name) {
  if (f.size() != g.size())
    throw ModelError("inverse '" + name + "': arrays of " + std::to_string(f.size()) + " and " +
                     std::to_string(g.size()) + " variables");
  if (f.empty()) return;
  if (how == Globals::decompose) return decompose(problem, f, g, offset, name);
  problem.add_constraint(std::make_unique<Inverse>(f, g, offset, name));
}

}  // namespace csp
