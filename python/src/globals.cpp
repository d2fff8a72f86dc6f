// _csp.post_*: the engine's native global constraints (csp/constraints/globals/), each posted on a _csp.Problem.
// The Python names, argument checks and index conventions are in python/csp/globals.py.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "csp/constraints/globals/automaton.hpp"
#include "csp/constraints/globals/counting.hpp"
#include "csp/constraints/globals/globals.hpp"
#include "csp/constraints/globals/ordering.hpp"
#include "csp/constraints/globals/packing.hpp"
#include "csp/constraints/globals/routing.hpp"
#include "csp/constraints/globals/scheduling.hpp"
#include "csp/core/errors.hpp"
#include "solving.hpp"

namespace csp::python {
namespace {

using Ids = std::vector<VarId>;
using Ints = std::vector<int>;

// "native" or "decompose" as csp::Globals; csp.Error naming the text otherwise.
Globals how_of(const std::string& how) {
  if (how == "native") return Globals::native;
  if (how == "decompose") return Globals::decompose;
  throw Error("globals: unknown form '" + how + "' (valid: native, decompose)");
}

void bind_scheduling_routing(py::module_& m) {
  m.def("post_cumulative",
        [](Problem& p, const Ids& s, const Ints& d, const Ints& r, int capacity, const std::string& how) {
          check_not_solving(p);
          post_cumulative(p, s, d, r, capacity, how_of(how));
        });
  m.def("post_disjunctive", [](Problem& p, const Ids& s, const Ints& d, const std::string& how) {
    check_not_solving(p);
    post_disjunctive(p, s, d, how_of(how));
  });
  m.def("post_circuit", [](Problem& p, const Ids& next, int offset, const std::string& how) {
    check_not_solving(p);
    post_circuit(p, next, offset, how_of(how));
  });
  m.def("post_subcircuit", [](Problem& p, const Ids& next, int offset, const std::string& how) {
    check_not_solving(p);
    post_subcircuit(p, next, offset, how_of(how));
  });
  m.def("post_inverse", [](Problem& p, const Ids& f, const Ids& g, int offset, const std::string& how) {
    check_not_solving(p);
    post_inverse(p, f, g, offset, how_of(how));
  });
  m.def("post_regular", [](Problem& p, const Ids& xs, int states, int symbols, const Ints& next, int start,
                           const Ints& accepting, const std::string& how) {
    check_not_solving(p);
    post_regular(p, xs, Automaton{states, symbols, next, start, accepting}, how_of(how));
  });
}

void bind_counting_ordering(py::module_& m) {
  m.def("post_among", [](Problem& p, const Ids& xs, const std::vector<Value>& values, VarId c, const std::string& how) {
    check_not_solving(p);
    post_among(p, xs, values, c, LinearOp::eq, 0, how_of(how));
  });
  m.def("post_global_cardinality", [](Problem& p, const Ids& xs, const std::vector<Value>& cover, const Ids& counts,
                                      bool closed, const std::string& how) {
    check_not_solving(p);
    post_global_cardinality(p, xs, cover, counts, closed, how_of(how));
  });
  m.def("post_global_cardinality_low_up", [](Problem& p, const Ids& xs, const std::vector<Value>& cover,
                                             const Ints& low, const Ints& high, bool closed, const std::string& how) {
    check_not_solving(p);
    post_global_cardinality_low_up(p, xs, cover, low, high, closed, how_of(how));
  });
  m.def("post_nvalue", [](Problem& p, VarId n, const Ids& xs, const std::string& how) {
    check_not_solving(p);
    post_nvalue(p, n, xs, how_of(how));
  });
  m.def("post_increasing", [](Problem& p, const Ids& xs, bool decreasing, const std::string& how) {
    check_not_solving(p);
    post_increasing(p, xs, decreasing, how_of(how));
  });
  m.def("post_lex", [](Problem& p, const Ids& x, const Ids& y, bool strict, const std::string& how) {
    check_not_solving(p);
    post_lex(p, x, y, strict, how_of(how));
  });
  m.def("post_maximum", [](Problem& p, VarId z, const Ids& xs, bool minimum, const std::string& how) {
    check_not_solving(p);
    post_maximum(p, z, xs, minimum, how_of(how));
  });
  m.def("post_arg_max", [](Problem& p, const Ids& xs, VarId z, int offset, bool minimum, const std::string& how) {
    check_not_solving(p);
    post_arg_max(p, xs, z, offset, minimum, how_of(how));
  });
}

void bind_packing(py::module_& m) {
  m.def("post_bin_packing_load",
        [](Problem& p, const Ids& loads, const Ids& bins, const Ints& w, int first, const std::string& how) {
          check_not_solving(p);
          post_bin_packing_load(p, loads, bins, w, first, how_of(how));
        });
  m.def("post_bin_packing_capa",
        [](Problem& p, const Ints& capacities, const Ids& bins, const Ints& w, int first, const std::string& how) {
          check_not_solving(p);
          post_bin_packing_capa(p, capacities, bins, w, first, how_of(how));
        });
  m.def("post_bin_packing", [](Problem& p, int capacity, const Ids& bins, const Ints& w, const std::string& how) {
    check_not_solving(p);
    post_bin_packing(p, capacity, bins, w, how_of(how));
  });
  m.def("post_diffn",
        [](Problem& p, const Ids& x, const Ids& y, const Ids& dx, const Ids& dy, bool strict, const std::string& how) {
          check_not_solving(p);
          post_diffn(p, x, y, dx, dy, strict, how_of(how));
        });
}

}  // namespace

void bind_globals(py::module_& m) {
  bind_scheduling_routing(m);
  bind_counting_ordering(m);
  bind_packing(m);
}

}  // namespace csp::python
