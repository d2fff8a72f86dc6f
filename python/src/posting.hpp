// How a C++ function that changes a Problem becomes a Python one: the check that no search runs on the Problem, and
// the conversion of each argument, written once here for every row of the table in constraints.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "conversions.hpp"
#include "csp/constraints/globals/globals.hpp"
#include "csp/core/problem.hpp"
#include "solving.hpp"

namespace csp::python {

namespace py = pybind11;

/// What Python passes for a C++ parameter of type T (`type`), and the T made of it (`from`). Most types pass as
/// pybind11 converts them; an enum is given by its name (as the csp program's options are), a predicate as a
/// Python callable.
template <class T>
struct FromPython {
  using type = T;
  static T from(T value) { return value; }
};

template <>
struct FromPython<LinearOp> {
  using type = std::string;
  static LinearOp from(const std::string& op) { return parse_linear_op(op); }
};

template <>
struct FromPython<AllDifferentMode> {
  using type = std::string;
  static AllDifferentMode from(const std::string& mode) { return parse_all_different_mode(mode); }
};

template <>
struct FromPython<Globals> {
  using type = std::string;
  static Globals from(const std::string& how) { return parse_how(how); }
};

/// `implication` (a bool): b -> constraint when true, b <-> constraint when false.
template <>
struct FromPython<Reification> {
  using type = bool;
  static Reification from(bool implication) {
    return implication ? Reification::implication : Reification::equivalence;
  }
};

template <>
struct FromPython<std::function<bool(std::span<const Value>)>> {
  using type = py::function;
  static std::function<bool(std::span<const Value>)> from(py::function fn) { return python_predicate(std::move(fn)); }
};

/// What the Python function returns: R, or None for a posted constraint (Python never reads the Constraint).
template <class R>
using Returned = std::conditional_t<std::is_same_v<R, const Constraint&>, void, R>;

/// fn(problem, A...) as a function of the Python arguments: it refuses a Problem being solved, then converts the
/// arguments left to right (a braced list), then calls fn.
template <class R, class... A, class Fn>
auto checked_call(Fn fn) {
  return [fn](Problem& p, typename FromPython<std::remove_cvref_t<A>>::type... args) -> Returned<R> {
    check_not_solving(p);
    std::tuple<std::remove_cvref_t<A>...> converted{FromPython<std::remove_cvref_t<A>>::from(std::move(args))...};
    return std::apply(
        [&](auto&... a) -> Returned<R> { return static_cast<Returned<R>>(std::invoke(fn, p, std::move(a)...)); },
        converted);
  };
}

/// A member of Problem (`&Problem::add_times`; an overload picked with py::overload_cast).
template <class R, class... A>
auto checked(R (Problem::*fn)(A...)) {
  return checked_call<R, A...>(fn);
}

/// A function of a Problem and more (`&post_circuit`).
template <class R, class... A>
auto checked(R (*fn)(Problem&, A...)) {
  return checked_call<R, A...>(fn);
}

template <class F, class R, class... A>
auto checked_lambda(F fn, R (F::*)(Problem&, A...) const) {
  return checked_call<R, A...>(fn);
}

/// A lambda of a Problem and more: an adapter, for a function whose C++ arguments are not Python's.
template <class F>
requires requires { &F::operator(); }
auto checked(F fn) { return checked_lambda(fn, &F::operator()); }

/// One row of the table: `name` defined on `scope` (the class Problem, or the module for a function taking the
/// Problem first) as checked(fn), with `doc` and one py::arg per Python argument: pybind11 refuses to compile a
/// row that names too few or too many.
template <class Scope, class Fn, class... Args>
void def_post(Scope& scope, const char* name, Fn fn, const char* doc, const Args&... args) {
  static_assert(sizeof...(Args) > 0, "def_post: name the arguments (py::arg), so that help() shows them");
  scope.def(name, checked(fn), doc, args...);
}

}  // namespace csp::python
