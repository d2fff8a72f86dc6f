// The grid propagator's rules on the digit-major 9x9 board (layout in band_board.hpp): the singles and box-line
// reductions, and the loop to the fixpoint; the pairs are in band_pairs.cpp.
#include "band_board.hpp"

#include <bit>
#include <cstddef>

namespace csp::models::band {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// ---- tables ---------------------------------------------------------------------------------------------------

// Per cell, its peers (the other cells of its row, column and box) in each band.
struct PeerMasks {
  std::array<std::uint32_t, kBands> band;
};
constexpr std::array<PeerMasks, kCells> make_peers() {
  std::array<PeerMasks, kCells> out{};
  for (int c = 0; c < kCells; ++c)
    for (int o = 0; o < kCells; ++o) {
      const bool peer = o != c && (o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3));
      if (peer) out[at(c)].band[at(o / 27)] |= std::uint32_t{1} << (o % 27);
    }
  return out;
}
constexpr std::array<PeerMasks, kCells> kPeers = make_peers();

// A triad matrix: bit 3 * line + box, a line's three triads in a row of the matrix. Pointing: a box (matrix
// column) with one line left clears that line in the other boxes; claiming: a line with one box left clears that box
// on the other lines. kClosure[m] is m after both, to their fixpoint, plus kEmptyUnit when a line or a box is left
// without a triad (the digit has no place in that unit). The rules swap under transposition (pointing on the
// transpose is claiming), so the table also serves a matrix stored box-major: a stack's bands x columns.
constexpr std::uint16_t kEmptyUnit = 1U << 9;
constexpr std::uint16_t close_triads(std::uint16_t m) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < 3; ++k) {  // pointing
      const int in_box = (m >> k & 1) | (m >> (k + 2) & 2) | (m >> (k + 4) & 4);
      if (std::popcount(static_cast<unsigned>(in_box)) != 1) continue;
      const int line = std::countr_zero(static_cast<unsigned>(in_box));
      const auto keep = static_cast<std::uint16_t>(~(7U << (3 * line)) | (1U << (3 * line + k)));
      changed = changed || (m & ~keep) != 0;
      m &= keep;
    }
    for (int line = 0; line < 3; ++line) {  // claiming
      const unsigned on_line = m >> (3 * line) & 7U;
      if (std::popcount(on_line) != 1) continue;
      const int k = std::countr_zero(on_line);
      const auto keep = static_cast<std::uint16_t>(~(0x49U << k) | (1U << (3 * line + k)));
      changed = changed || (m & ~keep) != 0;
      m &= keep;
    }
  }
  bool empty = false;
  for (int i = 0; i < 3; ++i) empty = empty || (m >> (3 * i) & 7) == 0 || (m >> i & 0x49) == 0;
  return static_cast<std::uint16_t>(m | (empty ? kEmptyUnit : 0));
}
constexpr std::array<std::uint16_t, 512> make_closure() {
  std::array<std::uint16_t, 512> out{};
  for (int m = 0; m < 512; ++m) out[at(m)] = close_triads(static_cast<std::uint16_t>(m));
  return out;
}
constexpr std::array<std::uint16_t, 512> kClosure = make_closure();

// A row slice (9 bits) -> its three triads (bit k: box k holds a cell of it).
constexpr std::array<std::uint8_t, 512> make_triads() {
  std::array<std::uint8_t, 512> out{};
  for (unsigned v = 0; v < 512; ++v)
    out[v] = static_cast<std::uint8_t>(((v & 7) != 0 ? 1 : 0) | ((v & 070) != 0 ? 2 : 0) | ((v & 0700) != 0 ? 4 : 0));
  return out;
}
constexpr std::array<std::uint8_t, 512> kTriads = make_triads();

// A band's triad matrix (rows x boxes) -> the band cells of its triads.
constexpr std::array<std::uint32_t, 512> make_expand() {
  std::array<std::uint32_t, 512> out{};
  for (unsigned m = 0; m < 512; ++m)
    for (int i = 0; i < 9; ++i)
      if ((m >> i & 1) != 0) out[m] |= 7U << (9 * (i / 3) + 3 * (i % 3));
  return out;
}
constexpr std::array<std::uint32_t, 512> kExpand = make_expand();

// ---- one call --------------------------------------------------------------------------------------------------

// The rules to the fixpoint on one board. A digit's words are visited again only when they changed since its last
// visit (dirty_), the pairs look only at what changed since their last pass (paired_).
class Propagation {
 public:
  Propagation(Board& board, const Board* last, std::uint32_t changed) : board_(board) {
    if (last != nullptr) {
      paired_ = last->f;
      dirty_ = changed;
    } else {
      for (std::size_t i = 0; i < paired_.size(); ++i) paired_[i] = ~board.f[i];  // every cell changed
      dirty_ = (std::uint32_t{1} << 27) - 1;
      board_.spread = {};
    }
  }

  bool run() {
    for (;;) {
      if (!naked_singles()) return false;
      if (dirty_ != 0) {
        const std::uint32_t todo = dirty_;
        dirty_ = 0;
        hidden_ = {};
        any_hidden_ = {};
        for (int d = 0; d < kDigits; ++d)
          if (const unsigned bands = todo >> (3 * d) & 7U; bands != 0 && !digit_rules(d, bands)) return false;
        if (!place_hidden_singles()) return false;
        continue;
      }
      // Singles and box-line are quiet: the pairs, the costliest, on what changed since their last pass.
      dirty_ = pairs(board_, paired_);
      if (dirty_ == 0) return true;
    }
  }

 private:
  // f[i] &= keep, marking digit and band i dirty when it changes.
  void narrow(int i, std::uint32_t keep) {
    const std::uint32_t before = board_.f[at(i)];
    board_.f[at(i)] = before & keep;
    dirty_ |= static_cast<std::uint32_t>((before & ~keep) != 0) << i;
  }

  // Naked singles: scans for cells without candidates (a failure) and cells with one; the digit of each single not
  // spread yet leaves its peers.
  bool naked_singles() {
    for (int b = 0; b < kBands; ++b) {
      std::uint32_t once = 0;
      std::uint32_t twice = 0;
      for (int d = 0; d < kDigits; ++d) {
        const std::uint32_t x = board_.f[at(3 * d + b)];
        twice |= once & x;
        once |= x;
      }
      if (once != kAll) return false;
      single_[at(b)] = once & ~twice;
      const std::uint32_t fresh = single_[at(b)] & ~board_.spread[at(b)];
      if (fresh == 0) continue;
      board_.spread[at(b)] |= fresh;
      for (std::uint32_t s = fresh; s != 0; s &= s - 1) {
        const int p = std::countr_zero(s);
        int d = 0;  // its digit
        while (d < kDigits && (board_.f[at(3 * d + b)] >> p & 1U) == 0) ++d;
        if (d == kDigits) return false;  // emptied by a single spread just before: a digit placed twice
        const PeerMasks& peers = kPeers[at(27 * b + p)];
        for (int o = 0; o < kBands; ++o) narrow(3 * d + o, ~peers.band[at(o)]);
      }
    }
    return true;
  }

  // Digit d, whose words changed in the bands of `bands`: pointing and claiming along columns (in each stack) and
  // along rows (in each band it changed or they changed), then its hidden singles in boxes, collected in hidden_ and
  // placed after every digit was seen. Fails when d has no place left in a unit. Hidden singles in rows and columns
  // need no rule of their own: a digit with one place in a line has one segment on it, claiming takes it from the
  // rest of that segment's box, and the place is then a hidden single of the box, found in this same visit.
  bool digit_rules(int d, unsigned bands) {
    std::uint32_t* f = &board_.f[at(3 * d)];
    // Along columns: a stack's triad matrix, bit 3 * band + column of the stack.
    const std::array<std::uint32_t, kBands> in{column_set(f[0]), column_set(f[1]), column_set(f[2])};
    if ((in[0] | in[1] | in[2]) != kRow) return false;  // a column without d
    for (int s = 0; s < 3; ++s) {
      const unsigned triads = (in[0] >> (3 * s) & 7) | (in[1] >> (3 * s) & 7) << 3 | (in[2] >> (3 * s) & 7) << 6;
      const unsigned kept = kClosure[triads];
      if ((kept & kEmptyUnit) != 0) return false;
      if (kept == triads) continue;
      const unsigned gone = triads & ~kept;  // the stack's matrices are now closed: only the bands' are to close
      for (int b = 0; b < kBands; ++b) {
        const std::uint32_t cols = (gone >> (3 * b) & 7) << (3 * s);
        f[b] &= ~columns(cols);
        bands |= (cols != 0 ? 1U : 0U) << b;
      }
    }
    // Along rows: the band's triad matrix, bit 3 * row + box; then the boxes with one place left.
    for (int b = 0; b < kBands; ++b) {
      if ((bands >> b & 1U) == 0) continue;
      std::uint32_t x = f[b];
      const unsigned triads = kTriads[x & kRow] | kTriads[x >> 9 & kRow] << 3 | kTriads[x >> 18] << 6;
      const unsigned kept = kClosure[triads];
      if ((kept & kEmptyUnit) != 0) return false;
      if (kept != triads) {  // along rows: a change to look at again (the stacks, the other rules)
        f[b] = x &= kExpand[kept];
        dirty_ |= 1U << (3 * d + b);
      }
      std::uint32_t lone = 0;
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t box = x & kBox << (3 * k);
        lone |= std::popcount(box) == 1 ? box : 0;
      }
      lone &= ~single_[at(b)];  // a single already: nothing to place
      hidden_[at(3 * d + b)] = lone;
      any_hidden_[at(b)] |= lone;
    }
    return true;
  }

  // Hidden singles: each cell that is a digit's one place in a box keeps only that digit; a cell that is the one
  // place of two digits fails. (Cells that were singles at the last scan were left out.)
  bool place_hidden_singles() {
    for (int b = 0; b < kBands; ++b) {
      if (any_hidden_[at(b)] == 0) continue;
      std::uint32_t once = 0;
      std::uint32_t twice = 0;
      for (int d = 0; d < kDigits; ++d) {
        const std::uint32_t h = hidden_[at(3 * d + b)];
        twice |= once & h;
        once |= h;
      }
      if (twice != 0) return false;
      for (int d = 0; d < kDigits; ++d) narrow(3 * d + b, ~(once & ~hidden_[at(3 * d + b)]));
    }
    return true;
  }

  Board& board_;
  std::uint32_t dirty_ = 0;                             // bit 3 * d + b: f[3 * d + b] changed since its last visit
  std::array<std::uint32_t, kDigits * kBands> paired_;  // the words at the last pass of the pairs
  std::array<std::uint32_t, kDigits * kBands> hidden_;  // this round's hidden singles, by digit and band
  std::array<std::uint32_t, kBands> any_hidden_;        // their union, by band
  std::array<std::uint32_t, kBands> single_{};          // the cells of one candidate at the last scan
};

}  // namespace

Board load(std::span<const std::uint64_t, kCells> cells) {
  Board board;
  for (int b = 0; b < kBands; ++b) {
    std::uint32_t open = 0;  // the cells with every digit (most of them, at the root)
    for (int p = 0; p < 27; ++p) {
      const std::uint64_t w = cells[at(27 * b + p)] & 0x1FF;
      if (w == 0x1FF) {
        open |= std::uint32_t{1} << p;
        continue;
      }
      for (std::uint64_t bits = w; bits != 0; bits &= bits - 1)
        board.f[at(3 * std::countr_zero(bits) + b)] |= std::uint32_t{1} << p;
    }
    for (int d = 0; d < kDigits; ++d) board.f[at(3 * d + b)] |= open;
  }
  return board;
}

bool fixpoint(Board& board, const Board* last, std::uint32_t changed) {
  return Propagation(board, last, changed).run();
}

bool fixpoint(std::span<std::uint64_t, kCells> cells, bool probing) {
  Board board = load(cells);
  if (!fixpoint(board, nullptr, 0) || (probing && !probe(board))) return false;
  for (int c = 0; c < kCells; ++c) cells[at(c)] = cell_word(board, c);
  return true;
}

}  // namespace csp::models::band
