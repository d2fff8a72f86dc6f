// Conversions shared by the binding files: comparisons, assignments, results.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <span>
#include <string>

#include "csp/constraints/globals/globals.hpp"
#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/search/solve.hpp"

namespace csp::python {

namespace py = pybind11;

/// "==", "!=", "<=", ">=" (and "="). Throws Error naming the comparison otherwise.
LinearOp parse_linear_op(const std::string& op);
/// A global's form, "native" or "decompose" (csp::Globals). Throws Error naming the text otherwise (the message
/// of the Python layer, not csp::parse_globals's std::invalid_argument).
Globals parse_how(const std::string& how);
/// pred(values) through the Python callable fn(*values), the GIL taken for the call. A result that is not a truth
/// value (None) is a TypeError; an exception from its __bool__ propagates.
std::function<bool(std::span<const Value>)> python_predicate(py::function fn);
/// An assignment of `p` from a dict (name or id -> value) or a list of one value per variable.
Assignment to_assignment(const Problem& p, const py::handle& values);
/// {name: value} of every assigned variable (names from the assignment's problem; "x<id>" without).
py::dict to_dict(const Assignment& a);
/// The statistics as a plain dict (every counter, elapsed_us included).
py::dict to_dict(const Statistics& s);

}  // namespace csp::python
