// The run spec from Python keyword arguments, with the `csp` program's option names.
#pragma once

#include <pybind11/pybind11.h>

#include "csp/propagation/inference.hpp"
#include "csp/search/solve.hpp"

namespace csp::python {

namespace py = pybind11;

/// A RunSpec from {name: value} with the CLI's names ('-' written '_'): algorithm, var, val, inference, ac3, pc2,
/// backjump, learning, restarts, restart_base, restart_factor, seed, max_solutions, keep_solutions, node_limit,
/// timeout (seconds), project (variable ids), check_solutions, minimize / maximize (a variable id), and
/// min-conflicts' max_steps, walk, tabu, weighting, restart_after. var and val take a registered name or a
/// Python callable (see strategies.cpp). Throws Error naming an unknown keyword, then what RunSpec::validate
/// throws.
RunSpec make_run_spec(const Problem& problem, const py::dict& kwargs);

/// A variable ordering that calls fn(ctx) -> variable id (or None when every variable is assigned).
Strategy<VariableOrdering> python_variable_ordering(py::object fn, std::string name);
/// A value ordering that calls fn(ctx, x) -> the values of x to try, in order.
Strategy<ValueOrdering> python_value_ordering(py::object fn, std::string name);
/// An inference that calls fn(ctx, x) -> bool after x was assigned (x = -1: the root); False is a dead end.
Inference python_inference(py::object fn);
/// The registered name of the inference calling `fn` (SolverConfig::inference is a name): fn is registered once,
/// under "python:<its __qualname__>", the first time it is passed, and kept for the life of the process.
std::string inference_name_for(const py::object& fn);

}  // namespace csp::python
