// The Sudoku model from Python: grids of every box shape, the reader of every format the CLI reads, the CSP, the
// human solver (explain, grade) and the generator.
#include "csp/models/sudoku/sudoku.hpp"

#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/model_inference.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/generator.hpp"
#include "csp/models/sudoku/human_solver.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/probe_constraint.hpp"
#include "csp/models/sudoku/techniques.hpp"
#include "csp/models/sudoku/techniques_constraint.hpp"
#include "sigint.hpp"
#include "solving.hpp"
#include "spec.hpp"

namespace csp::python {
namespace {

using models::BoxShape;
using models::SudokuGrid;

std::optional<BoxShape> box_of(const py::object& box) {
  if (box.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(box)) return models::parse_box(box.cast<std::string>());
  const auto rc = box.cast<std::pair<int, int>>();
  return BoxShape{rc.first, rc.second};
}

py::list records_to_list(const std::vector<models::PuzzleRecord>& records, bool strict) {
  py::list out;
  for (const models::PuzzleRecord& r : records) {
    if (!r.ok()) {
      if (strict) throw ModelError(r.location() + ": " + r.reason);
      continue;
    }
    out.append(*r.grid);
  }
  return out;
}

py::dict step_dict(const models::CandidateGrid& names, const models::Step& s) {
  py::dict d;
  d["technique"] = models::to_string(s.technique);
  d["text"] = models::describe(names, s);
  py::list cells;
  for (int c : s.cells) cells.append(models::cell_name(names, c));
  d["cells"] = cells;
  d["placements"] = s.placements.size();
  d["eliminations"] = s.eliminations.size();
  return d;
}

py::dict human_dict(const SudokuGrid& puzzle, const models::HumanSolveResult& r) {
  const models::CandidateGrid names(SudokuGrid{puzzle.box, std::vector<int>(puzzle.cells.size(), 0)});
  py::dict d;
  d["outcome"] = models::to_string(r.outcome);
  py::list steps;
  for (const models::Step& s : r.steps) steps.append(step_dict(names, s));
  d["steps"] = steps;
  d["after_techniques"] = r.after_techniques;
  d["solution"] = r.solution ? py::cast(*r.solution) : py::object(py::none());
  d["empty_when_stuck"] = r.empty_when_stuck;
  d["search_assignments"] = r.search_assignments;
  d["hardest"] = r.hardest ? py::object(py::str(models::to_string(*r.hardest))) : py::object(py::none());
  py::dict fired;
  const auto& all = models::all_techniques();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (r.fired[i] != 0) fired[py::str(models::to_string(all[i]))] = r.fired[i];
  d["fired"] = fired;
  return d;
}

models::HumanSolverOptions human_options(const py::object& techniques, std::uint64_t node_limit) {
  models::HumanSolverOptions o;
  if (!techniques.is_none()) o.techniques = models::parse_technique_list(techniques.cast<std::string>());
  o.search_limits.node_limit = node_limit;
  return o;
}

// One puzzle, as models::parse_puzzle reads it; and also a picture with blank lines between its bands (the seeds'
// notebooks write grids so: "7.. .2. ...", three rows, a blank line, ...), which the file reader takes for several
// puzzles. Only when the text as written holds no single puzzle are its blank lines dropped and it is read again.
SudokuGrid parse_one_puzzle(const std::string& text, std::optional<BoxShape> box) {
  try {
    return models::parse_puzzle(text, box);
  } catch (const ModelError&) {
    const std::exception_ptr as_written = std::current_exception();
    std::string joined;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
      if (line.find_first_not_of(" \t\r") != std::string::npos) joined += line + '\n';
    try {
      return models::parse_puzzle(joined, box);
    } catch (const ModelError&) {
      std::rethrow_exception(as_written);  // the reader's message about the text as written
    }
  }
}

void bind_grid(py::module_& m) {
  py::class_<SudokuGrid>(m, "SudokuGrid", "A puzzle or a solution: N*N cells row by row, 0 = empty.")
      .def(py::init([](const std::vector<int>& cells, const py::object& box) {
             const auto b = box.is_none() ? models::box_for_cell_count(cells.size()) : box_of(box);
             if (!b) throw ModelError(std::to_string(cells.size()) + " cells: give the box shape");
             SudokuGrid g{*b, cells};
             models::Sudoku check(g);  // ModelError for a wrong cell count or digit
             return g;
           }),
           py::arg("cells"), py::arg("box") = py::none())
      .def_property_readonly("box", [](const SudokuGrid& g) { return std::make_pair(g.box.rows, g.box.cols); })
      .def_property_readonly("size", &SudokuGrid::size)
      .def_property_readonly("cells", [](const SudokuGrid& g) { return g.cells; })
      .def_property_readonly("given_count", &SudokuGrid::given_count)
      .def("at",
           [](const SudokuGrid& g, int r, int c) {
             if (r < 0 || c < 0 || r >= g.size() || c >= g.size()) throw py::index_error("cell out of the grid");
             return g.at(r, c);
           })
      .def("rows",
           [](const SudokuGrid& g) {
             std::vector<std::vector<int>> out(static_cast<std::size_t>(g.size()));
             for (int r = 0; r < g.size(); ++r)
               for (int c = 0; c < g.size(); ++c) out[static_cast<std::size_t>(r)].push_back(g.at(r, c));
             return out;
           })
      .def("to_line", [](const SudokuGrid& g) { return models::to_line(g); })
      .def("to_pretty", [](const SudokuGrid& g) { return models::to_pretty(g); })
      .def("__str__", [](const SudokuGrid& g) { return models::to_pretty(g); })
      .def("__repr__", [](const SudokuGrid& g) { return "SudokuGrid('" + models::to_line(g) + "')"; })
      .def("__eq__", [](const SudokuGrid& a, const SudokuGrid& b) { return a.box == b.box && a.cells == b.cells; });
}

// Posts the propagator of the model inference `name` ("techniques", "probe"; "" none), which runs with mac, as
// csp sudoku and csp.study do.
void post_model_inference(models::Sudoku& s, const std::string& name) {
  if (name == "techniques") {
    models::post_techniques(s);
  } else if (name == "probe") {
    models::post_probe(s);
  } else if (!name.empty()) {
    throw py::value_error("unknown model inference '" + name + "' (valid: techniques, probe)");
  }
}

void bind_sudoku_model(py::module_& m) {
  py::class_<models::Sudoku>(m, "SudokuModel", "The Sudoku CSP of one puzzle: variable r*N+c, named r1c1..rNcN.")
      .def(py::init([](const SudokuGrid& g, const std::string& alldiff, const std::string& inference) {
             models::Sudoku s(g, parse_all_different_mode(alldiff));
             post_model_inference(s, inference);
             return s;
           }),
           py::arg("grid"), py::arg("alldiff") = "value", py::arg("inference") = "")
      .def_property_readonly("problem", &models::Sudoku::problem, py::return_value_policy::reference_internal)
      .def_property_readonly("size", &models::Sudoku::size)
      .def("cell", &models::Sudoku::cell)
      .def("units", &models::Sudoku::units)
      .def("peers", &models::Sudoku::peers)
      .def("to_grid", [](const models::Sudoku& s,
                         const py::object& solution) { return s.to_grid(to_assignment(s.problem(), solution)); })
      .def(
          "result_grid",
          [](const models::Sudoku& s, const RunResult& r, std::size_t i) -> py::object {
            if (i >= r.solutions.size()) return py::none();
            return py::cast(s.to_grid(r.solutions[i]));
          },
          "The grid of the i-th kept solution of a run, or None.");
}

}  // namespace

void bind_sudoku(py::module_& m) {
  bind_grid(m);
  bind_sudoku_model(m);
  m.def(
      "parse_puzzle",
      [](const std::string& text, const py::object& box) { return parse_one_puzzle(text, box_of(box)); },
      py::arg("text"), py::arg("box") = py::none(), "One puzzle in any format the CLI reads; ModelError otherwise.");
  m.def(
      "read_puzzles",
      [](const std::string& text, const py::object& box, const std::string& source, bool strict) {
        return records_to_list(models::read_puzzles(text, source, box_of(box)), strict);
      },
      py::arg("text"), py::arg("box") = py::none(), py::arg("source") = "<string>", py::arg("strict") = true);
  m.def(
      "read_puzzle_file",
      [](const std::string& path, const py::object& box, bool strict) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw Error(path + ": cannot open");
        std::stringstream text;
        text << in.rdbuf();
        return records_to_list(models::read_puzzles(text.str(), path, box_of(box)), strict);
      },
      py::arg("path"), py::arg("box") = py::none(), py::arg("strict") = true);
  m.def("check_solution", &models::check_solution);
  m.def("clashing_givens", &models::clashing_givens);
  m.def(
      "human_solve",
      [](const SudokuGrid& g, const py::object& techniques, std::uint64_t node_limit) {
        const auto options = human_options(techniques, node_limit);
        models::HumanSolveResult r;
        {
          const SearchScope searching;
          py::gil_scoped_release release;
          r = models::human_solve(g, options);
        }
        return human_dict(g, r);
      },
      py::arg("grid"), py::arg("techniques") = py::none(), py::arg("node_limit") = 0);
  m.def(
      "grade",
      [](const SudokuGrid& g, const py::object& techniques, std::uint64_t node_limit) {
        const auto options = human_options(techniques, node_limit);
        models::Grade r;
        {
          const SearchScope searching;
          py::gil_scoped_release release;
          r = models::grade_puzzle(g, options);
        }
        py::dict d;
        d["solutions"] = r.solutions;
        d["limit_reached"] = r.limit_reached;
        d["needs_search"] = r.needs_search();
        d["solve"] = r.solve ? py::object(human_dict(g, *r.solve)) : py::object(py::none());
        d["hardest"] = (r.solve && r.solve->hardest) ? py::object(py::str(models::to_string(*r.solve->hardest)))
                                                     : py::object(py::none());
        return d;
      },
      py::arg("grid"), py::arg("techniques") = py::none(), py::arg("node_limit") = 0);
  m.def(
      "generate",
      [](const py::object& box, std::uint64_t seed, const std::string& symmetry) {
        const BoxShape b = box_of(box).value_or(BoxShape{});
        const SearchScope searching;
        py::gil_scoped_release release;
        return models::generate_sudoku(b, seed, models::parse_symmetry(symmetry));
      },
      py::arg("box") = py::none(), py::arg("seed") = 1, py::arg("symmetry") = "none");
  m.def(
      "solve_puzzles",
      [](const std::vector<SudokuGrid>& grids, const std::string& alldiff, const py::dict& kwargs,
         const std::string& inference) {
        const AllDifferentMode mode = parse_all_different_mode(alldiff);
        py::list out;
        if (grids.empty()) return out;
        InferenceLease lease;  // before the spec: an inference callable stays registered until the run ends
        RunSpec spec = make_run_spec(models::Sudoku(grids[0], mode).problem(), kwargs, lease);
        // Ctrl-C stops the puzzle being solved (its row says stop "interrupted") and the ones after it.
        std::atomic<bool> interrupted{false};
        spec.search.limits.interrupt = &interrupted;
        std::vector<std::pair<SudokuGrid, RunResult>> results;
        std::vector<double> wall_us;
        results.reserve(grids.size());
        {
          SigintScope sigint(&interrupted);
          const SearchScope searching;
          py::gil_scoped_release release;  // one release for the whole file
          for (const SudokuGrid& g : grids) {
            if (interrupted.load()) break;
            const auto start = std::chrono::steady_clock::now();  // timed as sudoku_file_bench times: build + search
            models::Sudoku s(g, mode);
            post_model_inference(s, inference);
            RunResult r = solve(s.problem(), spec);
            wall_us.push_back(
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
            SudokuGrid solution = r.solutions.empty() ? SudokuGrid{} : s.to_grid(r.solutions[0]);
            results.emplace_back(std::move(solution), std::move(r));
          }
        }
        std::size_t i = 0;
        for (auto& [grid, r] : results) {
          py::dict d;
          d["grid"] = r.solutions.empty() ? py::object(py::none()) : py::cast(grid);
          d["status"] = to_string(r.status);
          d["stop"] = to_string(r.stop);
          d["count"] = r.solution_count;
          d["stats"] = to_dict(r.stats);
          d["wall_us"] = wall_us[i++];
          out.append(d);
        }
        return out;
      },
      py::arg("grids"), py::arg("alldiff"), py::arg("spec"), py::arg("inference") = "",
      "Solves every grid (one call, the GIL released once): a dict per puzzle (grid, status, stop, count, stats, "
      "wall_us: model construction + search, microseconds).");
  m.def("model_inferences", [] {
    py::dict out;  // name -> the engine inference it runs with
    for (const models::ModelInference& mi : models::model_inferences()) out[py::str(mi.name)] = mi.engine_inference;
    return out;
  });
  m.def("techniques", [] {
    std::vector<std::string> out;
    for (models::Technique t : models::all_techniques()) out.push_back(models::to_string(t));
    return out;
  });
}

}  // namespace csp::python
