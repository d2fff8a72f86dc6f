// The run spec from Python keyword arguments, with the `csp` program's option names.
#pragma once

#include <pybind11/pybind11.h>

#include "csp/propagation/inference.hpp"
#include "csp/search/solve.hpp"
#include "registration.hpp"

namespace csp::python {

namespace py = pybind11;

/// A RunSpec from {name: value}: one keyword per run option of the engine's table (csp/search/run_options.hpp, the
/// CLI's names with '-' written '_': algorithm, var, val, inference, ac3, pc2, branching, assign_fixed, backjump,
/// learning, restarts, restart_base, restart_factor, seed, max_solutions, keep_solutions, node_limit, timeout
/// (seconds), check_solutions, min-conflicts' max_steps, walk, tabu, weighting, restart_after), each converted as its
/// kind says (a str, an int >= 0, a number, a bool; None: the default), and Python's own project (variable ids),
/// minimize / maximize (a variable id). var and val take a registered name or a
/// Python callable (see strategies.cpp); an inference callable gets a registry entry leased by `lease` (keep it
/// until the run ends). Throws Error naming an unknown keyword, then what RunSpec::validate throws.
RunSpec make_run_spec(const Problem& problem, const py::dict& kwargs, InferenceLease& lease);

/// A variable ordering that calls fn(ctx) -> variable id (or None when every variable is assigned).
Strategy<VariableOrdering> python_variable_ordering(py::object fn, std::string name);
/// A value ordering that calls fn(ctx, x) -> the values of x to try, in order.
Strategy<ValueOrdering> python_value_ordering(py::object fn, std::string name);
/// An inference that calls fn(ctx, x) -> bool after x was assigned (x = -1: the root); False is a dead end.
Inference python_inference(py::object fn);

}  // namespace csp::python
