// Every function that changes a _csp.Problem, one row each: the members Problem.add_* (variables, domains, the
// built-in constraints) and the module functions _csp.post_* (the native globals, csp/constraints/globals/).
//
// A row is def_post(where, python name, C++ function, doc, its Python arguments' names and defaults); posting.hpp
// writes the rest once: the refusal of a Problem being solved (check_not_solving) and the conversion of each
// argument, chosen by the C++ parameter's type (FromPython: a LinearOp from "<=", a Globals from "native", a
// Reification from `implication`, a predicate from a callable). A row names the C++ function itself, so a new
// constraint is one row here; a lambda adapts only a function whose C++ arguments are not Python's (regular's
// automaton). Why not more: the Python argument names and defaults cannot be read off a C++ function, so they stay
// in the row (pybind11 refuses to compile a row naming too few or too many), and pybind11's own conversions are
// kept (no custom type caster) so that a wrong type still fails as before, before the Problem is touched.
// The user's API is in python/csp/: the methods that only pass their arguments on are rows of __init__.py's
// _ENGINE_POSTS (their doc is this table's); globals.py writes out the globals' names, checks and index conventions.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <span>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "callable.hpp"
#include "conversions.hpp"
#include "csp/constraints/globals/automaton.hpp"
#include "csp/constraints/globals/counting.hpp"
#include "csp/constraints/globals/globals.hpp"
#include "csp/constraints/globals/ordering.hpp"
#include "csp/constraints/globals/packing.hpp"
#include "csp/constraints/globals/routing.hpp"
#include "csp/constraints/globals/scheduling.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "gil.hpp"
#include "posting.hpp"
#include "returns.hpp"

namespace csp::python {

using namespace pybind11::literals;  // "x"_a: py::arg("x")

Globals parse_how(const std::string& how) {
  if (how == "native") return Globals::native;
  if (how == "decompose") return Globals::decompose;
  throw Error("globals: unknown form '" + how + "' (valid: native, decompose)");
}

std::function<bool(std::span<const Value>)> python_predicate(py::function fn) {
  SharedCallable callable(std::move(fn));
  return [callable](std::span<const Value> values) {
    CallbackGil gil;
    py::tuple args(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) args[i] = py::int_(values[i]);
    const py::object r = callable.get()(*args);
    return truth_of("predicate", callable.get(), r);
  };
}

namespace {

using Ids = std::vector<VarId>;
using Ints = std::vector<int>;

void bind_variables(py::class_<Problem>& c) {
  def_post(c, "add_variable", py::overload_cast<std::string, Value, Value>(&Problem::add_variable),
           "Adds a variable with values lo..hi inclusive; returns its id.", "name"_a, "lo"_a, "hi"_a);
  def_post(c, "add_variable", py::overload_cast<std::string, std::vector<Value>>(&Problem::add_variable),
           "Adds a variable with these values; returns its id.", "name"_a, "values"_a);
  def_post(c, "restrict_domain", py::overload_cast<VarId, const std::vector<Value>&>(&Problem::restrict_domain),
           "x keeps only the allowed values.", "x"_a, "allowed"_a);
  def_post(c, "restrict_range", &Problem::restrict_range, "x keeps only the values lo..hi.", "x"_a, "lo"_a, "hi"_a);
}

void bind_constraints(py::class_<Problem>& c) {
  def_post(c, "add_not_equal", &Problem::add_not_equal, "x != y.", "x"_a, "y"_a);
  def_post(c, "add_all_different", &Problem::add_all_different,
           "All different; mode 'value', 'binary' or 'gac' (or the old names).", "scope"_a, "mode"_a = "value",
           "name"_a = "");
  def_post(c, "add_all_different_shifted", &Problem::add_all_different_shifted, "All scope[i] + offsets[i] different.",
           "scope"_a, "offsets"_a, "name"_a = "");
  def_post(c, "add_table", &Problem::add_table, "The scope takes one of the allowed tuples.", "scope"_a, "allowed"_a,
           "name"_a = "");
  def_post(c, "add_linear", &Problem::add_linear, "sum(coefficients[i] * scope[i]) OP rhs, OP one of ==, !=, <=, >=.",
           "scope"_a, "coefficients"_a, "op"_a, "rhs"_a, "name"_a = "");
  def_post(c, "add_linear_reif", &Problem::add_linear_reif,
           "b <-> sum(coefficients[i] * scope[i]) OP rhs (b -> ... with implication).", "scope"_a, "coefficients"_a,
           "op"_a, "rhs"_a, "b"_a, "implication"_a = false);
  def_post(c, "add_member_reif", &Problem::add_member_reif, "b <-> x in values (b -> ... with implication).", "x"_a,
           "values"_a, "b"_a, "implication"_a = false);
  def_post(c, "add_clause", &Problem::add_clause, "Some positive variable is 1 or some negative one is 0.",
           "positive"_a, "negative"_a);
  def_post(c, "add_and_reif", &Problem::add_and_reif, "r <-> (xs[0] and xs[1] and ...).", "xs"_a, "r"_a);
  def_post(c, "add_or_reif", &Problem::add_or_reif, "r <-> (xs[0] or xs[1] or ...).", "xs"_a, "r"_a);
  def_post(c, "add_xor", &Problem::add_xor, "An odd number of xs are 1.", "xs"_a);
  def_post(c, "add_element", &Problem::add_element, "result = array[index - offset], array of ints.", "index"_a,
           "array"_a, "result"_a, "offset"_a = 0);
  def_post(c, "add_var_element", &Problem::add_var_element, "result = array[index - offset], array of variables.",
           "index"_a, "array"_a, "result"_a, "offset"_a = 0);
  def_post(c, "add_value_precedence", &Problem::add_value_precedence,
           "The values are interchangeable along the scope: one solution per renaming of them.", "scope"_a, "values"_a,
           "name"_a = "");
  def_post(c, "add_predicate", &Problem::add_predicate,
           "pred(*values) must hold; the callable runs with the GIL, once per support test.", "scope"_a, "predicate"_a,
           "name"_a = "");
}

void bind_arithmetic(py::class_<Problem>& c) {
  def_post(c, "add_times", &Problem::add_times, "x * y = z.", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_div", &Problem::add_div, "x div y = z, truncated toward zero, y != 0.", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_mod", &Problem::add_mod, "x mod y = z, the sign of x, y != 0.", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_pow", &Problem::add_pow, "x ^ y = z (0 ^ 0 = 1).", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_min", &Problem::add_min, "min(x, y) = z.", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_max", &Problem::add_max, "max(x, y) = z.", "x"_a, "y"_a, "z"_a);
  def_post(c, "add_abs", &Problem::add_abs, "|x| = z.", "x"_a, "z"_a);
  def_post(c, "add_product", &Problem::add_product, "The product of the scope's values is target.", "scope"_a,
           "target"_a);
  def_post(c, "add_quotient", &Problem::add_quotient, "max(a, b) = target * min(a, b), min(a, b) != 0.", "a"_a, "b"_a,
           "target"_a);
  def_post(c, "add_difference", &Problem::add_difference, "|a - b| = target.", "a"_a, "b"_a, "target"_a);
  def_post(c, "add_precedence", &Problem::add_precedence, "a + duration <= b.", "a"_a, "duration"_a, "b"_a);
}

// The globals: `how` is "native" or "decompose"; offsets and first bins as the engine reads them (python/csp/globals.py
// turns Python's conventions into these).
void bind_globals(py::module_& m) {
  def_post(m, "post_cumulative", &post_cumulative, "At every time the running tasks use at most capacity.", "problem"_a,
           "starts"_a, "durations"_a, "demands"_a, "capacity"_a, "how"_a, "name"_a = "cumulative");
  def_post(m, "post_disjunctive", &post_disjunctive, "No two tasks overlap.", "problem"_a, "starts"_a, "durations"_a,
           "how"_a, "name"_a = "disjunctive");
  def_post(m, "post_circuit", &post_circuit, "successors form one circuit (nodes from offset).", "problem"_a,
           "successors"_a, "offset"_a, "how"_a, "name"_a = "circuit");
  def_post(m, "post_subcircuit", &post_subcircuit, "The nodes not pointing at themselves form one circuit.",
           "problem"_a, "successors"_a, "offset"_a, "how"_a, "name"_a = "subcircuit");
  def_post(m, "post_inverse", &post_inverse, "f[i] = j + offset <-> g[j] = i + offset.", "problem"_a, "f"_a, "g"_a,
           "offset"_a, "how"_a, "name"_a = "inverse");
  def_post(
      m, "post_regular",
      [](Problem& p, const Ids& xs, int states, int symbols, const Ints& next, int start, const Ints& accepting,
         Globals how, const std::string& name) {
        post_regular(p, xs, Automaton{states, symbols, next, start, accepting}, how, name);
      },
      "xs spell a word of the automaton (states 1..states, symbols 1..symbols, next[(q - 1) * symbols + s - 1]).",
      "problem"_a, "xs"_a, "states"_a, "symbols"_a, "next"_a, "start"_a, "accepting"_a, "how"_a, "name"_a = "regular");
  def_post(m, "post_among", &post_among, "c OP (number of xs in values) + shift.", "problem"_a, "xs"_a, "values"_a,
           "c"_a, "op"_a, "shift"_a, "how"_a, "name"_a = "among");
  def_post(m, "post_global_cardinality", &post_global_cardinality, "counts[k] = number of xs equal to cover[k].",
           "problem"_a, "xs"_a, "cover"_a, "counts"_a, "closed"_a, "how"_a, "name"_a = "global_cardinality");
  def_post(m, "post_global_cardinality_low_up", &post_global_cardinality_low_up,
           "low[k] <= number of xs equal to cover[k] <= high[k].", "problem"_a, "xs"_a, "cover"_a, "low"_a, "high"_a,
           "closed"_a, "how"_a, "name"_a = "global_cardinality");
  def_post(m, "post_nvalue", &post_nvalue, "n = the number of distinct values of xs.", "problem"_a, "n"_a, "xs"_a,
           "how"_a, "name"_a = "nvalue");
  def_post(m, "post_increasing", &post_increasing, "xs increasing (decreasing), not strictly.", "problem"_a, "xs"_a,
           "decreasing"_a, "how"_a, "name"_a = "increasing");
  def_post(m, "post_lex", &post_lex, "x <=lex y (strict: x <lex y).", "problem"_a, "x"_a, "y"_a, "strict"_a, "how"_a,
           "name"_a = "lex");
  def_post(m, "post_maximum", &post_maximum, "m = max(xs) (minimum: min(xs)).", "problem"_a, "m"_a, "xs"_a, "minimum"_a,
           "how"_a, "name"_a = "maximum");
  def_post(m, "post_arg_max", &post_arg_max, "z = offset + the index of the first largest (smallest) of xs.",
           "problem"_a, "xs"_a, "z"_a, "offset"_a, "minimum"_a, "how"_a, "name"_a = "arg_max");
  def_post(m, "post_bin_packing_load", &post_bin_packing_load, "loads[b] = weight in bin first_bin + b.", "problem"_a,
           "loads"_a, "bins"_a, "weights"_a, "first_bin"_a, "how"_a, "name"_a = "bin_packing_load");
  def_post(m, "post_bin_packing_capa", &post_bin_packing_capa, "weight in bin first_bin + b <= capacities[b].",
           "problem"_a, "capacities"_a, "bins"_a, "weights"_a, "first_bin"_a, "how"_a, "name"_a = "bin_packing_capa");
  def_post(m, "post_bin_packing", &post_bin_packing, "weight in every bin <= capacity.", "problem"_a, "capacity"_a,
           "bins"_a, "weights"_a, "how"_a, "name"_a = "bin_packing");
  def_post(m, "post_diffn", &post_diffn, "Rectangles (x, y, dx, dy) do not overlap.", "problem"_a, "x"_a, "y"_a, "dx"_a,
           "dy"_a, "strict"_a, "how"_a, "name"_a = "diffn");
}

}  // namespace

void bind_posting(py::class_<Problem>& c, py::module_& m) {
  bind_variables(c);
  bind_constraints(c);
  bind_arithmetic(c);
  bind_globals(m);
}

}  // namespace csp::python
