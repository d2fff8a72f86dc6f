// Strategies written in Python: orderings given as callables or registered by name, and the SearchContext they
// read (the running search: assignment, current domains, MRV's and the degree heuristic's measures).
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "callable.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/solve.hpp"
#include "spec.hpp"

namespace csp::python {
namespace {

std::vector<Value> current_values(const SearchContext& ctx, VarId x) {
  std::vector<Value> out;
  const Variable& v = ctx.problem().variable(x);
  ctx.store().domain(x).for_each([&](int i) { out.push_back(v.value(i)); });
  return out;
}

std::vector<Value> legal_values(SearchContext& ctx, VarId x) {
  std::vector<Value> out;
  const Variable& v = ctx.problem().variable(x);
  std::vector<int> indices = ctx.store().domain(x).indices();
  for (int i : indices)
    if (ctx.domains_filtered() || ctx.is_consistent(x, i)) out.push_back(v.value(i));
  return out;
}

std::vector<VarId> unassigned(const SearchContext& ctx) {
  std::vector<VarId> out;
  const Assignment& a = ctx.assignment();
  for (VarId x = 0; x < a.variable_count(); ++x)
    if (!a.is_assigned(x)) out.push_back(x);
  return out;
}

void check_var(const SearchContext& ctx, VarId x) { (void)ctx.problem().variable(x); }

// The index of `value` in x's initial domain; Error when x has no such value.
int index_of(const SearchContext& ctx, VarId x, Value value) {
  const Variable& v = ctx.problem().variable(x);
  const int i = v.index_of(value);
  if (i < 0) throw Error(std::to_string(value) + " is not a value of " + v.name());
  return i;
}

void bind_context(py::module_& m) {
  py::class_<SearchContext>(m, "SearchContext",
                            "The running search as an ordering sees it (valid only during the call).")
      .def_property_readonly(
          "problem", [](const SearchContext& c) -> const Problem& { return c.problem(); },
          py::return_value_policy::reference)
      .def_property_readonly("variable_count", [](const SearchContext& c) { return c.problem().variable_count(); })
      .def_property_readonly("domains_filtered", &SearchContext::domains_filtered)
      .def("unassigned", &unassigned, "The unassigned variables, ascending.")
      .def("first_unassigned",
           [](SearchContext& c) -> py::object {
             const VarId x = c.first_unassigned();
             return x < 0 ? py::object(py::none()) : py::object(py::int_(x));
           })
      .def("is_assigned",
           [](const SearchContext& c, VarId x) {
             check_var(c, x);
             return c.assignment().is_assigned(x);
           })
      .def("value",
           [](const SearchContext& c, VarId x) {
             check_var(c, x);
             return c.assignment().value(x);
           })
      .def("name", [](const SearchContext& c, VarId x) { return c.problem().variable(x).name(); })
      .def("domain", &current_values, "x's current domain (values), after inference.")
      .def("domain_size",
           [](const SearchContext& c, VarId x) {
             check_var(c, x);
             return c.store().domain(x).size();
           })
      .def("legal_values", &legal_values,
           "x's values consistent with the assignment (the current domain when inference filters it).")
      .def(
          "remaining_values",
          [](SearchContext& c, VarId x) {
            check_var(c, x);
            return c.remaining_values(x);
          },
          "MRV's measure: the number of x's legal values.")
      .def(
          "degree",
          [](const SearchContext& c, VarId x) {
            check_var(c, x);
            return c.dynamic_degree(x);
          },
          "The degree heuristic's measure: constraints on x with another unassigned variable.")
      .def("neighbors", [](const SearchContext& c, VarId x) { return c.problem().neighbors(x); })
      .def(
          "consistent",
          [](SearchContext& c, VarId x, Value value) { return c.is_consistent(x, index_of(c, x, value)); },
          py::arg("x"), py::arg("value"),
          "Is x = value consistent with the current assignment? (One constraint check per constraint on x asked.)")
      .def(
          "remove",
          [](SearchContext& c, VarId x, Value value) {
            if (c.assignment().is_assigned(x))
              throw Error("remove: " + c.problem().variable(x).name() + " is assigned (an inference prunes only "
                          "unassigned variables)");
            return c.store().remove(x, index_of(c, x, value), nullptr);
          },
          py::arg("x"), py::arg("value"),
          "Removes value from x's current domain (an inference's pruning: trailed, undone on backtrack, counted in "
          "values_pruned). False when the domain is then empty (a wipe-out: return False). Only for unassigned x.");
}

template <class Fn>
py::list names_of(const Registry<Fn>& r) {
  py::list out;
  for (const auto& e : r.entries()) out.append(py::make_tuple(e.name, e.help));
  return out;
}

}  // namespace

Strategy<VariableOrdering> python_variable_ordering(py::object fn, std::string name) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("var: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  VariableOrdering ordering = [callable](SearchContext& ctx) -> VarId {
    py::gil_scoped_acquire gil;
    const py::object r = callable.get()(py::cast(&ctx, py::return_value_policy::reference));
    if (r.is_none()) return -1;
    return r.cast<VarId>();
  };
  return {std::move(ordering), std::move(name)};
}

Strategy<ValueOrdering> python_value_ordering(py::object fn, std::string name) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("val: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  ValueOrdering ordering = [callable](SearchContext& ctx, VarId x, std::vector<int>& order) {
    py::gil_scoped_acquire gil;
    const py::object r = callable.get()(py::cast(&ctx, py::return_value_policy::reference), x);
    const Variable& v = ctx.problem().variable(x);
    for (const py::handle value : r) {
      const int i = v.index_of(value.cast<Value>());
      if (i < 0)
        throw Error("value ordering: " + std::to_string(value.cast<Value>()) + " is not a value of " + v.name());
      order.push_back(i);
    }
  };
  return {std::move(ordering), std::move(name)};
}

Inference python_inference(py::object fn) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("inference: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  return [callable](SearchContext& ctx, VarId x) -> bool {
    py::gil_scoped_acquire gil;
    const py::object r = callable.get()(py::cast(&ctx, py::return_value_policy::reference), x);
    const int truth = PyObject_IsTrue(r.ptr());
    if (truth < 0) throw py::error_already_set();
    return truth == 1;
  };
}

std::string inference_name_for(const py::object& fn) {
  // One registry entry per distinct callable (the registry holds it, so its id is never reused).
  static std::map<PyObject*, std::string> names;
  const auto it = names.find(fn.ptr());
  if (it != names.end()) return it->second;
  std::string qualname = py::hasattr(fn, "__qualname__") ? py::str(fn.attr("__qualname__")).cast<std::string>()
                                                          : std::string("callable");
  std::string name = "python:" + qualname;
  for (int k = 2; inferences().contains(name); ++k) name = "python:" + qualname + "#" + std::to_string(k);
  inferences().add(name, "a Python callable passed as inference=", python_inference(fn));
  names.emplace(fn.ptr(), name);
  return name;
}

void bind_strategies(py::module_& m) {
  bind_context(m);
  m.def(
      "variable_orderings", [] { return names_of(variable_orderings()); }, "(name, help) of each ordering");
  m.def("value_orderings", [] { return names_of(value_orderings()); });
  m.def("inferences", [] { return names_of(inferences()); });
  m.def("restart_strategies", [] { return names_of(restart_strategies()); });
  m.def("algorithms", [] {
    py::list out;
    for (const auto& e : algorithms().entries()) out.append(py::make_tuple(e.name, e.help));
    return out;
  });
  m.def(
      "register_variable_ordering",
      [](const std::string& name, py::object fn, const std::string& help) {
        variable_orderings().add(name, help,
                                 python_variable_ordering(std::move(fn), name).resolve(variable_orderings()));
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python");
  m.def(
      "register_value_ordering",
      [](const std::string& name, py::object fn, const std::string& help) {
        value_orderings().add(name, help, python_value_ordering(std::move(fn), name).resolve(value_orderings()));
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python");
  m.def(
      "register_inference",
      [](const std::string& name, py::object fn, const std::string& help) {
        inferences().add(name, help, python_inference(std::move(fn)));
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python");
}

}  // namespace csp::python
