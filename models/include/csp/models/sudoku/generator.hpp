// Sudoku generator: a random complete grid, then givens removed while the solution stays unique, down to a minimum.
#pragma once

#include <cstdint>
#include <string>

#include "csp/models/sudoku/sudoku.hpp"

namespace csp::models {

/// Which cells are removed together, so that the pattern of givens has that symmetry.
enum class Symmetry {
  none,       ///< cells are removed one at a time
  rotational  ///< a cell and its image under a 180° rotation, (r, c) <-> (N-1-r, N-1-c), are removed together
};

/// "none" / "rotational" <-> Symmetry; parse throws csp::UnknownNameError listing the valid names.
Symmetry parse_symmetry(const std::string& name);
std::string to_string(Symmetry s);

/// Search nodes (assignments) allowed for one uniqueness check. A check that reaches the limit counts as
/// "not unique": the generator keeps the given(s) it was trying to remove, so the puzzle stays unique for sure but
/// may not be minimal. Measured with check_uniqueness's configuration, the largest check seen on 16x16 took
/// ~13,000 nodes (on 9x9 ~150), so the limit is a guard against a rare very long check, not a routine cut-off.
inline constexpr std::uint64_t kUniquenessNodeLimit = 200'000;

/// The answer of one uniqueness check.
enum class Uniqueness {
  none,      ///< no solution
  unique,    ///< exactly one solution
  multiple,  ///< two or more solutions
  unknown    ///< the node limit stopped the search first
};

/// Counts the puzzle's solutions up to two with csp::backtracking_search (inference "mac", variable ordering
/// "dom-wdeg", AllDifferentMode::value, max_solutions = 2) within `node_limit` nodes (0 = no limit).
/// dom-wdeg rather than mrv: the answer is the same, but on 16x16 mrv has a heavy tail that dom-wdeg removes
/// (measured on the 768 checks of three 16x16 removal passes: mrv largest 312,862 nodes, 36 checks over 50,000,
/// 47 s in all; dom-wdeg largest 6,957 nodes, 3.5 s). On 9x9 both take ~40 nodes per check.
/// Throws csp::ModelError for a malformed grid (wrong number of cells, digit out of range).
Uniqueness check_uniqueness(const SudokuGrid& puzzle, std::uint64_t node_limit = kUniquenessNodeLimit);

/// A puzzle with exactly one solution from which no given can be removed without losing uniqueness.
/// Method (deterministic for a given (box, seed, symmetry) on every platform: std::mt19937_64 seeded with `seed`
/// and the library's own uniform index function, never std::uniform_int_distribution):
/// 1. complete grid: the cells are visited in random order; each gets the first digit, in random order, that leaves
///    the partial grid solvable (asked of csp::backtracking_search with MAC; the digit of the last solution found
///    is known to be solvable and needs no search);
/// 2. removal: the cells (Symmetry::none) or the symmetric cell pairs and the centre cell (Symmetry::rotational)
///    are visited once in random order; each is emptied and put back unless check_uniqueness says `unique`;
/// 3. minimality follows from the single pass: removing givens only adds solutions, so a cell (or pair) that could
///    not go then cannot go later either. With Symmetry::none no single given can be removed; with
///    Symmetry::rotational no symmetric pair (nor the centre) can be removed, though one cell of a pair may be.
/// Every decision depends only on the seed and on facts about partial grids (solvable? unique?), not on the order
/// in which the engine searches, so a faster engine or another heuristic gives the same puzzles, unless a check
/// hits kUniquenessNodeLimit: such a check answers "not solvable" / "not unique" (the given stays; see there).
/// Throws csp::ModelError for a box shape with a side < 1.
SudokuGrid generate_sudoku(BoxShape box, std::uint64_t seed, Symmetry symmetry = Symmetry::none);

/// True iff `puzzle` has exactly one solution and removing any one given (Symmetry::none), or any symmetric pair
/// of givens or the centre (Symmetry::rotational), gives a puzzle that check_uniqueness does not call `unique`.
bool is_minimal_unique(const SudokuGrid& puzzle, Symmetry symmetry = Symmetry::none);

/// True iff the pattern of givens (non-empty cells) is symmetric under a 180° rotation.
bool has_rotational_symmetry(const SudokuGrid& puzzle);

}  // namespace csp::models
