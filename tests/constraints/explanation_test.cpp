// Constraint::explain against brute force: on random small instances of each constraint that explains itself, every
// reason it gives for a removal of its propagate call holds in the domains the call read, and no tuple of the
// constraint that satisfies the reason uses the removed value.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "csp/core/explanation.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

// The domains a propagate call read: index sets per variable.
class Then final : public PastDomains {
 public:
  Then(const Problem& p, std::vector<std::vector<char>> in) : p_(p), in_(std::move(in)) {}
  const Problem& problem() const override { return p_; }
  bool contains(VarId x, int i) const override {
    return in_[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)] != 0;
  }
  int fixed_index(VarId x) const override {
    int found = -1;
    for (int i = 0; i < p_.variable(x).size(); ++i)
      if (contains(x, i)) {
        if (found >= 0) return -1;
        found = i;
      }
    return found;
  }

 private:
  const Problem& p_;
  std::vector<std::vector<char>> in_;
};

// A reason as literals (var, index, equal), and whether each held then.
class Literals final : public Explanation {
 public:
  explicit Literals(const Then& then) : then_(then) {}
  void fixed(VarId x) override {
    const int i = then_.fixed_index(x);
    if (i < 0) held = false;
    literals.push_back({x, i, true});
  }
  void removed(VarId x, int i) override {
    if (then_.contains(x, i)) held = false;
    literals.push_back({x, i, false});
  }
  void domain(VarId x) override {
    for (int i = 0; i < then_.problem().variable(x).size(); ++i)
      if (!then_.contains(x, i)) literals.push_back({x, i, false});
  }
  struct Literal {
    VarId var;
    int index;
    bool equal;
  };
  std::vector<Literal> literals;
  bool held = true;

 private:
  const Then& then_;
};

// Posts one constraint over the variables of p (built by `post`), `rounds` times with random domains then.
void check(const std::string& label, int rounds, std::uint32_t seed,
           const std::function<Problem(std::mt19937&)>& make) {
  std::mt19937 rng(seed);
  int explained = 0;
  for (int round = 0; round < rounds; ++round) {
    const Problem p = make(rng);
    ASSERT_EQ(p.constraint_count(), 1);
    const Constraint& c = p.constraint(0);
    std::vector<std::vector<char>> in;
    for (VarId x = 0; x < p.variable_count(); ++x) {
      std::vector<char> keep(static_cast<std::size_t>(p.variable(x).size()));
      for (char& k : keep) k = rng() % 3 != 0 ? 1 : 0;
      keep[rng() % keep.size()] = 1;
      in.push_back(keep);
    }
    Statistics stats;
    Store store(p, stats);
    for (VarId x = 0; x < p.variable_count(); ++x)
      for (int i = 0; i < p.variable(x).size(); ++i)
        if (in[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)] == 0) (void)store.remove(x, i, nullptr);
    const Then then(p, in);
    if (!store.propagate(c)) continue;
    const std::vector<test_support::Tuple> tuples = test_support::all_solutions(p);
    for (int pos = 0; pos < c.arity(); ++pos) {
      const VarId x = c.scope()[static_cast<std::size_t>(pos)];
      for (int i = 0; i < p.variable(x).size(); ++i) {
        if (!then.contains(x, i) || store.domain(x).contains(i)) continue;
        Literals why(then);
        if (!c.explain(then, pos, i, why)) continue;
        EXPECT_TRUE(why.held) << label << " round " << round << ": a reason that did not hold";
        ++explained;
        const Value v = p.variable(x).value(i);
        for (const test_support::Tuple& t : tuples) {
          bool satisfies = true;
          for (const auto& l : why.literals)
            satisfies =
                satisfies && ((t[static_cast<std::size_t>(l.var)] == p.variable(l.var).value(l.index)) == l.equal);
          EXPECT_FALSE(satisfies && t[static_cast<std::size_t>(x)] == v)
              << label << " round " << round << ": the reason of " << p.variable(x).name() << " != " << v
              << " allows a tuple with it";
        }
      }
    }
  }
  EXPECT_GT(explained, rounds / 50) << label << ": the instances give reasons, so the checks test something";
}

std::vector<VarId> variables(Problem& p, std::mt19937& rng, int n, int lo, int hi) {
  std::vector<VarId> xs;
  for (int k = 0; k < n; ++k)
    xs.push_back(p.add_variable(test_support::numbered("x", k), lo,
                                lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1))));
  return xs;
}

TEST(Explanation, NotEqual) {
  check("!=", 300, 1, [](std::mt19937& rng) {
    Problem p;
    const auto xs = variables(p, rng, 2, 0, 3);
    p.add_not_equal(xs[0], xs[1]);
    return p;
  });
}

TEST(Explanation, AllDifferentInEveryMode) {
  for (const AllDifferentMode mode : {AllDifferentMode::value, AllDifferentMode::gac}) {
    check("all_different", 400, 2, [mode](std::mt19937& rng) {
      Problem p;
      const auto xs = variables(p, rng, 3 + static_cast<int>(rng() % 3), 0, 4);
      p.add_all_different(xs, mode);
      return p;
    });
  }
  check("all_different permutation", 300, 3, [](std::mt19937& rng) {  // the hidden-single reason
    Problem p;
    std::vector<VarId> xs;
    const int n = 3 + static_cast<int>(rng() % 3);
    for (int k = 0; k < n; ++k) xs.push_back(p.add_variable(test_support::numbered("x", k), 1, n));
    p.add_all_different(xs, AllDifferentMode::gac);
    return p;
  });
}

TEST(Explanation, LinearOfEveryOperator) {
  for (const LinearOp op : {LinearOp::eq, LinearOp::ne, LinearOp::le, LinearOp::ge}) {
    check("linear", 300, 4, [op](std::mt19937& rng) {
      Problem p;
      const auto xs = variables(p, rng, 2 + static_cast<int>(rng() % 3), -2, 3);
      std::vector<int> a;
      for (std::size_t k = 0; k < xs.size(); ++k) a.push_back(static_cast<int>(rng() % 7) - 3);
      p.add_linear(xs, a, op, static_cast<long long>(rng() % 7) - 3);
      return p;
    });
  }
}

TEST(Explanation, ReifiedLinearAndMembership) {
  for (const LinearOp op : {LinearOp::eq, LinearOp::ne, LinearOp::le, LinearOp::ge})
    for (const Reification how : {Reification::equivalence, Reification::implication})
      check("linear_reif", 300, 5, [op, how](std::mt19937& rng) {
        Problem p;
        const auto xs = variables(p, rng, 1 + static_cast<int>(rng() % 3), -2, 3);
        const VarId b = p.add_variable("b", 0, 1);
        std::vector<int> a;
        for (std::size_t k = 0; k < xs.size(); ++k) a.push_back(static_cast<int>(rng() % 5) - 2);
        p.add_linear_reif(xs, a, op, static_cast<long long>(rng() % 5) - 2, b, how);
        return p;
      });
  for (const Reification how : {Reification::equivalence, Reification::implication})
    check("member_reif", 300, 6, [how](std::mt19937& rng) {
      Problem p;
      const VarId x = p.add_variable("x", 0, 5);
      const VarId b = p.add_variable("b", 0, 1);
      std::vector<Value> set;
      for (Value v = 0; v <= 5; ++v)
        if (rng() % 2 == 0) set.push_back(v);
      p.add_member_reif(x, set, b, how);
      return p;
    });
}

}  // namespace
}  // namespace csp
