// Soundness of AC-3, forward checking and MAC against a brute-force oracle on small random CSPs: no value of a
// solution consistent with the current assignment is ever removed, and a reported failure means that no such
// solution exists. Also: the oracle agrees with an independent statement of each constraint, and AC-3 and MAC
// reach the same fixpoint where all constraints are (generalised) arc consistent.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>

#include "csp/core/store.hpp"
#include "csp/propagation/ac3.hpp"
#include "csp/propagation/inference.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

using test_support::Tuple;

constexpr std::uint32_t kProblems = 300;

// Every value of every solution that agrees with the store's assignment is still in its domain.
::testing::AssertionResult keeps_solutions(const Store& s, const std::vector<Tuple>& solutions) {
  for (const Tuple& sol : test_support::consistent_with(solutions, s.assignment())) {
    for (VarId x = 0; x < s.problem().variable_count(); ++x) {
      const Value v = sol[static_cast<std::size_t>(x)];
      if (!s.domain(x).contains(s.problem().variable(x).index_of(v)))
        return ::testing::AssertionFailure() << "value " << v << " of " << s.problem().variable(x).name()
                                             << " was removed but belongs to a solution consistent with "
                                             << s.problem().to_string(s.assignment());
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

class PropagationOracle : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    problems_ = new std::vector<test_support::RandomCsp>();
    solutions_ = new std::vector<std::vector<Tuple>>();
    for (std::uint32_t seed = 1; seed <= kProblems; ++seed) {
      problems_->push_back(test_support::make_random_csp(seed));
      solutions_->push_back(test_support::all_solutions(problems_->back().problem));
    }
  }
  static void TearDownTestSuite() {
    delete problems_;
    delete solutions_;
    problems_ = nullptr;
    solutions_ = nullptr;
  }
  static std::vector<test_support::RandomCsp>* problems_;
  static std::vector<std::vector<Tuple>>* solutions_;
};

std::vector<test_support::RandomCsp>* PropagationOracle::problems_ = nullptr;
std::vector<std::vector<Tuple>>* PropagationOracle::solutions_ = nullptr;

TEST_F(PropagationOracle, GeneratorCoversSatisfiableAndUnsatisfiableProblems) {
  std::size_t satisfiable = 0;
  std::size_t nary = 0;
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    if (!(*solutions_)[k].empty()) ++satisfiable;
    const Problem& p = (*problems_)[k].problem;
    for (ConstraintId c = 0; c < p.constraint_count(); ++c)
      if (p.constraint(c).arity() > 2) {
        ++nary;
        break;
      }
  }
  // Both kinds are well represented, or the oracle tests below would prove little.
  EXPECT_GE(satisfiable, kProblems / 4);
  EXPECT_GE(kProblems - satisfiable, kProblems / 6);
  EXPECT_GE(nary, kProblems / 4);
}

TEST_F(PropagationOracle, OracleAgreesWithAnIndependentStatementOfTheConstraints) {
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    const test_support::RandomCsp& r = (*problems_)[k];
    std::vector<Tuple> expected;
    test_support::for_each_complete_assignment(r.problem, 1U << 20U, [&](const Tuple& t) {
      if (r.satisfies(t)) expected.push_back(t);
    });
    EXPECT_EQ((*solutions_)[k], expected) << "problem " << k + 1 << ":\n" << r.description;
  }
}

TEST_F(PropagationOracle, Ac3AtTheRootKeepsEverySolution) {
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    const test_support::RandomCsp& r = (*problems_)[k];
    const auto& sols = (*solutions_)[k];
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

TEST_F(PropagationOracle, Ac3AfterEachSingleAssignmentKeepsEveryConsistentSolution) {
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    const test_support::RandomCsp& r = (*problems_)[k];
    const Problem& p = r.problem;
    for (VarId x = 0; x < p.variable_count(); ++x) {
      for (int i = 0; i < p.variable(x).size(); ++i) {
        Statistics stats;
        Store s(p, stats);
        ASSERT_TRUE(s.assign(x, i, nullptr));
        s.assignment().assign(x, s.value(x, i));
        const Ac3Result result = ac3(s);
        EXPECT_TRUE(keeps_solutions(s, (*solutions_)[k])) << "problem " << k + 1 << ":\n" << r.description;
        if (!result.consistent) {
          EXPECT_EQ(consistent_count(s, (*solutions_)[k]), 0U) << "problem " << k + 1 << ":\n" << r.description;
        }
      }
    }
  }
}

TEST_F(PropagationOracle, ForwardCheckingAndMacAfterEachSingleAssignmentKeepEveryConsistentSolution) {
  for (InferenceFn infer : {&forward_checking, &mac}) {
    SCOPED_TRACE(infer == &mac ? "mac" : "fc");
    for (std::size_t k = 0; k < problems_->size(); ++k) {
      const test_support::RandomCsp& r = (*problems_)[k];
      const Problem& p = r.problem;
      for (VarId x = 0; x < p.variable_count(); ++x) {
        for (int i = 0; i < p.variable(x).size(); ++i) {
          Statistics stats;
          Store s(p, stats);
          SearchContext ctx(s, true);
          ASSERT_TRUE(s.assign(x, i, nullptr));
          s.assignment().assign(x, s.value(x, i));
          const bool ok = infer(ctx, x);
          EXPECT_TRUE(keeps_solutions(s, (*solutions_)[k])) << "problem " << k + 1 << ":\n" << r.description;
          if (!ok) {
            EXPECT_EQ(consistent_count(s, (*solutions_)[k]), 0U) << "problem " << k + 1 << ":\n" << r.description;
          }
        }
      }
    }
  }
}

TEST_F(PropagationOracle, ForwardCheckingAndMacAlongRandomDivesKeepEveryConsistentSolution) {
  for (InferenceFn infer : {&forward_checking, &mac}) {
    SCOPED_TRACE(infer == &mac ? "mac" : "fc");
    for (std::size_t k = 0; k < problems_->size(); ++k) {
      for (std::uint32_t dive = 0; dive < 5; ++dive) {
        SCOPED_TRACE("problem " + std::to_string(k + 1) + " dive " + std::to_string(dive) + ":\n" +
                     (*problems_)[k].description);
        random_dive((*problems_)[k], (*solutions_)[k], infer, static_cast<std::uint32_t>(k) * 7919U + dive);
      }
    }
  }
}

TEST_F(PropagationOracle, Ac3AndMacReachTheSameFixpointOnArcConsistentConstraints) {
  std::size_t compared = 0;
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    const test_support::RandomCsp& r = (*problems_)[k];
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
  EXPECT_GE(compared, 20U);
}

TEST_F(PropagationOracle, Ac3LeavesEveryArcOfAnArcConsistentConstraintSupported) {
  // After AC-3, every remaining value of scope[pos] has a supporting tuple in the current domains, for every
  // constraint whose revise is documented as exact (not-equal, binary predicate, table, n-ary predicate).
  for (std::size_t k = 0; k < problems_->size(); ++k) {
    const test_support::RandomCsp& r = (*problems_)[k];
    if (!r.gac_only) continue;
    const Problem& p = r.problem;
    Statistics stats;
    Store s(p, stats);
    if (!ac3(s).consistent) continue;
    for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
      const Constraint& con = p.constraint(c);
      // Enumerate the tuples of the current domains of the scope; mark the values that occur in a satisfying one.
      std::vector<std::vector<char>> supported(static_cast<std::size_t>(con.arity()));
      for (int q = 0; q < con.arity(); ++q)
        supported[static_cast<std::size_t>(q)].assign(static_cast<std::size_t>(s.domain(con.scope()[static_cast<std::size_t>(q)]).capacity()), 0);
      std::vector<int> idx(static_cast<std::size_t>(con.arity()));
      std::vector<Value> tuple(static_cast<std::size_t>(con.arity()));
      auto walk = [&](auto&& self, int q) -> void {
        if (q == con.arity()) {
          if (!con.is_satisfied_by(tuple)) return;
          for (int t = 0; t < con.arity(); ++t)
            supported[static_cast<std::size_t>(t)][static_cast<std::size_t>(idx[static_cast<std::size_t>(t)])] = 1;
          return;
        }
        const VarId y = con.scope()[static_cast<std::size_t>(q)];
        s.domain(y).for_each([&](int i) {
          idx[static_cast<std::size_t>(q)] = i;
          tuple[static_cast<std::size_t>(q)] = s.value(y, i);
          self(self, q + 1);
        });
      };
      walk(walk, 0);
      for (int q = 0; q < con.arity(); ++q) {
        const VarId y = con.scope()[static_cast<std::size_t>(q)];
        s.domain(y).for_each([&](int i) {
          EXPECT_TRUE(supported[static_cast<std::size_t>(q)][static_cast<std::size_t>(i)])
              << "value " << s.value(y, i) << " of " << p.variable(y).name() << " has no support in " << con.name()
              << "; problem " << k + 1 << ":\n"
              << r.description;
        });
      }
    }
  }
}

}  // namespace
}  // namespace csp
