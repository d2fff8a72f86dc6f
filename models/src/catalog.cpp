// The model catalogue (catalog.hpp): one entry per model, built in make_catalog at the end of this file.
#include "csp/models/catalog.hpp"

#include <deque>
#include <iterator>
#include <sstream>

#include "csp/core/errors.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/probe_constraint.hpp"
#include "csp/models/sudoku/sudoku.hpp"
#include "csp/models/sudoku/techniques_constraint.hpp"
#include "csp/models/text_input.hpp"
#include "csp/models/verify.hpp"
#include "csp/models/zebra.hpp"

namespace csp::models {

namespace {

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out.append(out.empty() ? "" : "; ").append(p);
  return out;
}

// The text of input file `i`: already read by the caller, or read here (once).
std::string input_text(const CatalogInputs& inputs, std::size_t i) {
  return i < inputs.contents.size() ? inputs.contents[i] : read_model_file(inputs.files[i], inputs.max_file_bytes);
}

void require_files(const CatalogInputs& inputs, const char* example) {
  if (inputs.files.empty()) throw Error(example);
}

// ---- Sudoku ----

class BuiltSudoku : public BuiltModel {
 public:
  BuiltSudoku(std::shared_ptr<const SudokuGrid> puzzle, const BuildChoices& choices)
      : puzzle_(std::move(puzzle)), model_(*puzzle_, choices.alldiff) {
    if (choices.model_inference == "techniques") post_techniques(model_);
    if (choices.model_inference == "probe") post_probe(model_);
  }
  const Problem& problem() const override { return model_.problem(); }
  std::string verify(const Assignment& a) const override { return check_solution(*puzzle_, model_.to_grid(a)); }
  std::string picture(const Assignment& a) const override { return to_pretty(model_.to_grid(a)); }

 private:
  std::shared_ptr<const SudokuGrid> puzzle_;
  Sudoku model_;
};

// One instance per puzzle record of a file (invalid records are kept, with their reason).
CatalogInstance sudoku_instance(const std::string& path, const PuzzleRecord& record, std::size_t number) {
  CatalogInstance inst;
  inst.group = path;
  inst.name = record.location();
  inst.number = number;
  if (!record.ok()) {
    inst.error = record.reason;
  } else if (const std::vector<std::string> clashes = clashing_givens(*record.grid); !clashes.empty()) {
    inst.error = "contradictory givens: " + joined(clashes);
  } else {
    auto grid = std::make_shared<const SudokuGrid>(*record.grid);
    inst.build = [grid](const BuildChoices& c) { return std::make_unique<BuiltSudoku>(grid, c); };
  }
  return inst;
}

std::vector<CatalogInstance> sudoku_instances(const CatalogInputs& inputs) {
  require_files(inputs, "no puzzle files given (e.g. csp ablate sudoku puzzles.txt)");
  std::vector<CatalogInstance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::istringstream in(input_text(inputs, file));
    PuzzleReader reader(in, path, inputs.box);
    PuzzleRecord record;
    std::size_t number = 0;
    while (reader.next(record)) out.push_back(sudoku_instance(path, record, ++number));
    if (number == 0) throw Error(path + ": no puzzle in the file");
  }
  return out;
}

// ---- n-queens ----

class BuiltQueens : public BuiltModel {
 public:
  // The binary mode posts the textbook's no-attack predicates; the others three all-different constraints.
  BuiltQueens(int n, AllDifferentMode mode)
      : n_(n),
        problem_(n_queens(
            n, mode == AllDifferentMode::binary ? QueensFormulation::binary : QueensFormulation::all_different)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return verify_queens(n_, a); }
  std::string picture(const Assignment& a) const override {
    std::string out;
    for (int row = n_; row >= 1; --row) {
      for (VarId c = 0; c < n_; ++c) out.append(c == 0 ? "" : " ").append(a.value(c) == row ? "Q" : ".");
      out += '\n';
    }
    return out;
  }

 private:
  int n_;
  Problem problem_;
};

std::vector<CatalogInstance> queens_instances(const CatalogInputs& inputs) {
  std::vector<CatalogInstance> out;
  for (int n : inputs.numbers) {
    CatalogInstance inst;
    inst.group = "queens";
    inst.name = std::string("n=").append(std::to_string(n));
    inst.number = out.size() + 1;
    inst.build = [n](const BuildChoices& c) { return std::make_unique<BuiltQueens>(n, c.alldiff); };
    out.push_back(std::move(inst));
  }
  return out;
}

// ---- colouring (maps and DIMACS graphs) ----

class BuiltColoring : public BuiltModel {
 public:
  BuiltColoring(std::shared_ptr<const Graph> graph, Problem problem)
      : graph_(std::move(graph)), problem_(std::move(problem)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return verify_coloring(*graph_, a); }
  std::string picture(const Assignment& a) const override {
    std::string out;
    for (VarId x = 0; x < graph_->vertex_count; ++x)
      out.append(problem_.variable(x).name()).append(" = ").append(color_name(a.value(x))).append("\n");
    return out;
  }

 private:
  std::shared_ptr<const Graph> graph_;
  Problem problem_;
};

// One instance per number of colours; `make` builds the problem for (colours, break_symmetry).
void add_colorings(std::vector<CatalogInstance>& out, const CatalogInputs& inputs, const std::string& group,
                   const std::string& prefix, const std::shared_ptr<const Graph>& graph,
                   const std::function<Problem(int, bool)>& make) {
  std::size_t number = 0;
  for (int colors : inputs.numbers) {
    CatalogInstance inst;
    inst.group = group;
    inst.name = prefix + "colors=" + std::to_string(colors);
    inst.number = ++number;
    inst.graph = graph;
    inst.build = [graph, colors, make](const BuildChoices& c) {
      return std::make_unique<BuiltColoring>(graph, make(colors, c.break_symmetry));
    };
    out.push_back(std::move(inst));
  }
}

std::function<std::vector<CatalogInstance>(const CatalogInputs&)> map_instances(std::string name, Map (*atlas)()) {
  return [name, atlas](const CatalogInputs& inputs) {
    auto map = std::make_shared<const Map>(atlas());
    auto graph = std::make_shared<const Graph>(graph_of(*map));
    std::vector<CatalogInstance> out;
    add_colorings(out, inputs, name, "", graph,
                  [map](int colors, bool symmetry) { return map_coloring(*map, colors, symmetry); });
    return out;
  };
}

std::vector<CatalogInstance> graph_instances(const CatalogInputs& inputs) {
  require_files(inputs, "no graph files given (e.g. csp ablate graph myciel3.col --colors 4)");
  std::vector<CatalogInstance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::shared_ptr<const Graph> graph;
    if (file < inputs.contents.size()) {
      std::istringstream in(inputs.contents[file]);
      graph = std::make_shared<const Graph>(read_dimacs(in, path));
    } else {
      graph = std::make_shared<const Graph>(read_dimacs_file(path));  // streamed, at most kMaxGraphFileBytes
    }
    add_colorings(out, inputs, path, path + ":", graph,
                  [graph](int colors, bool symmetry) { return graph_coloring(*graph, colors, symmetry); });
  }
  return out;
}

// ---- the Zebra puzzle ----

class BuiltZebra : public BuiltModel {
 public:
  explicit BuiltZebra(AllDifferentMode mode) : problem_(zebra(mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return verify_zebra(a); }
  std::string picture(const Assignment& a) const override {
    return std::string("house: colour nationality pet drink smoke\n")
        .append(format_zebra(problem_, a))
        .append("The ")
        .append(zebra_nationality_of(problem_, a, "Zebra"))
        .append(" owns the zebra; the ")
        .append(zebra_nationality_of(problem_, a, "Water"))
        .append(" drinks water.\n");
  }

 private:
  Problem problem_;
};

std::vector<CatalogInstance> zebra_instances(const CatalogInputs&) {
  CatalogInstance inst;
  inst.group = "zebra";
  inst.name = "zebra";
  inst.number = 1;
  inst.build = [](const BuildChoices& c) { return std::make_unique<BuiltZebra>(c.alldiff); };
  return {inst};
}

// ---- cryptarithms ----

class BuiltCryptarithm : public BuiltModel {
 public:
  BuiltCryptarithm(std::shared_ptr<const Cryptarithm> puzzle, AllDifferentMode mode)
      : puzzle_(std::move(puzzle)), problem_(cryptarithm(*puzzle_, mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return verify_cryptarithm(*puzzle_, a); }
  std::string picture(const Assignment& a) const override { return format_solution(*puzzle_, a) + "\n"; }

 private:
  std::shared_ptr<const Cryptarithm> puzzle_;
  Problem problem_;
};

std::vector<CatalogInstance> cryptarithm_instances(const CatalogInputs& inputs) {
  const std::vector<std::string> texts =
      inputs.puzzles.empty() ? std::vector<std::string>{"SEND+MORE=MONEY"} : inputs.puzzles;
  std::vector<CatalogInstance> out;
  for (const std::string& text : texts) {
    CatalogInstance inst;
    inst.group = "cryptarithm";
    inst.name = text;
    inst.number = out.size() + 1;
    try {
      auto puzzle = std::make_shared<const Cryptarithm>(parse_cryptarithm(text));
      inst.build = [puzzle](const BuildChoices& c) { return std::make_unique<BuiltCryptarithm>(puzzle, c.alldiff); };
    } catch (const Error& e) {
      throw Error(std::string("--puzzle '").append(text).append("': ").append(e.what()));
    }
    out.push_back(std::move(inst));
  }
  return out;
}

// ---- Killer Sudoku ----

class BuiltKiller : public BuiltModel {
 public:
  BuiltKiller(std::shared_ptr<const KillerSudoku> puzzle, AllDifferentMode mode)
      : puzzle_(std::move(puzzle)), problem_(killer_sudoku(*puzzle_, mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override {
    return check_killer_solution(*puzzle_, to_grid(*puzzle_, a));
  }
  std::string picture(const Assignment& a) const override { return to_pretty(to_grid(*puzzle_, a)); }

 private:
  std::shared_ptr<const KillerSudoku> puzzle_;
  Problem problem_;
};

std::vector<CatalogInstance> killer_instances(const CatalogInputs& inputs) {
  require_files(inputs, "no Killer Sudoku files given (e.g. csp ablate killer puzzles/killer_4x4.txt)");
  std::vector<CatalogInstance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::shared_ptr<const KillerSudoku> puzzle;
    try {
      puzzle = std::make_shared<const KillerSudoku>(parse_killer_sudoku(input_text(inputs, file)));
    } catch (const ModelError& e) {
      throw ModelError(path + ": " + e.what());
    }
    CatalogInstance inst;
    inst.group = path;
    inst.name = path;
    inst.number = 1;
    inst.build = [puzzle](const BuildChoices& c) { return std::make_unique<BuiltKiller>(puzzle, c.alldiff); };
    out.push_back(std::move(inst));
  }
  return out;
}

// ---- the entries ----

const std::vector<AllDifferentMode> kAllModes = {AllDifferentMode::binary, AllDifferentMode::value,
                                                 AllDifferentMode::gac};
// A Sudoku's units may also be one propagator over the whole grid (SudokuGridConstraint).
const std::vector<AllDifferentMode> kSudokuModes = {AllDifferentMode::binary, AllDifferentMode::value,
                                                    AllDifferentMode::gac, AllDifferentMode::grid,
                                                    AllDifferentMode::grid_cells};

// A model's default run configuration (model_defaults.hpp).
ModelDefaults defaults(std::string var, std::string val, std::string inference, std::string restarts,
                       AllDifferentMode alldiff) {
  return ModelDefaults{std::move(var), std::move(val), std::move(inference), std::move(restarts), alldiff};
}

CatalogEntry entry(std::string name, std::string summary,
                   std::function<std::vector<CatalogInstance>(const CatalogInputs&)> enumerate,
                   std::vector<AllDifferentMode> modes, ModelDefaults run_defaults) {
  CatalogEntry e;
  e.name = std::move(name);
  e.summary = std::move(summary);
  e.enumerate = std::move(enumerate);
  e.alldiff_modes = std::move(modes);
  e.defaults = std::move(run_defaults);
  return e;
}

// A colouring entry: one instance per number of colours (up to csp color's -k limit). The three (australia, usa,
// graph) share one default, which csp color's --help shows: dom-wdeg + lcv + mac with Luby restarts, the one
// candidate that coloured every shared DIMACS graph some candidate coloured at its chromatic number within 1 s (36
// of 43, queen9_9 the slowest at 0.5 s; queen8_8 too, which mrv coloured and dom-wdeg + mac did not).
CatalogEntry coloring(std::string name, std::string summary,
                      std::function<std::vector<CatalogInstance>(const CatalogInputs&)> enumerate, std::string help,
                      std::vector<int> default_numbers) {
  CatalogEntry e = entry(std::move(name), std::move(summary), std::move(enumerate), {AllDifferentMode::binary},
                         defaults("dom-wdeg", "lcv", "mac", "luby", AllDifferentMode::binary));
  e.number_option = "colors";
  e.number_help = std::move(help);
  e.default_numbers = std::move(default_numbers);
  e.max_number = 10000;
  e.value_symmetry = true;
  return e;
}

// The defaults of the entries below were chosen by measurement (bench/LOG.md, "Defaults per model"), Sudoku's
// by the Sudoku benchmarks (bench/LOG.md, "Sudoku's default becomes --alldiff grid").
std::vector<CatalogEntry> make_catalog() {
  std::vector<CatalogEntry> out;
  // Sudoku: mrv + mac, the grid propagator (singles, box-line, pairs over bitmasks): fewer instructions than gac on
  // all four benchmark files and the 16x16 set (bench/LOG.md, "Sudoku's default becomes --alldiff grid"); its pairs
  // keep BH-08 at gac's 84 nodes (the value rules alone: 1.2 million, singles and box-line: 352,932).
  out.push_back(entry("sudoku", "Sudoku puzzles of any box shape from files (one-line puzzles or pictures)",
                      sudoku_instances, kSudokuModes,
                      defaults("mrv", "natural", "mac", "none", AllDifferentMode::grid)));
  out.back().takes_files = true;
  out.back().takes_box = true;
  out.back().model_inferences = {"techniques", "probe"};
  // n-queens: mrv + fc, the values nearest the middle of the column first, the binary no-attack predicates: a board
  // for every n from 8 to 200 but 3 within 100,000 nodes (natural values: 67 boards not), n = 200 in 240 nodes; a
  // count of all solutions costs fc half mac's instructions; the all-different formulation 3x the binary one's.
  out.push_back(entry("queens", "n-queens, one instance per board size", queens_instances,
                      {AllDifferentMode::binary, AllDifferentMode::value},
                      defaults("mrv", "middle", "fc", "none", AllDifferentMode::binary)));
  out.back().number_option = "n";
  out.back().number_help = "board sizes, e.g. 8,10,12";
  out.back().default_numbers = {8};
  out.back().max_number = 1000;  // csp queens N with backtracking
  out.push_back(coloring("australia", "AIMA's map of Australia (Fig. 6.1), one instance per number of colours",
                         map_instances("australia", australia), "numbers of colours, e.g. 2,3", {3}));
  out.push_back(coloring("usa", "the map of the USA (51 regions), one instance per number of colours",
                         map_instances("usa", usa), "numbers of colours, e.g. 3,4", {4}));
  out.push_back(coloring("graph", "graph colouring of DIMACS .col files, one instance per file and number of colours",
                         graph_instances, "numbers of colours (required), e.g. 4,5", {}));
  out.back().takes_files = true;
  // Zebra: the model's order + mac, the fewest nodes (23 to the solution, 35 to prove it unique) and instructions;
  // binary, the textbook's (value saves 0.2 million instructions of 10.7).
  out.push_back(entry("zebra", "the Zebra puzzle (one instance; exactly one solution)", zebra_instances, kAllModes,
                      defaults("first", "natural", "mac", "none", AllDifferentMode::binary)));
  // Cryptarithms: mrv + mac, the value rules; mac needs a third fewer nodes than fc, mrv ties dom-wdeg for less work.
  out.push_back(entry("cryptarithm", "cryptarithms given with --puzzle LIST (default SEND+MORE=MONEY)",
                      cryptarithm_instances, kAllModes,
                      defaults("mrv", "natural", "mac", "none", AllDifferentMode::value)));
  out.back().takes_puzzles = true;
  // Killer Sudoku: the grid's order + mac, gac on units and cages: no heavy tail on the 9x9 sample (worst 97,172
  // nodes, where dom-wdeg took 1.3 million and mrv passed 3 million); fc and the value rules far behind.
  out.push_back(entry("killer", "Killer Sudoku files (csp killer's format), one instance per file", killer_instances,
                      kAllModes, defaults("first", "natural", "mac", "none", AllDifferentMode::gac)));
  out.back().takes_files = true;
  return out;
}

}  // namespace

namespace {

// The one catalogue of the program: built on first use, extended by add_catalog_entry. A deque, so that adding an
// entry leaves references to the others valid (csp ablate's registry keeps them).
std::deque<CatalogEntry>& mutable_catalog() {
  static std::deque<CatalogEntry> entries = [] {
    std::vector<CatalogEntry> built = make_catalog();
    return std::deque<CatalogEntry>(std::make_move_iterator(built.begin()), std::make_move_iterator(built.end()));
  }();
  return entries;
}

// Why `entry` cannot be added ("" when it can).
std::string entry_error(const CatalogEntry& entry) {
  if (entry.name.empty()) return "a model with an empty name";
  for (char c : entry.name) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!letter && c != '-' && c != '_')
      return "model '" + entry.name + "': its name may hold only letters, digits, '-' and '_'";
  }
  for (const CatalogEntry& e : mutable_catalog())
    if (e.name == entry.name) return "model '" + entry.name + "' is already in the catalogue";
  if (!entry.enumerate) return "model '" + entry.name + "' has no enumerate function";
  const std::string& option = entry.number_option;
  if (!option.empty() && option != "n" && option != "colors")
    return "model '" + entry.name + "': number_option '" + option + "' is not \"n\" or \"colors\"";
  if (!option.empty() && entry.max_number < entry.min_number)
    return "model '" + entry.name + "': max_number " + std::to_string(entry.max_number) + " is less than min_number " +
           std::to_string(entry.min_number);
  return "";
}

}  // namespace

const std::deque<CatalogEntry>& catalog() { return mutable_catalog(); }

void add_catalog_entry(CatalogEntry entry) {
  if (const std::string why = entry_error(entry); !why.empty()) throw Error(why);
  check_model_defaults(entry.name, entry.defaults);
  mutable_catalog().push_back(std::move(entry));
}

std::string catalog_names() {
  std::string out;
  for (const CatalogEntry& e : catalog()) out.append(out.empty() ? "" : ", ").append(e.name);
  return out;
}

const CatalogEntry& catalog_entry(const std::string& name) {
  for (const CatalogEntry& e : catalog())
    if (e.name == name) return e;
  throw UnknownNameError("unknown model '" + name + "' (valid: " + catalog_names() + ")");
}

std::vector<CatalogInstance> catalog_instances(const std::string& name, const CatalogInputs& inputs) {
  return catalog_entry(name).enumerate(inputs);
}

std::string read_model_file(const std::string& path, std::uint64_t max_bytes) {
  TextInput input(path, max_bytes);
  if (!input.open_error().empty()) throw Error(input.open_error());
  std::string text = input.read_all();
  if (const std::string why = input.read_error(); !why.empty()) throw Error(why);
  return text;
}

}  // namespace csp::models
