// Failed-literal probing on the digit-major 9x9 board (layout in band_board.hpp): each cell with two candidates, each
// of its digits placed on a copy of the board (30 words) and the rules run to their fixpoint from it; a digit whose
// copy fails leaves the cell. The copy starts from the board's fixpoint with only the probed word changed, so a probe
// visits only what the placement touches.
#include <bit>
#include <cstddef>

#include "band_board.hpp"

namespace csp::models::band {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The cells of band b with exactly two candidates.
std::uint32_t two_candidates(const Board& board, int b) {
  std::uint32_t once = 0;
  std::uint32_t twice = 0;
  std::uint32_t thrice = 0;
  for (int d = 0; d < kDigits; ++d) {
    const std::uint32_t x = board.f[at(3 * d + b)];
    thrice |= twice & x;
    twice |= once & x;
    once |= x;
  }
  return twice & ~thrice;
}

enum class Probe { kept, removed, failed };

// Probes cell p of band b (two candidates), its smaller digit first: the first digit whose placement fails leaves
// the cell, and the board goes to its fixpoint again.
Probe probe_cell(Board& board, int b, int p) {
  const std::uint32_t bit = std::uint32_t{1} << p;
  int digits[2];
  int k = 0;
  for (int d = 0; d < kDigits && k < 2; ++d)
    if ((board.f[at(3 * d + b)] & bit) != 0) digits[k++] = d;
  for (int i = 0; i < 2; ++i) {
    const int placed = digits[i];
    const int other = digits[1 - i];
    Board trial = board;  // placing `placed` is taking `other` from the cell
    trial.f[at(3 * other + b)] &= ~bit;
    if (fixpoint(trial, &board, std::uint32_t{1} << (3 * other + b))) continue;
    const Board before = board;
    board.f[at(3 * placed + b)] &= ~bit;
    return fixpoint(board, &before, std::uint32_t{1} << (3 * placed + b)) ? Probe::removed : Probe::failed;
  }
  return Probe::kept;
}

}  // namespace

bool probe(Board& board) {
  for (bool again = true; again;) {
    again = false;
    for (int b = 0; b < kBands; ++b)
      for (int p = 0; p < 27; ++p) {
        // The cells of two candidates from p on, as the board is now (a removal changes it).
        const std::uint32_t later = two_candidates(board, b) & ~((std::uint32_t{1} << p) - 1);
        if (later == 0) break;
        p = std::countr_zero(later);
        const Probe result = probe_cell(board, b, p);
        if (result == Probe::failed) return false;
        again = again || result == Probe::removed;
      }
  }
  return true;
}

}  // namespace csp::models::band
