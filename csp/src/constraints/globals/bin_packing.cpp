// Bin packing (loads or capacities) by Shaw's load and item rules, and its boolean decomposition.
#include <algorithm>
#include <climits>
#include <numeric>

#include "csp/constraints/globals/packing.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

std::vector<VarId> joined(std::vector<VarId> x, const std::vector<VarId>& y) {
  x.insert(x.end(), y.begin(), y.end());
  return x;
}

// Occurrences: the n bins, then (load form) the m loads. Capacity form: no load occurrences, bin k's load within
// 0..capacities[k].
class BinPacking final : public GlobalConstraint {
 public:
  BinPacking(const std::vector<VarId>& bins, const std::vector<VarId>& loads, std::vector<int> weights,
             std::vector<int> capacities, int first_bin, std::string name)
      : GlobalConstraint(joined(bins, loads), std::move(name)),
        n_(static_cast<int>(bins.size())),
        m_(loads.empty() ? static_cast<int>(capacities.size()) : static_cast<int>(loads.size())),
        with_loads_(!loads.empty()),
        w_(std::move(weights)),
        cap_(std::move(capacities)),
        first_(first_bin),
        total_(std::accumulate(w_.begin(), w_.end(), 0LL)) {}

 protected:
  bool holds(const std::vector<Value>& v) const override {
    std::vector<long long> load(static_cast<std::size_t>(m_), 0);
    for (int i = 0; i < n_; ++i) {
      const long long k = static_cast<long long>(v[static_cast<std::size_t>(i)]) - first_;
      if (k < 0 || k >= m_) return false;
      load[static_cast<std::size_t>(k)] += w(i);
    }
    for (int k = 0; k < m_; ++k)
      if (with_loads_ ? load[static_cast<std::size_t>(k)] != v[static_cast<std::size_t>(n_ + k)]
                      : load[static_cast<std::size_t>(k)] > cap_[static_cast<std::size_t>(k)])
        return false;
    return true;
  }

  bool filter(Store& s, int only) const override {
    for (int i = 0; i < n_; ++i)
      if (!remove_if(s, only, i, [this](Value v) { return !in_range(v); })) return false;
    return to_fixpoint(s, only, [this](Store& t, int o) { return step(t, o); });
  }

 private:
  long long w(int i) const { return w_[static_cast<std::size_t>(i)]; }
  // (Under forward checking the other bins keep their values outside the range: every loop skips them.)
  bool in_range(Value v) const { return v >= first_ && v - static_cast<long long>(first_) < m_; }
  int load(int k) const { return n_ + k; }
  long long load_lo(const Store& s, int k) const { return with_loads_ ? lo(s, load(k)) : 0; }
  long long load_hi(const Store& s, int k) const {
    return with_loads_ ? hi(s, load(k)) : cap_[static_cast<std::size_t>(k)];
  }

  bool fail(Store& s, int only) const {
    s.remove_above(only >= 0 ? scope()[static_cast<std::size_t>(only)] : var(0), -1, this);
    return false;
  }

  // required[k]: the weight of the items fixed to bin k; possible[k]: of those that may go there.
  void weigh(const Store& s, std::vector<long long>& required, std::vector<long long>& possible) const {
    required.assign(static_cast<std::size_t>(m_), 0);
    possible.assign(static_cast<std::size_t>(m_), 0);
    for (int i = 0; i < n_; ++i) {
      const VarId x = var(i);
      const bool one = fixed(s, i);
      s.domain(x).for_each([&](int idx) {
        if (!in_range(s.value(x, idx))) return;
        const auto k = static_cast<std::size_t>(s.value(x, idx) - first_);
        possible[k] += w(i);
        if (one) required[k] += w(i);
      });
    }
  }

  // Each load within [required, possible] and within the total minus the other loads' bounds.
  bool bound_loads(Store& s, int only, const std::vector<long long>& required,
                   const std::vector<long long>& possible) const {
    long long sum_lo = 0;
    long long sum_hi = 0;
    for (int k = 0; k < m_; ++k) {
      if (required[static_cast<std::size_t>(k)] > load_hi(s, k)) return fail(s, only);
      sum_lo += load_lo(s, k);
      sum_hi += load_hi(s, k);
    }
    if (!with_loads_) return true;
    for (int k = 0; k < m_; ++k) {
      const long long others_hi = sum_hi - load_hi(s, k);
      const long long others_lo = sum_lo - load_lo(s, k);
      const auto kk = static_cast<std::size_t>(k);
      if (!keep_at_least(s, only, load(k), std::max(required[kk], total_ - others_hi)) ||
          !keep_at_most(s, only, load(k), std::min(possible[kk], total_ - others_lo)))
        return false;
    }
    return true;
  }

  // An undecided item leaves the bins it would overfill and goes into the one that cannot do without it.
  bool place_items(Store& s, int only, const std::vector<long long>& required,
                   const std::vector<long long>& possible) const {
    for (int i = 0; i < n_; ++i) {
      if (fixed(s, i) || w(i) == 0) continue;
      Value must = 0;
      bool committed = false;
      if (!remove_if(s, only, i, [&](Value v) {
            if (!in_range(v)) return true;
            const int k = v - first_;
            const auto kk = static_cast<std::size_t>(k);
            if (possible[kk] - w(i) < load_lo(s, k)) {
              committed = true;
              must = v;
            }
            return required[kk] + w(i) > load_hi(s, k);
          }))
        return false;
      if (committed && !fix(s, only, i, must)) return false;
    }
    return true;
  }

  bool step(Store& s, int only) const {
    std::vector<long long> required;
    std::vector<long long> possible;
    weigh(s, required, possible);
    return bound_loads(s, only, required, possible) && place_items(s, only, required, possible);
  }

  int n_;
  int m_;
  bool with_loads_;
  std::vector<int> w_;
  std::vector<int> cap_;
  int first_;
  long long total_;
};

void check_items(const std::string& name, const std::vector<VarId>& bins, const std::vector<int>& weights,
                 std::size_t bin_count) {
  if (bins.size() != weights.size())
    throw ModelError(std::string("bin packing '")
                         .append(name)
                         .append("': ")
                         .append(std::to_string(bins.size()))
                         .append(" bins, ")
                         .append(std::to_string(weights.size()))
                         .append(" weights"));
  if (bin_count == 0) throw ModelError(std::string("bin packing '").append(name).append("': no bin"));
  for (std::size_t i = 0; i < weights.size(); ++i)
    if (weights[i] < 0)
      throw ModelError(std::string("bin packing '")
                           .append(name)
                           .append("': item ")
                           .append(std::to_string(i + 1))
                           .append(" has a negative weight"));
}

// bins in range; per bin k the booleans "item i is in k" (weighted), then load = sum or sum <= capacity.
void decompose(Problem& p, const std::vector<VarId>& loads, const std::vector<int>& capacities,
               const std::vector<VarId>& bins, const std::vector<int>& w, int first, const std::string& name) {
  const int m = static_cast<int>(loads.empty() ? capacities.size() : loads.size());
  for (VarId b : bins) {
    p.add_linear({b}, {1}, LinearOp::ge, first, name);
    p.add_linear({b}, {1}, LinearOp::le, static_cast<long long>(first) + m - 1, name);
  }
  for (int k = 0; k < m; ++k) {
    std::vector<VarId> in;
    std::vector<int> coefficients;
    for (std::size_t i = 0; i < bins.size(); ++i) {
      if (w[i] == 0 || p.variable(bins[i]).index_of(first + k) < 0) continue;
      const VarId b = p.add_variable(
          globals_detail::aux_name(p, name + ".in[" + std::to_string(i + 1) + "," + std::to_string(first + k) + "]"), 0,
          1);
      p.add_linear_reif({bins[i]}, {1}, LinearOp::eq, first + k, b);
      in.push_back(b);
      coefficients.push_back(w[i]);
    }
    if (loads.empty()) {
      if (!in.empty()) p.add_linear(in, coefficients, LinearOp::le, capacities[static_cast<std::size_t>(k)], name);
      continue;
    }
    in.push_back(loads[static_cast<std::size_t>(k)]);
    coefficients.push_back(-1);
    p.add_linear(in, coefficients, LinearOp::eq, 0, name);
  }
  if (!loads.empty())
    p.add_linear(loads, std::vector<int>(loads.size(), 1), LinearOp::eq, std::accumulate(w.begin(), w.end(), 0LL),
                 name);
}

}  // namespace

void post_bin_packing_load(Problem& problem, const std::vector<VarId>& loads, const std::vector<VarId>& bins,
                           const std::vector<int>& weights, int first_bin, Globals how, const std::string& name) {
  check_items(name, bins, weights, loads.size());
  if (how == Globals::decompose) return decompose(problem, loads, {}, bins, weights, first_bin, name);
  problem.add_constraint(std::make_unique<BinPacking>(bins, loads, weights, std::vector<int>{}, first_bin, name));
}

void post_bin_packing_capa(Problem& problem, const std::vector<int>& capacities, const std::vector<VarId>& bins,
                           const std::vector<int>& weights, int first_bin, Globals how, const std::string& name) {
  check_items(name, bins, weights, capacities.size());
  if (bins.empty()) return;
  if (how == Globals::decompose) return decompose(problem, {}, capacities, bins, weights, first_bin, name);
  problem.add_constraint(
      std::make_unique<BinPacking>(bins, std::vector<VarId>{}, weights, capacities, first_bin, name));
}

void post_bin_packing(Problem& problem, int capacity, const std::vector<VarId>& bins, const std::vector<int>& weights,
                      Globals how, const std::string& name) {
  check_items(name, bins, weights, 1);
  if (bins.empty()) return;
  Value lo = INT_MAX;
  Value hi = INT_MIN;
  for (VarId b : bins) {
    lo = std::min(lo, problem.variable(b).min_value());
    hi = std::max(hi, problem.variable(b).max_value());
  }
  post_bin_packing_capa(problem, std::vector<int>(static_cast<std::size_t>(hi - lo + 1), capacity), bins, weights, lo,
                        how, name);
}

}  // namespace csp
