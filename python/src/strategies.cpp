// Strategies written in Python: orderings given as callables or registered by name, and the SearchContext they
// read (the running search: assignment, current domains, MRV's and the degree heuristic's measures).
#include <pybind11/stl.h>

#include <climits>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "callable.hpp"
#include "context.hpp"
#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/solve.hpp"
#include "gil.hpp"
#include "registration.hpp"
#include "returns.hpp"
#include "spec.hpp"

namespace csp::python {
namespace {

std::vector<Value> current_values(const ContextRef& ref, VarId x) {
  const SearchContext& ctx = ref.get();
  std::vector<Value> out;
  const Variable& v = ctx.problem().variable(x);
  ctx.store().domain(x).for_each([&](int i) { out.push_back(v.value(i)); });
  return out;
}

std::vector<Value> legal_values(const ContextRef& ref, VarId x) {
  SearchContext& ctx = ref.get();
  std::vector<Value> out;
  const Variable& v = ctx.problem().variable(x);
  std::vector<int> indices = ctx.store().domain(x).indices();
  for (int i : indices)
    if (ctx.domains_filtered() || ctx.is_consistent(x, i)) out.push_back(v.value(i));
  return out;
}

// The bulk reads: one call for every variable, instead of one Python call per variable.
py::list domain_sizes(const ContextRef& ref) {
  const SearchContext& ctx = ref.get();
  const int n = ctx.problem().variable_count();
  py::list out(n);
  for (VarId x = 0; x < n; ++x) out[static_cast<std::size_t>(x)] = py::int_(ctx.store().domain(x).size());
  return out;
}

py::list all_domains(const ContextRef& ref) {
  const SearchContext& ctx = ref.get();
  const int n = ctx.problem().variable_count();
  py::list out(n);
  for (VarId x = 0; x < n; ++x) {
    const Variable& v = ctx.problem().variable(x);
    const Domain& d = ctx.store().domain(x);
    py::list values(static_cast<std::size_t>(d.size()));
    std::size_t k = 0;
    d.for_each([&](int i) { values[k++] = py::int_(v.value(i)); });
    out[static_cast<std::size_t>(x)] = std::move(values);
  }
  return out;
}

py::list assigned_values(const ContextRef& ref) {
  const Assignment& a = ref.get().assignment();
  py::list out(static_cast<std::size_t>(a.variable_count()));
  for (VarId x = 0; x < a.variable_count(); ++x)
    out[static_cast<std::size_t>(x)] = a.is_assigned(x) ? py::object(py::int_(a.value(x))) : py::object(py::none());
  return out;
}

std::vector<VarId> unassigned(const ContextRef& ref) {
  std::vector<VarId> out;
  const Assignment& a = ref.get().assignment();
  for (VarId x = 0; x < a.variable_count(); ++x)
    if (!a.is_assigned(x)) out.push_back(x);
  return out;
}

const SearchContext& checked(const ContextRef& ref, VarId x) {
  const SearchContext& ctx = ref.get();
  (void)ctx.problem().variable(x);
  return ctx;
}

// The index of `value` in x's initial domain; Error when x has no such value.
int index_of(const SearchContext& ctx, VarId x, Value value) {
  const Variable& v = ctx.problem().variable(x);
  const int i = v.index_of(value);
  if (i < 0) throw Error(std::to_string(value) + " is not a value of " + v.name());
  return i;
}

// The Problem as Python sees it: the Python object already holding it (kept alive by the reference returned), or
// a copy when it has none, so the result never outlives what it points to.
py::object problem_object(const ContextRef& ref) {
  const Problem& p = ref.get().problem();
  const auto* type = py::detail::get_type_info(typeid(Problem));
  if (py::handle existing = py::detail::get_object_handle(&p, type))
    return py::reinterpret_borrow<py::object>(existing);
  return py::cast(Problem(p));
}

void bind_context(py::module_& m) {
  py::class_<ContextRef, std::shared_ptr<ContextRef>>(
      m, "SearchContext", "The running search as a callback sees it (valid only during the call: raises after).")
      .def_property_readonly("problem", &problem_object)
      .def_property_readonly("variable_count", [](const ContextRef& c) { return c.get().problem().variable_count(); })
      .def_property_readonly("domains_filtered", [](const ContextRef& c) { return c.get().domains_filtered(); })
      .def("unassigned", &unassigned, "The unassigned variables, ascending.")
      .def("first_unassigned",
           [](const ContextRef& c) -> py::object {
             const VarId x = c.get().first_unassigned();
             return x < 0 ? py::object(py::none()) : py::object(py::int_(x));
           })
      .def("is_assigned", [](const ContextRef& c, VarId x) { return checked(c, x).assignment().is_assigned(x); })
      .def("value", [](const ContextRef& c, VarId x) { return checked(c, x).assignment().value(x); })
      .def("name", [](const ContextRef& c, VarId x) { return c.get().problem().variable(x).name(); })
      .def("domain", &current_values, "x's current domain (values), after inference.")
      .def("domain_size", [](const ContextRef& c, VarId x) { return checked(c, x).store().domain(x).size(); })
      .def("domain_sizes", &domain_sizes, "Every variable's current domain size, in one call (a list by id).")
      .def("domains", &all_domains,
           "Every variable's current domain (values), in one call: a list by id of lists. An assigned variable's "
           "domain is what the store holds for it.")
      .def("values", &assigned_values, "Every variable's value, in one call: a list by id, None where unassigned.")
      .def("legal_values", &legal_values,
           "x's values consistent with the assignment (the current domain when inference filters it).")
      .def(
          "remaining_values",
          [](const ContextRef& c, VarId x) {
            (void)checked(c, x);
            return c.get().remaining_values(x);
          },
          "MRV's measure: the number of x's legal values.")
      .def(
          "degree", [](const ContextRef& c, VarId x) { return checked(c, x).dynamic_degree(x); },
          "The degree heuristic's measure: constraints on x with another unassigned variable.")
      .def("neighbors", [](const ContextRef& c, VarId x) { return c.get().problem().neighbors(x); })
      .def(
          "consistent",
          [](const ContextRef& ref, VarId x, Value value) {
            SearchContext& c = ref.get();
            return c.is_consistent(x, index_of(c, x, value));
          },
          py::arg("x"), py::arg("value"),
          "Is x = value consistent with the current assignment? (One constraint check per constraint on x asked.)")
      .def(
          "remove",
          [](const ContextRef& ref, VarId x, Value value) {
            SearchContext& c = ref.get();
            if (c.assignment().is_assigned(x))
              throw Error("remove: " + c.problem().variable(x).name() +
                          " is assigned (an inference prunes only "
                          "unassigned variables)");
            return c.store().remove(x, index_of(c, x, value), nullptr);
          },
          py::arg("x"), py::arg("value"),
          "Removes value from x's current domain (an inference's pruning: trailed, undone on backtrack, counted in "
          "values_pruned). False when the domain is then empty (a wipe-out: return False). Only for unassigned x.");
}

// A csp.Var returned by a variable ordering must be a variable of the problem being solved.
void check_owner(const char* kind, const py::handle& fn, const py::handle& r, const Problem& problem) {
  if (!py::hasattr(r, "_owner")) return;
  const py::object owner = r.attr("_owner");
  if (owner.is_none() || owner.cast<const Problem*>() == &problem) return;
  throw ModelError(callback_name(kind, fn) + " returned " + py::repr(r).cast<std::string>() +
                   ", a variable of another Problem (a Var belongs to the Problem that made it)");
}

// The values a value ordering returned, as indices: exactly the values of x's current domain, each once.
void order_of(const char* kind, const py::handle& fn, const py::handle& r, const SearchContext& ctx, VarId x,
              std::vector<int>& order) {
  if (py::isinstance<py::str>(r) || py::isinstance<py::bytes>(r) || !py::hasattr(r, "__iter__"))
    wrong_return(kind, fn, r, "it must return the values of the variable in the order to try them (a list)");
  const Variable& v = ctx.problem().variable(x);
  const Domain& d = ctx.store().domain(x);
  const auto fail = [&](const std::string& why) {
    throw Error(callback_name(kind, fn) + " for variable '" + v.name() + "': " + why);
  };
  std::vector<char> seen(static_cast<std::size_t>(v.size()), 0);
  const std::size_t start = order.size();
  for (const py::handle item : r) {
    const long long value = integer_of(kind, fn, item, "its values must be ints");
    const int i = (value < INT_MIN || value > INT_MAX) ? -1 : v.index_of(static_cast<Value>(value));
    if (i < 0) fail("returned " + std::to_string(value) + ", which is not a value of " + v.name());
    if (!d.contains(i)) fail("returned " + std::to_string(value) + ", which is no longer in its current domain");
    if (seen[static_cast<std::size_t>(i)]) fail("returned " + std::to_string(value) + " twice");
    seen[static_cast<std::size_t>(i)] = 1;
    order.push_back(i);
  }
  if (static_cast<int>(order.size() - start) == d.size()) return;
  std::string missing;
  int shown = 0;
  d.for_each([&](int i) {
    if (seen[static_cast<std::size_t>(i)] || shown++ >= 8) return;
    missing += (missing.empty() ? "" : ", ") + std::to_string(v.value(i));
  });
  fail("left out " + std::to_string(d.size() - static_cast<int>(order.size() - start)) + " of its values (" + missing +
       (shown > 8 ? ", ..." : "") +
       "): an ordering orders every value; leaving one out would drop "
       "solutions");
}

// After a user inference: every constraint on x (every constraint at the root, x = -1) must be consistent with the
// assignment, so a complete assignment search reaches satisfies every constraint whatever the inference pruned.
bool assignment_consistent(const SearchContext& ctx, VarId x) {
  const Problem& p = ctx.problem();
  const Assignment& a = ctx.assignment();
  if (x >= 0) {
    for (const ConstraintId c : p.constraints_of(x))
      if (!p.constraint(c).is_consistent(a)) return false;
    return true;
  }
  for (ConstraintId c = 0; c < p.constraint_count(); ++c)
    if (!p.constraint(c).is_consistent(a)) return false;
  return true;
}

}  // namespace

Strategy<VariableOrdering> python_variable_ordering(py::object fn, std::string name) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("var: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  VariableOrdering ordering = [callable](SearchContext& ctx) -> VarId {
    CallbackGil gil;
    const py::handle f = callable.get();
    py::object r;
    {
      const ContextArg arg(ctx);
      r = f(arg.object());
    }
    if (r.is_none()) return -1;
    check_owner("variable ordering", f, r, ctx.problem());
    if (py::hasattr(r, "_owner") && py::hasattr(r, "id")) r = r.attr("id");  // a csp.Var: its id
    const long long x = integer_of("variable ordering", f, r, "it must return a variable id (an int) or None");
    return (x < -1 || x > INT_MAX) ? static_cast<VarId>(-2) : static_cast<VarId>(x);  // out of range: refused
  };
  return {std::move(ordering), std::move(name)};
}

Strategy<ValueOrdering> python_value_ordering(py::object fn, std::string name) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("val: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  ValueOrdering ordering = [callable](SearchContext& ctx, VarId x, std::vector<int>& order) {
    CallbackGil gil;
    py::object r;
    {
      const ContextArg arg(ctx);
      r = callable.get()(arg.object(), x);
    }
    order_of("value ordering", callable.get(), r, ctx, x, order);
  };
  return {std::move(ordering), std::move(name)};
}

Inference python_inference(py::object fn) {
  if (!PyCallable_Check(fn.ptr()))
    throw Error("inference: expected a strategy name or a callable, got " +
                std::string(py::str(py::type::handle_of(fn).attr("__name__"))));
  SharedCallable callable(std::move(fn));
  return [callable](SearchContext& ctx, VarId x) -> bool {
    CallbackGil gil;
    py::object r;
    {
      const ContextArg arg(ctx);
      r = callable.get()(arg.object(), x);
    }
    return strict_bool("inference", callable.get(), r) && assignment_consistent(ctx, x);
  };
}

void bind_strategies(py::module_& m) {
  bind_context(m);
  bind_registration(m);
}

}  // namespace csp::python
