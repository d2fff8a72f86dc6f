// Naked and hidden pairs on the digit-major 9x9 board (layout in band_board.hpp): the Hall sets of two cells. A pass
// looks only at what changed since the last one: a naked pair is new only if one of its cells changed (and now has two
// candidates), a hidden pair only if the places of one of its digits in the unit changed (and are now two). Pairs
// made of cells and places that did not change were there at the last pass, which removed what they remove.
#include <bit>
#include <cstddef>

#include "band_board.hpp"

namespace csp::models::band {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

class Pairs {
 public:
  explicit Pairs(Board& board) : board_(board), f_(board.f) {}

  // Naked pairs with cell p of band b (which has two candidates) and another cell of its row, column or box.
  void naked(int b, int p, const std::array<std::uint32_t, kBands>& two) {
    const std::uint64_t w = cell_word(board_, 27 * b + p);
    const int d = std::countr_zero(w);
    const int e = std::countr_zero(w & (w - 1));
    if (d >= kDigits || e >= kDigits) return;  // no longer two candidates (emptied by this pass)
    const std::uint32_t self = std::uint32_t{1} << p;
    std::array<std::uint32_t, kBands> same{};  // the cells whose candidates are d and e, this one aside
    for (int o = 0; o < kBands; ++o) same[at(o)] = two[at(o)] & f_[at(3 * d + o)] & f_[at(3 * e + o)];
    same[at(b)] &= ~self;
    const std::uint32_t row = kRow << (p / 9 * 9);
    const std::uint32_t box = kBox << (p % 9 / 3 * 3);
    const std::uint32_t col = kCol << (p % 9);
    for (const std::uint32_t unit : {row, box})
      if (const std::uint32_t other = same[at(b)] & unit; other != 0) {
        const std::uint32_t rest = unit & ~self & ~(other & (~other + 1));
        clear(d, b, rest);
        clear(e, b, rest);
      }
    for (int o = 0; o < kBands; ++o) {
      const std::uint32_t other = same[at(o)] & col;
      if (other == 0) continue;
      for (int q = 0; q < kBands; ++q) {
        std::uint32_t rest = col;
        if (q == b) rest &= ~self;
        if (q == o) rest &= ~(other & (~other + 1));
        clear(d, q, rest);
        clear(e, q, rest);
      }
      break;
    }
  }

  // Hidden pairs of digit d in the unit of band b with cells `unit` (a row or a box): if d has two places there,
  // another digit with the same two places makes them keep only those two digits. Two places that had two
  // candidates each at the pass's start have no other digit to lose (a naked pair, if anything).
  void hidden_in_band(int d, int b, std::uint32_t unit, const std::array<std::uint32_t, kBands>& two) {
    const std::uint32_t places = f_[at(3 * d + b)] & unit;
    if (std::popcount(places) != 2 || (places & ~two[at(b)]) == 0) return;  // two cells of two: nothing to remove
    for (int e = 0; e < kDigits; ++e) {
      if (e == d || (f_[at(3 * e + b)] & unit) != places) continue;
      for (int g = 0; g < kDigits; ++g)
        if (g != d && g != e) clear(g, b, places);
      return;
    }
  }

  // The same in column `col`, whose places lie in three bands.
  void hidden_in_column(int d, int col, const std::array<std::uint32_t, kBands>& two) {
    const std::uint32_t unit = kCol << col;
    const std::array<std::uint32_t, kBands> places{f_[at(3 * d)] & unit, f_[at(3 * d + 1)] & unit,
                                                   f_[at(3 * d + 2)] & unit};
    if (std::popcount(places[0] | places[1] << 1 | places[2] << 2) != 2) return;  // columns bits 9 apart: no overlap
    if ((places[0] & ~two[0]) == 0 && (places[1] & ~two[1]) == 0 && (places[2] & ~two[2]) == 0) return;
    for (int e = 0; e < kDigits; ++e) {
      if (e == d || (f_[at(3 * e)] & unit) != places[0] || (f_[at(3 * e + 1)] & unit) != places[1] ||
          (f_[at(3 * e + 2)] & unit) != places[2])
        continue;
      for (int g = 0; g < kDigits; ++g)
        if (g != d && g != e)
          for (int b = 0; b < kBands; ++b) clear(g, b, places[at(b)]);
      return;
    }
  }

  std::uint32_t narrowed() const { return narrowed_; }

 private:
  void clear(int d, int b, std::uint32_t cells) {
    std::uint32_t& x = f_[at(3 * d + b)];
    narrowed_ |= static_cast<std::uint32_t>((x & cells) != 0) << (3 * d + b);
    x &= ~cells;
  }

  const Board& board_;
  std::array<std::uint32_t, kDigits * kBands>& f_;
  std::uint32_t narrowed_ = 0;
};

}  // namespace

std::uint32_t pairs(Board& board, std::array<std::uint32_t, kDigits * kBands>& since) {
  std::array<std::uint32_t, kDigits * kBands> delta;  // per digit and band: the cells that changed since
  std::array<std::uint32_t, kBands> changed{};
  std::array<std::uint32_t, kBands> two{};  // the cells with two candidates
  for (int b = 0; b < kBands; ++b) {
    std::uint32_t once = 0;
    std::uint32_t twice = 0;
    std::uint32_t thrice = 0;
    for (int d = 0; d < kDigits; ++d) {
      const std::uint32_t x = board.f[at(3 * d + b)];
      delta[at(3 * d + b)] = (x ^ since[at(3 * d + b)]) & kAll;
      changed[at(b)] |= delta[at(3 * d + b)];
      since[at(3 * d + b)] = x;
      thrice |= twice & x;
      twice |= once & x;
      once |= x;
    }
    two[at(b)] = twice & ~thrice;
  }
  Pairs visitor(board);
  for (int b = 0; b < kBands; ++b)
    for (std::uint32_t fresh = changed[at(b)] & two[at(b)]; fresh != 0; fresh &= fresh - 1)
      visitor.naked(b, std::countr_zero(fresh), two);
  for (int d = 0; d < kDigits; ++d) {
    const std::uint32_t* moved = &delta[at(3 * d)];
    for (int b = 0; b < kBands; ++b) {
      if (moved[b] == 0) continue;
      for (int i = 0; i < 3; ++i) {
        if ((moved[b] & kRow << (9 * i)) != 0) visitor.hidden_in_band(d, b, kRow << (9 * i), two);
        if ((moved[b] & kBox << (3 * i)) != 0) visitor.hidden_in_band(d, b, kBox << (3 * i), two);
      }
    }
    for (std::uint32_t cols = column_set(moved[0] | moved[1] | moved[2]); cols != 0; cols &= cols - 1)
      visitor.hidden_in_column(d, std::countr_zero(cols), two);
  }
  return visitor.narrowed();
}

}  // namespace csp::models::band
