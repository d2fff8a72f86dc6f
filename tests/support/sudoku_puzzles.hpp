// Sudoku puzzles for the model tests: one puzzle from a line, the valid puzzles of a file (read by the CLI's reader).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::test_support {

/// The puzzle of one line (any format the reader takes); a test failure when the line holds no valid puzzle.
inline models::SudokuGrid grid_of(const std::string& line) {
  std::istringstream in(line);
  models::PuzzleReader reader(in, "test");
  models::PuzzleRecord r;
  EXPECT_TRUE(reader.next(r));
  EXPECT_TRUE(r.ok()) << r.reason;
  return r.grid ? *r.grid : models::SudokuGrid{};
}

/// The valid puzzles of the file at `path`, at most `limit` of them (0: all); none when it cannot be read.
inline std::vector<models::SudokuGrid> read_puzzles(const std::string& path, std::size_t limit = 0) {
  std::vector<models::SudokuGrid> out;
  std::ifstream in(path);
  models::PuzzleReader reader(in, path);
  for (models::PuzzleRecord r; (limit == 0 || out.size() < limit) && reader.next(r);)
    if (r.ok()) out.push_back(*r.grid);
  return out;
}

}  // namespace csp::test_support
