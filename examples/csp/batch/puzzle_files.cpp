// Reading the puzzle files of csp sudoku: each opened once through the shared input layer (text_input.hpp).
#include "batch/puzzle_files.hpp"

#include <iostream>

#include "csp/models/text_input.hpp"

namespace csp::cli {

int read_puzzle_files(const std::vector<std::string>& files, std::optional<models::BoxShape> box,
                      const std::function<void(models::PuzzleRecord&)>& on_record,
                      const std::function<void(const std::string& name, std::size_t puzzles)>& on_file_end) {
  int status = 0;
  for (const std::string& f : files) {
    models::TextInput input(f, models::kMaxPuzzleFileBytes);
    if (!input.open_error().empty()) {
      std::cerr << "csp sudoku: " << models::printable(input.open_error()) << '\n';
      status = 2;
      continue;
    }
    models::PuzzleReader reader(input.stream(), input.name(), box);
    std::size_t puzzles = 0;
    for (models::PuzzleRecord record; reader.next(record); ++puzzles) on_record(record);
    if (const std::string why = input.read_error(); !why.empty()) {
      // The puzzles before the error or the cap were solved; the file is reported and the batch goes on.
      std::cerr << "csp sudoku: " << models::printable(why) << " (after line " << reader.lines_read() << ", " << puzzles
                << (puzzles == 1 ? " puzzle" : " puzzles") << " read)\n";
      status = 2;
    } else if (input.stream().bad()) {
      std::cerr << "csp sudoku: error while reading '" << models::printable(input.name()) << "' after line "
                << reader.lines_read() << '\n';
      status = 2;
    } else if (puzzles == 0) {
      std::cerr << "csp sudoku: " << models::printable(input.name()) << ": no puzzle in the file\n";
      status = 2;
      continue;
    }
    if (on_file_end) on_file_end(input.name(), puzzles);
  }
  return status;
}

}  // namespace csp::cli
