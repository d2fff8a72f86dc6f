// Small random CSPs for oracle tests.
#include "random_csp.hpp"

#include <algorithm>
#include <climits>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "csp/constraints/binary_predicate.hpp"

namespace csp::test_support {

namespace {

class Rng {
 public:
  explicit Rng(std::uint32_t seed) : engine_(seed) {}
  /// Uniform-enough integer in lo..hi (the bias of % is irrelevant here; the point is portability).
  int pick(int lo, int hi) { return lo + static_cast<int>(engine_() % static_cast<std::uint32_t>(hi - lo + 1)); }
  bool chance(int percent) { return pick(1, 100) <= percent; }
  /// k distinct elements of `pool` in random order.
  template <class T>
  std::vector<T> sample(std::vector<T> pool, int k) {
    for (std::size_t i = 0; i + 1 < pool.size(); ++i)
      std::swap(pool[i], pool[i + static_cast<std::size_t>(pick(0, static_cast<int>(pool.size() - i) - 1))]);
    pool.resize(static_cast<std::size_t>(k));
    return pool;
  }

 private:
  std::mt19937 engine_;
};

std::string join(const std::vector<int>& v) {
  std::ostringstream os;
  for (std::size_t i = 0; i < v.size(); ++i) os << (i ? "," : "") << v[i];
  return os.str();
}

// Every tuple over the initial values of `scope`, ascending.
std::vector<Tuple> all_tuples(const Problem& p, const std::vector<VarId>& scope) {
  std::vector<Tuple> out{{}};
  for (VarId x : scope) {
    std::vector<Tuple> next;
    for (const Tuple& t : out)
      for (Value v : p.variable(x).values()) {
        Tuple u = t;
        u.push_back(v);
        next.push_back(std::move(u));
      }
    out = std::move(next);
  }
  return out;
}

Tuple project(const Tuple& values, const std::vector<VarId>& scope) {
  Tuple t;
  for (VarId x : scope) t.push_back(values[static_cast<std::size_t>(x)]);
  return t;
}

}  // namespace

bool RandomCsp::satisfies(const Tuple& values) const {
  return std::all_of(checks.begin(), checks.end(), [&](const auto& check) { return check(values); });
}

RandomCsp make_random_csp(std::uint32_t seed) {
  Rng rng(seed);
  RandomCsp r;
  Problem& p = r.problem;
  std::ostringstream desc;

  const int n = rng.pick(3, 6);
  std::vector<Value> pool;
  for (Value v = -4; v <= 9; ++v) pool.push_back(v);
  const bool shared = rng.chance(30);  // all variables on one value list (AllDifferent's bit-mask path)
  std::vector<Value> shared_values = rng.sample(pool, rng.pick(2, 4));
  std::vector<VarId> ids;
  for (int i = 0; i < n; ++i) {
    std::vector<Value> values = shared ? shared_values : rng.sample(pool, rng.chance(15) ? 1 : rng.pick(2, 4));
    ids.push_back(p.add_variable(std::string("x").append(std::to_string(i)),
                                 values));  // (GCC 12 -Wrestrict false positive on "x" + s)
    desc << "x" << i << " in {" << join(p.variable(ids.back()).values()) << "}\n";
  }

  const int m = rng.pick(1, 6);
  for (int c = 0; c < m; ++c) {
    const int kind = rng.pick(0, 9);
    auto scope_of = [&](int lo, int hi) { return rng.sample(ids, rng.pick(lo, std::min(hi, n))); };
    switch (kind) {
      case 0: {  // not-equal
        const auto s = scope_of(2, 2);
        p.add_not_equal(s[0], s[1]);
        r.checks.push_back([s](const Tuple& t) { return t[s[0]] != t[s[1]]; });
        desc << "x" << s[0] << " != x" << s[1] << "\n";
        break;
      }
      case 1: {  // binary predicate from a random relation table
        const auto s = scope_of(2, 2);
        auto rel = std::make_shared<std::set<std::pair<Value, Value>>>();
        const int density = rng.pick(40, 90);
        for (Value a : p.variable(s[0]).values())
          for (Value b : p.variable(s[1]).values())
            if (rng.chance(density)) rel->insert({a, b});
        p.add_binary(s[0], s[1], [rel](Value a, Value b) { return rel->count({a, b}) != 0; });
        r.checks.push_back([s, rel](const Tuple& t) { return rel->count({t[s[0]], t[s[1]]}) != 0; });
        desc << "pred(x" << s[0] << ",x" << s[1] << ") allows";
        for (const auto& [a, b] : *rel) desc << " (" << a << "," << b << ")";
        desc << "\n";
        break;
      }
      case 2: {  // table, arity 2-3, with a repeated tuple now and then
        const auto s = scope_of(2, 3);
        auto allowed = std::make_shared<std::set<Tuple>>();
        std::vector<Tuple> list;
        const int density = rng.pick(20, 80);
        for (const Tuple& t : all_tuples(p, s))
          if (rng.chance(density)) {
            allowed->insert(t);
            list.push_back(t);
            if (rng.chance(10)) list.push_back(t);
          }
        std::reverse(list.begin(), list.end());
        p.add_table(s, list);
        r.checks.push_back([s, allowed](const Tuple& t) { return allowed->count(project(t, s)) != 0; });
        desc << "table(" << join(s) << ") allows " << allowed->size() << " tuples:";
        for (const Tuple& t : *allowed) desc << " (" << join(t) << ")";
        desc << "\n";
        break;
      }
      case 3: {  // n-ary predicate: (sum w_i x_i) mod m != r
        const auto s = scope_of(2, 4);
        std::vector<int> w;
        for (std::size_t k = 0; k < s.size(); ++k) w.push_back(rng.pick(-2, 2));
        const int mod = rng.pick(2, 3);
        const int res = rng.pick(0, mod - 1);
        auto rule = [w, mod, res](auto&& value_at) {
          long long sum = 0;
          for (std::size_t k = 0; k < w.size(); ++k) sum += static_cast<long long>(w[k]) * value_at(k);
          return ((sum % mod) + mod) % mod != res;
        };
        p.add_predicate(s, [rule](std::span<const Value> v) { return rule([&](std::size_t k) { return v[k]; }); });
        r.checks.push_back([rule, s](const Tuple& t) {
          return rule([&](std::size_t k) { return t[static_cast<std::size_t>(s[k])]; });
        });
        desc << "predicate: (" << join(w) << ") . (" << join(s) << ") mod " << mod << " != " << res << "\n";
        break;
      }
      case 4: {  // linear, arity 1-4, rhs near the sum of a random tuple so that it bites
        const auto s = scope_of(1, 4);
        std::vector<int> coef;
        long long rhs = 0;
        for (VarId x : s) {
          coef.push_back(rng.chance(10) ? 0 : (rng.chance(50) ? 1 : -1) * rng.pick(1, 3));
          const auto& vals = p.variable(x).values();
          rhs += static_cast<long long>(coef.back()) *
                 vals[static_cast<std::size_t>(rng.pick(0, static_cast<int>(vals.size()) - 1))];
        }
        const int op_index = rng.pick(0, 3);
        const auto op = static_cast<LinearOp>(op_index);
        if (op != LinearOp::ne) rhs += rng.pick(-1, 1);
        p.add_linear(s, coef, op, rhs);
        r.checks.push_back([s, coef, op_index, rhs](const Tuple& t) {
          long long sum = 0;
          for (std::size_t k = 0; k < s.size(); ++k)
            sum += static_cast<long long>(coef[k]) * t[static_cast<std::size_t>(s[k])];
          switch (op_index) {
            case 0:
              return sum == rhs;
            case 1:
              return sum != rhs;
            case 2:
              return sum <= rhs;
            default:
              return sum >= rhs;
          }
        });
        r.gac_only = false;
        r.propagate_gac = false;
        static const char* const op_names[] = {"==", "!=", "<=", ">="};
        desc << "linear (" << join(coef) << ") . (" << join(s) << ") " << op_names[op_index] << " " << rhs << "\n";
        break;
      }
      default: {  // all-different: global (kinds 5, 6), pairwise (7), with offsets (8), with matching (9)
        const auto s = scope_of(2, 4);
        std::vector<int> offsets(s.size(), 0);
        if (kind == 7) {
          p.add_all_different(s, AllDifferentMode::binary);
        } else if (kind == 8) {
          for (int& o : offsets) o = rng.pick(-2, 2);
          p.add_all_different_shifted(s, offsets);
          r.gac_only = false;
          r.propagate_gac = false;
        } else if (kind == 9) {
          p.add_all_different(s, AllDifferentMode::gac);
          r.gac_only = false;                           // revise applies the rules only
          r.propagate_gac = r.propagate_gac && shared;  // Régin's filtering needs one shared value list
        } else {
          p.add_all_different(s, AllDifferentMode::value);
          r.gac_only = false;
          r.propagate_gac = false;
        }
        r.checks.push_back([s, offsets](const Tuple& t) {
          for (std::size_t i = 0; i < s.size(); ++i)
            for (std::size_t j = i + 1; j < s.size(); ++j)
              if (static_cast<long long>(t[static_cast<std::size_t>(s[i])]) + offsets[i] ==
                  static_cast<long long>(t[static_cast<std::size_t>(s[j])]) + offsets[j])
                return false;
          return true;
        });
        desc << (kind == 7   ? "pairwise "
                 : kind == 9 ? "matching "
                             : "")
             << "all-different(" << join(s) << ") offsets (" << join(offsets) << ")\n";
        break;
      }
    }
  }
  r.description = desc.str();
  return r;
}

RandomCsp make_wide_random_csp(std::uint32_t seed) {
  __extension__ using Wide = __int128;
  Rng rng(seed ^ 0x9e3779b9U);
  RandomCsp r;
  Problem& p = r.problem;
  std::ostringstream desc;
  const std::vector<Value> far = {INT_MIN, INT_MIN + 1, -1000000007, -65536,      -3,     0,
                                  5,       1 << 20,     999999937,   INT_MAX - 1, INT_MAX};
  const int n = rng.pick(2, 4);
  bool interval_used = !rng.chance(50);
  std::vector<VarId> ids;
  for (int i = 0; i < n; ++i) {
    const std::string name = std::string("w").append(std::to_string(i));
    const int kind = rng.pick(0, 2);
    if (kind == 0 && !interval_used) {  // an interval domain: more values than Domain::kMaxBitsetCapacity
      interval_used = true;
      const int width = rng.pick(4097, 4400);
      const int where = rng.pick(0, 2);
      const Value lo = where == 0 ? rng.pick(-3000, 0) : where == 1 ? INT_MIN : INT_MAX - width + 1;
      ids.push_back(p.add_variable(name, lo, lo + (width - 1)));
      desc << name << " in " << lo << ".." << lo + (width - 1) << "\n";
    } else if (kind == 1) {
      const Value lo = rng.pick(-3, 2);
      ids.push_back(p.add_variable(name, lo, lo + rng.pick(1, 3)));
      desc << name << " in " << lo << ".." << p.variable(ids.back()).max_value() << "\n";
    } else {
      ids.push_back(p.add_variable(name, rng.sample(far, rng.pick(2, 4))));
      desc << name << " in {" << join(p.variable(ids.back()).values()) << "}\n";
    }
  }
  // A random value of x (by index: never materialises a wide range).
  auto any_value = [&](VarId x) { return p.variable(x).value(rng.pick(0, p.variable(x).size() - 1)); };
  const int m = rng.pick(1, 4);
  for (int c = 0; c < m; ++c) {
    const int kind = rng.pick(0, 4);
    if (kind == 0) {
      const auto s = rng.sample(ids, 2);
      p.add_not_equal(s[0], s[1]);
      r.checks.push_back([s](const Tuple& t) { return t[s[0]] != t[s[1]]; });
      desc << "w" << s[0] << " != w" << s[1] << "\n";
    } else if (kind == 1) {  // a hashed relation: about density% of the pairs allowed
      const auto s = rng.sample(ids, 2);
      const std::uint32_t salt = static_cast<std::uint32_t>(rng.pick(0, 1 << 30));
      const int density = rng.pick(30, 90);
      auto rel = [salt, density](Value a, Value b) {
        std::uint64_t h =
            (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) ^ static_cast<std::uint32_t>(b) ^ salt;
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        return static_cast<int>(h % 100) < density;
      };
      p.add_binary(s[0], s[1], rel);
      r.checks.push_back([s, rel](const Tuple& t) { return rel(t[s[0]], t[s[1]]); });
      desc << "hashed(w" << s[0] << ",w" << s[1] << ") salt " << salt << " density " << density << "\n";
    } else if (kind == 2) {  // table: a few tuples around random values
      const auto s = rng.sample(ids, 2);
      auto allowed = std::make_shared<std::set<Tuple>>();
      const int count = rng.pick(1, 12);
      for (int k = 0; k < count; ++k) allowed->insert(Tuple{any_value(s[0]), any_value(s[1])});
      p.add_table(s, std::vector<Tuple>(allowed->begin(), allowed->end()));
      r.checks.push_back([s, allowed](const Tuple& t) { return allowed->count(project(t, s)) != 0; });
      desc << "table(" << join(s) << ") allows " << allowed->size() << " tuples\n";
    } else {  // linear with extreme coefficients; rhs near the sum of a random tuple, clamped to 64 bits
      const auto s = rng.sample(ids, rng.pick(1, std::min(3, n)));
      static const int coefs[] = {1, -1, 2, -3, 65536, -65535, INT_MAX, INT_MIN};
      std::vector<int> coef;
      Wide target = 0;
      for (VarId x : s) {
        coef.push_back(coefs[rng.pick(0, 7)]);
        target += Wide{coef.back()} * any_value(x);
      }
      const int op_index = rng.pick(0, 3);
      if (op_index != 1) target += rng.pick(-1, 1);
      const Wide lim = LLONG_MAX;
      const long long rhs = static_cast<long long>(std::clamp(target, -lim - 1, lim));
      p.add_linear(s, coef, static_cast<LinearOp>(op_index), rhs);
      r.checks.push_back([s, coef, op_index, rhs](const Tuple& t) {
        Wide sum = 0;
        for (std::size_t k = 0; k < s.size(); ++k) sum += Wide{coef[k]} * t[static_cast<std::size_t>(s[k])];
        switch (op_index) {
          case 0:
            return sum == rhs;
          case 1:
            return sum != rhs;
          case 2:
            return sum <= rhs;
          default:
            return sum >= rhs;
        }
      });
      r.gac_only = false;
      r.propagate_gac = false;
      static const char* const op_names[] = {"==", "!=", "<=", ">="};
      desc << "linear (" << join(coef) << ") . (" << join(s) << ") " << op_names[op_index] << " " << rhs << "\n";
    }
  }
  r.description = desc.str();
  return r;
}

Problem phase_transition_csp(std::uint32_t seed, int n, int d, int pairs, int forbidden) {
  std::mt19937 rng(seed);
  Problem p;
  std::vector<Value> values;
  for (int v = 0; v < d; ++v) values.push_back(v);
  for (int i = 0; i < n; ++i) p.add_variable(numbered("x", static_cast<std::size_t>(i)), values);
  std::set<std::pair<int, int>> used;
  while (static_cast<int>(used.size()) < pairs) {
    int a = static_cast<int>(rng() % static_cast<unsigned>(n));
    int b = static_cast<int>(rng() % static_cast<unsigned>(n));
    if (a == b) continue;
    if (a > b) std::swap(a, b);
    if (!used.insert({a, b}).second) continue;
    auto bad = std::make_shared<std::set<std::pair<Value, Value>>>();
    while (static_cast<int>(bad->size()) < forbidden)
      bad->insert(
          {static_cast<Value>(rng() % static_cast<unsigned>(d)), static_cast<Value>(rng() % static_cast<unsigned>(d))});
    p.add_constraint(std::make_unique<BinaryPredicate>(
        a, b,
        [bad](Value x, Value y) {
          return bad->count({x, y}) == 0;
        },
        numbered("c", static_cast<std::size_t>(a)) + "_" + std::to_string(b)));
  }
  return p;
}

}  // namespace csp::test_support
