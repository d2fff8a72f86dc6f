// _csp.Problem: csp::Problem with its variables and every built-in constraint; constraints from Python callables.
#include "csp/core/problem.hpp"

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <span>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "callable.hpp"
#include "conversions.hpp"
#include "csp/core/errors.hpp"
#include "gil.hpp"
#include "returns.hpp"
#include "solving.hpp"

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

// pred(values) through the Python callable fn(*values), the GIL taken for the call.
// A result that is not a truth value (None) is a TypeError; an exception from its __bool__ propagates.
std::function<bool(std::span<const Value>)> python_predicate(py::function fn) {
  SharedCallable callable(std::move(fn));
  return [callable](std::span<const Value> values) {
    CallbackGil gil;
    py::tuple args(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) args[i] = py::int_(values[i]);
    const py::object r = callable.get()(*args);
    return truth_of("predicate", callable.get(), r);
  };
}

std::vector<Value> domain_values(const Problem& p, VarId x) {
  std::vector<Value> out;
  const Variable& v = p.variable(x);
  p.initial_domain(x).for_each([&](int i) { out.push_back(v.value(i)); });
  return out;
}

void bind_building(py::class_<Problem>& c) {
  c.def(
       "add_variable",
       [](Problem& p, const std::string& name, Value lo, Value hi) {
         check_not_solving(p);
         return p.add_variable(name, lo, hi);
       },
       py::arg("name"), py::arg("lo"), py::arg("hi"), "Adds a variable with values lo..hi inclusive; returns its id.")
      .def(
          "add_variable",
          [](Problem& p, const std::string& name, const std::vector<Value>& values) {
            check_not_solving(p);
            return p.add_variable(name, values);
          },
          py::arg("name"), py::arg("values"), "Adds a variable with these values; returns its id.")
      .def("restrict_domain",
           [](Problem& p, VarId x, const std::vector<Value>& allowed) {
             check_not_solving(p);
             p.restrict_domain(x, allowed);
           })
      .def("restrict_range",
           [](Problem& p, VarId x, Value lo, Value hi) {
             check_not_solving(p);
             p.restrict_range(x, lo, hi);
           })
      .def("add_not_equal",
           [](Problem& p, VarId x, VarId y) {
             check_not_solving(p);
             p.add_not_equal(x, y);
           })
      .def(
          "add_all_different",
          [](Problem& p, const std::vector<VarId>& scope, const std::string& mode, const std::string& name) {
            check_not_solving(p);
            p.add_all_different(scope, parse_all_different_mode(mode), name);
          },
          py::arg("scope"), py::arg("mode") = "value", py::arg("name") = "")
      .def("add_all_different_shifted",
           [](Problem& p, std::vector<VarId> scope, std::vector<int> offsets) {
             check_not_solving(p);
             p.add_all_different_shifted(std::move(scope), std::move(offsets));
           })
      .def(
          "add_table",
          [](Problem& p, std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, const std::string& name) {
            check_not_solving(p);
            p.add_table(std::move(scope), std::move(allowed), name);
          },
          py::arg("scope"), py::arg("allowed"), py::arg("name") = "")
      .def(
          "add_linear",
          [](Problem& p, std::vector<VarId> scope, std::vector<int> coefficients, const std::string& op, long long rhs,
             const std::string& name) {
            check_not_solving(p);
            p.add_linear(std::move(scope), std::move(coefficients), parse_linear_op(op), rhs, name);
          },
          py::arg("scope"), py::arg("coefficients"), py::arg("op"), py::arg("rhs"), py::arg("name") = "")
      .def(
          "add_linear_reif",
          [](Problem& p, std::vector<VarId> scope, std::vector<int> coefficients, const std::string& op, long long rhs,
             VarId b, bool implication) {
            check_not_solving(p);
            p.add_linear_reif(std::move(scope), std::move(coefficients), parse_linear_op(op), rhs, b,
                              implication ? Reification::implication : Reification::equivalence);
          },
          py::arg("scope"), py::arg("coefficients"), py::arg("op"), py::arg("rhs"), py::arg("b"),
          py::arg("implication") = false)
      .def(
          "add_member_reif",
          [](Problem& p, VarId x, std::vector<Value> set, VarId b, bool implication) {
            check_not_solving(p);
            p.add_member_reif(x, std::move(set), b, implication ? Reification::implication : Reification::equivalence);
          },
          py::arg("x"), py::arg("values"), py::arg("b"), py::arg("implication") = false)
      .def("add_clause",
           [](Problem& p, std::vector<VarId> pos, std::vector<VarId> neg) {
             check_not_solving(p);
             p.add_clause(pos, neg);
           })
      .def("add_and_reif",
           [](Problem& p, std::vector<VarId> xs, VarId r) {
             check_not_solving(p);
             p.add_and_reif(std::move(xs), r);
           })
      .def("add_or_reif",
           [](Problem& p, std::vector<VarId> xs, VarId r) {
             check_not_solving(p);
             p.add_or_reif(std::move(xs), r);
           })
      .def("add_xor",
           [](Problem& p, std::vector<VarId> xs) {
             check_not_solving(p);
             p.add_xor(std::move(xs));
           })
      .def(
          "add_element",
          [](Problem& p, VarId index, std::vector<Value> array, VarId result, int offset) {
            check_not_solving(p);
            p.add_element(index, std::move(array), result, offset);
          },
          py::arg("index"), py::arg("array"), py::arg("result"), py::arg("offset") = 0)
      .def(
          "add_var_element",
          [](Problem& p, VarId index, std::vector<VarId> array, VarId result, int offset) {
            check_not_solving(p);
            p.add_var_element(index, std::move(array), result, offset);
          },
          py::arg("index"), py::arg("array"), py::arg("result"), py::arg("offset") = 0)
      .def("add_value_precedence", [](Problem& p, std::vector<VarId> scope, std::vector<Value> values) {
        check_not_solving(p);
        p.add_value_precedence(std::move(scope), std::move(values));
      });
}

void bind_arithmetic(py::class_<Problem>& c) {
  c.def("add_times",
        [](Problem& p, VarId x, VarId y, VarId z) {
          check_not_solving(p);
          p.add_times(x, y, z);
        })
      .def("add_div",
           [](Problem& p, VarId x, VarId y, VarId z) {
             check_not_solving(p);
             p.add_div(x, y, z);
           })
      .def("add_mod",
           [](Problem& p, VarId x, VarId y, VarId z) {
             check_not_solving(p);
             p.add_mod(x, y, z);
           })
      .def("add_pow",
           [](Problem& p, VarId x, VarId y, VarId z) {
             check_not_solving(p);
             p.add_pow(x, y, z);
           })
      .def("add_min",
           [](Problem& p, VarId x, VarId y, VarId z) {
             check_not_solving(p);
             p.add_min(x, y, z);
           })
      .def("add_max",
           [](Problem& p, VarId x, VarId y, VarId z) {
             check_not_solving(p);
             p.add_max(x, y, z);
           })
      .def("add_abs",
           [](Problem& p, VarId x, VarId z) {
             check_not_solving(p);
             p.add_abs(x, z);
           })
      .def("add_product",
           [](Problem& p, std::vector<VarId> scope, long long t) {
             check_not_solving(p);
             p.add_product(std::move(scope), t);
           })
      .def("add_quotient",
           [](Problem& p, VarId a, VarId b, Value t) {
             check_not_solving(p);
             p.add_quotient(a, b, t);
           })
      .def("add_difference",
           [](Problem& p, VarId a, VarId b, Value t) {
             check_not_solving(p);
             p.add_difference(a, b, t);
           })
      .def("add_precedence",
           [](Problem& p, VarId a, int d, VarId b) {
             check_not_solving(p);
             p.add_precedence(a, d, b);
           })
      .def(
          "add_predicate",
          [](Problem& p, std::vector<VarId> scope, py::function fn, const std::string& name) {
            check_not_solving(p);
            p.add_predicate(std::move(scope), python_predicate(std::move(fn)), name);
          },
          py::arg("scope"), py::arg("predicate"), py::arg("name") = "",
          "pred(*values) must hold; the callable runs with the GIL, once per support test.");
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
  bind_building(c);
  bind_arithmetic(c);
  bind_reading(c);
}

}  // namespace csp::python
