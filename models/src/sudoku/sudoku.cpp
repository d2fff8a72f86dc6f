// Sudoku model: cells, units, givens.
#include "csp/models/sudoku/sudoku.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "csp/core/errors.hpp"
#include "csp/models/sudoku/grid_constraint.hpp"

namespace csp::models {

namespace {

std::string cell_name(int n, int index) {
  return std::string("r").append(std::to_string(index / n + 1)).append("c").append(std::to_string(index % n + 1));
}

// The 3N units of an N x N grid with the given box shape, as cell indices.
std::vector<std::vector<int>> make_units(BoxShape box) {
  const int n = box.size();
  std::vector<std::vector<int>> units;
  for (int r = 0; r < n; ++r) {
    units.emplace_back();
    for (int c = 0; c < n; ++c) units.back().push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    units.emplace_back();
    for (int r = 0; r < n; ++r) units.back().push_back(r * n + c);
  }
  for (int br = 0; br < n / box.rows; ++br) {
    for (int bc = 0; bc < n / box.cols; ++bc) {
      units.emplace_back();
      for (int r = br * box.rows; r < (br + 1) * box.rows; ++r)
        for (int c = bc * box.cols; c < (bc + 1) * box.cols; ++c) units.back().push_back(r * n + c);
    }
  }
  return units;
}

// The units of a box shape, built once per shape and shared (check_solution runs for every solved puzzle).
std::shared_ptr<const std::vector<std::vector<int>>> units_of(BoxShape box) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::shared_ptr<const std::vector<std::vector<int>>>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[{box.rows, box.cols}];
  if (!slot) slot = std::make_shared<const std::vector<std::vector<int>>>(make_units(box));
  return slot;
}

const char* unit_kind(std::size_t u, int n) {
  return u < static_cast<std::size_t>(n) ? "row" : u < static_cast<std::size_t>(2 * n) ? "column" : "box";
}

}  // namespace

std::string to_string(BoxShape box) { return std::to_string(box.rows) + "x" + std::to_string(box.cols); }

int SudokuGrid::given_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](int v) { return v != 0; }));
}

namespace {

// The blank grid of one box shape and mode: the Problem without givens, and its units.
struct Blank {
  Problem problem;
  std::shared_ptr<const std::vector<std::vector<VarId>>> units;
};

Blank make_blank(BoxShape box, AllDifferentMode mode) {
  const int n = box.size();
  Blank blank;
  Problem& p = blank.problem;
  p.reserve(n * n, mode != AllDifferentMode::binary ? 3 * n : n * n * (3 * n - box.rows - box.cols - 1) / 2);
  for (int i = 0; i < n * n; ++i) p.add_variable(cell_name(n, i), 1, n);
  const auto units = units_of(box);
  blank.units = units;
  if (mode == AllDifferentMode::grid || mode == AllDifferentMode::grid_cells) {
    std::vector<VarId> cells(static_cast<std::size_t>(n * n));
    for (int i = 0; i < n * n; ++i) cells[static_cast<std::size_t>(i)] = i;
    p.add_constraint(std::make_unique<SudokuGridConstraint>(
        std::move(cells), box, "grid", SudokuGridConstraint::Probing::none,
        mode == AllDifferentMode::grid ? SudokuGridConstraint::Path::fastest : SudokuGridConstraint::Path::cell_major));
    return blank;
  }
  if (mode != AllDifferentMode::binary) {
    for (std::size_t u = 0; u < units->size(); ++u)
      p.add_all_different((*units)[u], mode,
                          std::string(unit_kind(u, n)).append(" ").append(std::to_string(u % n + 1)));
    return blank;
  }
  // Pairwise: each pair of peers once (a row and a box can share a pair).
  std::vector<std::vector<char>> linked(static_cast<std::size_t>(n * n),
                                        std::vector<char>(static_cast<std::size_t>(n * n), 0));
  for (const auto& unit : *units)
    for (std::size_t i = 0; i < unit.size(); ++i)
      for (std::size_t j = i + 1; j < unit.size(); ++j) {
        const auto a = static_cast<std::size_t>(std::min(unit[i], unit[j]));
        const auto b = static_cast<std::size_t>(std::max(unit[i], unit[j]));
        if (linked[a][b] == 0) {
          linked[a][b] = 1;
          p.add_not_equal(static_cast<VarId>(a), static_cast<VarId>(b));
        }
      }
  return blank;
}

// One blank per (box shape, mode), built on first use and never freed (a handful per program).
const Blank& blank_of(BoxShape box, AllDifferentMode mode) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int>, std::unique_ptr<const Blank>> blanks;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = blanks[{box.rows, box.cols, static_cast<int>(mode)}];
  if (!slot) slot = std::make_unique<const Blank>(make_blank(box, mode));
  return *slot;
}

}  // namespace

Sudoku::Sudoku(const SudokuGrid& puzzle, AllDifferentMode mode) : box_(puzzle.box) {
  const int n = box_.size();
  if (box_.rows < 1 || box_.cols < 1)
    throw ModelError("sudoku: box shape " + to_string(box_) + " must have at least one row and one column");
  if (puzzle.cells.size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(n))
    throw ModelError("sudoku: a " + to_string(box_) + " box needs " + std::to_string(n * n) + " cells, got " +
                     std::to_string(puzzle.cells.size()));
  for (int i = 0; i < n * n; ++i) {
    const int v = puzzle.cells[static_cast<std::size_t>(i)];
    if (v < 0 || v > n)
      throw ModelError("sudoku: cell " + cell_name(n, i) + " holds " + std::to_string(v) + ", outside 0.." +
                       std::to_string(n));
  }
  const Blank& blank = blank_of(box_, mode);
  problem_ = blank.problem;
  units_ = blank.units;
  for (int i = 0; i < n * n; ++i)
    if (const int v = puzzle.cells[static_cast<std::size_t>(i)]; v != 0) problem_.restrict_domain(i, v);
}

std::vector<VarId> Sudoku::peers(VarId cell) const {
  const int n = size();
  const int r = cell / n;
  const int c = cell % n;
  const int b = (r / box_.rows) * (n / box_.cols) + c / box_.cols;
  std::vector<VarId> out;
  const auto& units = *units_;
  for (const auto* unit : {&units[static_cast<std::size_t>(r)], &units[static_cast<std::size_t>(n + c)],
                           &units[static_cast<std::size_t>(2 * n + b)]})
    for (VarId x : *unit)
      if (x != cell) out.push_back(x);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const Constraint& Sudoku::post(std::unique_ptr<Constraint> propagator) {
  return problem_.add_constraint(std::move(propagator));
}

SudokuGrid Sudoku::to_grid(const Assignment& a) const {
  SudokuGrid g{box_, std::vector<int>(static_cast<std::size_t>(size() * size()), 0)};
  for (VarId x = 0; x < size() * size() && x < a.variable_count(); ++x)
    if (a.is_assigned(x)) g.cells[static_cast<std::size_t>(x)] = a.value(x);
  return g;
}

std::string check_solution(const SudokuGrid& puzzle, const SudokuGrid& solution) {
  const int n = solution.size();
  if (solution.cells.size() != static_cast<std::size_t>(n * n))
    return "the solution has " + std::to_string(solution.cells.size()) + " cells, not " + std::to_string(n * n);
  if (!(puzzle.box == solution.box)) return "the solution's box shape differs from the puzzle's";
  for (int i = 0; i < n * n; ++i) {
    const int g = puzzle.cells[static_cast<std::size_t>(i)];
    if (g != 0 && g != solution.cells[static_cast<std::size_t>(i)])
      return "the given " + std::to_string(g) + " at " + cell_name(n, i) + " was changed";
  }
  const auto& units = *units_of(solution.box);
  std::vector<std::size_t> seen(static_cast<std::size_t>(n + 1), units.size());  // the unit where v was last seen
  for (std::size_t u = 0; u < units.size(); ++u) {
    for (int i : units[u]) {
      const int v = solution.cells[static_cast<std::size_t>(i)];
      if (v < 1 || v > n || seen[static_cast<std::size_t>(v)] == u)
        return std::string(unit_kind(u, n)) + " " + std::to_string(u % static_cast<std::size_t>(n) + 1) +
               " is not a permutation of 1.." + std::to_string(n);
      seen[static_cast<std::size_t>(v)] = u;
    }
  }
  return "";
}

std::vector<std::string> clashing_givens(const SudokuGrid& puzzle) {
  static const char* const kCount[] = {"", "", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
  const int n = puzzle.size();
  std::vector<std::string> out;
  const auto& units = *units_of(puzzle.box);
  std::vector<std::size_t> seen(static_cast<std::size_t>(n + 1), units.size());  // the unit where v was last seen
  for (std::size_t u = 0; u < units.size(); ++u) {
    // The common case first, without allocating (this runs for every puzzle solved): is any digit repeated here?
    bool repeated = false;
    for (int i : units[u]) {
      const int v = puzzle.cells[static_cast<std::size_t>(i)];
      if (v < 1 || v > n) continue;
      repeated |= seen[static_cast<std::size_t>(v)] == u;
      seen[static_cast<std::size_t>(v)] = u;
    }
    if (!repeated) continue;
    // One message per digit and unit, listing every cell that holds it.
    std::vector<std::vector<int>> where(static_cast<std::size_t>(n + 1));
    for (int i : units[u]) {
      const int v = puzzle.cells[static_cast<std::size_t>(i)];
      if (v >= 1 && v <= n) where[static_cast<std::size_t>(v)].push_back(i);
    }
    for (int v = 1; v <= n; ++v) {
      const std::vector<int>& cells = where[static_cast<std::size_t>(v)];
      if (cells.size() < 2) continue;
      std::string message =
          cells.size() < std::size(kCount) ? std::string(kCount[cells.size()]) : std::to_string(cells.size());
      message.append(" ")
          .append(std::to_string(v))
          .append("s in ")
          .append(unit_kind(u, n))
          .append(" ")
          .append(std::to_string(u % static_cast<std::size_t>(n) + 1))
          .append(" (");
      for (std::size_t k = 0; k < cells.size(); ++k) message.append(k == 0 ? "" : ", ").append(cell_name(n, cells[k]));
      out.push_back(message.append(")"));
    }
  }
  return out;
}

}  // namespace csp::models
