// Studies and search trees from Python: csp::ablation's run_study (the grid `csp ablate` runs) with its CSV, JSON
// and chart, and SearchTreeObserver attached to one csp::solve. The SVGs come from the library's own writers
// (write_plot, write_search_tree), which write files: they are written to a temporary file and read back.
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "bindings.hpp"
#include "callable.hpp"
#include "csp/ablation/configuration.hpp"
#include "csp/ablation/plot.hpp"
#include "csp/ablation/report.hpp"
#include "csp/ablation/run_order.hpp"
#include "csp/ablation/study.hpp"
#include "csp/core/errors.hpp"
#include "csp/observers/search_tree.hpp"
#include "csp/search/solve.hpp"
#include "gil.hpp"
#include "sigint.hpp"
#include "solving.hpp"
#include "spec.hpp"

namespace csp::python {
namespace {

namespace ab = csp::ablation;

// Thrown from run_study's row callback to leave the study once Ctrl-C was pressed.
struct StudyInterrupted {};

// A temporary file removed when it goes out of scope (the library's SVG writers take a path).
class TempFile {
 public:
  explicit TempFile(const std::string& extension) {
    static unsigned counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("csp-python-" + std::to_string(::getpid()) + "-" + std::to_string(++counter) + extension);
  }
  ~TempFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::string path() const { return path_.string(); }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::filesystem::path path_;
};

// The dimension a grid key names: the CLI's option name ("break-symmetry"), '-' also written '_'.
ab::Dimension dimension_named(std::string key) {
  for (char& c : key)
    if (c == '_') c = '-';
  std::string names;
  for (const ab::DimensionRow& row : ab::kDimensionTable) {
    if (key == row.name) return row.dimension;
    names += (names.empty() ? "" : ", ") + std::string(row.name);
  }
  throw Error("unknown study dimension '" + key + "' (valid: " + names + ")");
}

std::string grid_value(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "on" : "off";
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  return py::str(v).cast<std::string>();
}

ab::GridSpec make_grid(const py::dict& grid) {
  ab::GridSpec spec;
  for (auto [key, values] : grid) {
    std::vector<std::string>& list = spec.values(dimension_named(py::str(key).cast<std::string>()));
    list.clear();
    if (py::isinstance<py::str>(values)) {
      list.push_back(values.cast<std::string>());
    } else {
      for (const py::handle v : values) list.push_back(grid_value(v));
    }
  }
  return spec;
}

std::string study_csv(const ab::Study& s) {
  std::ostringstream out;
  ab::write_csv(out, s);
  return out.str();
}

std::string study_json(const ab::Study& s) {
  std::ostringstream out;
  ab::write_study_json(out, s);
  return out.str();
}

std::string study_chart(const ab::Study& s, const std::string& metric, const std::string& kind) {
  const ab::PlotMetric m = ab::parse_plot_metric(metric);
  const ab::PlotKind k = ab::parse_plot_kind(kind);
  if (!ab::plot_available()) throw Error("this csp was built without cairo (Debian libcairo2-dev): no charts");
  TempFile file(".svg");
  ab::write_plot(file.path(), s, ab::study_summaries(s), m, k);
  return file.read();
}

/// A search tree recorded from one run, with the run's result.
struct TreeRun {
  std::unique_ptr<SearchTreeObserver> tree;
  RunResult result;
};

std::string tree_svg(const SearchTreeObserver& tree) {
  if (!search_tree_svg_available())
    throw Error("this csp was built without Graphviz's library (Debian libgraphviz-dev): use .dot()");
  TempFile file(".svg");
  write_search_tree(tree, file.path());
  return file.read();
}

}  // namespace

void bind_ablation(py::module_& m) {
  static auto& error = *new py::object(m.attr("Error"));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ab::InputError& e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });

  py::class_<ab::Study>(m, "Study", "csp::ablation::Study: the records of a grid of runs (csp ablate)")
      .def_property_readonly("model", [](const ab::Study& s) { return s.model; })
      .def_property_readonly("record_count", [](const ab::Study& s) { return s.records.size(); })
      .def_property_readonly("instance_count", [](const ab::Study& s) { return s.instances.size(); })
      .def_property_readonly("config_count", [](const ab::Study& s) { return s.configs.size(); })
      .def_property_readonly("invalid", [](const ab::Study& s) { return s.header.invalid; })
      .def("csv", &study_csv, "write_csv: '#' header lines, the column row, one row per run")
      .def("json", &study_json, "write_json with the summaries in grid order")
      .def("chart", &study_chart, py::arg("metric") = "assignments", py::arg("kind") = "box",
           "write_plot's SVG (metric assignments or time; kind box, cactus or survival)");
  m.def("plot_available", &ab::plot_available);
  m.def("search_tree_svg_available", &search_tree_svg_available);

  m.def(
      "run_study",
      [](const std::string& model, const std::vector<std::string>& files, const std::vector<int>& numbers,
         const py::object& factory, const std::string& name, const py::dict& grid, std::uint64_t node_limit,
         double timeout, unsigned repeat, std::uint64_t max_solutions, std::uint64_t shuffle_seed) {
        ab::StudyPlan plan;
        plan.model = model.empty() ? name : model;
        if (!model.empty()) plan.instances = ab::catalogue_instances(model, ab::ModelInputs{files, numbers});
        if (!factory.is_none()) {
          SharedCallable fn(factory);
          plan.instances.push_back(ab::instance_from_factory(name, [fn]() -> Problem {
            CallbackGil gil;
            return fn.get()().cast<Problem>();
          }));
        }
        if (plan.instances.empty()) throw Error("study: give a model (model=...) or a factory (factory=...)");
        plan.grid = make_grid(grid);
        // What the grid does not vary: the model's default, as csp ablate MODEL (a factory alone: the textbook's).
        if (!model.empty()) plan.grid = ab::with_model_defaults(plan.grid, ab::find_model(model));
        plan.limits.node_limit = node_limit;
        if (!(timeout >= 0)) throw Error("study: timeout must be >= 0 seconds");
        plan.limits.timeout_ms = static_cast<std::int64_t>(timeout * 1000.0 + 0.5);
        plan.limits.repeat = repeat == 0 ? 1 : repeat;
        plan.limits.max_solutions = max_solutions;
        plan.shuffle_seed = shuffle_seed;
        // Ctrl-C stops the run in progress (its search sees the flag) and the study: the rows finished so far
        // are returned, with interrupted = True and the number of runs planned; the run cut short is no row.
        std::atomic<bool> interrupted{false};
        plan.limits.interrupt = &interrupted;
        std::vector<ab::RunRecord> rows;
        std::optional<ab::Study> partial;
        const auto on_row = [&](const ab::Study& so_far, const ab::RunRecord& row) {
          if (row.detail != "interrupted") rows.push_back(row);
          if (!interrupted.load()) return;
          partial = so_far;
          throw StudyInterrupted{};
        };
        ab::Study study;
        {
          SigintScope sigint(&interrupted);
          const SearchScope searching;
          py::gil_scoped_release release;
          try {
            study = ab::run_study(plan, on_row);
          } catch (const StudyInterrupted&) {
            study = std::move(*partial);
            ab::sort_records(rows);
            study.records = std::move(rows);
          }
        }
        std::size_t planned = 0;
        for (const ab::Instance& instance : study.instances) planned += instance.valid() ? study.configs.size() : 0;
        return py::make_tuple(std::move(study), partial.has_value(), planned);
      },
      py::arg("model"), py::arg("files"), py::arg("numbers"), py::arg("factory"), py::arg("name"), py::arg("grid"),
      py::arg("node_limit"), py::arg("timeout"), py::arg("repeat"), py::arg("max_solutions"), py::arg("shuffle_seed"));

  py::class_<TreeRun>(m, "SearchTreeRun", "A run of csp::solve with a SearchTreeObserver attached")
      .def_property_readonly("result", [](const TreeRun& t) { return t.result; })
      .def_property_readonly("node_count", [](const TreeRun& t) { return t.tree->nodes().size(); })
      .def_property_readonly("truncated", [](const TreeRun& t) { return t.tree->truncated(); })
      .def("dot", [](const TreeRun& t) { return t.tree->dot(); })
      .def("json", [](const TreeRun& t) { return t.tree->json(); })
      .def("svg", [](const TreeRun& t) { return tree_svg(*t.tree); });
  m.def(
      "search_tree",
      [](const Problem& problem, const py::dict& spec_kwargs, std::size_t max_nodes) {
        InferenceLease lease;  // before the spec: an inference callable stays registered until the run ends
        RunSpec spec = make_run_spec(problem, spec_kwargs, lease);
        TreeRun run;
        run.tree = std::make_unique<SearchTreeObserver>([](Value v) { return std::to_string(v); }, max_nodes);
        spec.search.observer = run.tree.get();
        {
          const SolvingScope solving(problem);  // declared before the release: ends with the GIL taken back
          py::gil_scoped_release release;
          run.result = solve(problem, spec);
        }
        return run;
      },
      py::arg("problem"), py::arg("spec"), py::arg("max_nodes") = 2000);
}

}  // namespace csp::python
