// _csp.Problem: csp::Problem and what it tells (its changes are the table of constraints.cpp); the exceptions.
#include "csp/core/problem.hpp"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "csp/core/errors.hpp"

namespace csp::python {

void bind_errors(py::module_& m) {
  // Leaked on purpose (never released after the interpreter is gone); the module holds a reference too.
  static auto& error = *new py::exception<Error>(m, "Error", PyExc_ValueError);
  static auto& model_error = *new py::exception<ModelError>(m, "ModelError", error.ptr());
  static auto& unknown_name = *new py::exception<UnknownNameError>(m, "UnknownNameError", error.ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UnknownNameError& e) {
      PyErr_SetString(unknown_name.ptr(), e.what());
    } catch (const ModelError& e) {
      PyErr_SetString(model_error.ptr(), e.what());
    } catch (const Error& e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });
}

LinearOp parse_linear_op(const std::string& op) {
  if (op == "==" || op == "=") return LinearOp::eq;
  if (op == "!=") return LinearOp::ne;
  if (op == "<=") return LinearOp::le;
  if (op == ">=") return LinearOp::ge;
  throw Error("unknown comparison '" + op + "' (valid: ==, !=, <=, >=)");
}

Assignment to_assignment(const Problem& p, const py::handle& values) {
  Assignment a(p);
  if (py::isinstance<py::dict>(values)) {
    for (auto [key, value] : py::reinterpret_borrow<py::dict>(values)) {
      const VarId x = py::isinstance<py::str>(key) ? p.find(key.cast<std::string>()) : key.cast<VarId>();
      (void)p.variable(x);  // throws ModelError for an unknown id
      a.assign(x, value.cast<Value>());
    }
    return a;
  }
  const auto list = values.cast<std::vector<Value>>();
  if (static_cast<int>(list.size()) != p.variable_count())
    throw Error("an assignment as a list needs one value per variable (" + std::to_string(p.variable_count()) +
                "), got " + std::to_string(list.size()));
  for (std::size_t i = 0; i < list.size(); ++i) a.assign(static_cast<VarId>(i), list[i]);
  return a;
}

namespace {

std::vector<Value> domain_values(const Problem& p, VarId x) {
  std::vector<Value> out;
  const Variable& v = p.variable(x);
  p.initial_domain(x).for_each([&](int i) { out.push_back(v.value(i)); });
  return out;
}

void bind_reading(py::class_<Problem>& cls) {
  cls.def_property_readonly("variable_count", &Problem::variable_count)
      .def_property_readonly("constraint_count", &Problem::constraint_count)
      .def("name", [](const Problem& p, VarId x) { return p.variable(x).name(); })
      .def("find", &Problem::find)
      .def("values", &domain_values, "x's initial domain (its values less those removed by restrict_domain)")
      .def(
          "domain_summary",
          [](const Problem& p, VarId x) {
            const Domain& d = p.initial_domain(x);
            if (d.empty()) return py::make_tuple(0, 0, -1);
            const Variable& v = p.variable(x);
            return py::make_tuple(d.size(), v.value(d.min()), v.value(d.max()));
          },
          "(size, min, max) of x's initial domain, without listing its values")
      .def("neighbors", &Problem::neighbors)
      .def("constraint_name", [](const Problem& p, ConstraintId c) { return p.constraint(c).name(); })
      .def("scope",
           [](const Problem& p, ConstraintId c) {
             const auto& s = p.constraint(c).scope();
             return std::vector<VarId>(s.begin(), s.end());
           })
      .def("is_solution", [](const Problem& p, const py::object& a) { return p.is_solution(to_assignment(p, a)); })
      .def("why_not_solution",
           [](const Problem& p, const py::object& a) { return p.why_not_solution(to_assignment(p, a)); })
      .def("copy", [](const Problem& p) { return Problem(p); });
}

}  // namespace

void bind_problem(py::module_& m) {
  py::class_<Problem> c(m, "Problem", "A CSP (X, D, C) (AIMA 4th ed. §6.1): variables with domains, constraints.");
  c.def(py::init<>());
  bind_posting(c, m);
  bind_reading(c);
}

}  // namespace csp::python
