// Domain: bitset (inline word or vector of words) or interval with holes, over value indices.
#include "csp/core/domain.hpp"

namespace csp {

namespace {
constexpr int kBits = Domain::kWordBits;

Domain::Word low_bits(int n) {  // the n lowest bits set, 0 <= n <= 64
  return n >= kBits ? ~Domain::Word{0} : (Domain::Word{1} << n) - 1;
}
Domain::Word bits_from(int n) { return n >= kBits ? 0 : ~Domain::Word{0} << n; }  // bits n..63, 0 <= n
int lowest(int w, Domain::Word bits) { return w * kBits + std::countr_zero(bits); }
int highest(int w, Domain::Word bits) { return w * kBits + kBits - 1 - std::countl_zero(bits); }
}  // namespace

Domain::Domain(int capacity) : capacity_(capacity < 0 ? 0 : capacity), interval_(capacity_ > kMaxBitsetCapacity) {
  if (capacity_ <= kBits) {
    word0_ = low_bits(capacity_);
    return;
  }
  size_ = capacity_;
  min_ = 0;
  max_ = capacity_ - 1;
  if (!is_bitset()) return;  // an interval: nothing to materialise
  const int n = word_count();
  words_.assign(static_cast<std::size_t>(n), ~Word{0});
  words_.back() = low_bits(capacity_ - (n - 1) * kBits);
}

void Domain::make_interval() {
  if (interval_ || capacity_ <= kBits) return;
  holes_.clear();
  if (size_ > 0)
    for (int i = min_ + 1; i < max_; ++i)
      if (!contains(i)) holes_.push_back(i);
  words_.clear();
  words_.shrink_to_fit();
  interval_ = true;
}

int Domain::next(int i) const {
  int start = i + 1;
  if (start < 0) start = 0;
  if (start >= capacity_ || empty()) return -1;
  if (!is_bitset()) {
    if (start > max_) return -1;
    if (start < min_) return min_;
    // Skip a run of holes: holes are sorted, so consecutive ones from `start` are consecutive in the list.
    auto it = std::lower_bound(holes_.begin(), holes_.end(), start);
    while (it != holes_.end() && *it == start) {
      ++start;
      ++it;
    }
    return start <= max_ ? start : -1;
  }
  if (capacity_ > kBits && start < min_) return min_;
  int w = start / kBits;
  Word bits = word(w) & bits_from(start % kBits);
  const int words = word_count();
  while (true) {
    if (bits != 0) return lowest(w, bits);
    if (++w >= words) return -1;
    bits = word(w);
  }
}

int Domain::prev(int i) const {
  int start = i - 1;
  if (start >= capacity_) start = capacity_ - 1;
  if (start < 0 || empty()) return -1;
  if (!is_bitset()) {
    if (start < min_) return -1;
    if (start > max_) return max_;
    auto it = std::upper_bound(holes_.begin(), holes_.end(), start);
    while (it != holes_.begin() && *std::prev(it) == start) {
      --start;
      --it;
    }
    return start >= min_ ? start : -1;
  }
  if (capacity_ > kBits && start > max_) return max_;
  int w = start / kBits;
  Word bits = word(w) & low_bits(start % kBits + 1);
  while (true) {
    if (bits != 0) return highest(w, bits);
    if (--w < 0) return -1;
    bits = word(w);
  }
}

int Domain::holes_in(int lo, int hi) const {
  if (lo > hi || holes_.empty() || hi < holes_.front() || lo > holes_.back()) return 0;
  if (lo <= holes_.front() && hi >= holes_.back()) return static_cast<int>(holes_.size());
  const auto first = std::lower_bound(holes_.begin(), holes_.end(), lo);
  const auto last = std::upper_bound(first, holes_.end(), hi);
  return static_cast<int>(last - first);
}

int Domain::count_in(int lo, int hi) const {
  lo = std::max(lo, 0);
  hi = std::min(hi, capacity_ - 1);
  if (lo > hi || empty()) return 0;
  if (!is_bitset()) {
    lo = std::max(lo, min_);
    hi = std::min(hi, max_);
    return lo > hi ? 0 : (hi - lo + 1) - holes_in(lo, hi);
  }
  int n = 0;
  for (int w = lo / kBits; w <= hi / kBits; ++w) {
    Word bits = word(w);
    if (w == lo / kBits) bits &= bits_from(lo % kBits);
    if (w == hi / kBits) bits &= low_bits(hi % kBits + 1);
    n += std::popcount(bits);
  }
  return n;
}

void Domain::keep_between_with_holes(int lo, int hi) {
  if (lo > hi) {
    assign(-1);
    return;
  }
  remove_below(lo);
  remove_above(hi);
}

void Domain::recount_interval() { size_ = min_ > max_ ? 0 : (max_ - min_ + 1) - holes_in(min_, max_); }

Domain::Word Domain::interval_word(int w) const {
  if (size_ == 0) return 0;
  // 64-bit: the word after the last one of a 2^31 - 1 capacity starts at 2^31.
  const std::int64_t base = std::int64_t{w} * kBits;
  const std::int64_t lo = std::max<std::int64_t>(base, min_);
  const std::int64_t hi = std::min<std::int64_t>(base + kBits - 1, max_);
  if (lo > hi) return 0;
  Word bits = bits_from(static_cast<int>(lo - base)) & low_bits(static_cast<int>(hi - base + 1));
  for (auto it = std::lower_bound(holes_.begin(), holes_.end(), lo); it != holes_.end() && *it <= hi; ++it)
    bits &= ~(Word{1} << (*it - base));
  return bits;
}

void Domain::set_wide_word(int w, Word bits) {
  if (is_bitset()) {
    Word& slot = words_[static_cast<std::size_t>(w)];
    const Word before = slot;
    if (before == bits) return;
    slot = bits;
    size_ += std::popcount(bits) - std::popcount(before);
    if (size_ == 0) {
      min_ = max_ = -1;
      return;
    }
    if (min_ < 0 || max_ < 0) {  // was empty: only word w holds values
      min_ = lowest(w, bits);
      max_ = highest(w, bits);
      return;
    }
    // Only word w changed, so outside it nothing appeared: min_ moves down into w or up past a cleared bit
    // (next() and prev() never short-cut from the start they are given here).
    if (bits != 0 && lowest(w, bits) < min_) {
      min_ = lowest(w, bits);
    } else if (!contains(min_)) {
      min_ = next(min_);
    }
    if (bits != 0 && highest(w, bits) > max_) {
      max_ = highest(w, bits);
    } else if (!contains(max_)) {
      max_ = prev(max_);
    }
    return;
  }
  Word gone = interval_word(w) & ~bits;
  for (; gone != 0; gone &= gone - 1) remove(lowest(w, gone));
}

bool Domain::remove(int i) {
  if (!contains(i)) return false;
  if (capacity_ <= kBits) {
    word0_ &= ~(Word{1} << i);
    return true;
  }
  if (is_bitset()) {
    set_word(i / kBits, word(i / kBits) & ~(Word{1} << (i % kBits)));
    return true;
  }
  if (size_ == 1) {
    size_ = 0;
  } else if (i == min_) {
    min_ = next(i);
    --size_;
  } else if (i == max_) {
    max_ = prev(i);
    --size_;
  } else {
    holes_.insert(std::upper_bound(holes_.begin(), holes_.end(), i), i);
    --size_;
  }
  return true;
}

bool Domain::assign(int i) {
  if (!contains(i)) {
    if (empty()) return false;
    if (capacity_ <= kBits) {
      word0_ = 0;
    } else if (is_bitset()) {
      std::fill(words_.begin(), words_.end(), Word{0});
      size_ = 0;
      min_ = max_ = -1;
    } else {
      size_ = 0;
    }
    return true;
  }
  if (size() == 1) return false;
  const bool below = remove_below(i);  // both sides must run: no short-circuit
  const bool above = remove_above(i);
  return below || above;
}

bool Domain::remove_below(int i) {
  if (empty() || i <= min()) return false;
  if (i > max()) return assign(-1);
  if (!is_bitset()) {
    min_ = i;
    if (is_hole(i)) min_ = next(i);
    recount_interval();
    return true;
  }
  for (int w = min() / kBits; w <= i / kBits; ++w) {
    const Word keep = w < i / kBits ? 0 : bits_from(i % kBits);
    if ((word(w) & keep) != word(w)) set_word(w, word(w) & keep);
  }
  return true;
}

bool Domain::remove_above(int i) {
  if (empty() || i >= max()) return false;
  if (i < min()) return assign(-1);
  if (!is_bitset()) {
    max_ = i;
    if (is_hole(i)) max_ = prev(i);
    recount_interval();
    return true;
  }
  for (int w = max() / kBits; w >= i / kBits; --w) {
    const Word keep = w > i / kBits ? 0 : low_bits(i % kBits + 1);
    if ((word(w) & keep) != word(w)) set_word(w, word(w) & keep);
  }
  return true;
}

bool Domain::intersect(const Domain& other) {
  bool changed = false;
  if (is_bitset()) {
    for (int w = 0; w < word_count(); ++w) {
      const Word now = word(w) & other.word(w);
      if (now != word(w)) {
        set_word(w, now);
        changed = true;
      }
    }
    return changed;
  }
  if (other.empty()) return assign(-1);
  changed |= remove_below(other.min());
  changed |= remove_above(other.max());
  for (int i = min(); i >= 0; i = next(i))
    if (!other.contains(i)) changed |= remove(i);
  return changed;
}

void Domain::undo_wide(int code, Word old) {
  if (code >= 0) {
    set_word(code, old);
    return;
  }
  if (code == kBoundsEntry) {
    unpack_bounds(old);
    if ((old >> 63) != 0) {
      size_ = 0;
    } else {
      recount_interval();
    }
    return;
  }
  // kHoleEntry: the newest change of this domain added hole `old` inside the bounds.
  const int hole = static_cast<int>(old);
  const auto it = std::lower_bound(holes_.begin(), holes_.end(), hole);
  if (it != holes_.end() && *it == hole) {
    holes_.erase(it);
    ++size_;
  }
}

std::vector<int> Domain::indices() const {
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(size()));
  for_each([&](int i) { out.push_back(i); });
  return out;
}

bool operator==(const Domain& a, const Domain& b) {
  if (a.capacity_ != b.capacity_ || a.size() != b.size()) return false;
  if (a.is_bitset() && b.is_bitset()) return a.word0_ == b.word0_ && a.words_ == b.words_;
  for (int i = a.min(), j = b.min(); i >= 0 || j >= 0; i = a.next(i), j = b.next(j))
    if (i != j) return false;
  return true;
}

}  // namespace csp
