// The model registry of csp ablate: Sudoku files, n-queens, AIMA's Australia, the USA, DIMACS graph colouring,
// FlatZinc files (flatzinc_instances.cpp).
#include "ablation/model_registry.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <map>

#include "ablation/configuration.hpp"
#include "ablation/flatzinc_instances.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/sudoku.hpp"
#include "csp/models/sudoku_io.hpp"
#include "csp/models/sudoku_techniques_constraint.hpp"
#include "csp/models/text_input.hpp"

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
        problem_(models::n_queens(n, mode == AllDifferentMode::global ? models::QueensFormulation::all_different
                                                                      : models::QueensFormulation::binary)) {}
  const Problem& problem() const override { return problem_; }
  std::string verify(const Assignment& a) const override {
    if (a.variable_count() != n_) return "the assignment does not cover the " + std::to_string(n_) + " columns";
    for (VarId i = 0; i < n_; ++i) {
      if (!a.is_assigned(i)) return std::string("column ").append(std::to_string(i + 1)).append(" has no queen");
      const Value ri = a.value(i);
      if (ri < 1 || ri > n_) return std::string("column ").append(std::to_string(i + 1)).append(" has an off-board row");
      for (VarId j = i + 1; j < n_; ++j)
        if (a.is_assigned(j) && (a.value(j) == ri || std::abs(a.value(j) - ri) == j - i))
          return std::string("the queens of columns ")
              .append(std::to_string(i + 1))
              .append(" and ")
              .append(std::to_string(j + 1))
              .append(" attack each other");
    }
    return "";
  }

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
    return models::is_proper_coloring(*graph_, a) ? "" : "not a proper colouring";
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
      inst.build = [map, graph, colors](const Configuration&) {
        return std::make_unique<BuiltColoring>(graph, models::map_coloring(*map, colors));
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
      inst.build = [graph, colors](const Configuration&) {
        return std::make_unique<BuiltColoring>(graph, models::graph_coloring(*graph, colors));
      };
      out.push_back(std::move(inst));
    }
  }
  return out;
}

std::vector<ModelSpec> make_models() {
  std::vector<ModelSpec> out;
  // The largest numbers are those of the model's own command: csp queens N (1000), csp color -k K (10000).
  out.push_back({"sudoku", "Sudoku puzzles of any box shape from files (one-line puzzles or pictures)", true, "", "",
                 {}, 1, 0, true, alldiff_names(), {"techniques"}, sudoku_instances});
  out.push_back({"queens", "n-queens, one instance per board size", false, "n", "board sizes, e.g. 8,10,12", {8}, 1,
                 1000, false, {"binary", "global"}, {}, queens_instances});
  out.push_back({"australia", "AIMA's map of Australia (Fig. 6.1), one instance per number of colours", false,
                 "colors", "numbers of colours, e.g. 2,3", {3}, 1, 10000, false, {"binary"}, {},
                 map_instances("australia", models::australia)});
  out.push_back({"usa", "the map of the USA (51 regions), one instance per number of colours", false, "colors",
                 "numbers of colours, e.g. 3,4", {4}, 1, 10000, false, {"binary"}, {}, map_instances("usa", models::usa)});
  out.push_back({"graph", "graph colouring of DIMACS .col files, one instance per file and number of colours", true,
                 "colors", "numbers of colours (required), e.g. 4,5", {}, 1, 10000, false, {"binary"}, {},
                 graph_instances});
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
  static const std::vector<ModelSpec> registry = make_models();
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
