// make_run_spec: Python keyword arguments -> csp::RunSpec: one keyword per run option of the engine's table
// (csp/search/run_options.hpp, the CLI's names with '_'), and Python's own project, minimize, maximize.
#include "spec.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/search/run_options.hpp"
#ifdef CSP_PYTHON_HAS_GRAPH
#include "csp/graph/tree_solver.hpp"  // registers "tree" and "cutset": the algorithm names
#endif

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

// Python's own keywords: they name variables of the problem, so they are no run option (csp/search/run_options.hpp).
const std::map<std::string, Setter>& own_keywords() {
  static const std::map<std::string, Setter> table = {
      {"project", [](RunSpec& s, const py::handle& v) { s.search.projection = v.cast<std::vector<VarId>>(); }},
      {"minimize",
       [](RunSpec& s, const py::handle& v) {
         s.objective = Objective{as<VarId>(v, "minimize"), Sense::minimize};
       }},
      {"maximize",
       [](RunSpec& s, const py::handle& v) {
         s.objective = Objective{as<VarId>(v, "maximize"), Sense::maximize};
       }},
  };
  return table;
}

// A number as the run options read it: its shortest spelling that reads back as the same double.
std::string number_text(double v) {
  char buffer[32];
  const auto written = std::to_chars(buffer, buffer + sizeof buffer, v);
  return {buffer, written.ptr};
}

// The text of Python value `v` for run option `row`, converted as its kind says (a str, an int >= 0, a number, a
// bool); None for an optional one (keep_solutions) is "" (unset).
std::string option_text(const RunOption& row, const std::string& key, const py::handle& v) {
  if (row.optional && v.is_none()) return "";
  switch (row.kind) {
    case OptionKind::name:
      return as<std::string>(v, key.c_str());
    case OptionKind::count:
      return std::to_string(as_count(v, key.c_str()));
    case OptionKind::number:
      return number_text(as<double>(v, key.c_str()));
    case OptionKind::flag:
      return as<bool>(v, key.c_str()) ? "on" : "off";
  }
  return "";
}

// Sets run option `row` from Python value `v`: var and val take a callable too (strategies.cpp), inference a name
// (its callables are leased by make_run_spec).
void set_option(RunSpec& s, const RunOption& row, const std::string& key, const py::handle& v) {
  if (key == "var" && !py::isinstance<py::str>(v)) {
    s.search.variable_ordering = python_variable_ordering(py::reinterpret_borrow<py::object>(v), "python");
    return;
  }
  if (key == "val" && !py::isinstance<py::str>(v)) {
    s.search.value_ordering = python_value_ordering(py::reinterpret_borrow<py::object>(v), "python");
    return;
  }
  if (key == "inference" && !py::isinstance<py::str>(v))
    throw Error("inference: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(v).attr("__name__"))));
  try {
    row.set(s, option_text(row, key, v));
  } catch (const OptionValueError& e) {
    throw Error("spec '" + key + "': " + e.reason());
  }
}

// The keywords, sorted: the run options' and Python's own.
std::string known_keys() {
  std::vector<std::string> keys;
  for (const RunOption& row : run_options()) keys.push_back(keyword(row));
  for (const auto& [key, setter] : own_keywords()) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  std::string out;
  for (const std::string& key : keys) out += (out.empty() ? "" : ", ") + key;
  return out;
}

// A run option's value as Python gives it: an int, a float, a bool, a str, None for an unset optional one.
py::object python_value(const RunOption& row, const std::string& text) {
  if (row.optional && text.empty()) return py::none();
  switch (row.kind) {
    case OptionKind::count:
      return py::int_(std::stoull(text));
    case OptionKind::number:
      return py::float_(std::stod(text));
    case OptionKind::flag:
      return py::bool_(text == "on");
    case OptionKind::name:
      break;
  }
  return py::str(text);
}

const char* kind_name(OptionKind kind) {
  switch (kind) {
    case OptionKind::name:
      return "name";
    case OptionKind::count:
      return "count";
    case OptionKind::number:
      return "number";
    case OptionKind::flag:
      return "flag";
  }
  return "?";
}

}  // namespace

void bind_run_options(py::module_& m) {
  m.def(
      "run_options",
      [] {
        py::list out;
        for (const RunOption& row : run_options()) {
          py::dict d;
          d["name"] = row.name;
          d["keyword"] = keyword(row);
          d["kind"] = kind_name(row.kind);
          d["help"] = help_line(row);
          d["values"] = row.values != nullptr ? row.values() : std::vector<std::string>{};
          d["default"] = python_value(row, row.get(RunSpec{}));
          d["example"] = python_value(row, row.example);
          out.append(d);
        }
        return out;
      },
      "The run options (csp/search/run_options.hpp): one dict per keyword of solve() but project, minimize and "
      "maximize: name (the csp program's flag), keyword, kind (name, count, number, flag), help, values (a name's "
      "valid names, read from the registries now), default, example");
}

RunSpec make_run_spec(const Problem& problem, const py::dict& kwargs, InferenceLease& lease) {
  RunSpec spec;
  for (auto [key, value] : kwargs) {
    const auto name = py::str(key).cast<std::string>();
    if (name == "inference" && !value.is_none() && !py::isinstance<py::str>(value) && PyCallable_Check(value.ptr())) {
      spec.search.inference = lease.acquire(py::reinterpret_borrow<py::object>(value));
      continue;
    }
    const RunOption* row = name.find('-') == std::string::npos ? find_run_option(name) : nullptr;
    const auto own = own_keywords().find(name);
    if (row == nullptr && own == own_keywords().end())
      throw Error("unknown option '" + name + "' (valid: " + known_keys() + ")");
    if (value.is_none() && !(row != nullptr && row->optional)) continue;  // None: the default
    if (row != nullptr)
      set_option(spec, *row, name, value);
    else
      own->second(spec, value);
  }
  spec.validate(problem);
  return spec;
}

}  // namespace csp::python
