// Domain: the set of values a variable may still take, as value indices (a bitset, or an interval with holes).
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <vector>

namespace csp {

/// A set of value indices 0..capacity-1. Indices refer to the owning variable's sorted values (see `Variable`);
/// the domain never sees values.
///
/// Three representations, chosen by capacity when the domain is made (all behave the same):
/// - up to 64 values: one inline machine word (the fast path: Sudoku, colouring, small puzzles);
/// - up to `kMaxBitsetCapacity` values: a vector of words with the size, min and max maintained;
/// - above: an interval [min, max] with a sorted list of holes, so a domain of a million (or two billion) values
///   costs a few words until values are removed one by one. Bounds changes (`remove_below`, `remove_above`,
///   `assign`) are O(log holes); removing an inner value adds a hole (O(holes)).
/// `make_interval` turns a vector-of-words domain into an interval with the same values: the `Store` does so for a
/// variable whose constraints reason on its bounds only (`Constraint::bounds_reasoning`), where one O(1) bounds
/// change beats rewriting and trailing word after word.
/// `size`, `min` and `max` are O(1) in every representation. `remove` is the one elementary shrinking operation;
/// `assign` is "remove all others" (Norvig's assign/eliminate, MiniCP's tinycsp Domain).
class Domain {
 public:
  using Word = std::uint64_t;
  /// Bits per word: domains of up to 64 values live in one inline word.
  static constexpr int kWordBits = 64;
  /// Largest capacity stored as a bitset; larger domains are intervals with holes.
  static constexpr int kMaxBitsetCapacity = 4096;
  /// Largest capacity of any domain (indices are ints): a variable has at most 2^31 - 1 values.
  static constexpr int kMaxCapacity = INT_MAX;

  /// Empty domain of capacity 0.
  Domain() = default;
  /// Full domain {0, ..., capacity-1}; O(1) memory above kMaxBitsetCapacity. A negative capacity is 0.
  explicit Domain(int capacity);
  /// Copies: the heap parts only when they hold something, so a domain of one word (a Sudoku cell) copies its
  /// scalars alone. Every puzzle of a Sudoku batch copies its 81 domains twice (the model, then the store).
  Domain(const Domain& o)
      : capacity_(o.capacity_), word0_(o.word0_), size_(o.size_), min_(o.min_), max_(o.max_), interval_(o.interval_) {
    if (!o.words_.empty()) words_ = o.words_;
    if (!o.holes_.empty()) holes_ = o.holes_;
  }
  Domain& operator=(const Domain& o) {
    if (this == &o) return *this;
    capacity_ = o.capacity_;
    word0_ = o.word0_;
    size_ = o.size_;
    min_ = o.min_;
    max_ = o.max_;
    interval_ = o.interval_;
    if (o.words_.empty())
      words_.clear();
    else
      words_ = o.words_;
    if (o.holes_.empty())
      holes_.clear();
    else
      holes_ = o.holes_;
    return *this;
  }
  Domain(Domain&&) noexcept = default;
  Domain& operator=(Domain&&) noexcept = default;
  ~Domain() = default;

  /// Number of value indices this domain was created with (its universe).
  int capacity() const { return capacity_; }
  /// True when the domain is a bitset (capacity <= kMaxBitsetCapacity, unless `make_interval` was called), false for
  /// an interval with holes.
  bool is_bitset() const { return !interval_; }
  /// Turns a bitset of more than 64 values into an interval with holes holding the same values (O(capacity)); a
  /// no-op on an interval and on a one-word domain (which stays the inline word). Only the representation changes:
  /// every query answers as before. Not while a `Trail` holds word entries of this domain (they would be undone
  /// as words): the `Store` converts before its first change.
  void make_interval();
  /// Number of values still in the domain. O(1).
  int size() const { return capacity_ <= kWordBits ? std::popcount(word0_) : size_; }
  bool empty() const { return size() == 0; }
  /// True iff exactly one value is left.
  bool is_singleton() const { return size() == 1; }
  /// True iff index i (0 <= i < capacity) is still in the domain. Out-of-range indices are never contained.
  bool contains(int i) const {
    if (i < 0 || i >= capacity_) return false;
    if (is_bitset()) return (word(i / kWordBits) >> (i % kWordBits)) & 1U;
    return size_ > 0 && i >= min_ && i <= max_ && !is_hole(i);
  }
  /// Smallest index left, or -1 when empty. O(1).
  int min() const {
    if (capacity_ <= kWordBits) return word0_ == 0 ? -1 : std::countr_zero(word0_);
    return size_ == 0 ? -1 : min_;
  }
  /// Largest index left, or -1 when empty. O(1).
  int max() const {
    if (capacity_ <= kWordBits) return word0_ == 0 ? -1 : kWordBits - 1 - std::countl_zero(word0_);
    return size_ == 0 ? -1 : max_;
  }
  /// Smallest index left that is greater than i, or -1 when none. `next(-1)` is `min()`.
  int next(int i) const;
  /// Largest index left that is smaller than i, or -1 when none. `prev(capacity())` is `max()`.
  int prev(int i) const;
  /// Number of indices left in lo..hi (inclusive; empty when lo > hi).
  int count_in(int lo, int hi) const;

  // ---- shrinking (each returns true iff the domain changed) ---------------------------------------------------
  /// Removes index i.
  bool remove(int i);
  /// Keeps only index i (removes all others). If i is not in the domain the result is the empty domain.
  bool assign(int i);
  /// Removes every index below i (keeps i and above).
  bool remove_below(int i);
  /// Removes every index above i (keeps i and below).
  bool remove_above(int i);
  /// Keeps only the indices that `other` (same capacity) also holds.
  bool intersect(const Domain& other);
  /// Interval tier only (precondition: !is_bitset()): keeps the indices lo..hi, as remove_below(lo) and
  /// remove_above(hi) do (lo > hi: empty). O(1) while the interval has no holes (the Store's bounds changes).
  void keep_between(int lo, int hi) {
    if (holes_.empty() && size_ > 0 && lo <= hi) {
      min_ = std::max(min_, lo);
      max_ = std::min(max_, hi);
      size_ = min_ <= max_ ? max_ - min_ + 1 : 0;
      return;
    }
    keep_between_with_holes(lo, hi);
  }

  /// Visits every index left in ascending order: f(int index).
  template <class F>
  void for_each(F&& f) const {
    if (!is_bitset()) {
      for (int i = min(); i >= 0; i = next(i)) f(i);
      return;
    }
    const int last = capacity_ <= kWordBits ? 0 : (size_ == 0 ? -1 : max_ / kWordBits);
    for (int w = capacity_ <= kWordBits ? 0 : (size_ == 0 ? 0 : min_ / kWordBits); w <= last; ++w) {
      Word bits = word(w);
      while (bits != 0) {
        f(w * kWordBits + std::countr_zero(bits));
        bits &= bits - 1;
      }
    }
  }
  /// The indices left, ascending.
  std::vector<int> indices() const;

  // ---- words (fast set algebra in global constraints; exact for every representation, O(1) for bitsets) --------
  int word_count() const { return capacity_ <= kWordBits ? 1 : capacity_ / kWordBits + (capacity_ % kWordBits != 0); }
  /// Bits w*64 .. w*64+63 of the domain. O(1) for bitsets, O(log holes + 64) for intervals.
  Word word(int w) const {
    if (capacity_ <= kWordBits) return word0_;
    if (is_bitset()) return words_[static_cast<std::size_t>(w)];
    return interval_word(w);
  }
  /// Overwrites word w. Bits beyond capacity must stay zero. On an interval domain `bits` must be a subset of
  /// word(w) (values can be removed, not added back).
  void set_word(int w, Word bits) {
    if (capacity_ <= kWordBits) {
      word0_ = bits;  // the fast path, inline
      return;
    }
    set_wide_word(w, bits);
  }

  // ---- undo (used by `Trail`) ---------------------------------------------------------------------------------
  /// Trail codes below 0 for interval domains: kBoundsEntry (old = packed bounds), kHoleEntry (old = the hole).
  static constexpr int kBoundsEntry = -1;
  static constexpr int kHoleEntry = -2;
  /// Packed min and max of an interval domain (for a kBoundsEntry).
  Word packed_bounds() const {
    return (static_cast<Word>(static_cast<std::uint32_t>(min_)) << 32) | static_cast<std::uint32_t>(max_) |
           (size_ == 0 ? Word{1} << 63 : 0);
  }
  /// Undoes one trail entry: code >= 0 restores word `code` to `old`; kBoundsEntry restores packed bounds;
  /// kHoleEntry removes the hole `old` (the newest change of this domain).
  void undo(int code, Word old) {
    if (capacity_ <= kWordBits) {
      word0_ = old;  // the fast path, inline (a one-word domain has only word entries)
      return;
    }
    if (code == kBoundsEntry && holes_.empty()) {  // an interval without holes: its bounds, inline too
      unpack_bounds(old);
      size_ = (old >> 63) != 0 ? 0 : max_ - min_ + 1;
      return;
    }
    undo_wide(code, old);
  }

  friend bool operator==(const Domain& a, const Domain& b);

 private:
  bool is_hole(int i) const { return std::binary_search(holes_.begin(), holes_.end(), i); }
  Word interval_word(int w) const;
  void set_wide_word(int w, Word bits);
  void undo_wide(int code, Word old);
  void keep_between_with_holes(int lo, int hi);
  void unpack_bounds(Word packed) {  // min_ and max_ of a packed_bounds() value
    min_ = static_cast<int>(static_cast<std::uint32_t>(packed >> 32) & 0x7fffffffU);
    max_ = static_cast<int>(static_cast<std::uint32_t>(packed));
  }
  void recount_interval();  // interval tier: size from bounds and holes
  int holes_in(int lo, int hi) const;

  int capacity_ = 0;
  Word word0_ = 0;           // the whole domain when capacity <= 64
  std::vector<Word> words_;  // bitset tier (64 < capacity <= kMaxBitsetCapacity)
  int size_ = 0;             // maintained above 64 values
  int min_ = -1;             // maintained above 64 values (meaningless when size_ == 0)
  int max_ = -1;
  std::vector<int> holes_;  // interval tier: removed inner indices, ascending (some may lie outside min..max)
  bool interval_ = false;   // the interval tier: capacity > kMaxBitsetCapacity, or make_interval
};

}  // namespace csp
