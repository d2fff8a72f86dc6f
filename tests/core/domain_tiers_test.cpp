// Domain representations (inline word, vector of words, interval with holes): every operation through the Store,
// checked against a reference set after each step, with trail undo at random depths; wide ranges cost O(1).
#include "csp/core/domain.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <random>
#include <set>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "csp/search/backtracking.hpp"

namespace csp {
namespace {

// The reference: indices lo..hi less a set of removed indices. Works for any capacity.
struct Reference {
  long long lo = 0;
  long long hi = -1;
  std::set<int> removed;
  bool contains(int i) const { return i >= lo && i <= hi && removed.count(i) == 0; }
  long long size() const {
    if (lo > hi) return 0;
    long long n = hi - lo + 1;
    for (auto it = removed.lower_bound(static_cast<int>(lo)); it != removed.end() && *it <= hi; ++it) --n;
    return n;
  }
  int min() const {
    for (long long i = lo; i <= hi; ++i)
      if (removed.count(static_cast<int>(i)) == 0) return static_cast<int>(i);
    return -1;
  }
  int max() const {
    for (long long i = hi; i >= lo; --i)
      if (removed.count(static_cast<int>(i)) == 0) return static_cast<int>(i);
    return -1;
  }
  void remove(int i) {
    if (contains(i)) removed.insert(i);
  }
  void keep_range(long long a, long long b) {
    lo = std::max(lo, a);
    hi = std::min(hi, b);
  }
};

void expect_same(const Domain& d, const Reference& r, std::mt19937& rng, const std::string& where) {
  ASSERT_EQ(d.size(), r.size()) << where;
  ASSERT_EQ(d.min(), r.min()) << where;
  ASSERT_EQ(d.max(), r.max()) << where;
  ASSERT_EQ(d.empty(), r.size() == 0) << where;
  if (r.size() == 0) return;
  // Probe around the ends, the holes and random places.
  std::vector<int> probes{d.min(), d.max(), d.min() - 1, d.max() + 1, d.min() + 1, d.max() - 1};
  for (int h : r.removed) {
    probes.push_back(h);
    probes.push_back(h - 1);
    probes.push_back(h + 1);
  }
  for (int k = 0; k < 8; ++k) probes.push_back(static_cast<int>(r.lo + (r.hi - r.lo) * (rng() % 1000) / 1000));
  for (int i : probes) {
    if (i < 0 || i >= d.capacity()) continue;
    ASSERT_EQ(d.contains(i), r.contains(i)) << where << " contains(" << i << ")";
    int expect_next = -1;
    for (long long j = std::max(static_cast<long long>(i) + 1, r.lo); j <= r.hi; ++j)
      if (r.contains(static_cast<int>(j))) {
        expect_next = static_cast<int>(j);
        break;
      }
    ASSERT_EQ(d.next(i), expect_next) << where << " next(" << i << ")";
    int expect_prev = -1;
    for (long long j = std::min(static_cast<long long>(i) - 1, r.hi); j >= r.lo; --j)
      if (r.contains(static_cast<int>(j))) {
        expect_prev = static_cast<int>(j);
        break;
      }
    ASSERT_EQ(d.prev(i), expect_prev) << where << " prev(" << i << ")";
  }
  const int a = d.min();
  const int b = static_cast<int>(std::min<long long>(d.max(), static_cast<long long>(a) + 300));
  long long n = 0;
  for (int i = a; i <= b; ++i) n += r.contains(i) ? 1 : 0;
  ASSERT_EQ(d.count_in(a, b), n) << where;
}

// Random removals, bounds changes, assigns and undos on one variable of the given width. `bounds_only`: x's one
// constraint (x <= hi, never binding) reasons on bounds, so the store keeps a domain of more than 64 values as an
// interval whatever its width (Constraint::bounds_reasoning).
void random_walk(int lo, int hi, std::uint32_t seed, bool bounds_only = false) {
  Problem p;
  const VarId x = p.add_variable("x", lo, hi);
  if (bounds_only) p.add_linear({x}, {1}, LinearOp::le, hi);
  Statistics stats;
  Store store(p, stats);
  const int bitset_up_to = bounds_only ? Domain::kWordBits : Domain::kMaxBitsetCapacity;
  ASSERT_EQ(store.domain(x).is_bitset(), p.variable(x).size() <= bitset_up_to);
  std::mt19937 rng(seed);
  const int cap = p.variable(x).size();
  Reference ref{0, cap - 1, {}};
  std::vector<std::pair<Trail::Mark, Reference>> saved;
  // Values are picked near the current bounds, so narrowing and holes meet (a wide range is never scanned).
  auto near = [&](const Reference& r) {
    const long long a = std::max<long long>(r.lo - 2, 0);
    const long long b = std::min<long long>(r.hi + 2, cap - 1);
    const long long span = std::min<long long>(b - a, 200);
    return static_cast<int>((rng() & 1) ? a + rng() % (span + 1) : b - rng() % (span + 1));
  };
  for (int step = 0; step < 600; ++step) {
    const std::string where =
        "width " + std::to_string(cap) + " seed " + std::to_string(seed) + " step " + std::to_string(step);
    const auto action = rng() % 12;
    if (action <= 1) {
      saved.emplace_back(store.mark(), ref);
    } else if (action <= 3 && !saved.empty()) {
      store.undo_to(saved.back().first);
      ref = saved.back().second;
      saved.pop_back();
    } else if (ref.size() == 0) {
      continue;
    } else if (action <= 6) {
      const int i = near(ref);
      const bool had = ref.contains(i);
      const bool ok = store.remove(x, i, nullptr);
      ref.remove(i);
      ASSERT_EQ(ok, ref.size() > 0) << where;
      (void)had;
    } else if (action == 7) {
      const int i = near(ref);
      store.remove_below(x, i, nullptr);
      ref.keep_range(i, ref.hi);
    } else if (action == 8) {
      const int i = near(ref);
      store.remove_above(x, i, nullptr);
      ref.keep_range(ref.lo, i);
    } else if (action == 9) {
      const int i = near(ref);
      const bool in = ref.contains(i);
      store.assign(x, i, nullptr);
      if (in) {
        ref.keep_range(i, i);
      } else {
        ref.keep_range(1, 0);
      }
    } else {
      const int i = near(ref);
      const int w = i / Domain::kWordBits;
      const Domain::Word mask = (Domain::Word{rng()} << 32U) | rng();
      store.keep_word(x, w, mask, nullptr);
      for (int b = 0; b < Domain::kWordBits; ++b)
        if (((mask >> b) & 1U) == 0 && w * Domain::kWordBits + b < cap) ref.remove(w * Domain::kWordBits + b);
    }
    expect_same(store.domain(x), ref, rng, where);
  }
  while (!saved.empty()) {
    store.undo_to(saved.back().first);
    ref = saved.back().second;
    saved.pop_back();
    expect_same(store.domain(x), ref, rng, "final undo");
  }
}

TEST(DomainTiers, EveryRepresentationMatchesTheReferenceThroughTheStore) {
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    random_walk(1, 9, seed);                           // one inline word
    random_walk(0, 63, seed);                          // exactly one word
    random_walk(-100, 199, seed);                      // several words
    random_walk(1, Domain::kMaxBitsetCapacity, seed);  // the largest bitset
    random_walk(0, Domain::kMaxBitsetCapacity, seed);  // the smallest interval
    random_walk(-500'000, 500'000, seed);              // a million values
    random_walk(INT_MIN / 2 + 1, INT_MAX / 2, seed);   // the widest range
    random_walk(-100, 199, seed, true);                // several words' worth, as an interval (bounds reasoning only)
    random_walk(1, 65, seed, true);                    // the smallest such interval
    random_walk(1, 64, seed, true);                    // one word stays the inline word
  }
}

// make_interval: the same values, as an interval with holes; == compares values across representations; a one-word
// domain and an interval are left as they are.
TEST(DomainTiers, MakeIntervalKeepsTheValues) {
  Domain d(300);
  for (int i : {0, 1, 5, 64, 65, 128, 200, 299}) d.remove(i);
  const Domain bitset = d;
  d.make_interval();
  EXPECT_FALSE(d.is_bitset());
  EXPECT_TRUE(bitset.is_bitset());
  EXPECT_EQ(d, bitset);
  EXPECT_EQ(d.indices(), bitset.indices());
  EXPECT_EQ(d.size(), 292);
  EXPECT_EQ(d.min(), 2);
  EXPECT_EQ(d.max(), 298);
  for (int w = 0; w < d.word_count(); ++w) EXPECT_EQ(d.word(w), bitset.word(w)) << "word " << w;
  d.remove(100);
  EXPECT_NE(d, bitset);
  Domain empty(300);
  empty.remove_above(-1);
  empty.make_interval();
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.next(-1), -1);
  Domain word(64);
  word.make_interval();
  EXPECT_TRUE(word.is_bitset());
  EXPECT_EQ(word.size(), 64);
}

// The store keeps a variable of more than 64 values as an interval only when every constraint on it reasons on its
// bounds: a sum (=, <=) and arithmetic do; != (fixed events, one inner value), all-different, a product with a
// target (divisors) and a variable without constraints keep the bitset.
TEST(DomainTiers, TheStoreMakesIntervalsOfBoundsOnlyVariables) {
  Problem p;
  const VarId sum = p.add_variable("sum", 0, 200);
  const VarId both = p.add_variable("both", 0, 200);
  const VarId abs = p.add_variable("abs", -200, 200);
  const VarId free = p.add_variable("free", 0, 200);
  const VarId distinct = p.add_variable("distinct", 0, 200);
  const VarId factor = p.add_variable("factor", 1, 200);
  p.add_linear({sum, both}, {1, 1}, LinearOp::le, 300);
  p.add_abs(abs, both);
  p.add_not_equal(distinct, both);  // both: also in a != (fixed events): a bitset
  p.add_all_different({distinct, factor});
  p.add_product({factor, sum}, 120);  // sum: also in a product with a target
  p.add_linear({abs}, {1}, LinearOp::ge, -150);
  Statistics stats;
  Store store(p, stats);
  EXPECT_FALSE(store.domain(abs).is_bitset());  // abs and a sum
  EXPECT_TRUE(store.domain(sum).is_bitset());   // a product
  EXPECT_TRUE(store.domain(both).is_bitset());  // !=
  EXPECT_TRUE(store.domain(free).is_bitset());  // no constraint
  EXPECT_TRUE(store.domain(distinct).is_bitset());
  EXPECT_TRUE(store.domain(factor).is_bitset());
  for (VarId x = 0; x < p.variable_count(); ++x) EXPECT_EQ(store.domain(x), p.initial_domain(x)) << x;
}

TEST(DomainTiers, WideRangesAreIntervalsOfConstantSize) {
  Problem p;
  const VarId x = p.add_variable("x", -1'000'000'000, 1'000'000'000);
  EXPECT_FALSE(p.initial_domain(x).is_bitset());
  EXPECT_EQ(p.initial_domain(x).size(), 2'000'000'001);
  EXPECT_EQ(p.variable(x).value(p.initial_domain(x).max()), 1'000'000'000);
  EXPECT_EQ(p.variable(x).index_of(-1'000'000'000), 0);
  p.restrict_range(x, -5, 5);
  EXPECT_EQ(p.initial_domain(x).size(), 11);
  EXPECT_EQ(p.variable(x).value(p.initial_domain(x).min()), -5);
  const VarId widest = p.add_variable("w", INT_MIN / 2 + 1, INT_MAX / 2);  // 2^31 - 1 values: the maximum
  EXPECT_EQ(p.initial_domain(widest).size(), Domain::kMaxCapacity);
}

TEST(DomainTiers, RangesWiderThanTheMaximumAreModelErrorsNamingTheVariable) {
  Problem p;
  try {
    p.add_variable("huge", INT_MIN, INT_MAX);
    FAIL() << "expected ModelError";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("'huge' has 4294967296 values"), std::string::npos) << e.what();
  }
  EXPECT_THROW(p.add_variable("X", 0, INT_MAX), ModelError);  // 2^31 values: one too many
  EXPECT_EQ(p.variable_count(), 0);
}

TEST(DomainTiers, RestrictDomainOnAnIntervalKeepsExactlyTheAllowedValues) {
  Problem p;
  const VarId x = p.add_variable("x", 0, 1'000'000);
  p.restrict_domain(x, std::vector<Value>{999'999, 5, 70'000});
  EXPECT_EQ(p.initial_domain(x).indices(), (std::vector<int>{5, 70'000, 999'999}));
  EXPECT_THROW(p.restrict_domain(x, std::vector<Value>{6}), ModelError);
}

TEST(DomainTiers, EveryVariableOrderingPicksAVariableOfTheWidestDomain) {
  // A domain of 2^31 - 1 values has size INT_MAX: MRV once ranked it with assigned variables and chose none.
  Problem p;
  p.add_variable("x", -1'073'741'823, 1'073'741'823);
  for (const char* var : {"first", "mrv", "degree", "mrv-degree", "dom-wdeg"}) {
    for (const char* inference : {"none", "fc", "mac"}) {
      // With `none`, MRV and dom-wdeg count legal values one by one (AIMA's definition): 2^31 checks, skipped.
      if (std::string(inference) == "none" && std::string(var) != "first" && std::string(var) != "degree") continue;
      SolverConfig config = SolverConfig::textbook();
      config.variable_ordering = var;
      config.inference = inference;
      const SearchResult r = backtracking_search(p, config);
      ASSERT_EQ(r.status, Status::solved) << var << " " << inference;
      EXPECT_EQ(r.solutions.at(0).value(0), -1'073'741'823) << var << " " << inference;
    }
  }
}

}  // namespace
}  // namespace csp
