// What Python callbacks return, checked (returns.hpp).
#include "returns.hpp"

namespace csp::python {

std::string callback_name(const char* kind, const py::handle& fn) {
  std::string name;
  if (py::hasattr(fn, "__qualname__"))
    name = py::str(fn.attr("__qualname__")).cast<std::string>();
  else
    name = py::repr(fn).cast<std::string>();
  return std::string(kind) + " '" + name + "'";
}

void wrong_return(const char* kind, const py::handle& fn, const py::handle& result, const std::string& expected) {
  std::string shown = py::repr(result).cast<std::string>();
  if (shown.size() > 80) shown = shown.substr(0, 77) + "...";
  const std::string type = py::str(py::type::handle_of(result).attr("__name__")).cast<std::string>();
  throw py::type_error(callback_name(kind, fn) + " returned " + shown + " (" + type + "); " + expected);
}

bool truth_of(const char* kind, const py::handle& fn, const py::handle& result) {
  if (result.is_none()) wrong_return(kind, fn, result, "it must return True or False (a forgotten 'return'?)");
  const int truth = PyObject_IsTrue(result.ptr());
  if (truth < 0) throw py::error_already_set();
  return truth == 1;
}

bool strict_bool(const char* kind, const py::handle& fn, const py::handle& result) {
  if (PyBool_Check(result.ptr())) return result.ptr() == Py_True;
  const std::string type = py::str(py::type::handle_of(result).attr("__name__")).cast<std::string>();
  if (type == "bool_" || type == "bool") {  // numpy.bool_ (numpy >= 2 names it numpy.bool)
    const int truth = PyObject_IsTrue(result.ptr());
    if (truth < 0) throw py::error_already_set();
    return truth == 1;
  }
  wrong_return(kind, fn, result, "it must return True (go on) or False (a dead end)");
}

long long integer_of(const char* kind, const py::handle& fn, const py::handle& result, const std::string& expected) {
  if (PyBool_Check(result.ptr()) || PyFloat_Check(result.ptr()) || !PyIndex_Check(result.ptr()))
    wrong_return(kind, fn, result, expected);
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(result.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0) wrong_return(kind, fn, result, expected + " (this int is out of range)");
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

}  // namespace csp::python
