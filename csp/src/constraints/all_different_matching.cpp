// Régin's all-different filtering on bitsets: maximum matching, then alternating-path reachability.
#include "all_different_matching.hpp"

#include <array>
#include <bit>

namespace csp::detail {

namespace {

using Word = std::uint64_t;
constexpr Word bit(int v) { return Word{1} << v; }

class Matching {
 public:
  explicit Matching(std::span<const Word> domains) : d_(domains) { owner_.fill(-1); }

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
  std::array<int, 64> owner_{};  // value -> variable
  std::array<int, 64> match_{};  // variable -> value
  Word matched_ = 0;
};

}  // namespace

bool alldiff_gac(std::span<const Word> domains, std::span<Word> keep) {
  const auto n = domains.size();
  if (n > 64) return false;  // more variables than values
  Matching m(domains);
  if (!m.cover_all()) return false;

  // reach[v]: values reachable from v. Edge v -> w when some variable matched to w has v in its domain.
  // Only values with an outgoing edge (`sources`) have an entry; the others are never read.
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
  for (Word via = sources; via != 0; via &= via - 1) {  // Warshall's transitive closure over the sources
    const int j = std::countr_zero(via);
    for (Word from = sources; from != 0; from &= from - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(from));
      if ((reach[i] & bit(j)) != 0) reach[i] |= reach[static_cast<std::size_t>(j)];
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

}  // namespace csp::detail
