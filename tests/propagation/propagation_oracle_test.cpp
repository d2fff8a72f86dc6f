// Soundness of AC-3, forward checking and MAC against a brute-force oracle on small random CSPs: no value of a
// solution consistent with the current assignment is ever removed, and a reported failure means that no such
// solution exists. Also: the oracle agrees with an independent statement of each constraint, and AC-3 and MAC
// reach the same fixpoint where all constraints are (generalised) arc consistent. Every test runs on two samples:
// "small" (values -4..9, every kind of constraint) and "wide" (values far apart, near INT_MIN/INT_MAX, interval
// domains of over 4,096 values, linear sums beyond 64 bits).
#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/binary_predicate.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/nary_predicate.hpp"
#include "csp/constraints/not_equal.hpp"
#include "csp/constraints/table.hpp"
#include "csp/core/store.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

using test_support::Tuple;

constexpr std::uint32_t kProblems = 300;
constexpr std::uint32_t kWideProblems = 150;

enum class Kind { small, wide };

// The value indices tried by the single-assignment tests: all of a small domain, 12 spread over a wide one.
std::vector<int> probe_indices(int size) {
  std::vector<int> out;
  const int step = size <= 12 ? 1 : size / 12;
  for (int i = 0; i < size; i += step) out.push_back(i);
  if (out.back() != size - 1) out.push_back(size - 1);
  return out;
}

// Every value of every solution that agrees with the store's assignment is still in its domain.
::testing::AssertionResult keeps_solutions(const Store& s, const std::vector<Tuple>& solutions) {
  for (const Tuple& sol : test_support::consistent_with(solutions, s.assignment())) {
    for (VarId x = 0; x < s.problem().variable_count(); ++x) {
      const Value v = sol[static_cast<std::size_t>(x)];
      if (!s.domain(x).contains(s.problem().variable(x).index_of(v)))
        return ::testing::AssertionFailure()
               << "value " << v << " of " << s.problem().variable(x).name()
               << " was removed but belongs to a solution consistent with " << s.problem().to_string(s.assignment());
    }
  }
  return ::testing::AssertionSuccess();
}

std::size_t consistent_count(const Store& s, const std::vector<Tuple>& solutions) {
  return test_support::consistent_with(solutions, s.assignment()).size();
}

using InferenceFn = bool (*)(SearchContext&, VarId);

// Root inference, then a random sequence of decisions, each followed by the inference, until failure or a
// complete assignment; checks soundness after every call.
void random_dive(const test_support::RandomCsp& r, const std::vector<Tuple>& solutions, InferenceFn infer,
                 std::uint32_t seed) {
  const Problem& p = r.problem;
  Statistics stats;
  Store s(p, stats);
  SearchContext ctx(s, true);
  std::mt19937 rng(seed);
  bool ok = infer(ctx, -1);
  ASSERT_TRUE(keeps_solutions(s, solutions)) << "at the root";
  if (!ok) {
    ASSERT_EQ(consistent_count(s, solutions), 0U) << "the root inference failed on a satisfiable problem";
    return;
  }
  std::vector<VarId> order(static_cast<std::size_t>(p.variable_count()));
  for (VarId x = 0; x < p.variable_count(); ++x) order[static_cast<std::size_t>(x)] = x;
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng() % k]);  // Fisher-Yates
  for (VarId x : order) {
    const std::vector<int> left = s.domain(x).indices();
    ASSERT_FALSE(left.empty());
    const int i = left[rng() % left.size()];
    ASSERT_TRUE(s.assign(x, i, nullptr));
    s.assignment().assign(x, s.value(x, i));
    ok = infer(ctx, x);
    ASSERT_TRUE(keeps_solutions(s, solutions)) << "after " << p.to_string(s.assignment());
    if (!ok) {
      ASSERT_EQ(consistent_count(s, solutions), 0U)
          << "the inference failed although a solution extends " << p.to_string(s.assignment());
      return;
    }
  }
  // Every variable assigned and the inference accepted it: this must be a solution (the Constraint contract).
  EXPECT_TRUE(p.is_solution(s.assignment())) << p.to_string(s.assignment());
}

// The random problems and their oracle solutions, built once per process.
struct Sample {
  std::vector<test_support::RandomCsp> problems;
  std::vector<std::vector<Tuple>> solutions;
};

const Sample& sample(Kind kind = Kind::small) {
  static const Sample small = [] {
    Sample out;
    for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
      out.problems.push_back(test_support::make_random_csp(seed));
      out.solutions.push_back(test_support::all_solutions(out.problems.back().problem));
    }
    return out;
  }();
  static const Sample wide = [] {
    Sample out;
    for (std::uint32_t seed = 1; seed <= kWideProblems; ++seed) {
      out.problems.push_back(test_support::make_wide_random_csp(seed));
      out.solutions.push_back(test_support::all_solutions(out.problems.back().problem));
    }
    return out;
  }();
  return kind == Kind::small ? small : wide;
}

class PropagationOracleOn : public ::testing::TestWithParam<Kind> {
 protected:
  const Sample& sample() const { return csp::sample(GetParam()); }
  std::size_t threshold(std::size_t small) const { return GetParam() == Kind::small ? small : small / 2; }
};

TEST(PropagationOracle, GeneratorCoversEveryKindOfConstraintAndBothOutcomes) {
  std::size_t satisfiable = 0;
  std::size_t nary = 0;
  std::size_t givens = 0;
  std::map<std::string, std::size_t> kinds;  // constraint class -> problems using it
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    if (!sample().solutions[k].empty()) ++satisfiable;
    const Problem& p = sample().problems[k].problem;
    std::set<std::string> here;
    bool has_nary = false;
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
      const Constraint& con = p.constraint(c);
      has_nary = has_nary || con.arity() > 2;
      if (dynamic_cast<const NotEqual*>(&con) != nullptr) here.insert("not-equal");
      if (dynamic_cast<const BinaryPredicate*>(&con) != nullptr) here.insert("binary predicate");
      if (dynamic_cast<const Table*>(&con) != nullptr) here.insert("table");
      if (dynamic_cast<const NaryPredicate*>(&con) != nullptr) here.insert("n-ary predicate");
      if (dynamic_cast<const Linear*>(&con) != nullptr) here.insert("linear");
      if (dynamic_cast<const AllDifferent*>(&con) != nullptr) here.insert("all-different");
    }
    for (const std::string& kind : here) ++kinds[kind];
    if (has_nary) ++nary;
    for (VarId x = 0; x < p.variable_count(); ++x)
      if (p.variable(x).size() == 1) {
        ++givens;
        break;
      }
  }
  // Both outcomes and every constraint kind are well represented, or the oracle tests below would prove little.
  EXPECT_GE(satisfiable, kProblems / 4);
  EXPECT_GE(kProblems - satisfiable, kProblems / 6);
  EXPECT_GE(nary, kProblems / 4);
  EXPECT_GE(givens, kProblems / 10);
  for (const char* kind : {"not-equal", "binary predicate", "table", "n-ary predicate", "linear", "all-different"})
    EXPECT_GE(kinds[kind], kProblems / 10) << kind;
}

TEST(PropagationOracle, WideGeneratorCoversIntervalDomainsExtremeValuesAndBothOutcomes) {
  std::size_t satisfiable = 0;
  std::size_t with_interval = 0;
  std::size_t with_extremes = 0;
  std::map<std::string, std::size_t> kinds;
  for (std::size_t k = 0; k < sample(Kind::wide).problems.size(); ++k) {
    if (!sample(Kind::wide).solutions[k].empty()) ++satisfiable;
    const Problem& p = sample(Kind::wide).problems[k].problem;
    bool interval = false;
    bool extreme = false;
    for (VarId x = 0; x < p.variable_count(); ++x) {
      interval = interval || !p.initial_domain(x).is_bitset();
      extreme = extreme || p.variable(x).min_value() == INT_MIN || p.variable(x).max_value() == INT_MAX;
    }
    with_interval += interval ? 1 : 0;
    with_extremes += extreme ? 1 : 0;
    std::set<std::string> here;
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
      const Constraint& con = p.constraint(c);
      if (dynamic_cast<const NotEqual*>(&con) != nullptr) here.insert("not-equal");
      if (dynamic_cast<const BinaryPredicate*>(&con) != nullptr) here.insert("binary predicate");
      if (dynamic_cast<const Table*>(&con) != nullptr) here.insert("table");
      if (dynamic_cast<const Linear*>(&con) != nullptr) here.insert("linear");
    }
    for (const std::string& kind : here) ++kinds[kind];
  }
  EXPECT_GE(satisfiable, kWideProblems / 4);
  EXPECT_GE(kWideProblems - satisfiable, kWideProblems / 6);
  EXPECT_GE(with_interval, kWideProblems / 4);
  EXPECT_GE(with_extremes, kWideProblems / 4);
  for (const char* kind : {"not-equal", "binary predicate", "table", "linear"})
    EXPECT_GE(kinds[kind], kWideProblems / 10) << kind;
}

TEST_P(PropagationOracleOn, OracleAgreesWithAnIndependentStatementOfTheConstraints) {
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    std::vector<Tuple> expected;
    test_support::for_each_complete_assignment(r.problem, 1U << 20U, [&](const Tuple& t) {
      if (r.satisfies(t)) expected.push_back(t);
    });
    EXPECT_EQ(sample().solutions[k], expected) << "problem " << k + 1 << ":\n" << r.description;
  }
}

TEST_P(PropagationOracleOn, Ac3AtTheRootKeepsEverySolution) {
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    const auto& sols = sample().solutions[k];
    Statistics stats;
    Store s(r.problem, stats);
    const Ac3Result result = ac3(s);
    EXPECT_TRUE(keeps_solutions(s, sols)) << "problem " << k + 1 << ":\n" << r.description;
    if (!result.consistent) {
      EXPECT_TRUE(sols.empty()) << "problem " << k + 1 << ":\n" << r.description;
    }
    EXPECT_EQ(result.values_pruned, stats.values_pruned);
  }
}

TEST_P(PropagationOracleOn, Ac3AfterEachSingleAssignmentKeepsEveryConsistentSolution) {
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    const Problem& p = r.problem;
    for (VarId x = 0; x < p.variable_count(); ++x) {
      for (int i : probe_indices(p.variable(x).size())) {
        Statistics stats;
        Store s(p, stats);
        ASSERT_TRUE(s.assign(x, i, nullptr));
        s.assignment().assign(x, s.value(x, i));
        const Ac3Result result = ac3(s);
        EXPECT_TRUE(keeps_solutions(s, sample().solutions[k])) << "problem " << k + 1 << ":\n" << r.description;
        if (!result.consistent) {
          EXPECT_EQ(consistent_count(s, sample().solutions[k]), 0U) << "problem " << k + 1 << ":\n" << r.description;
        }
      }
    }
  }
}

TEST_P(PropagationOracleOn, ForwardCheckingAndMacAfterEachSingleAssignmentKeepEveryConsistentSolution) {
  for (InferenceFn infer : {&forward_checking, &mac}) {
    SCOPED_TRACE(infer == &mac ? "mac" : "fc");
    for (std::size_t k = 0; k < sample().problems.size(); ++k) {
      const test_support::RandomCsp& r = sample().problems[k];
      const Problem& p = r.problem;
      for (VarId x = 0; x < p.variable_count(); ++x) {
        for (int i : probe_indices(p.variable(x).size())) {
          Statistics stats;
          Store s(p, stats);
          SearchContext ctx(s, true);
          ASSERT_TRUE(s.assign(x, i, nullptr));
          s.assignment().assign(x, s.value(x, i));
          const bool ok = infer(ctx, x);
          EXPECT_TRUE(keeps_solutions(s, sample().solutions[k])) << "problem " << k + 1 << ":\n" << r.description;
          if (!ok) {
            EXPECT_EQ(consistent_count(s, sample().solutions[k]), 0U) << "problem " << k + 1 << ":\n" << r.description;
          }
        }
      }
    }
  }
}

TEST_P(PropagationOracleOn, ForwardCheckingAndMacAlongRandomDivesKeepEveryConsistentSolution) {
  for (InferenceFn infer : {&forward_checking, &mac}) {
    SCOPED_TRACE(infer == &mac ? "mac" : "fc");
    for (std::size_t k = 0; k < sample().problems.size(); ++k) {
      for (std::uint32_t dive = 0; dive < 5; ++dive) {
        SCOPED_TRACE("problem " + std::to_string(k + 1) + " dive " + std::to_string(dive) + ":\n" +
                     sample().problems[k].description);
        random_dive(sample().problems[k], sample().solutions[k], infer, static_cast<std::uint32_t>(k) * 7919U + dive);
      }
    }
  }
}

TEST_P(PropagationOracleOn, Ac3AndMacReachTheSameFixpointOnArcConsistentConstraints) {
  std::size_t compared = 0;
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    if (!r.gac_only) continue;
    Statistics s1;
    Store a(r.problem, s1);
    Statistics s2;
    Store m(r.problem, s2);
    SearchContext ctx(m, true);
    const bool ac3_ok = ac3(a).consistent;
    const bool mac_ok = mac(ctx, -1);
    ASSERT_EQ(ac3_ok, mac_ok) << "problem " << k + 1 << ":\n" << r.description;
    if (ac3_ok) {
      ++compared;
      EXPECT_EQ(a.domains(), m.domains()) << "problem " << k + 1 << ":\n" << r.description;
    }
  }
  EXPECT_GE(compared, threshold(20));
}

// Every remaining value of every scope variable has a supporting tuple (one satisfying the constraint) in the
// current domains, for every constraint: the store is generalised arc consistent.
::testing::AssertionResult arc_consistent(const Store& s) {
  const Problem& p = s.problem();
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    const Constraint& con = p.constraint(c);
    const auto arity = static_cast<std::size_t>(con.arity());
    // Enumerate the tuples of the current domains of the scope; mark the values that occur in a satisfying one.
    std::vector<std::vector<char>> supported(arity);
    for (std::size_t q = 0; q < arity; ++q)
      supported[q].assign(static_cast<std::size_t>(s.domain(con.scope()[q]).capacity()), 0);
    std::vector<int> idx(arity);
    std::vector<Value> tuple(arity);
    auto walk = [&](auto&& self, std::size_t q) -> void {
      if (q == arity) {
        if (!con.is_satisfied_by(tuple)) return;
        for (std::size_t t = 0; t < arity; ++t) supported[t][static_cast<std::size_t>(idx[t])] = 1;
        return;
      }
      const VarId y = con.scope()[q];
      s.domain(y).for_each([&](int i) {
        idx[q] = i;
        tuple[q] = s.value(y, i);
        self(self, q + 1);
      });
    };
    walk(walk, 0);
    for (std::size_t q = 0; q < arity; ++q) {
      const VarId y = con.scope()[q];
      for (int i : s.domain(y).indices())
        if (supported[q][static_cast<std::size_t>(i)] == 0)
          return ::testing::AssertionFailure()
                 << "value " << s.value(y, i) << " of " << p.variable(y).name() << " has no support in " << con.name();
    }
  }
  return ::testing::AssertionSuccess();
}

TEST_P(PropagationOracleOn, Ac3LeavesEveryArcOfAnArcConsistentConstraintSupported) {
  // For problems whose constraints all have an exact revise (not-equal, binary predicate, table, n-ary predicate).
  std::size_t checked = 0;
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    if (!r.gac_only) continue;
    Statistics stats;
    Store s(r.problem, stats);
    if (!ac3(s).consistent) continue;
    ++checked;
    EXPECT_TRUE(arc_consistent(s)) << "problem " << k + 1 << ":\n" << r.description;
  }
  EXPECT_GE(checked, threshold(20));
}

TEST(PropagationOracle, MacLeavesEveryArcSupportedWhenEveryPropagatorIsGac) {
  // Also covers all-different with Régin's matching on a shared value list (its propagate is GAC).
  std::size_t checked = 0;
  std::size_t with_matching = 0;
  for (std::size_t k = 0; k < sample().problems.size(); ++k) {
    const test_support::RandomCsp& r = sample().problems[k];
    if (!r.propagate_gac) continue;
    Statistics stats;
    Store s(r.problem, stats);
    SearchContext ctx(s, true);
    if (!mac(ctx, -1)) continue;
    ++checked;
    if (r.description.find("matching") != std::string::npos) ++with_matching;
    EXPECT_TRUE(arc_consistent(s)) << "problem " << k + 1 << ":\n" << r.description;
    // And after the root propagation and one decision on each variable in turn (a fresh store each time).
    for (VarId x = 0; x < r.problem.variable_count(); ++x) {
      Statistics st;
      Store t(r.problem, st);
      SearchContext tctx(t, true);
      ASSERT_TRUE(mac(tctx, -1));
      const int i = t.domain(x).min();
      ASSERT_TRUE(t.assign(x, i, nullptr));
      t.assignment().assign(x, t.value(x, i));
      if (mac(tctx, x)) {
        EXPECT_TRUE(arc_consistent(t)) << "problem " << k + 1 << ", x" << x << ":\n" << r.description;
      }
    }
  }
  EXPECT_GE(checked, 20U);
  EXPECT_GE(with_matching, 3U);
}

TEST_P(PropagationOracleOn, SearchWithEachInferenceFindsExactlyTheOraclesSolutions) {
  for (const char* inference : {"none", "fc", "mac"}) {
    SolverConfig c = SolverConfig::textbook();
    c.variable_ordering = "mrv";
    c.inference = inference;
    c.max_solutions = 0;
    c.keep_solutions = 1U << 20U;
    for (std::size_t k = 0; k < sample().problems.size(); ++k) {
      const test_support::RandomCsp& r = sample().problems[k];
      const SearchResult result = backtracking_search(r.problem, c);
      EXPECT_EQ(test_support::sorted_tuples(result.solutions), sample().solutions[k])
          << inference << ", problem " << k + 1 << ":\n"
          << r.description;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, PropagationOracleOn, ::testing::Values(Kind::small, Kind::wide),
                         [](const ::testing::TestParamInfo<Kind>& param) {
                           return std::string(param.param == Kind::small ? "small" : "wide");
                         });

}  // namespace
}  // namespace csp
