// Domain: the set of values a variable may still take, as a bitset over value indices.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace csp {

/// A set of value indices 0..capacity-1, stored as a bitset.
///
/// `remove` is the one shrinking operation; `assign` is "remove all others" (Norvig's assign/eliminate,
/// MiniCP's tinycsp Domain). Up to 64 values live in one inline machine word (the fast path); larger
/// domains use a vector of words, so any capacity works (tested up to 4096).
/// Indices refer to the owning variable's sorted value list (see `Variable`); the domain never sees values.
class Domain {
 public:
  using Word = std::uint64_t;
  /// Bits per word: domains of up to 64 values live in one inline word.
  static constexpr int kWordBits = 64;

  /// Empty domain of capacity 0.
  Domain() = default;
  /// Full domain {0, ..., capacity-1}. Precondition: capacity >= 0.
  explicit Domain(int capacity);

  /// Number of value indices this domain was created with (its universe).
  int capacity() const { return capacity_; }
  /// Number of values still in the domain.
  int size() const {
    if (capacity_ <= kWordBits) return std::popcount(word0_);
    int n = 0;
    for (Word w : words_) n += std::popcount(w);
    return n;
  }
  bool empty() const { return size() == 0; }
  /// True iff exactly one value is left.
  bool is_singleton() const { return size() == 1; }
  /// True iff index i (0 <= i < capacity) is still in the domain. Out-of-range indices are never contained.
  bool contains(int i) const {
    if (i < 0 || i >= capacity_) return false;
    return (word(i / kWordBits) >> (i % kWordBits)) & 1U;
  }
  /// Smallest index left, or -1 when empty.
  int min() const { return next(-1); }
  /// Smallest index left that is greater than i, or -1 when none. `next(-1)` is `min()`.
  int next(int i) const;

  /// Removes index i; returns true iff it was present (the domain changed).
  bool remove(int i) {
    if (!contains(i)) return false;
    word_ref(i / kWordBits) &= ~(Word{1} << (i % kWordBits));
    return true;
  }
  /// Keeps only index i (removes all others); returns true iff the domain changed.
  /// If i is not in the domain the result is the empty domain.
  bool assign(int i);

  /// Visits every index left in ascending order: f(int index).
  template <class F>
  void for_each(F&& f) const {
    for (int w = 0; w < word_count(); ++w) {
      Word bits = word(w);
      while (bits != 0) {
        f(w * kWordBits + std::countr_zero(bits));
        bits &= bits - 1;
      }
    }
  }
  /// The indices left, ascending.
  std::vector<int> indices() const;

  /// Raw word access (for fast set algebra in global constraints and for the trail).
  int word_count() const { return capacity_ <= kWordBits ? 1 : static_cast<int>(words_.size()); }
  Word word(int w) const { return capacity_ <= kWordBits ? word0_ : words_[static_cast<std::size_t>(w)]; }
  /// Overwrites word w; used by `Trail` to restore and by global constraints to intersect.
  /// Bits beyond capacity must stay zero.
  void set_word(int w, Word bits) { word_ref(w) = bits; }

  friend bool operator==(const Domain& a, const Domain& b) {
    return a.capacity_ == b.capacity_ && a.word0_ == b.word0_ && a.words_ == b.words_;
  }

 private:
  Word& word_ref(int w) { return capacity_ <= kWordBits ? word0_ : words_[static_cast<std::size_t>(w)]; }

  int capacity_ = 0;
  Word word0_ = 0;           // the whole domain when capacity <= 64
  std::vector<Word> words_;  // used only when capacity > 64
};

}  // namespace csp
