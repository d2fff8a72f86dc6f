// The 9x9 grid (3x3 boxes) digit-major, as JCZSolve and fsss2 keep it, and the grid propagator's rules on it: the
// fast path of SudokuGridConstraint::propagate (grid_constraint.cpp), whose cell-major code stays the oracle.
//
// Layout. Cell c = 9 * row + col (row, col 0..8) lies in band b = row / 3 (rows 3b..3b+2) and stack s = col / 3; in
// its band it is bit p = 9 * (row % 3) + col, so a band word is three rows of nine bits. Board::f[3 * d + b] holds
// the cells of band b that still have digit d + 1 (bit d of a cell's candidate word) as a candidate. Then
//   - a row of a band is a 9-bit slice (kRow << 9i), a column three bits nine apart (kCol << col), a box three
//     slices of three bits (kBox << 3k);
//   - a triad (the three cells a line shares with a box) is three adjacent bits of a row, or a column's bits in one
//     band. The triads of one digit in a band form a 3x3 matrix (rows of the band x boxes), and so do those of a
//     stack (bands x columns of the stack): pointing and claiming are rules over that matrix (kClosure);
//   - a naked single of digit d clears its peers in d's three band words (kPeers); a hidden single of d clears its
//     cell in the eight other digits' words; a cell with no candidate is a bit of no word of its band.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace csp::models::band {

constexpr int kCells = 81;
constexpr int kDigits = 9;
constexpr int kBands = 3;

/// The candidates of a 9x9 grid by digit and band, and the naked singles already spread.
struct Board {
  std::array<std::uint32_t, kDigits * kBands> f{};  // f[3 * d + b]: the cells of band b that hold digit d
  std::array<std::uint32_t, kBands> spread{};       // per band: the naked singles whose digit has left their peers
};

/// The board of 81 candidate words (bit d: digit d + 1), with no single spread yet.
Board load(std::span<const std::uint64_t, kCells> cells);

/// The candidate word of `cell` (bit d: digit d + 1).
inline std::uint64_t cell_word(const Board& board, int cell) {
  const int b = cell / 27;
  const int p = cell % 27;
  std::uint64_t w = 0;
  for (int d = 0; d < kDigits; ++d) w |= static_cast<std::uint64_t>((board.f[3 * d + b] >> p) & 1U) << d;
  return w;
}

/// Applies the grid propagator's rules to the fixpoint: naked singles, hidden singles, pointing and claiming, naked
/// and hidden pairs (hidden singles are looked for in boxes only: in a row or a column they follow from claiming and
/// the box's). False when a cell has no candidate or a digit no place in a unit (then `board` is left half done); on
/// success `spread` holds exactly the cells of one candidate. `last`, when given, is such a fixpoint that holds every
/// candidate of `board` (the board of an earlier call on the same search path), and `changed` the words that differ
/// from it (bit 3 * d + b for f[3 * d + b]): digits and units that do not differ are known quiet and not visited.
/// The fixpoint of monotone deletion rules is unique: it equals the cell-major code's, candidate for candidate.
bool fixpoint(Board& board, const Board* last, std::uint32_t changed);

/// Failed-literal probing of the cells with two candidates on a board at the rules' fixpoint (band_probe.cpp): for
/// each such cell in row-major order and each of its digits, the fixpoint of a copy of the board with the digit
/// placed; a digit whose copy fails leaves the cell (then the fixpoint again). Passes repeat until no probe removes a
/// digit. False when the board fails (then `board` is left half done); the probing of
/// SudokuGridConstraint::fixpoint with Probing::bivalue, cell for cell the cell-major code's.
bool probe(Board& board);

/// The same over 81 candidate words, in place, then `probe` when `probing` (SudokuGridConstraint::fixpoint's 9x9
/// path; the tests compare it with the cell-major code).
bool fixpoint(std::span<std::uint64_t, kCells> cells, bool probing = false);

// ---- geometry shared with the pairs (band_pairs.cpp) ---------------------------------------------------------

constexpr std::uint32_t kAll = (std::uint32_t{1} << 27) - 1;  // a band's 27 cells
constexpr std::uint32_t kRow = 0x1FF;                         // row 0 of a band
constexpr std::uint32_t kCol = 0x40201;                       // column 0 of a band (bits 0, 9, 18)
constexpr std::uint32_t kBox = 0x1C0E07;                      // box 0 of a band (bits 0-2, 9-11, 18-20)

/// The band cells of a set of columns (bit col of `cols`, < 512).
constexpr std::uint32_t columns(std::uint32_t cols) { return cols * kCol; }
/// The columns (9 bits) in which a band word has a cell.
constexpr std::uint32_t column_set(std::uint32_t x) { return (x | x >> 9 | x >> 18) & kRow; }

/// Naked and hidden pairs that involve a cell or a digit's places changed since `since` (the words at the last
/// pass, at which every pair was applied), which then becomes the board's words. Returns the words it narrowed (bit
/// 3 * d + b for f[3 * d + b]). A cell emptied or a digit left without a place is found by the next singles scan.
std::uint32_t pairs(Board& board, std::array<std::uint32_t, kDigits * kBands>& since);

}  // namespace csp::models::band
