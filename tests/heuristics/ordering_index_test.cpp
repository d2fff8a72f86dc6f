// The orderings' index (csp/src/heuristics/ordering_state.hpp) against brute force: on problems large enough for
// the index (OrderingState::kIndexedFrom variables or more), at every node of searches that backtrack, restart,
// backjump and branch binary, each built-in ordering must choose what a scan of every unassigned variable by the
// documented rule chooses (ties: the smallest id). Then the 2-colouring of a long path, which a scan per node makes
// quadratic, under every ordering. And the candidate sets (SearchContext::candidates, a search annotation's phase):
// at every node, each built-in ordering choosing among a range of ids, with and without fixed_first, must choose
// what the same scan restricted to that range chooses, on problems with and without the index.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <map>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "csp/csp.hpp"
#include "heuristics/ordering_state.hpp"
#include "support/oracle.hpp"

namespace csp {
namespace {

using detail::OrderingState;
__extension__ typedef __int128 Wide;

// A random 3-colouring of a graph of n vertices and 2.2 n edges (near the hard region, so searches fail and
// backtrack): vertex i takes one of three values 3a, 3b + 1, 3c + 2 (a, b, c random in 0..3), its colour the value
// modulo 3, so that the value-based orderings (smallest, largest, max-regret) see different values; a few
// all-different constraints over three vertices of one colour class shape add n-ary scopes.
Problem random_problem(int n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const auto below = [&](int k) { return static_cast<int>(rng() % static_cast<unsigned>(k)); };
  Problem p;
  for (int i = 0; i < n; ++i)
    p.add_variable(std::string("x").append(std::to_string(i)),
                   std::vector<Value>{3 * below(4), 3 * below(4) + 1, 3 * below(4) + 2});
  const auto differ = [](Value a, Value b) { return a % 3 != b % 3; };
  for (int k = 0; k < 2 * n + n / 5; ++k) {
    const VarId a = below(n);
    VarId b = below(n);
    if (a == b) b = (b + 1) % n;
    p.add_binary(a, b, differ);
  }
  for (int k = 0; k < n / 50; ++k) {
    const VarId a = below(n - 2);
    p.add_predicate({a, a + 1, a + 2},
                    [](std::span<const Value> v) { return v[0] % 3 != v[1] % 3 || v[1] % 3 != v[2] % 3; });
  }
  return p;
}

// dom/wdeg's weighted degree of x from scratch: the weights of x's constraints with two or more unassigned
// scope variables.
long long weighted_degree(SearchContext& ctx, VarId x) {
  const Problem& p = ctx.problem();
  const Assignment& a = ctx.assignment();
  long long w = 0;
  for (const ConstraintId c : p.constraints_of(x)) {
    int unassigned = 0;
    for (const VarId y : p.constraint(c).scope()) unassigned += a.is_assigned(y) ? 0 : 1;
    if (unassigned >= 2) w += static_cast<long long>(ctx.store().weights()[static_cast<std::size_t>(c)]);
  }
  return w;
}

// What each ordering documents, by a scan of the unassigned variables with ids in [begin, end) (every variable by
// default): with fixed_first and filtered domains, the first one left with a single value (but for `first`); else
// the best by the ordering's measure, ties to the smallest id; -1 when they are all assigned.
VarId scan_choice(SearchContext& ctx, const std::string& name, VarId begin = 0, VarId end = -1,
                  bool fixed_first = false) {
  const Store& s = ctx.store();
  const Problem& p = ctx.problem();
  const Assignment& a = ctx.assignment();
  if (end < 0) end = p.variable_count();
  if (name == "first") {
    for (VarId x = begin; x < end; ++x)
      if (!a.is_assigned(x)) return x;
    return -1;
  }
  if (fixed_first && ctx.domains_filtered())
    for (VarId x = begin; x < end; ++x)
      if (!a.is_assigned(x) && s.domain(x).size() == 1) return x;
  VarId best = -1;
  long long best1 = 0;
  long long best2 = 0;
  for (VarId x = begin; x < end; ++x) {
    if (a.is_assigned(x)) continue;
    const Domain& d = s.domain(x);
    const long long size = ctx.remaining_values(x);  // the domain's size when domains are filtered
    long long k1 = size;
    long long k2 = 0;
    if (name == "anti-mrv") k1 = -size;
    if (name == "smallest") k1 = s.value(x, d.min());
    if (name == "largest") k1 = -static_cast<long long>(s.value(x, d.max()));
    if (name == "max-regret") k1 = -regret(s, x);
    if (name == "degree") k1 = -ctx.dynamic_degree(x);
    if (name == "mrv-degree") k2 = -ctx.dynamic_degree(x);
    if (name == "dom-wdeg") {
      const long long w = weighted_degree(ctx, x);
      k2 = w == 0 ? 1 : w;
    }
    bool better = best < 0;
    if (!better && name == "dom-wdeg")
      better = static_cast<Wide>(k1) * best2 < static_cast<Wide>(best1) * k2;
    else if (!better)
      better = k1 < best1 || (k1 == best1 && k2 < best2);
    if (better) {
      best = x;
      best1 = k1;
      best2 = k2;
    }
  }
  return best;
}

const std::vector<std::string> kIndexed = {"mrv",        "anti-mrv", "smallest",   "largest",
                                           "max-regret", "degree",   "mrv-degree", "dom-wdeg"};

struct Counts {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  std::uint64_t mismatches = 0;
  VarId first_bad = -2;
  std::uint64_t wrong_weights = 0;  // dom-wdeg: nodes where weighted_degrees(ctx) differs from the scratch sums
};

// Runs `base` with `name` wrapped so that each choice is compared with the scan's.
Counts run_checked(const Problem& p, SolverConfig base, const std::string& name) {
  const VariableOrdering indexed = variable_orderings().get(name).fn;
  Counts counts;
  base.variable_ordering = Strategy<VariableOrdering>(
      [&](SearchContext& ctx) {
        const VarId chosen = indexed(ctx);
        const VarId expected = scan_choice(ctx, name);
        if (name == "dom-wdeg") {
          const std::vector<long long>& sums = weighted_degrees(ctx);
          bool wrong = false;
          for (VarId x = 0; x < p.variable_count(); ++x)
            wrong = wrong ||
                    (!ctx.assignment().is_assigned(x) && sums[static_cast<std::size_t>(x)] != weighted_degree(ctx, x));
          counts.wrong_weights += wrong ? 1 : 0;
        }
        ++counts.nodes;
        if (chosen != expected) {
          if (counts.mismatches == 0) counts.first_bad = chosen;
          ++counts.mismatches;
        }
        return chosen;
      },
      "checked-" + name);
  base.limits.node_limit = static_cast<std::uint64_t>(test_support::sized(1500, 500));
  counts.failures = backtracking_search(p, base).stats.failures;
  return counts;
}

// The assignment's change log, which the index reads: each assign and unassign in order; a copy (a solution handed
// out of a search) neither logs nor carries the entries.
TEST(OrderingIndex, AssignmentChangeLogAndItsCopies) {
  Assignment a(3);
  a.set_change_log(true);
  a.assign(0, 1);
  a.assign(2, 5);
  a.unassign(0);
  Assignment b = a;
  b.assign(1, 2);
  std::vector<VarId> out;
  b.take_changes(out);
  EXPECT_TRUE(out.empty());
  a.take_changes(out);
  EXPECT_EQ(out, (std::vector<VarId>{0, 2, 0}));
  a.take_changes(out);
  EXPECT_TRUE(out.empty());
}

TEST(OrderingIndex, ProblemsAreLargeEnoughForTheIndex) {
  EXPECT_GE(random_problem(OrderingState::kIndexedFrom + 100, 1).variable_count(), OrderingState::kIndexedFrom);
}

// d-way and binary branching, fc and mac, restarts (undo to the root), CBJ (undo past several levels): each choice
// of every indexed ordering equals the scan's.
TEST(OrderingIndex, EveryChoiceEqualsTheScan) {
  struct Setting {
    std::string inference, branching, restarts, backjumping;
  };
  const std::vector<Setting> settings = {{"fc", "d-way", "none", "none"},
                                         {"mac", "d-way", "none", "none"},
                                         {"mac", "binary", "luby", "none"},
                                         {"fc", "d-way", "none", "cbj"}};
  const int n = OrderingState::kIndexedFrom + 150;
  for (std::uint32_t seed = 1; seed <= static_cast<std::uint32_t>(test_support::sized(2, 1)); ++seed) {
    const Problem p = random_problem(n, seed);
    for (const Setting& s : settings) {
      for (const std::string& name : kIndexed) {
        SolverConfig config;
        config.inference = s.inference;
        config.branching = s.branching;
        config.restarts = s.restarts;
        config.restart_base = 10;
        config.backjumping = s.backjumping;
        const Counts c = run_checked(p, config, name);
        EXPECT_GT(c.nodes, 100U) << name;
        // Weights grow, liveness changes with them (the sanitizer build's 500 nodes fail a few times only).
        EXPECT_GT(c.failures, static_cast<std::uint64_t>(test_support::sized(10, 3))) << name;
        EXPECT_EQ(c.wrong_weights, 0U) << name << " seed " << seed << " " << s.inference << " " << s.branching;
        EXPECT_EQ(c.mismatches, 0U) << name << " seed " << seed << " " << s.inference << " " << s.branching << " "
                                    << s.restarts << " " << s.backjumping << ": first wrong choice " << c.first_bad;
      }
    }
  }
}

// Below the index's size the orderings scan, reading dom/wdeg's weighted degrees kept from the logs: the same
// choices and the same sums as from scratch.
TEST(OrderingIndex, SmallRunsScanWithTheSameWeights) {
  const Problem p = random_problem(300, 11);
  for (const std::string& inference : {std::string("fc"), std::string("mac")}) {
    SolverConfig config;
    config.inference = inference;
    config.restarts = "luby";
    config.restart_base = 10;
    const Counts c = run_checked(p, config, "dom-wdeg");
    EXPECT_GT(c.nodes, 100U);
    EXPECT_GT(c.failures, 20U);
    EXPECT_EQ(c.mismatches, 0U) << inference;
    EXPECT_EQ(c.wrong_weights, 0U) << inference;
  }
}

// 2-colouring a path of 200,000 vertices with forward checking: every ordering assigns each vertex once, without
// a backtrack (a scan per node made this quadratic: dom-wdeg and degree did not finish within 20 s at 10^6).
TEST(OrderingIndex, LongPathIsColouredUnderEveryOrdering) {
  const int n = test_support::sized(200000, 50000);
  Problem p;
  for (int i = 0; i < n; ++i) p.add_variable(std::string("v").append(std::to_string(i)), 0, 1);
  for (int i = 0; i + 1 < n; ++i) p.add_not_equal(i, i + 1);
  for (const std::string& name : variable_orderings().names()) {
    SolverConfig config;
    config.variable_ordering = name;
    config.inference = "fc";
    config.limits.node_limit = 2ULL * n;  // a quadratic ordering would still end, but far over the node count
    const SearchResult r = backtracking_search(p, config);
    ASSERT_EQ(r.status, Status::solved) << name;
    EXPECT_LE(r.stats.assignments, static_cast<std::uint64_t>(n) * 3 / 2) << name;
    EXPECT_TRUE(p.is_solution(r.solution())) << name;
  }
}

// Candidate sets: at each node of searches (fc, mac, inference none; d-way and binary), every registered ordering
// is asked to choose among a few ranges of ids, with and without fixed_first, and must choose what the scan of that
// range by its documented rule chooses; its choice among every variable then drives the search. On problems below
// and above the index's size (a range is always scanned: the index covers every variable).
TEST(OrderingCandidates, EveryChoiceAmongARangeEqualsTheScanOfTheRange) {
  struct Setting {
    std::string inference, branching;
  };
  const std::vector<Setting> settings = {{"fc", "d-way"}, {"mac", "binary"}, {"none", "d-way"}};
  std::map<std::string, std::uint64_t> fixed_taken_by;  // fixed_first choices that differ, by ordering
  for (const int n : {120, OrderingState::kIndexedFrom + 40}) {
    const Problem p = random_problem(n, 7);
    const std::vector<std::pair<VarId, VarId>> ranges = {{0, n / 3}, {n / 3, 2 * n / 3}, {n / 2, n}, {n - 9, n - 4}};
    for (const Setting& s : settings) {
      for (const std::string& name : variable_orderings().names()) {
        const VariableOrdering ordering = variable_orderings().get(name).fn;
        std::uint64_t checks = 0;
        std::uint64_t mismatches = 0;
        std::uint64_t none_left = 0;    // choices among a range whose variables were all assigned
        std::uint64_t fixed_taken = 0;  // fixed_first choices that differ from the ranked ones
        std::string first_bad;
        SolverConfig config;
        config.inference = s.inference;
        config.branching = s.branching;
        config.variable_ordering = Strategy<VariableOrdering>(
            [&](SearchContext& ctx) {
              for (const auto& [begin, end] : ranges) {
                VarId ranked = -2;
                for (const bool fixed_first : {false, true}) {
                  VarId chosen = -2;
                  {
                    const SearchContext::CandidateScope scope(ctx, {begin, end, fixed_first});
                    chosen = ordering(ctx);
                  }
                  const VarId expected = scan_choice(ctx, name, begin, end, fixed_first);
                  ++checks;
                  none_left += expected == -1 ? 1 : 0;
                  if (fixed_first && chosen != ranked) ++fixed_taken;
                  if (!fixed_first) ranked = chosen;
                  if (chosen != expected && mismatches++ == 0)
                    first_bad = "range [" + std::to_string(begin) + ", " + std::to_string(end) + ")" +
                                (fixed_first ? " fixed_first" : "") + ": chose " + std::to_string(chosen) +
                                ", the scan " + std::to_string(expected);
                }
              }
              EXPECT_TRUE(ctx.all_candidates());  // the scopes restored every variable
              return ordering(ctx);
            },
            "candidates-" + name);
        config.limits.node_limit = static_cast<std::uint64_t>(test_support::sized(400, 150));
        const SearchResult r = backtracking_search(p, config);
        const std::string where = name + " n=" + std::to_string(n) + " " + s.inference + " " + s.branching;
        EXPECT_GT(r.stats.assignments, 100U) << where;
        EXPECT_EQ(mismatches, 0U) << where << ": " << first_bad;
        EXPECT_LT(none_left, checks) << where;  // most choices had a candidate left (a fully assigned range:
                                                // RangeWhollyAssignedHasNoChoice)
        fixed_taken_by[name] += s.inference != "none" ? fixed_taken : 0;
      }
    }
  }
  // fixed_first changes the choice of the orderings that would rank a single value after another variable (with
  // filtered domains: first and mrv never do), so the scan checked that rule too.
  for (const auto& [name, taken] : fixed_taken_by)
    if (name != "first" && name != "mrv") {
      EXPECT_GT(taken, 0U) << name;
    }
}

// A range whose candidates are all assigned has no choice: every ordering answers -1, with and without
// fixed_first, while the variables outside it are free.
TEST(OrderingCandidates, RangeWhollyAssignedHasNoChoice) {
  const Problem p = random_problem(20, 3);
  Statistics stats;
  Store store(p, stats);
  SearchContext ctx(store, true);
  for (VarId x = 4; x < 8; ++x) store.assignment().assign(x, p.variable(x).value(0));
  for (const bool fixed_first : {false, true}) {
    const SearchContext::CandidateScope scope(ctx, {4, 8, fixed_first});
    EXPECT_EQ(ctx.first_candidate(), -1);
    for (const std::string& name : variable_orderings().names())
      EXPECT_EQ(variable_orderings().get(name).fn(ctx), -1) << name << (fixed_first ? " fixed_first" : "");
  }
  const SearchContext::CandidateScope scope(ctx, {4, 9, false});
  for (const std::string& name : variable_orderings().names())
    EXPECT_EQ(variable_orderings().get(name).fn(ctx), 8) << name;  // the one candidate left
}

// A candidate set is clamped to the problem's ids; all_candidates() holds for the whole problem without
// fixed_first only; a scope restores the candidates it replaced, also when an exception leaves it.
TEST(OrderingCandidates, ScopesClampAndRestore) {
  const Problem p = random_problem(20, 3);
  Statistics stats;
  Store store(p, stats);
  SearchContext ctx(store, true);
  EXPECT_TRUE(ctx.all_candidates());
  EXPECT_EQ(ctx.candidates().begin, 0);
  EXPECT_EQ(ctx.candidates().end, 20);
  {
    const SearchContext::CandidateScope scope(ctx, {5, 50, false});
    EXPECT_FALSE(ctx.all_candidates());
    EXPECT_EQ(ctx.candidates().end, 20);
    EXPECT_EQ(ctx.first_candidate(), 5);
    EXPECT_EQ(first_unassigned(ctx), 5);
    {
      const SearchContext::CandidateScope inner(ctx, {0, 20, true});
      EXPECT_FALSE(ctx.all_candidates());  // fixed_first changes the choice: not the default
      EXPECT_TRUE(ctx.candidates().fixed_first);
    }
    EXPECT_EQ(ctx.candidates().begin, 5);
    EXPECT_FALSE(ctx.candidates().fixed_first);
  }
  EXPECT_TRUE(ctx.all_candidates());
  EXPECT_THROW(
      {
        const SearchContext::CandidateScope scope(ctx, {3, 4, false});
        throw Error("leaving");
      },
      Error);
  EXPECT_TRUE(ctx.all_candidates());
  {
    const SearchContext::CandidateScope empty(ctx, {12, 7, false});  // end before begin: no candidate
    EXPECT_EQ(ctx.candidates().end, 12);
    EXPECT_EQ(ctx.first_candidate(), -1);
    for (const std::string& name : variable_orderings().names())
      EXPECT_EQ(variable_orderings().get(name).fn(ctx), -1) << name;
  }
}

}  // namespace
}  // namespace csp
