// Régin's all-different filtering on bitsets: maximum matching, then alternating-path reachability.
#include "all_different_matching.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace csp::detail {

namespace {

using Word = std::uint64_t;
constexpr Word bit(int v) { return Word{1} << v; }

class Matching {
 public:
  explicit Matching(std::span<const Word> domains) : d_(domains) {}

  // Kuhn's algorithm: every variable gets a value, or false.
  bool cover_all() {
    for (int k = 0; k < static_cast<int>(d_.size()); ++k) {
      Word visited = 0;
      if (!augment(k, visited)) return false;
    }
    return true;
  }
  int value_of(int k) const { return match_[static_cast<std::size_t>(k)]; }
  Word matched() const { return matched_; }

 private:
  // Finds a value for variable k, moving other variables along an augmenting path if needed.
  bool augment(int k, Word& visited) {
    const Word options = d_[static_cast<std::size_t>(k)] & ~visited;
    const Word free = options & ~matched_;
    if (free != 0) {
      take(k, std::countr_zero(free));
      return true;
    }
    for (Word rest = options; rest != 0; rest &= rest - 1) {
      const int v = std::countr_zero(rest);
      visited |= bit(v);
      if (augment(owner_[static_cast<std::size_t>(v)], visited)) {
        take(k, v);
        return true;
      }
    }
    return false;
  }
  void take(int k, int v) {
    owner_[static_cast<std::size_t>(v)] = k;
    match_[static_cast<std::size_t>(k)] = v;
    matched_ |= bit(v);
  }

  std::span<const Word> d_;
  std::array<int, 64> owner_;  // value -> variable; read only for the values in matched_
  std::array<int, 64> match_;  // variable -> value; every variable has one once cover_all succeeded
  Word matched_ = 0;
};

}  // namespace

bool alldiff_gac(std::span<const Word> domains, std::span<Word> keep) {
  const auto n = domains.size();
  if (n > 64) return false;  // more variables than values
  Matching m(domains);
  if (!m.cover_all()) return false;

  // reach[v]: the matched values reachable from v. Edge v -> w when the variable matched to w has v in its domain.
  // Only values with an outgoing edge (`sources`) have an entry; the others are never read. Only matched values
  // have incoming edges, so only they can be intermediate nodes of a path (Warshall's `via`).
  std::array<Word, 64> reach;
  Word all = 0;
  Word sources = 0;
  for (std::size_t k = 0; k < n; ++k) all |= domains[k];
  for (Word v = all; v != 0; v &= v - 1) reach[static_cast<std::size_t>(std::countr_zero(v))] = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const int w = m.value_of(static_cast<int>(k));
    const Word out = domains[k] & ~bit(w);
    sources |= out;
    for (Word rest = out; rest != 0; rest &= rest - 1)
      reach[static_cast<std::size_t>(std::countr_zero(rest))] |= bit(w);
  }
  for (Word via = sources & m.matched(); via != 0; via &= via - 1) {  // Warshall's transitive closure
    const int j = std::countr_zero(via);
    const Word through_j = reach[static_cast<std::size_t>(j)];
    for (Word from = sources; from != 0; from &= from - 1) {
      Word& r = reach[static_cast<std::size_t>(std::countr_zero(from))];
      r |= (Word{0} - ((r >> j) & 1U)) & through_j;  // branch-free: if r holds j, add what j reaches
    }
  }
  Word from_free = all & ~m.matched();
  for (Word f = from_free & sources; f != 0; f &= f - 1) from_free |= reach[static_cast<std::size_t>(std::countr_zero(f))];

  for (std::size_t k = 0; k < n; ++k) {
    const int w = m.value_of(static_cast<int>(k));
    const Word via_cycle = (sources & bit(w)) != 0 ? reach[static_cast<std::size_t>(w)] : 0;
    keep[k] = domains[k] & (bit(w) | via_cycle | from_free);
  }
  return true;
}

bool alldiff_rules(std::span<Word> domains) {
  const auto n = static_cast<int>(domains.size());
  if (n > 64) return false;  // more variables than values
  for (;;) {
    // One pass: values fixed by single-value domains, values seen once and values seen twice or more.
    Word fixed = 0;
    Word once = 0;
    Word twice = 0;
    for (const Word d : domains) {
      if (d == 0) return false;
      if (std::has_single_bit(d)) {
        if ((fixed & d) != 0) return false;  // two variables fixed to one value
        fixed |= d;
      }
      twice |= once & d;
      once |= d;
    }
    const int values = std::popcount(once);
    if (values < n) return false;  // pigeonhole
    // Hidden singles apply only when every value must be used.
    const Word hidden = values == n ? once & ~twice & ~fixed : 0;
    if (fixed == 0 && hidden == 0) return true;
    bool again = false;
    for (Word& d : domains) {
      if (std::has_single_bit(d)) continue;
      Word keep = d & ~fixed;
      if (const Word h = keep & hidden; h != 0) {
        if (!std::has_single_bit(h)) return false;  // two values that must both be here
        keep = h;
      }
      if (keep == d) continue;
      if (keep == 0) return false;
      d = keep;
      again |= std::has_single_bit(keep);
    }
    if (!again) return true;
  }
}

bool alldiff_gac_by_subsets(std::span<Word> domains) {
  const std::size_t n = domains.size();
  if (n > kSubsetGacMaxVariables) return false;
  std::array<Word, std::size_t{1} << kSubsetGacMaxVariables> values;  // values[S]: the union of the domains in S
  std::array<Word, kSubsetGacMaxVariables> remove{};
  values[0] = 0;
  const std::size_t full = (std::size_t{1} << n) - 1;
  for (std::size_t set = 1; set <= full; ++set) {
    values[set] = values[set & (set - 1)] | domains[static_cast<std::size_t>(std::countr_zero(set))];
    const int held = std::popcount(values[set]);
    const int size = std::popcount(set);
    if (held > size) continue;
    if (held < size) return false;  // |S| variables, fewer values
    if (set == full) continue;      // the whole scope: nobody outside to prune
    for (std::size_t k = 0; k < n; ++k)
      if (((set >> k) & 1U) == 0) remove[k] |= values[set];
  }
  for (std::size_t k = 0; k < n; ++k) domains[k] &= ~remove[k];
  return true;
}

}  // namespace csp::detail
