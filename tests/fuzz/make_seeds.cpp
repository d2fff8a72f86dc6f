// csp_fuzz_seeds OUTDIR SOURCE_DIR: writes the seed corpora of the fuzz harnesses into OUTDIR/NAME/ from the shipped
// files of the repository at SOURCE_DIR:
//   sudoku_reader   every puzzles/*.txt file whole, and each puzzle in it as a line and as a picture (each with the
//                   selector byte of its box shape), plus an empty grid of every box shape, line and picture
//   killer_reader   puzzles/killer_*.txt
//   dimacs_reader   the bundled maps (Australia, USA) and the peer graph of every Sudoku box shape up to 9x9, as
//                   DIMACS .col text
//   cryptarithm     the puzzles of the `csp cryptarithm WORDS` examples in README.md, docs/*.md, puzzles/README.md
//   *_options       the command lines of the `csp COMMAND ...` examples in those documents, one argument per line
// Exit status 0, or 1 when a file cannot be read or written.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "fuzz_support.hpp"

namespace fs = std::filesystem;
using namespace csp::models;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class Corpus {
 public:
  explicit Corpus(fs::path root) : root_(std::move(root)) {}
  /// Adds one seed (duplicates are written once).
  void add(const std::string& harness, const std::string& bytes) {
    if (!seen_[harness].insert(bytes).second) return;
    const fs::path dir = root_ / harness;
    fs::create_directories(dir);
    const fs::path file = dir / ("seed-" + std::to_string(seen_[harness].size()));
    std::ofstream out(file, std::ios::binary);
    out << bytes;
    if (!out.flush()) throw std::runtime_error("cannot write " + file.string());
  }
  std::size_t count(const std::string& harness) { return seen_[harness].size(); }

 private:
  fs::path root_;
  std::map<std::string, std::set<std::string>> seen_;
};

/// The selector byte of fuzz_sudoku_reader: 0 for no --box, else 1 + the shape's index in all_box_shapes().
std::string selector(std::optional<BoxShape> box) {
  if (!box) return std::string(1, '\0');
  const auto& shapes = csp::fuzz::all_box_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i)
    if (shapes[i] == *box) return std::string(1, static_cast<char>(i + 1));
  throw std::runtime_error("unknown box shape " + to_string(*box));
}

std::string dimacs(const Graph& g, const std::string& comment) {
  std::ostringstream out;
  out << "c " << comment << "\np edge " << g.vertex_count << ' ' << g.edges.size() << '\n';
  for (const auto& [a, b] : g.edges) out << "e " << a + 1 << ' ' << b + 1 << '\n';
  return out.str();
}

void sudoku_seeds(Corpus& corpus, const fs::path& puzzles) {
  for (const auto& entry : fs::directory_iterator(puzzles)) {
    const fs::path& path = entry.path();
    const std::string name = path.filename().string();
    if (path.extension() != ".txt" || name.rfind("killer", 0) == 0) continue;
    const std::string text = read_file(path);
    corpus.add("sudoku_reader", selector(std::nullopt) + text);
    for (const PuzzleRecord& r : read_puzzles(text, name)) {
      if (!r.ok()) continue;
      corpus.add("sudoku_reader", selector(r.grid->box) + r.text);
      corpus.add("sudoku_reader", selector(r.grid->box) + to_line(*r.grid) + '\n');
      corpus.add("sudoku_reader", selector(r.grid->box) + to_pretty(*r.grid));
    }
  }
  for (const BoxShape& box : csp::fuzz::all_box_shapes()) {
    const SudokuGrid empty{box, std::vector<int>(static_cast<std::size_t>(box.size() * box.size()), 0)};
    corpus.add("sudoku_reader", selector(box) + to_line(empty) + '\n');
    corpus.add("sudoku_reader", selector(box) + to_pretty(empty));
  }
}

void dimacs_seeds(Corpus& corpus) {
  corpus.add("dimacs_reader", dimacs(graph_of(australia()), "AIMA Fig. 6.1: Australia"));
  corpus.add("dimacs_reader", dimacs(graph_of(usa()), "the USA, 51 regions"));
  for (const BoxShape& box : csp::fuzz::all_box_shapes()) {
    if (box.size() > 9) continue;
    const Sudoku model(SudokuGrid{box, std::vector<int>(static_cast<std::size_t>(box.size() * box.size()), 0)});
    Graph g;
    g.vertex_count = box.size() * box.size();
    for (int cell = 0; cell < g.vertex_count; ++cell)
      for (int peer : model.peers(cell))
        if (cell < peer) g.edges.emplace_back(cell, peer);
    corpus.add("dimacs_reader", dimacs(g, "the peers of a " + to_string(box) + " Sudoku"));
  }
}

/// The `csp COMMAND ARGS` examples of the documents: command lines for the option harnesses, puzzles for
/// the cryptarithm parser.
void command_line_seeds(Corpus& corpus, const fs::path& source) {
  std::vector<fs::path> documents = {source / "README.md", source / "puzzles" / "README.md"};
  if (fs::is_directory(source / "docs"))
    for (const auto& entry : fs::directory_iterator(source / "docs"))
      if (entry.path().extension() == ".md") documents.push_back(entry.path());
  const std::regex example(R"(csp (sudoku-generate|sudoku|ablate|queens|color|cryptarithm|zebra|killer|graph)\b)");
  for (const fs::path& document : documents) {
    std::istringstream lines(read_file(document));
    for (std::string line; std::getline(lines, line);) {
      for (auto it = std::sregex_iterator(line.begin(), line.end(), example); it != std::sregex_iterator(); ++it) {
        const std::string command = (*it)[1];
        std::string rest = line.substr(static_cast<std::size_t>(it->position() + it->length()));
        rest = rest.substr(0, rest.find_first_of("`#"));
        if (const std::size_t next = rest.find("csp "); next != std::string::npos) rest.resize(next);
        std::istringstream words(rest);
        std::vector<std::string> args;
        for (std::string w; words >> w;)
          if (w != "\\") args.push_back(w);
        std::string joined;
        for (std::size_t i = 0; i < args.size(); ++i) joined += (i ? "\n" : "") + args[i];
        if (command == "sudoku") {
          corpus.add("sudoku_options", joined);
        } else if (command == "ablate") {
          corpus.add("ablate_options", joined);
        } else {
          corpus.add("model_options", joined);
        }
        if (command == "cryptarithm" && !args.empty() && args[0].find('=') != std::string::npos)
          corpus.add("cryptarithm", args[0]);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: csp_fuzz_seeds OUTDIR SOURCE_DIR\n";
    return 2;
  }
  try {
    const fs::path out = argv[1];
    const fs::path source = argv[2];
    Corpus corpus(out);
    sudoku_seeds(corpus, source / "puzzles");
    for (const auto& entry : fs::directory_iterator(source / "puzzles"))
      if (entry.path().filename().string().rfind("killer", 0) == 0)
        corpus.add("killer_reader", read_file(entry.path()));
    dimacs_seeds(corpus);
    for (const auto& entry : fs::directory_iterator(source / "tests" / "flatzinc" / "seeds"))
      corpus.add("flatzinc_reader", read_file(entry.path()));
    command_line_seeds(corpus, source);
    for (const char* name : {"sudoku_reader", "killer_reader", "dimacs_reader", "cryptarithm", "sudoku_options",
                             "model_options", "ablate_options", "flatzinc_reader"}) {
      if (corpus.count(name) == 0) throw std::runtime_error(std::string("no seed for ") + name);
      std::cout << name << ": " << corpus.count(name) << " seeds\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "csp_fuzz_seeds: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
