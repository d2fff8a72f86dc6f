// The pieces of the compiled module csp._csp, one binding function per topic (each in its own .cpp).
#pragma once

#include <pybind11/pybind11.h>

#include "csp/core/problem.hpp"

namespace csp::python {

namespace py = pybind11;

/// csp.Error, csp.ModelError, csp.UnknownNameError (Python exceptions carrying the library's message).
void bind_errors(py::module_& m);
/// _csp.Problem: variables, every built-in constraint, constraints from Python callables; its changes and the
/// module's _csp.post_* (the native globals) are bound by bind_posting.
void bind_problem(py::module_& m);
/// The table of constraints.cpp: Problem.add_* (and add_variable, restrict_*) on `c`, _csp.post_* on `m`.
void bind_posting(py::class_<Problem>& c, py::module_& m);
/// _csp.solve(problem, **spec): csp::solve with the GIL released, interruptible; _csp.Interrupt.
void bind_run(py::module_& m);
/// _csp.run_options(): the engine's run options, one dict per keyword of solve() (spec.cpp).
void bind_run_options(py::module_& m);
/// _csp.SearchContext: what a Python ordering or inference sees.
void bind_strategies(py::module_& m);
/// The models: n-queens, map and graph colouring, cryptarithm, Zebra, Killer Sudoku, FlatZinc.
void bind_models(py::module_& m);
/// The Sudoku model: grids, the reader of every format, the human solver, the generator.
void bind_sudoku(py::module_& m);
/// Studies (csp::ablation::run_study: rows, CSV, JSON, chart) and the search tree of one run (SearchTreeObserver).
void bind_ablation(py::module_& m);

}  // namespace csp::python
