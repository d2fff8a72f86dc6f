// The compiled part of the Python package csp: `csp._csp`. The Pythonic layer is python/csp/__init__.py.
#include <pybind11/pybind11.h>

#include "bindings.hpp"

PYBIND11_MODULE(_csp, m) {
  m.doc() = "csp's engine (AIMA chapter 6): Problem, solve, the strategy registries and the models";
  csp::python::bind_errors(m);
  csp::python::bind_problem(m);
  csp::python::bind_strategies(m);
  csp::python::bind_run(m);
  csp::python::bind_run_options(m);
  csp::python::bind_models(m);
  csp::python::bind_sudoku(m);
  csp::python::bind_ablation(m);
}
