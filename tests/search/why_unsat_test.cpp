// why_unsat: planted conflicts, a brute-force check of minimality on random problems, limits and refusals.
#include "csp/search/why_unsat.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/random_csp.hpp"

namespace csp {
namespace {

std::vector<std::string> names(const std::vector<ModelPart>& parts, const UnsatCore& core) {
  std::vector<std::string> out;
  for (int p : core.parts) out.push_back(parts[static_cast<std::size_t>(p)].name);
  return out;
}

// Brute force, independent of search: does some complete assignment over every variable's full value list keep
// the parts `kept` (each constraint's relation, each restricted domain) and the background (what no part names)?
bool brute_force_satisfiable(const Problem& problem, const std::vector<ModelPart>& parts,
                             const std::vector<int>& kept) {
  std::vector<bool> constraint_on(static_cast<std::size_t>(problem.constraint_count()), true);
  std::vector<bool> restriction_on(static_cast<std::size_t>(problem.variable_count()), true);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (std::binary_search(kept.begin(), kept.end(), static_cast<int>(k))) continue;
    for (ConstraintId c : parts[k].constraints) constraint_on[static_cast<std::size_t>(c)] = false;
    for (VarId x : parts[k].restrictions) restriction_on[static_cast<std::size_t>(x)] = false;
  }
  const int n = problem.variable_count();
  std::vector<int> index(static_cast<std::size_t>(n), 0);
  while (true) {
    bool ok = true;
    for (VarId x = 0; x < n && ok; ++x)
      ok = !restriction_on[static_cast<std::size_t>(x)] ||
           problem.initial_domain(x).contains(index[static_cast<std::size_t>(x)]);
    for (ConstraintId c = 0; c < problem.constraint_count() && ok; ++c) {
      if (!constraint_on[static_cast<std::size_t>(c)]) continue;
      std::vector<Value> tuple;
      for (VarId x : problem.constraint(c).scope())
        tuple.push_back(problem.variable(x).value(index[static_cast<std::size_t>(x)]));
      ok = problem.constraint(c).is_satisfied_by(tuple);
    }
    if (ok) return true;
    VarId x = 0;
    while (x < n && ++index[static_cast<std::size_t>(x)] == problem.variable(x).size())
      index[static_cast<std::size_t>(x++)] = 0;
    if (x == n) return false;
  }
}

TEST(WhyUnsat, PigeonholeAmongIrrelevantConstraints) {
  Problem p;
  const VarId a = p.add_variable("a", 1, 2);
  const VarId b = p.add_variable("b", 1, 2);
  const VarId c = p.add_variable("c", 1, 2);
  const VarId d = p.add_variable("d", 1, 3);
  p.add_not_equal(a, d);
  p.add_not_equal(a, b);
  p.add_linear({c, d}, {1, 1}, LinearOp::le, 5, "c+d<=5");
  p.add_not_equal(b, c);
  p.add_not_equal(a, c);
  const std::vector<ModelPart> parts = model_parts(p);
  ASSERT_EQ(parts.size(), 5U);  // no restricted domain
  const UnsatCore core = why_unsat(p);
  EXPECT_EQ(core.verdict, Verdict::unsatisfiable);
  EXPECT_TRUE(core.minimal);
  EXPECT_EQ(core.parts, (std::vector<int>{1, 3, 4}));
  EXPECT_EQ(names(parts, core), (std::vector<std::string>{"a!=b", "b!=c", "a!=c"}));
  EXPECT_GT(core.checks, 0U);
}

TEST(WhyUnsat, GivensArePartsNamedByTheirValues) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 3);
  const VarId y = p.add_variable("y", 1, 3);
  const VarId z = p.add_variable("z", 1, 20);
  p.restrict_domain(x, 2);
  p.restrict_domain(y, 2);
  p.restrict_domain(z, std::vector<Value>{4, 7});
  p.add_not_equal(x, y);
  p.add_not_equal(y, z);
  const std::vector<ModelPart> parts = model_parts(p);
  ASSERT_EQ(parts.size(), 5U);
  EXPECT_EQ(parts[2].name, "x = 2");
  EXPECT_EQ(parts[4].name, "z in {4, 7}");
  const UnsatCore core = why_unsat(p);
  ASSERT_EQ(core.verdict, Verdict::unsatisfiable);
  EXPECT_TRUE(core.minimal);
  EXPECT_EQ(names(parts, core), (std::vector<std::string>{"x!=y", "x = 2", "y = 2"}));
  // Without the givens as parts they are background: the one constraint is the whole answer.
  const UnsatCore without = why_unsat(p, model_parts(p, false));
  EXPECT_EQ(without.parts, (std::vector<int>{0}));
  // The original problem keeps every constraint and given.
  EXPECT_EQ(backtracking_search(p).status, Status::unsatisfiable);
  EXPECT_TRUE(p.is_restricted(x));
}

TEST(WhyUnsat, WideRestrictionsPrintAsIntervals) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 100);
  p.restrict_range(x, 10, 40);
  EXPECT_EQ(model_parts(p)[0].name, "x in 10..40");
  p.restrict_domain(x, std::vector<Value>{10, 11, 12, 13, 14, 15, 16, 17, 19, 20});
  EXPECT_EQ(model_parts(p)[0].name, "x in {10, 11, 12, 13, 14, 15, 16, 17, ...}");
}

TEST(WhyUnsat, SatisfiableAndEmptyAnswers) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  const VarId y = p.add_variable("y", 1, 2);
  p.add_not_equal(x, y);
  const UnsatCore sat = why_unsat(p);
  EXPECT_EQ(sat.verdict, Verdict::satisfiable);
  EXPECT_TRUE(sat.parts.empty());
  EXPECT_EQ(sat.checks, 1U);
  // Unsatisfiable with no part taken away: the background alone is the conflict, and the answer is empty.
  p.restrict_domain(x, 1);
  p.restrict_domain(y, 1);
  const UnsatCore background = why_unsat(p, std::vector<ModelPart>{});
  EXPECT_EQ(background.verdict, Verdict::unsatisfiable);
  EXPECT_TRUE(background.parts.empty());
  EXPECT_TRUE(background.minimal);
}

TEST(WhyUnsat, PartsMayGroupConstraintsAndRestrictions) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 3);
  const VarId y = p.add_variable("y", 1, 3);
  p.restrict_domain(x, 1);
  p.add_linear({x, y}, {1, -1}, LinearOp::ge, 1, "x>y");
  p.add_linear({y}, {1}, LinearOp::ge, 1, "y>=1");
  p.add_not_equal(x, y);
  const std::vector<ModelPart> parts = {{"rule", {0, 1}, {}}, {"given", {}, {x}}, {"other", {2}, {}}};
  const UnsatCore core = why_unsat(p, parts);
  ASSERT_EQ(core.verdict, Verdict::unsatisfiable);
  EXPECT_EQ(core.parts, (std::vector<int>{0, 1}));
  EXPECT_TRUE(core.minimal);
}

TEST(WhyUnsat, RefusesBadParts) {
  Problem p;
  const VarId x = p.add_variable("x", 1, 2);
  const VarId y = p.add_variable("y", 1, 2);
  p.add_not_equal(x, y);
  EXPECT_THROW(why_unsat(p, std::vector<ModelPart>{{"a", {0}, {}}, {"b", {0}, {}}}), Error);
  EXPECT_THROW(why_unsat(p, std::vector<ModelPart>{{"a", {1}, {}}}), Error);
  EXPECT_THROW(why_unsat(p, std::vector<ModelPart>{{"a", {}, {2}}}), Error);
  EXPECT_THROW(why_unsat(p, std::vector<ModelPart>{{"a", {}, {x}}, {"b", {}, {x}}}), Error);
  RunSpec local;
  local.algorithm = "min-conflicts";
  EXPECT_THROW(why_unsat(p, local), Error);
  RunSpec unknown;
  unknown.search.inference = "no-such-inference";
  EXPECT_THROW(why_unsat(p, unknown), Error);
  EXPECT_THROW(p.relax_constraint(5), ModelError);
  EXPECT_THROW(p.reset_domain(-1), ModelError);
}

// n pigeons in n-1 holes, pairwise !=: MAC proves it only by search, so a node limit leaves it unknown.
TEST(WhyUnsat, LimitsLeaveTheAnswerUnknownOrNotMinimal) {
  Problem p;
  std::vector<VarId> xs;
  for (int i = 0; i < 9; ++i)
    xs.push_back(p.add_variable(std::string("x").append(std::to_string(i)), 1,
                                8));  // append: GCC 12 -Wrestrict misfires on "x" + string
  p.add_all_different(xs, AllDifferentMode::binary);
  RunSpec spec;
  spec.search.limits.node_limit = 5;
  const UnsatCore limited = why_unsat(p, spec);
  EXPECT_EQ(limited.verdict, Verdict::unknown);
  EXPECT_TRUE(limited.parts.empty());
  std::atomic<bool> stop{true};
  RunSpec interrupted;
  interrupted.search.limits.interrupt = &stop;
  EXPECT_EQ(why_unsat(p, interrupted).verdict, Verdict::unknown);
  EXPECT_EQ(why_unsat(p).verdict, Verdict::unsatisfiable);
  EXPECT_EQ(why_unsat(p).parts.size(), 36U);  // every one of the 36 != is needed
}

// A checker that knows the conflicts: unsatisfiable exactly when the kept parts hold one of them.
SubsetCheck conflicts_check(const std::vector<std::vector<int>>& conflicts,
                            std::set<std::vector<int>>* unknown = nullptr) {
  return [conflicts, unknown](const std::vector<int>& kept) {
    if (unknown && unknown->count(kept)) return Verdict::unknown;
    for (const auto& c : conflicts)
      if (std::includes(kept.begin(), kept.end(), c.begin(), c.end())) return Verdict::unsatisfiable;
    return Verdict::satisfiable;
  };
}

TEST(MinimalUnsatisfiableSubset, FindsThePreferredConflict) {
  // Two conflicts: QuickXplain keeps the one whose last part comes first.
  const UnsatCore core = minimal_unsatisfiable_subset(40, conflicts_check({{5, 31}, {3, 7, 12}}));
  EXPECT_EQ(core.verdict, Verdict::unsatisfiable);
  EXPECT_EQ(core.parts, (std::vector<int>{3, 7, 12}));
  EXPECT_TRUE(core.minimal);
  EXPECT_LE(core.checks, 30U);  // k log(n/k) order, far below the 40 of a deletion pass
  EXPECT_EQ(minimal_unsatisfiable_subset(40, conflicts_check({})).verdict, Verdict::satisfiable);
  EXPECT_EQ(minimal_unsatisfiable_subset(1, conflicts_check({{0}})).parts, (std::vector<int>{0}));
  EXPECT_THROW(minimal_unsatisfiable_subset(-1, conflicts_check({})), Error);
}

TEST(MinimalUnsatisfiableSubset, UnknownAnswersKeepTheAnswerUnsatisfiable) {
  // Every check of a subset of fewer than 8 parts is unknown: the answer holds a conflict, maybe more.
  const std::vector<std::vector<int>> conflicts = {{2, 9}};
  const SubsetCheck check = [&](const std::vector<int>& kept) {
    if (kept.size() < 8) return Verdict::unknown;
    return conflicts_check(conflicts)(kept);
  };
  const UnsatCore core = minimal_unsatisfiable_subset(12, check);
  ASSERT_EQ(core.verdict, Verdict::unsatisfiable);
  EXPECT_TRUE(std::includes(core.parts.begin(), core.parts.end(), conflicts[0].begin(), conflicts[0].end()));
  EXPECT_FALSE(core.minimal);
}

TEST(MinimalUnsatisfiableSubset, EveryPartIsNeededOnRandomConflicts) {
  std::uint32_t state = 12345;
  const auto next = [&state] { return state = state * 1103515245U + 12345U, (state >> 16U) & 0x7fffU; };
  for (int round = 0; round < 200; ++round) {
    const int n = 1 + static_cast<int>(next() % 24);
    std::vector<std::vector<int>> conflicts(1 + next() % 4);
    for (auto& c : conflicts) {
      for (int i = 0; i < n; ++i)
        if (next() % 4 == 0) c.push_back(i);
      if (c.empty()) c.push_back(static_cast<int>(next() % static_cast<unsigned>(n)));
    }
    const UnsatCore core = minimal_unsatisfiable_subset(n, conflicts_check(conflicts));
    ASSERT_EQ(core.verdict, Verdict::unsatisfiable) << "round " << round;
    EXPECT_TRUE(core.minimal);
    const SubsetCheck check = conflicts_check(conflicts);
    EXPECT_EQ(check(core.parts), Verdict::unsatisfiable) << "round " << round;
    for (std::size_t i = 0; i < core.parts.size(); ++i) {
      std::vector<int> without = core.parts;
      without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
      EXPECT_EQ(check(without), Verdict::satisfiable) << "round " << round << ", part " << core.parts[i];
    }
  }
}

// On random problems (constraints of every kind, some domains restricted), each answer is checked by brute force:
// the parts kept have no solution, and without any one of them the rest has one.
TEST(WhyUnsat, MinimalAgainstBruteForceOnRandomProblems) {
  int unsatisfiable = 0;
  for (std::uint32_t seed = 1; seed <= 400; ++seed) {
    test_support::RandomCsp r = test_support::make_random_csp(seed);
    if (seed % 2 == 0)  // a given on the first variable with more than one value
      for (VarId x = 0; x < r.problem.variable_count(); ++x)
        if (r.problem.variable(x).size() > 1) {
          r.problem.restrict_domain(x,
                                    r.problem.variable(x).value(static_cast<int>(seed) % r.problem.variable(x).size()));
          break;
        }
    const std::vector<ModelPart> parts = model_parts(r.problem);
    std::vector<int> all(parts.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    const bool satisfiable = brute_force_satisfiable(r.problem, parts, all);
    for (const char* inference : {"mac", "fc", "none"}) {
      RunSpec spec;
      spec.search.inference = inference;
      const UnsatCore core = why_unsat(r.problem, parts, spec);
      if (satisfiable) {
        EXPECT_EQ(core.verdict, Verdict::satisfiable) << "seed " << seed << ":\n" << r.description;
        continue;
      }
      ASSERT_EQ(core.verdict, Verdict::unsatisfiable) << "seed " << seed << ":\n" << r.description;
      EXPECT_TRUE(core.minimal);
      EXPECT_FALSE(brute_force_satisfiable(r.problem, parts, core.parts)) << "seed " << seed << ":\n" << r.description;
      for (std::size_t i = 0; i < core.parts.size(); ++i) {
        std::vector<int> without = core.parts;
        without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
        EXPECT_TRUE(brute_force_satisfiable(r.problem, parts, without))
            << "seed " << seed << ", part " << parts[static_cast<std::size_t>(core.parts[i])].name << ":\n"
            << r.description;
      }
      if (inference == std::string("mac")) ++unsatisfiable;
    }
  }
  EXPECT_GT(unsatisfiable, 40);  // the sample holds many conflicts, not only satisfiable problems
}

}  // namespace
}  // namespace csp
