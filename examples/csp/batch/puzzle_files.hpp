// Reading the puzzle files of csp sudoku (solve, --explain, --grade): one stream per file, a batch that goes on.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::cli {

/// Streams every puzzle of `files` in order ("-" is standard input, named "<stdin>") through `on_record`, with
/// `box` as the reader's box shape. After each file that could be read, `on_file_end(name, puzzles)` (if set) is
/// called. Each file is opened once (a FIFO too) and read through the shared input layer (csp/models/text_input.hpp:
/// LF, CRLF or CR line ends, a byte order mark, at most kMaxPuzzleFileBytes). An unreadable file, a read error, a
/// file past the cap (its puzzles before the cap are read) and a file without a puzzle are reported on standard
/// error as "csp sudoku: ..."; the other files are read all the same. Returns 2 when any was reported, else 0.
/// `on_record` may throw (an interrupt, a failed output): the exception leaves at once.
int read_puzzle_files(const std::vector<std::string>& files, std::optional<models::BoxShape> box,
                      const std::function<void(models::PuzzleRecord&)>& on_record,
                      const std::function<void(const std::string& name, std::size_t puzzles)>& on_file_end = {});

}  // namespace csp::cli
