// Sudoku generator: random complete grid, givens removed while the solution stays unique, minimal at the end.
#include "csp/models/sudoku/generator.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {

namespace {

using Rng = std::mt19937_64;

// A uniform index in [0, n), n >= 1, by rejection sampling: the same on every platform (unlike
// std::uniform_int_distribution, whose algorithm is left to the implementation).
std::size_t uniform_index(Rng& rng, std::size_t n) {
  const auto bound = static_cast<std::uint64_t>(n);
  // Draws below `threshold` would make the low residues more likely; 2^64 - threshold is a multiple of n.
  const std::uint64_t threshold = (std::numeric_limits<std::uint64_t>::max() - bound + 1) % bound;
  for (;;) {
    const std::uint64_t x = rng();
    if (x >= threshold) return static_cast<std::size_t>(x % bound);
  }
}

// Fisher-Yates with uniform_index.
template <typename T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[uniform_index(rng, i)]);
}

// 0, 1, ..., n-1 in random order.
std::vector<int> random_permutation(int n, Rng& rng) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  shuffle(p, rng);
  return p;
}

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// MAC over global all-different, counting up to `max_solutions`. The variable ordering changes only the time a
// check takes, never its answer (the search is complete unless the node limit stops it).
SolverConfig search_config(const char* variable_ordering, std::uint64_t max_solutions, std::uint64_t node_limit) {
  SolverConfig config;
  config.variable_ordering = variable_ordering;
  config.inference = "mac";
  config.max_solutions = max_solutions;
  config.keep_solutions = 1;
  config.limits.node_limit = node_limit;
  return config;
}

// A random complete grid, built cell by cell in random order: each cell gets the first digit, in random order, that
// clashes with no fixed peer and leaves the partial grid solvable. `witness` is a solution of the partial grid: its
// digit is accepted without search, any other digit is tried with the engine (a check that hits the node limit
// counts as "not solvable"). The grid so depends only on the seed and on which partial grids are solvable, not on
// the order in which the engine happens to find solutions.
SudokuGrid random_solved_grid(BoxShape box, Rng& rng) {
  const int n = box.size();
  const int cells = n * n;
  SudokuGrid grid{box, std::vector<int>(idx(cells), 0)};
  const Sudoku shape(grid);  // for the peers
  auto solve = [](const SudokuGrid& partial, std::uint64_t node_limit) {
    const Sudoku sudoku(partial);
    const SearchResult result = backtracking_search(sudoku.problem(), search_config("dom-wdeg", 1, node_limit));
    return result.solutions.empty() ? SudokuGrid{} : sudoku.to_grid(result.solutions.front());
  };
  SudokuGrid witness = solve(grid, 0);
  for (int cell : random_permutation(cells, rng)) {
    std::vector<char> used(idx(n + 1), 0);
    for (VarId p : shape.peers(cell)) used[idx(grid.cells[idx(p)])] = 1;
    std::vector<int> candidates;
    for (int v = 1; v <= n; ++v)
      if (used[idx(v)] == 0) candidates.push_back(v);
    shuffle(candidates, rng);
    for (int v : candidates) {
      grid.cells[idx(cell)] = v;
      if (v == witness.cells[idx(cell)]) break;
      SudokuGrid solution = solve(grid, kUniquenessNodeLimit);
      if (!solution.cells.empty()) {
        witness = std::move(solution);
        break;
      }
    }
  }
  return grid;
}

// The cells removed together: single cells, or {i, N*N-1-i} pairs and the centre cell (odd N).
std::vector<std::vector<int>> removal_groups(int cells, Symmetry symmetry) {
  std::vector<std::vector<int>> groups;
  for (int i = 0; i < cells; ++i) {
    const int mirror = cells - 1 - i;
    if (symmetry == Symmetry::none || i == mirror)
      groups.push_back({i});
    else if (i < mirror)
      groups.push_back({i, mirror});
  }
  return groups;
}

}  // namespace

Symmetry parse_symmetry(const std::string& name) {
  if (name == "none") return Symmetry::none;
  if (name == "rotational") return Symmetry::rotational;
  throw UnknownNameError(std::string("unknown symmetry '").append(name).append("'; valid: none, rotational"));
}

std::string to_string(Symmetry s) { return s == Symmetry::rotational ? "rotational" : "none"; }

Uniqueness check_uniqueness(const SudokuGrid& puzzle, std::uint64_t node_limit) {
  const Sudoku sudoku(puzzle, AllDifferentMode::value);
  const SearchResult result = backtracking_search(sudoku.problem(), search_config("dom-wdeg", 2, node_limit));
  if (result.solution_count >= 2) return Uniqueness::multiple;
  if (result.status == Status::limit_reached) return Uniqueness::unknown;
  return result.solution_count == 1 ? Uniqueness::unique : Uniqueness::none;
}

SudokuGrid generate_sudoku(BoxShape box, std::uint64_t seed, Symmetry symmetry) {
  if (box.rows < 1 || box.cols < 1)
    throw ModelError(std::string("sudoku generator: box shape ")
                         .append(to_string(box))
                         .append(" must have at least one row and one column"));
  Rng rng(seed);
  SudokuGrid puzzle = random_solved_grid(box, rng);
  std::vector<std::vector<int>> groups = removal_groups(static_cast<int>(puzzle.cells.size()), symmetry);
  shuffle(groups, rng);
  for (const auto& group : groups) {
    std::vector<int> kept;
    for (int cell : group) {
      kept.push_back(puzzle.cells[idx(cell)]);
      puzzle.cells[idx(cell)] = 0;
    }
    if (check_uniqueness(puzzle) != Uniqueness::unique)
      for (std::size_t k = 0; k < group.size(); ++k) puzzle.cells[idx(group[k])] = kept[k];
  }
  return puzzle;
}

bool is_minimal_unique(const SudokuGrid& puzzle, Symmetry symmetry) {
  if (check_uniqueness(puzzle) != Uniqueness::unique) return false;
  for (const auto& group : removal_groups(static_cast<int>(puzzle.cells.size()), symmetry)) {
    SudokuGrid smaller = puzzle;
    bool removed = false;
    for (int cell : group) {
      removed = removed || smaller.cells[idx(cell)] != 0;
      smaller.cells[idx(cell)] = 0;
    }
    if (removed && check_uniqueness(smaller) == Uniqueness::unique) return false;
  }
  return true;
}

bool has_rotational_symmetry(const SudokuGrid& puzzle) {
  const std::size_t cells = puzzle.cells.size();
  for (std::size_t i = 0; i < cells; ++i)
    if ((puzzle.cells[i] != 0) != (puzzle.cells[cells - 1 - i] != 0)) return false;
  return true;
}

}  // namespace csp::models
