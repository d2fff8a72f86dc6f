// _csp.solve(problem, spec, on_solution, interrupt): csp::solve with the GIL released; Ctrl-C stops it cleanly.
//
// Interrupt design: while a search runs on the main thread, Ctrl-C only raises the run's StopCondition::interrupt
// flag (sigint.hpp); the search polls it where it reads the clock, stops within about a millisecond, and the call
// returns the partial result with stop "interrupted". Searches on other threads are stopped with an Interrupt
// object (`interrupt=`).
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <string>

#include "bindings.hpp"
#include "callable.hpp"
#include "conversions.hpp"
#include "csp/search/lcg.hpp"
#include "csp/search/solve.hpp"
#include "csp/search/why_unsat.hpp"
#include "gil.hpp"
#include "returns.hpp"
#include "sigint.hpp"
#include "solving.hpp"
#include "spec.hpp"

namespace csp::python {
namespace {

/// A flag another thread raises to stop a search (StopCondition::interrupt).
struct Interrupt {
  std::atomic<bool> flag{false};
};

// Runs `search(spec)` on `problem` with the GIL released, stopped by the caller's Interrupt or by Ctrl-C.
template <class Search>
auto run_released(const Problem& problem, RunSpec& spec, Interrupt* external, const Search& search) {
  // The flag of this run: the caller's Interrupt, or our own for Ctrl-C.
  auto own = std::make_unique<std::atomic<bool>>(false);
  std::atomic<bool>* flag = external ? &external->flag : own.get();
  spec.search.limits.interrupt = flag;
  SigintScope sigint(flag);
  const SolvingScope solving(problem);  // declared before the release: ends with the GIL taken back
  py::gil_scoped_release release;
  return search(spec);
}

RunResult run_released(const Problem& problem, RunSpec& spec, Interrupt* external) {
  return run_released(problem, spec, external, [&](const RunSpec& s) { return solve(problem, s); });
}

}  // namespace

void bind_run(py::module_& m) {
  remember_main_thread();
  py::class_<Interrupt>(m, "Interrupt", "A flag that stops the searches given it (interrupt=...) when set.")
      .def(py::init<>())
      .def("set", [](Interrupt& i) { i.flag.store(true); })
      .def("clear", [](Interrupt& i) { i.flag.store(false); })
      .def("is_set", [](const Interrupt& i) { return i.flag.load(); });

  py::class_<RunResult>(m, "RunResult", "csp::RunResult; solutions are converted to dicts when asked for.")
      .def_property_readonly("status", [](const RunResult& r) { return to_string(r.status); })
      .def_property_readonly("stop", [](const RunResult& r) { return to_string(r.stop); })
      .def_readonly("complete", &RunResult::complete)
      .def_readonly("count", &RunResult::solution_count)
      .def_readonly("objective", &RunResult::objective)
      .def_readonly("algorithm", &RunResult::algorithm)
      .def_readonly("wrong", &RunResult::wrong)
      .def_property_readonly("stats", [](const RunResult& r) { return to_dict(r.stats); })
      .def_property_readonly("algorithm_counters",
                             [](const RunResult& r) {
                               py::dict counters;
                               for (const auto& [name, value] : r.algorithm_counters) counters[py::str(name)] = value;
                               return counters;
                             })
      .def_property_readonly("kept", [](const RunResult& r) { return r.solutions.size(); })
      .def("solution", [](const RunResult& r, std::size_t i) { return to_dict(r.solution(i)); })
      .def("solution_values", [](const RunResult& r, std::size_t i) { return r.solution(i).values(); })
      .def("solutions", [](const RunResult& r) {
        py::list out;
        for (const Assignment& a : r.solutions) out.append(to_dict(a));
        return out;
      });

  m.def(
      "solve",
      [](const Problem& problem, const py::dict& spec_kwargs, const py::object& on_solution, Interrupt* interrupt) {
        InferenceLease lease;  // before the spec: an inference callable stays registered until the run ends
        RunSpec spec = make_run_spec(problem, spec_kwargs, lease);
        if (!on_solution.is_none()) {
          if (!PyCallable_Check(on_solution.ptr()))
            throw py::type_error("on_solution: expected a callable, got " +
                                 std::string(py::str(py::type::handle_of(on_solution).attr("__name__"))));
          SharedCallable callback(on_solution);
          spec.search.on_solution = [callback](const Assignment& a) {
            CallbackGil gil;
            const py::object r = callback.get()(to_dict(a));
            return r.is_none() || truth_of("on_solution", callback.get(), r);  // None: go on
          };
        }
        return run_released(problem, spec, interrupt);
      },
      py::arg("problem"), py::arg("spec"), py::arg("on_solution") = py::none(), py::arg("interrupt") = nullptr,
      "csp::solve(problem, RunSpec) with the spec's keyword names.");
  m.def(
      "why_unsat",
      [](const Problem& problem, const py::dict& spec_kwargs, bool givens, Interrupt* interrupt,
         const std::vector<ConstraintId>& background) {
        InferenceLease lease;
        RunSpec spec = make_run_spec(problem, spec_kwargs, lease);
        std::vector<ModelPart> parts = model_parts(problem, givens);
        std::erase_if(parts, [&](const ModelPart& p) {  // kept in every check, never named
          return p.constraints.size() == 1 &&
                 std::find(background.begin(), background.end(), p.constraints.front()) != background.end();
        });
        const UnsatCore core =
            run_released(problem, spec, interrupt, [&](const RunSpec& s) { return why_unsat(problem, parts, s); });
        py::list kept;
        for (int p : core.parts) kept.append(parts[static_cast<std::size_t>(p)].name);
        py::dict out;
        out["verdict"] = to_string(core.verdict);
        out["parts"] = kept;
        out["minimal"] = core.minimal;
        out["checks"] = core.checks;
        out["of"] = parts.size();
        return out;
      },
      py::arg("problem"), py::arg("spec"), py::arg("givens") = true, py::arg("interrupt") = nullptr,
      py::arg("background") = std::vector<ConstraintId>{},
      "csp::why_unsat(problem, model_parts(problem, givens) but the constraints of `background`, RunSpec): a dict of "
      "verdict, parts (the names kept), minimal, checks and of (how many parts there were).");
  m.def(
      "learned_clauses",
      [](const Problem& problem, const py::dict& spec_kwargs, std::size_t limit, Interrupt* interrupt) {
        InferenceLease lease;
        RunSpec spec = make_run_spec(problem, spec_kwargs, lease);
        struct Learned {
          std::vector<ClauseLiteral> literals;
          int level;
          int back;
          std::string graph;
        };
        std::vector<Learned> learned;
        const SearchResult r = run_released(problem, spec, interrupt, [&](const RunSpec& s) {
          return lcg_search(problem, s.search, nullptr, [&](const LearnedClause& l) {
            learned.push_back(Learned{{l.literals().begin(), l.literals().end()},
                                      l.conflict_level(),
                                      l.backjump_level(),
                                      l.implication_graph()});
            return learned.size() < limit;
          });
        });
        py::list out;
        for (const Learned& l : learned) {
          py::list literals;
          for (const ClauseLiteral& c : l.literals)
            literals.append(py::make_tuple(problem.variable(c.var).name(), c.value, c.equal));
          py::dict d;
          d["literals"] = literals;
          d["text"] = to_string(problem, l.literals);
          d["conflict_level"] = l.level;
          d["backjump_level"] = l.back;
          d["graph"] = l.graph;
          out.append(d);
        }
        py::dict result;
        result["clauses"] = out;
        result["status"] = to_string(r.status);
        return result;
      },
      py::arg("problem"), py::arg("spec"), py::arg("limit"), py::arg("interrupt") = nullptr,
      "csp::lcg_search until `limit` clauses are learned: a dict of clauses (each a dict of literals, text, "
      "conflict_level, backjump_level and graph, its implication graph in DOT) and status.");
  m.def("spec_string", [](const Problem& problem, const py::dict& spec_kwargs) {
    InferenceLease lease;
    return to_string(make_run_spec(problem, spec_kwargs, lease).search);
  });
}

py::dict to_dict(const Assignment& a) {
  py::dict d;
  const auto& names = a.names();
  for (VarId x = 0; x < a.variable_count(); ++x) {
    if (!a.is_assigned(x)) continue;
    d[names ? py::str(names->name(x)) : py::str("x" + std::to_string(x))] = py::int_(a.value(x));
  }
  return d;
}

py::dict to_dict(const Statistics& s) {
  py::dict d;
  d["assignments"] = s.assignments;
  d["backtracks"] = s.backtracks;
  d["failures"] = s.failures;
  d["constraint_checks"] = s.constraint_checks;
  d["revisions"] = s.revisions;
  d["values_pruned"] = s.values_pruned;
  d["wipeouts"] = s.wipeouts;
  d["solutions"] = s.solutions;
  d["max_depth"] = s.max_depth;
  d["elapsed_us"] = s.elapsed_us;
  d["backjumps"] = s.backjumps;
  d["nogoods"] = s.nogoods;
  d["restarts"] = s.restarts;
  return d;
}

}  // namespace csp::python
