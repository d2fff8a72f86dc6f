// Régin's all-different filtering on bitsets: maximum matching, then alternating-path reachability.
#include "matching.hpp"

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

// The nodes reachable from `start` along `adjacent` (node j -> the nodes of adjacent[j]) without leaving `within`.
Word closure(Word start, const std::array<Word, 64>& adjacent, Word within) {
  Word seen = start;
  for (Word frontier = start; frontier != 0;) {
    const Word next = adjacent[static_cast<std::size_t>(std::countr_zero(frontier))] & within & ~seen;
    frontier = (frontier & (frontier - 1)) | next;
    seen |= next;
  }
  return seen;
}

}  // namespace

bool alldiff_gac(std::span<const Word> domains, std::span<Word> keep) {
  const auto n = domains.size();
  if (n > 64) return false;  // more variables than values
  Matching m(domains);
  if (!m.cover_all()) return false;

  // The value graph: edge v -> w when the variable matched to w also has v (it could switch to v). `into[w]` is
  // that variable's domain; `out[v]` the transposed adjacency, filled for every value in some domain.
  std::array<Word, 64> out;
  std::array<Word, 64> into;
  Word all = 0;
  for (std::size_t k = 0; k < n; ++k) all |= domains[k];
  // The transposition runs over every value below the largest one, not over the set bits: the trip counts are then
  // the same from call to call over one value list, which the branch predictor learns.
  const auto width = static_cast<std::size_t>(std::bit_width(all));
  std::fill_n(out.begin(), width, Word{0});
  for (std::size_t k = 0; k < n; ++k) {
    const int w = m.value_of(static_cast<int>(k));
    into[static_cast<std::size_t>(w)] = domains[k];
    const Word edges = domains[k] & ~bit(w);
    for (std::size_t v = 0; v < width; ++v) out[v] |= ((edges >> v) & 1U) << w;
  }
  // An edge (x, v) with v not matched to x is kept iff v lies on an even alternating path from a free value (v is
  // reachable from one) or on an alternating cycle (v is in the strongly connected component of x's value).
  const Word matched = m.matched();
  const Word from_free = closure(all & ~matched, out, all);
  std::array<Word, 64> component;  // component[w]: the strongly connected component of matched value w
  for (Word left = matched; left != 0;) {
    const Word start = left & (Word{0} - left);  // the lowest value not yet in a component
    const Word scc = closure(start, out, left) & closure(start, into, left);
    for (Word rest = scc; rest != 0; rest &= rest - 1)
      component[static_cast<std::size_t>(std::countr_zero(rest))] = scc;
    left &= ~scc;
  }
  for (std::size_t k = 0; k < n; ++k)
    keep[k] = domains[k] & (component[static_cast<std::size_t>(m.value_of(static_cast<int>(k)))] | from_free);
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
