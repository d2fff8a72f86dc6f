// Reading the puzzle files of csp sudoku.
#include "puzzle_files.hpp"

#include <fstream>
#include <iostream>

#include "model_command.hpp"

namespace csp::cli {

int read_puzzle_files(const std::vector<std::string>& files, std::optional<models::BoxShape> box,
                      const std::function<void(models::PuzzleRecord&)>& on_record,
                      const std::function<void(const std::string& name, std::size_t puzzles)>& on_file_end) {
  int status = 0;
  for (const std::string& f : files) {
    const bool stdin_file = f == "-";
    if (const std::string why = stdin_file ? std::string() : unreadable(f); !why.empty()) {
      std::cerr << "csp sudoku: " << why << '\n';
      status = 2;
      continue;
    }
    std::ifstream file;
    if (!stdin_file) file.open(f, std::ios::binary);
    std::istream& in = stdin_file ? std::cin : file;
    const std::string name = stdin_file ? "<stdin>" : f;
    models::PuzzleReader reader(in, name, box);
    std::size_t puzzles = 0;
    for (models::PuzzleRecord record; reader.next(record); ++puzzles) on_record(record);
    if (in.bad()) {
      std::cerr << "csp sudoku: error while reading '" << name << "' after line " << reader.lines_read() << '\n';
      status = 2;
    } else if (puzzles == 0) {
      std::cerr << "csp sudoku: " << name << ": no puzzle in the file\n";
      status = 2;
      continue;
    }
    if (on_file_end) on_file_end(name, puzzles);
  }
  return status;
}

}  // namespace csp::cli
