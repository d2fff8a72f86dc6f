// Checks on what a Python callback returned: a wrong type is a TypeError naming the callback and the value, and an
// exception raised while reading the value (a __bool__ that raises) propagates unchanged.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace csp::python {

namespace py = pybind11;

/// "predicate 'f'": the kind of callback and the callable's __qualname__ (its repr when it has none).
std::string callback_name(const char* kind, const py::handle& fn);

/// Throws TypeError: "<kind> '<name>' returned <repr> (<type>); <expected>".
[[noreturn]] void wrong_return(const char* kind, const py::handle& fn, const py::handle& result,
                               const std::string& expected);

/// bool(result) for a predicate or on_solution. None is refused (TypeError: a forgotten `return`); an exception
/// raised by __bool__ propagates unchanged.
bool truth_of(const char* kind, const py::handle& fn, const py::handle& result);

/// True / False (also numpy.bool_) for an inference; anything else, None included, is a TypeError.
bool strict_bool(const char* kind, const py::handle& fn, const py::handle& result);

/// An int (not a bool, not a float; anything with __index__ such as numpy integers) as a long long; TypeError
/// otherwise.
long long integer_of(const char* kind, const py::handle& fn, const py::handle& result, const std::string& expected);

}  // namespace csp::python
