// libFuzzer harness of the Sudoku puzzle reader (PuzzleReader: one-line puzzles and pictures of every box shape).
// Input: one selector byte (0: no --box; k: the k-th shape of all_box_shapes(), modulo), then the file's bytes.
// Checks: the reader never throws; a puzzle read has N*N cells of 0..N (N from --box when given); a bad one has an
// error and a reason; every puzzle read writes back (to_line, to_pretty) and reads back as the same grid; the CSP of
// every puzzle read can be built.
#include <optional>
#include <sstream>
#include <string>

#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "fuzz_support.hpp"

namespace {

using csp::fuzz::require;
using namespace csp::models;

void check_round_trip(const SudokuGrid& grid, const std::string& written, const char* how) {
  const SudokuGrid back = parse_puzzle(written, grid.box);
  require(back.box == grid.box && back.cells == grid.cells,
          std::string(how) + " does not read back as the same grid: " + written);
}

void check(const PuzzleRecord& r, const std::optional<BoxShape>& box) {
  require(r.source == "fuzz" && r.line >= 1, "a record without its source and line");
  if (!r.ok()) {
    require(r.error != PuzzleError::none && !r.reason.empty(), "a bad puzzle without an error and a reason");
    return;
  }
  require(r.error == PuzzleError::none && r.reason.empty(), "a good puzzle with an error");
  const SudokuGrid& grid = *r.grid;
  const int n = grid.size();
  require(n >= 2 && n <= kMaxSudokuSize, "a grid side outside 2.." + std::to_string(kMaxSudokuSize));
  if (box) require(grid.box == *box, "a grid whose box is not --box " + to_string(*box));
  require(grid.cells.size() == static_cast<std::size_t>(n) * static_cast<std::size_t>(n), "not N*N cells");
  for (int v : grid.cells) require(v >= 0 && v <= n, "a cell value outside 0..N");
  check_round_trip(grid, to_line(grid), "to_line");
  check_round_trip(grid, to_pretty(grid), "to_pretty");
  const Sudoku model(grid, csp::AllDifferentMode::value);
  require(model.problem().variable_count() == n * n, "the CSP has not N*N variables");
  (void)clashing_givens(grid);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& shapes = csp::fuzz::all_box_shapes();
  const std::size_t selector = data[0] % (shapes.size() + 1);
  std::optional<BoxShape> box;
  if (selector != 0) box = shapes[selector - 1];
  std::istringstream in(csp::fuzz::as_text(data + 1, size - 1));
  PuzzleReader reader(in, "fuzz", box);
  PuzzleRecord record;
  while (reader.next(record)) check(record, box);
  return 0;
}
