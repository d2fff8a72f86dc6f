// make_run_spec: Python keyword arguments -> csp::RunSpec, with the CLI's option names.
#include "spec.hpp"

#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp::python {
namespace {

using Setter = std::function<void(RunSpec&, const py::handle&)>;

template <class T>
T as(const py::handle& v, const char* key) {
  try {
    return v.cast<T>();
  } catch (const py::cast_error&) {
    throw Error(std::string("spec '") + key + "': expected " +
                (std::is_same_v<T, bool>       ? "a bool"
                 : std::is_floating_point_v<T> ? "a number"
                 : std::is_integral_v<T>       ? "an integer"
                                               : "a string") +
                ", got " + std::string(py::str(py::type::handle_of(v).attr("__name__"))));
  }
}

std::uint64_t as_count(const py::handle& v, const char* key) {
  const auto n = as<long long>(v, key);
  if (n < 0) throw Error(std::string("spec '") + key + "': must be >= 0, got " + std::to_string(n));
  return static_cast<std::uint64_t>(n);
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table = {
      {"algorithm", [](RunSpec& s, const py::handle& v) { s.algorithm = as<std::string>(v, "algorithm"); }},
      {"var",
       [](RunSpec& s, const py::handle& v) {
         if (py::isinstance<py::str>(v))
           s.search.variable_ordering = v.cast<std::string>();
         else
           s.search.variable_ordering = python_variable_ordering(py::reinterpret_borrow<py::object>(v), "python");
       }},
      {"val",
       [](RunSpec& s, const py::handle& v) {
         if (py::isinstance<py::str>(v))
           s.search.value_ordering = v.cast<std::string>();
         else
           s.search.value_ordering = python_value_ordering(py::reinterpret_borrow<py::object>(v), "python");
       }},
      {"inference",
       [](RunSpec& s, const py::handle& v) {
         if (!py::isinstance<py::str>(v))
           throw Error("inference: expected a strategy name or a callable, got " +
                       std::string(py::str(py::type::handle_of(v).attr("__name__"))));
         s.search.inference = v.cast<std::string>();
       }},
      {"ac3", [](RunSpec& s, const py::handle& v) { s.search.ac3_preprocess = as<bool>(v, "ac3"); }},
      {"pc2", [](RunSpec& s, const py::handle& v) { s.search.pc2_preprocess = as<bool>(v, "pc2"); }},
      {"branching", [](RunSpec& s, const py::handle& v) { s.search.branching = as<std::string>(v, "branching"); }},
      {"assign_fixed", [](RunSpec& s, const py::handle& v) { s.search.assign_fixed = as<bool>(v, "assign_fixed"); }},
      {"backjump", [](RunSpec& s, const py::handle& v) { s.search.backjumping = as<std::string>(v, "backjump"); }},
      {"learning", [](RunSpec& s, const py::handle& v) { s.search.learning = as_count(v, "learning"); }},
      {"restarts", [](RunSpec& s, const py::handle& v) { s.search.restarts = as<std::string>(v, "restarts"); }},
      {"restart_base", [](RunSpec& s, const py::handle& v) { s.search.restart_base = as_count(v, "restart_base"); }},
      {"restart_factor",
       [](RunSpec& s, const py::handle& v) { s.search.restart_factor = as<double>(v, "restart_factor"); }},
      {"seed", [](RunSpec& s, const py::handle& v) { s.search.seed = s.local.seed = as_count(v, "seed"); }},
      {"max_solutions", [](RunSpec& s, const py::handle& v) { s.search.max_solutions = as_count(v, "max_solutions"); }},
      {"keep_solutions",
       [](RunSpec& s, const py::handle& v) {
         if (v.is_none())
           s.search.keep_solutions.reset();
         else
           s.search.keep_solutions = as_count(v, "keep_solutions");
       }},
      {"node_limit", [](RunSpec& s, const py::handle& v) { s.search.limits.node_limit = as_count(v, "node_limit"); }},
      {"timeout",
       [](RunSpec& s, const py::handle& v) {
         const double seconds = as<double>(v, "timeout");
         if (!(seconds >= 0) || !std::isfinite(seconds)) throw Error("spec 'timeout': seconds >= 0 expected");
         s.search.limits.time_limit = std::chrono::microseconds(static_cast<long long>(std::llround(seconds * 1e6)));
       }},
      {"project", [](RunSpec& s, const py::handle& v) { s.search.projection = v.cast<std::vector<VarId>>(); }},
      {"check_solutions", [](RunSpec& s, const py::handle& v) { s.check_solutions = as<bool>(v, "check_solutions"); }},
      {"minimize",
       [](RunSpec& s, const py::handle& v) {
         s.objective = Objective{as<VarId>(v, "minimize"), Sense::minimize};
       }},
      {"maximize",
       [](RunSpec& s, const py::handle& v) {
         s.objective = Objective{as<VarId>(v, "maximize"), Sense::maximize};
       }},
      {"max_steps", [](RunSpec& s, const py::handle& v) { s.local.max_steps = as_count(v, "max_steps"); }},
      {"walk", [](RunSpec& s, const py::handle& v) { s.local.walk_probability = as<double>(v, "walk"); }},
      {"tabu", [](RunSpec& s, const py::handle& v) { s.local.tabu_tenure = as_count(v, "tabu"); }},
      {"weighting", [](RunSpec& s, const py::handle& v) { s.local.weighting = as<bool>(v, "weighting"); }},
      {"restart_after", [](RunSpec& s, const py::handle& v) { s.local.restart_after = as_count(v, "restart_after"); }},
  };
  return table;
}

std::string known_keys() {
  std::string out;
  for (const auto& [key, setter] : setters()) out += (out.empty() ? "" : ", ") + key;
  return out;
}

}  // namespace

RunSpec make_run_spec(const Problem& problem, const py::dict& kwargs, InferenceLease& lease) {
  RunSpec spec;
  for (auto [key, value] : kwargs) {
    const auto name = py::str(key).cast<std::string>();
    if (name == "inference" && !value.is_none() && !py::isinstance<py::str>(value) && PyCallable_Check(value.ptr())) {
      spec.search.inference = lease.acquire(py::reinterpret_borrow<py::object>(value));
      continue;
    }
    const auto it = setters().find(name);
    if (it == setters().end()) throw Error("unknown option '" + name + "' (valid: " + known_keys() + ")");
    if (!value.is_none() || name == "keep_solutions") it->second(spec, value);
  }
  spec.validate(problem);
  return spec;
}

}  // namespace csp::python
