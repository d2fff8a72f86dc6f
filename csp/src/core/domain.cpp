// Domain: bitset over value indices.
#include "csp/core/domain.hpp"

namespace csp {

namespace {
Domain::Word low_bits(int n) {  // the n lowest bits set, 0 <= n <= 64
  return n >= Domain::kWordBits ? ~Domain::Word{0} : (Domain::Word{1} << n) - 1;
}
}  // namespace

Domain::Domain(int capacity) : capacity_(capacity < 0 ? 0 : capacity) {
  if (capacity_ <= kWordBits) {
    word0_ = low_bits(capacity_);
    return;
  }
  const int n = (capacity_ + kWordBits - 1) / kWordBits;
  words_.assign(static_cast<std::size_t>(n), ~Word{0});
  words_.back() = low_bits(capacity_ - (n - 1) * kWordBits);
}

int Domain::next(int i) const {
  int start = i + 1;
  if (start < 0) start = 0;
  if (start >= capacity_) return -1;
  int w = start / kWordBits;
  Word bits = word(w) & (~Word{0} << (start % kWordBits));
  while (true) {
    if (bits != 0) return w * kWordBits + std::countr_zero(bits);
    if (++w >= word_count()) return -1;
    bits = word(w);
  }
}

bool Domain::assign(int i) {
  bool changed = false;
  for (int w = 0; w < word_count(); ++w) {
    Word keep = 0;
    if (i >= 0 && i < capacity_ && i / kWordBits == w) keep = Word{1} << (i % kWordBits);
    const Word now = word(w) & keep;
    if (now != word(w)) {
      word_ref(w) = now;
      changed = true;
    }
  }
  return changed;
}

std::vector<int> Domain::indices() const {
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(size()));
  for_each([&](int i) { out.push_back(i); });
  return out;
}

}  // namespace csp
