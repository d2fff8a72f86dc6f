// AllDifferent, Level::matching beyond the one-word fast path: single values, then Régin's matching on bit rows,
// with the matching kept between calls (state.hpp).
#include <algorithm>
#include <bit>
#include <climits>

#include "csp/constraints/all_different.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "state.hpp"

namespace csp {

namespace {

using Word = detail::ValueGraph::Word;
constexpr int kBits = 64;

// ORs `bits` into `row` (of `words` words) starting at bit `base` (>= -63; bits that land below 0 are zero).
void or_at(Word* row, int words, Word bits, long long base) {
  if (bits == 0) return;
  if (base < 0) {
    row[0] |= bits >> (-base);
    return;
  }
  const auto q = static_cast<int>(base / kBits);
  const auto r = static_cast<int>(base % kBits);
  row[q] |= bits << r;
  if (r != 0 && q + 1 < words) row[q + 1] |= bits >> (kBits - r);
}

}  // namespace

// Index in scope[pos]'s values of the value whose shifted value is sv, or -1.
int AllDifferent::index_at(const Store& store, int pos, long long sv) const {
  const long long v = sv - (offsets_.empty() ? 0 : offsets_[static_cast<std::size_t>(pos)]);
  if (v < INT_MIN || v > INT_MAX) return -1;
  return store.problem().variable(scope()[static_cast<std::size_t>(pos)]).index_of(static_cast<Value>(v));
}

// Generalised arc consistency in four steps, each cheaper than the next:
// 1. the values of single-value domains (two equal ones fail) are set aside;
// 2. a variable with more values than there are variables left with several values ("wide") can be in no Hall set:
//    it stays out of the graph and only loses the fixed values and the Hall values found in step 3;
// 3. the other variables become rows of bits over a window of shifted values (or over their sorted values when
//    these are too far apart); the fixed values leave the rows, new single values leave the other rows, and
//    Régin's filter (ValueGraph) runs from the matching kept since the last call;
// 4. the rows are compared with the domains and the difference removed through the store.
bool AllDifferent::propagate_graph(Store& store) const {
  detail::AllDifferentScratch& s = detail::scratch_for(serial_, &store);
  const int n = arity();
  if (s.matched.size() != static_cast<std::size_t>(n)) s.matched.assign(static_cast<std::size_t>(n), LLONG_MIN);
  const auto fail = [&] {
    store.record_failure(*this);
    return false;
  };
  const auto var_of = [&](int k) { return scope()[static_cast<std::size_t>(k)]; };

  // 1. Single values.
  s.fixed.clear();
  int several = 0;
  for (int k = 0; k < n; ++k) {
    const Domain& d = store.domain(var_of(k));
    if (d.is_singleton())
      s.fixed.push_back(shifted(k, store.value(var_of(k), d.min())));
    else
      ++several;
  }
  std::sort(s.fixed.begin(), s.fixed.end());
  if (std::adjacent_find(s.fixed.begin(), s.fixed.end()) != s.fixed.end()) return fail();

  // 2. Wide variables: even without the fixed values they keep more values than `several`.
  s.open.clear();
  s.wide.clear();
  long long lo = LLONG_MAX;
  long long hi = LLONG_MIN;
  long long edges = 0;
  for (int k = 0; k < n; ++k) {
    const Domain& d = store.domain(var_of(k));
    if (d.is_singleton()) continue;
    if (static_cast<long long>(d.size()) - static_cast<long long>(s.fixed.size()) > several) {
      s.wide.push_back(k);
      continue;
    }
    s.open.push_back(k);
    lo = std::min(lo, shifted(k, store.value(var_of(k), d.min())));
    hi = std::max(hi, shifted(k, store.value(var_of(k), d.max())));
    edges += d.size();
  }

  // 3. The rows: a window lo..hi when it is not much wider than the values it holds, else the sorted values.
  const int m = static_cast<int>(s.open.size());
  const long long window = m == 0 ? 0 : hi - lo + 1;
  const bool dense = window <= 2 * edges + 4096 && (window / kBits + 1) * m <= (1LL << 22);
  s.sparse.clear();
  if (!dense) {
    for (int k : s.open)
      store.domain(var_of(k)).for_each([&](int i) { s.sparse.push_back(shifted(k, store.value(var_of(k), i))); });
    std::sort(s.sparse.begin(), s.sparse.end());
    s.sparse.erase(std::unique(s.sparse.begin(), s.sparse.end()), s.sparse.end());
  }
  const int values = dense ? static_cast<int>(window) : static_cast<int>(s.sparse.size());
  const auto slot = [&](long long sv) -> int {  // the graph's value for shifted value sv, or -1
    if (dense) return sv < lo || sv > hi ? -1 : static_cast<int>(sv - lo);
    const auto it = std::lower_bound(s.sparse.begin(), s.sparse.end(), sv);
    return it != s.sparse.end() && *it == sv ? static_cast<int>(it - s.sparse.begin()) : -1;
  };
  const auto shifted_of_slot = [&](int v) { return dense ? lo + v : s.sparse[static_cast<std::size_t>(v)]; };

  detail::ValueGraph& g = s.graph;
  g.reset(m, values);
  const int words = g.words();
  for (int j = 0; j < m; ++j) {
    const int k = s.open[static_cast<std::size_t>(j)];
    const VarId x = var_of(k);
    const Variable& var = store.problem().variable(x);
    const Domain& d = store.domain(x);
    Word* row = g.row(j);
    if (dense && var.is_range() && d.is_bitset()) {  // the domain's words, shifted into the window
      const long long shift = shifted(k, var.min_value()) - lo;
      for (int w = d.min() / kBits; w <= d.max() / kBits; ++w) or_at(row, words, d.word(w), w * kBits + shift);
    } else {
      d.for_each([&](int i) {
        const int v = slot(shifted(k, var.value(i)));
        row[v / kBits] |= Word{1} << (v % kBits);
      });
    }
    const long long hint = s.matched[static_cast<std::size_t>(k)];
    g.hint(j) = hint == LLONG_MIN ? -1 : slot(hint);
    if (!store.tick(static_cast<std::uint64_t>(words))) return false;
  }
  s.before.assign(g.row(0), g.row(0) + static_cast<std::size_t>(m) * static_cast<std::size_t>(words));

  // The fixed values leave the rows; a row left with one value is a new single value and leaves the others.
  {
    std::vector<Word>& taken = s.taken;
    taken.assign(static_cast<std::size_t>(words), 0);
    for (long long sv : s.fixed)
      if (const int v = slot(sv); v >= 0) taken[static_cast<std::size_t>(v / kBits)] |= Word{1} << (v % kBits);
    std::vector<int>& singles = s.singles;
    singles.clear();
    const auto count = [&](int j) {
      int c = 0;
      for (int w = 0; w < words; ++w) c += std::popcount(g.row(j)[w]);
      return c;
    };
    for (int j = 0; j < m; ++j) {
      Word* row = g.row(j);
      for (int w = 0; w < words; ++w) row[w] &= ~taken[static_cast<std::size_t>(w)];
      const int c = count(j);
      if (c == 0) return fail();
      if (c == 1) singles.push_back(j);
    }
    for (std::size_t i = 0; i < singles.size(); ++i) {
      const int j = singles[i];
      int v = -1;
      for (int w = 0; w < words && v < 0; ++w)
        if (g.row(j)[w] != 0) v = w * kBits + std::countr_zero(g.row(j)[w]);
      if (v < 0) return fail();
      const Word b = Word{1} << (v % kBits);
      for (int j2 = 0; j2 < m; ++j2) {
        Word& word = g.row(j2)[v / kBits];
        if (j2 == j || (word & b) == 0) continue;
        word &= ~b;
        const int c = count(j2);
        if (c == 0) return fail();
        if (c == 1) singles.push_back(j2);
      }
    }
  }
  switch (g.filter([&store](std::uint64_t work) { return store.tick(work); })) {
    case detail::ValueGraph::Result::interrupted:
      return false;
    case detail::ValueGraph::Result::fail:
      return fail();
    case detail::ValueGraph::Result::ok:
      break;
  }

  // 4. Write back.
  for (int j = 0; j < m; ++j) {
    const int k = s.open[static_cast<std::size_t>(j)];
    s.matched[static_cast<std::size_t>(k)] = shifted_of_slot(g.hint(j));
    const Word* now = g.row(j);
    const Word* was = s.before.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(words);
    for (int w = 0; w < words; ++w) {
      for (Word gone = was[w] & ~now[w]; gone != 0; gone &= gone - 1) {
        const int i = index_at(store, k, shifted_of_slot(w * kBits + std::countr_zero(gone)));
        if (!store.remove(var_of(k), i, this)) return false;
      }
    }
  }
  if (!s.wide.empty()) {
    const std::vector<Word>& hall = g.hall_values();
    for (int w = 0; w < words; ++w)
      for (Word b = hall[static_cast<std::size_t>(w)]; b != 0; b &= b - 1)
        s.fixed.push_back(shifted_of_slot(w * kBits + std::countr_zero(b)));
    for (int k : s.wide) {
      for (long long sv : s.fixed) {
        const int i = index_at(store, k, sv);
        if (i >= 0 && store.domain(var_of(k)).contains(i) && !store.remove(var_of(k), i, this)) return false;
      }
      if (!store.tick(s.fixed.size())) return false;
    }
  }
  return true;
}

}  // namespace csp
