// The model registry of csp ablate: Sudoku files, n-queens, AIMA's Australia, the USA, DIMACS graph colouring, the
// Zebra puzzle, cryptarithms, Killer Sudoku files,
// FlatZinc files (flatzinc_instances.cpp).
#include "csp/ablation/model_registry.hpp"

#include "catalog_additions.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <map>

#include "csp/ablation/configuration.hpp"
#include "csp/ablation/flatzinc_instances.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku.hpp"
#include "csp/models/sudoku_io.hpp"
#include "csp/models/sudoku_techniques_constraint.hpp"
#include "csp/models/text_input.hpp"
#include "csp/models/verify.hpp"
#include "csp/models/zebra.hpp"

namespace csp::ablation {

namespace {

// The text of input file `i`: already read by the command, or read here (once).
std::string input_text(const ModelInputs& inputs, std::size_t i) {
  return i < inputs.contents.size() ? inputs.contents[i] : read_study_file(inputs.files[i]);
}

// ---- Sudoku ----

class BuiltSudoku : public BuiltInstance {
 public:
  // `techniques`: post the human techniques as a propagator (inference "techniques").
  BuiltSudoku(std::shared_ptr<const models::SudokuGrid> puzzle, AllDifferentMode mode, bool techniques)
      : puzzle_(std::move(puzzle)), model_(*puzzle_, mode) {
    if (techniques) models::post_techniques(model_);
  }
  const Problem& problem() const override { return model_.problem(); }
  std::string verify(const Assignment& solution) const override {
    return models::check_solution(*puzzle_, model_.to_grid(solution));
  }

 private:
  std::shared_ptr<const models::SudokuGrid> puzzle_;
  models::Sudoku model_;
};

std::vector<Instance> sudoku_instances(const ModelInputs& inputs) {
  if (inputs.files.empty()) throw InputError("no puzzle files given (e.g. csp ablate sudoku puzzles.txt)");
  std::vector<Instance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::istringstream in(input_text(inputs, file));
    models::PuzzleReader reader(in, path, inputs.box);
    models::PuzzleRecord record;
    std::size_t number = 0;
    while (reader.next(record)) {
      Instance inst;
      inst.group = path;
      inst.name = record.location();
      inst.number = ++number;
      if (!record.ok()) {
        inst.error = record.reason;
      } else if (const std::vector<std::string> clashes = models::clashing_givens(*record.grid); !clashes.empty()) {
        inst.error = "contradictory givens: " + join(clashes, "; ");
      } else {
        auto grid = std::make_shared<const models::SudokuGrid>(*record.grid);
        inst.build = [grid](const Configuration& c) {
          return std::make_unique<BuiltSudoku>(grid, c.alldiff_mode(), c.inference == "techniques");
        };
      }
      out.push_back(std::move(inst));
    }
    if (number == 0) throw InputError(path + ": no puzzles in the file");
  }
  return out;
}

// ---- n-queens ----

class BuiltQueens : public BuiltInstance {
 public:
  BuiltQueens(int n, AllDifferentMode mode)
      : n_(n),
        problem_(models::n_queens(n, mode == AllDifferentMode::value ? models::QueensFormulation::all_different
                                                                      : models::QueensFormulation::binary)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return models::verify_queens(n_, a); }

 private:
  int n_;
  Problem problem_;
};

std::vector<Instance> queens_instances(const ModelInputs& inputs) {
  std::vector<Instance> out;
  for (int n : inputs.numbers) {
    Instance inst;
    inst.group = "queens";
    inst.name = std::string("n=").append(std::to_string(n));
    inst.number = out.size() + 1;
    inst.build = [n](const Configuration& c) { return std::make_unique<BuiltQueens>(n, c.alldiff_mode()); };
    out.push_back(std::move(inst));
  }
  return out;
}

// ---- colouring (maps and DIMACS graphs) ----

class BuiltColoring : public BuiltInstance {
 public:
  BuiltColoring(std::shared_ptr<const models::Graph> graph, Problem problem)
      : graph_(std::move(graph)), problem_(std::move(problem)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override {
    return models::verify_coloring(*graph_, a);
  }

 private:
  std::shared_ptr<const models::Graph> graph_;
  Problem problem_;
};


std::function<std::vector<Instance>(const ModelInputs&)> map_instances(std::string name, models::Map (*make)()) {
  return [name, make](const ModelInputs& inputs) {
    auto map = std::make_shared<const models::Map>(make());
    auto graph = std::make_shared<const models::Graph>(models::graph_of(*map));
    std::vector<Instance> out;
    for (int colors : inputs.numbers) {
      Instance inst;
      inst.group = name;
      inst.name = std::string("colors=").append(std::to_string(colors));
      inst.number = out.size() + 1;
      inst.build = [map, graph, colors](const Configuration& c) {
        return std::make_unique<BuiltColoring>(graph, models::map_coloring(*map, colors, c.break_symmetry == "on"));
      };
      out.push_back(std::move(inst));
    }
    return out;
  };
}

std::vector<Instance> graph_instances(const ModelInputs& inputs) {
  if (inputs.files.empty()) throw InputError("no graph files given (e.g. csp ablate graph myciel3.col --colors 4)");
  std::vector<Instance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::istringstream in(input_text(inputs, file));
    std::shared_ptr<const models::Graph> graph;
    try {
      graph = std::make_shared<const models::Graph>(models::read_dimacs(in, path));
    } catch (const Error& e) {
      throw InputError(e.what());
    }
    std::size_t number = 0;
    for (int colors : inputs.numbers) {
      Instance inst;
      inst.group = path;
      inst.name = path + ":colors=" + std::to_string(colors);
      inst.number = ++number;
      inst.build = [graph, colors](const Configuration& c) {
        return std::make_unique<BuiltColoring>(graph,
                                               models::graph_coloring(*graph, colors, c.break_symmetry == "on"));
      };
      out.push_back(std::move(inst));
    }
  }
  return out;
}

// ---- the Zebra puzzle ----

class BuiltZebra : public BuiltInstance {
 public:
  explicit BuiltZebra(AllDifferentMode mode) : problem_(models::zebra(mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return models::verify_zebra(a); }

 private:
  Problem problem_;
};

std::vector<Instance> zebra_instances(const ModelInputs&) {
  Instance inst;
  inst.group = "zebra";
  inst.name = "zebra";
  inst.number = 1;
  inst.build = [](const Configuration& c) { return std::make_unique<BuiltZebra>(c.alldiff_mode()); };
  return {inst};
}

// ---- cryptarithms ----

class BuiltCryptarithm : public BuiltInstance {
 public:
  BuiltCryptarithm(models::Cryptarithm puzzle, AllDifferentMode mode)
      : puzzle_(std::move(puzzle)), problem_(models::cryptarithm(puzzle_, mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override { return models::verify_cryptarithm(puzzle_, a); }

 private:
  models::Cryptarithm puzzle_;
  Problem problem_;
};

std::vector<Instance> cryptarithm_instances(const ModelInputs& inputs) {
  const std::vector<std::string> texts =
      inputs.puzzles.empty() ? std::vector<std::string>{"SEND+MORE=MONEY"} : inputs.puzzles;
  std::vector<Instance> out;
  for (const std::string& text : texts) {
    Instance inst;
    inst.group = "cryptarithm";
    inst.name = text;
    inst.number = out.size() + 1;
    try {
      auto puzzle = std::make_shared<const models::Cryptarithm>(models::parse_cryptarithm(text));
      inst.build = [puzzle](const Configuration& c) {
        return std::make_unique<BuiltCryptarithm>(*puzzle, c.alldiff_mode());
      };
    } catch (const Error& e) {
      throw InputError(std::string("--puzzle '").append(text).append("': ").append(e.what()));
    }
    out.push_back(std::move(inst));
  }
  return out;
}

// ---- Killer Sudoku ----

class BuiltKiller : public BuiltInstance {
 public:
  BuiltKiller(std::shared_ptr<const models::KillerSudoku> puzzle, AllDifferentMode mode)
      : puzzle_(std::move(puzzle)), problem_(models::killer_sudoku(*puzzle_, mode)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override {
    return models::check_killer_solution(*puzzle_, models::to_grid(*puzzle_, a));
  }

 private:
  std::shared_ptr<const models::KillerSudoku> puzzle_;
  Problem problem_;
};

std::vector<Instance> killer_instances(const ModelInputs& inputs) {
  if (inputs.files.empty())
    throw InputError("no Killer Sudoku files given (e.g. csp ablate killer puzzles/killer_4x4.txt)");
  std::vector<Instance> out;
  for (std::size_t file = 0; file < inputs.files.size(); ++file) {
    const std::string& path = inputs.files[file];
    std::shared_ptr<const models::KillerSudoku> puzzle;
    try {
      puzzle = std::make_shared<const models::KillerSudoku>(models::parse_killer_sudoku(input_text(inputs, file)));
    } catch (const Error& e) {
      throw InputError(path + ": " + e.what());
    }
    Instance inst;
    inst.group = path;
    inst.name = path;
    inst.number = 1;
    inst.build = [puzzle](const Configuration& c) { return std::make_unique<BuiltKiller>(puzzle, c.alldiff_mode()); };
    out.push_back(std::move(inst));
  }
  return out;
}

std::vector<ModelSpec> make_models() {
  std::vector<ModelSpec> out;
  // The largest numbers are those of the model's own command: csp queens N (1000), csp color -k K (10000).
  out.push_back({"sudoku", "Sudoku puzzles of any box shape from files (one-line puzzles or pictures)", true, "", "",
                 {}, 1, 0, true, alldiff_names(), {"techniques"}, sudoku_instances});
  out.push_back({"queens", "n-queens, one instance per board size", false, "n", "board sizes, e.g. 8,10,12", {8}, 1,
                 1000, false, {"binary", "value"}, {}, queens_instances});
  out.push_back({"australia", "AIMA's map of Australia (Fig. 6.1), one instance per number of colours", false,
                 "colors", "numbers of colours, e.g. 2,3", {3}, 1, 10000, false, {"binary"}, {},
                 map_instances("australia", models::australia)});
  out.push_back({"usa", "the map of the USA (51 regions), one instance per number of colours", false, "colors",
                 "numbers of colours, e.g. 3,4", {4}, 1, 10000, false, {"binary"}, {}, map_instances("usa", models::usa)});
  out.push_back({"graph", "graph colouring of DIMACS .col files, one instance per file and number of colours", true,
                 "colors", "numbers of colours (required), e.g. 4,5", {}, 1, 10000, false, {"binary"}, {},
                 graph_instances});
  for (ModelSpec& m : out) m.value_symmetry = m.name == "australia" || m.name == "usa" || m.name == "graph";
  out.push_back({"zebra", "the Zebra puzzle (one instance; exactly one solution)", false, "", "", {}, 1, 0, false,
                 alldiff_names(), {}, zebra_instances});
  out.push_back({"cryptarithm", "cryptarithms given with --puzzle LIST (default SEND+MORE=MONEY)", false, "", "", {},
                 1, 0, false, alldiff_names(), {}, cryptarithm_instances});
  out.back().takes_puzzles = true;
  out.push_back({"killer", "Killer Sudoku files (csp killer's format), one instance per file", true, "", "", {}, 1,
                 0, false, alldiff_names(), {}, killer_instances});
  out.push_back({"fzn", "FlatZinc files, one instance per file (minimize / maximize: to the optimum)", true, "",
                 "", {}, 1, 0, false, alldiff_names(), {}, flatzinc_instances});
  return out;
}

}  // namespace

std::string read_study_file(const std::string& path) {
  models::TextInput input(path, kMaxStudyFileBytes);
  if (!input.open_error().empty()) throw InputError(input.open_error());
  std::string text = input.read_all();
  if (const std::string why = input.read_error(); !why.empty()) throw InputError(why);
  return text;
}

const std::vector<ModelSpec>& models() {
  static std::vector<ModelSpec> registry = make_models();
  add_catalog_additions(registry);  // the catalogue's entries added after start-up: a --plugin's models
  return registry;
}

const ModelSpec& find_model(const std::string& name) {
  for (const ModelSpec& m : models())
    if (m.name == name) return m;
  throw InputError("unknown model '" + name + "' (valid: " + model_names_joined() + ")");
}

std::string model_names_joined() {
  std::vector<std::string> names;
  for (const ModelSpec& m : models()) names.push_back(m.name);
  return join(names, ", ");
}

}  // namespace csp::ablation
