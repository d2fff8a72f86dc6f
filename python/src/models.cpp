// The models from Python: n-queens, map and graph colouring (DIMACS), cryptarithm, Zebra, Killer Sudoku, FlatZinc.
// Each returns the csp Problem it builds (and what is needed to read a solution back).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "csp/models/catalog.hpp"
#include "csp/models/cryptarithm.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"
#include "csp/models/flatzinc/search.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/map_coloring.hpp"
#include "csp/models/n_queens.hpp"
#include "csp/models/zebra.hpp"

namespace csp::python {
namespace {

namespace fz = models::flatzinc;

models::Map map_named(const std::string& name) {
  if (name == "australia") return models::australia();
  if (name == "usa") return models::usa();
  throw UnknownNameError("unknown map '" + name + "' (valid: australia, usa)");
}

void bind_graphs(py::module_& m) {
  py::class_<models::Graph>(m, "Graph", "An undirected graph: vertices 0..n-1 (DIMACS vertex k+1 is k).")
      .def(py::init([](int n, std::vector<std::pair<int, int>> edges) {
        return models::Graph{n, std::move(edges), {}};
      }))
      .def_readonly("vertex_count", &models::Graph::vertex_count)
      .def_readonly("edges", &models::Graph::edges)
      .def_readonly("warnings", &models::Graph::warnings,
                    "what the reader dropped, as 'FILE:LINE: reason' (a self-loop)");
  m.def("read_dimacs_file", &models::read_dimacs_file, py::arg("path"));
  m.def("graph_coloring", &models::graph_coloring, py::arg("graph"), py::arg("colors"),
        py::arg("break_symmetry") = false);
  m.def(
      "map_coloring",
      [](const std::string& map, int colors, bool break_symmetry) {
        return models::map_coloring(map_named(map), colors, break_symmetry);
      },
      py::arg("map") = "australia", py::arg("colors") = 3, py::arg("break_symmetry") = false);
  m.def("map_regions", [](const std::string& map) { return map_named(map).regions; });
  m.def("map_borders", [](const std::string& map) { return map_named(map).borders; });
  m.def("color_name", &models::color_name);
}

void bind_puzzles(py::module_& m) {
  m.def(
      "n_queens",
      [](int n, const std::string& formulation) {
        return models::n_queens(n, models::parse_queens_formulation(formulation));
      },
      py::arg("n"), py::arg("formulation") = "binary");
  py::class_<models::Cryptarithm>(m, "Cryptarithm")
      .def("format", [](const models::Cryptarithm& c, const Problem& p, const py::object& solution) {
        return models::format_solution(c, to_assignment(p, solution));
      });
  m.def("parse_cryptarithm", &models::parse_cryptarithm, py::arg("text"));
  m.def(
      "cryptarithm",
      [](const models::Cryptarithm& c, const std::string& alldiff) {
        return models::cryptarithm(c, parse_all_different_mode(alldiff));
      },
      py::arg("puzzle"), py::arg("alldiff") = "value");
  m.def(
      "zebra", [](const std::string& alldiff) { return models::zebra(parse_all_different_mode(alldiff)); },
      py::arg("alldiff") = "binary");
  m.def("format_zebra", [](const Problem& p, const py::object& solution) {
    return models::format_zebra(p, to_assignment(p, solution));
  });
  m.def("zebra_owner", [](const Problem& p, const py::object& solution, const std::string& attribute) {
    return models::zebra_nationality_of(p, to_assignment(p, solution), attribute);
  });
  py::class_<models::KillerSudoku>(m, "KillerSudoku")
      .def_property_readonly("cage_count", [](const models::KillerSudoku& k) { return k.cages.size(); })
      .def("to_grid", [](const models::KillerSudoku& k, const Problem& p, const py::object& solution) {
        return models::to_grid(k, to_assignment(p, solution));
      });
  m.def("parse_killer_sudoku", &models::parse_killer_sudoku, py::arg("text"));
  m.def(
      "killer_sudoku",
      [](const models::KillerSudoku& k, const std::string& alldiff) {
        return models::killer_sudoku(k, parse_all_different_mode(alldiff));
      },
      py::arg("puzzle"), py::arg("alldiff") = "value");
}

void bind_flatzinc(py::module_& m) {
  py::class_<fz::FlatZincModel>(m, "FlatZincModel", "A FlatZinc file built onto a Problem.")
      .def_readonly("problem", &fz::FlatZincModel::problem)
      .def_property_readonly("goal",
                             [](const fz::FlatZincModel& f) {
                               return f.goal == fz::SolveItem::Goal::satisfy    ? "satisfy"
                                      : f.goal == fz::SolveItem::Goal::minimize ? "minimize"
                                                                                : "maximize";
                             })
      .def_property_readonly("objective",
                             [](const fz::FlatZincModel& f) -> py::object {
                               if (f.goal == fz::SolveItem::Goal::satisfy || !f.objective.is_var()) return py::none();
                               return py::int_(f.objective.var);
                             })
      .def_property_readonly("var", [](const fz::FlatZincModel& f) { return f.search.variable_ordering; })
      .def_property_readonly("val", [](const fz::FlatZincModel& f) { return f.search.value_ordering; })
      .def_property_readonly(
          "branching", [](const fz::FlatZincModel& f) { return fz::phased_branching(f.search); },
          "The branching the search annotation asks for: binary, split, reverse-split, or '' "
          "without one.")
      .def_readonly("search_variable_count", &fz::FlatZincModel::search_variable_count)
      .def_readonly("unsatisfiable", &fz::FlatZincModel::unsatisfiable)
      .def("format",
           [](const fz::FlatZincModel& f, const py::object& s) { return f.format(to_assignment(f.problem, s)); })
      .def("verify",
           [](const fz::FlatZincModel& f, const py::object& s) { return f.verify(to_assignment(f.problem, s)); });
  m.def(
      "read_flatzinc_file",
      [](const std::string& path, const std::string& alldiff) {
        fz::BuildOptions options;
        options.all_different = parse_all_different_mode(alldiff);
        return fz::build_flatzinc(fz::read_flatzinc_file(path), path, options);
      },
      py::arg("path"), py::arg("alldiff") = "gac");
  m.def(
      "parse_flatzinc",
      [](const std::string& text, const std::string& alldiff) {
        fz::BuildOptions options;
        options.all_different = parse_all_different_mode(alldiff);
        return fz::build_flatzinc(fz::parse_flatzinc(text, "<string>"), "<string>", options);
      },
      py::arg("text"), py::arg("alldiff") = "gac");
}

}  // namespace

void bind_models(py::module_& m) {
  m.def(
      "model_defaults",
      [](const std::string& name) {
        const models::ModelDefaults d = name.empty() ? models::ModelDefaults{} : models::catalog_entry(name).defaults;
        py::dict out;
        out["var"] = d.variable_ordering;
        out["val"] = d.value_ordering;
        out["inference"] = d.inference;
        out["restarts"] = d.restarts;
        out["alldiff"] = to_string(d.alldiff);
        return out;
      },
      py::arg("name") = "",
      "The default run of catalogue model `name` (csp/models/catalog.hpp, CatalogEntry::defaults) as the spec's "
      "names: var, val, inference, restarts, alldiff; \"\": the engine's generic default (ModelDefaults{}). "
      "UnknownNameError "
      "for an unknown model.");
  bind_graphs(m);
  bind_puzzles(m);
  bind_flatzinc(m);
}

}  // namespace csp::python
