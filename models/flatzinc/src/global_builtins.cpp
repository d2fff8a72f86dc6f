// The FlatZinc builtins of the global constraints: independent checkers on values, posters on csp's globals.
#include "global_builtins.hpp"

#include <algorithm>
#include <climits>
#include <set>

#include "csp/constraints/globals/automaton.hpp"
#include "csp/constraints/globals/counting.hpp"
#include "csp/constraints/globals/ordering.hpp"
#include "csp/constraints/globals/packing.hpp"
#include "csp/constraints/globals/routing.hpp"
#include "csp/constraints/globals/scheduling.hpp"
#include "csp/core/errors.hpp"

namespace csp::models::flatzinc {

namespace {

const std::vector<Term>& array(const Call& c, std::size_t i) { return c.args[i].terms; }

std::vector<long long> values(const Call& c, std::size_t i, const ValueOf& v) {
  std::vector<long long> out;
  for (const Term& t : array(c, i)) out.push_back(value_of(t, v));
  return out;
}
long long value(const Call& c, std::size_t i, const ValueOf& v) { return value_of(c.args[i].terms.front(), v); }

// The argument as an int constant; throws ModelError (the call then falls back to its checker) otherwise.
int constant(const Call& c, std::size_t i) {
  const Term& t = c.args[i].terms.front();
  if (t.is_var() || t.value < INT_MIN || t.value > INT_MAX)
    throw ModelError(c.name + ": argument " + std::to_string(i + 1) + " must be an int constant");
  return static_cast<int>(t.value);
}
std::vector<int> constants(const Call& c, std::size_t i) {
  std::vector<int> out;
  for (const Term& t : array(c, i)) {
    if (t.is_var() || t.value < INT_MIN || t.value > INT_MAX)
      throw ModelError(c.name + ": argument " + std::to_string(i + 1) + " must be int constants");
    out.push_back(static_cast<int>(t.value));
  }
  return out;
}
std::vector<VarId> variables(Poster& p, const Call& c, std::size_t i) {
  std::vector<VarId> out;
  for (const Term& t : array(c, i)) out.push_back(p.variable(t));
  return out;
}

// ---- checkers (on values, independent of the propagators)
// ---------------------------------------------------

bool cumulative_holds(const std::vector<long long>& s, const std::vector<long long>& d, const std::vector<long long>& r,
                      long long b) {
  for (std::size_t i = 0; i < s.size(); ++i) {  // the load at each task's start is the peak candidate
    if (d[i] <= 0 || r[i] <= 0) continue;
    long long load = 0;
    for (std::size_t j = 0; j < s.size(); ++j)
      if (d[j] > 0 && r[j] > 0 && s[j] <= s[i] && s[i] < s[j] + d[j]) load += r[j];
    if (load > b) return false;
  }
  return true;
}

bool circuit_holds(const std::vector<long long>& x, long long offset, bool sub) {
  const auto n = static_cast<long long>(x.size());
  long long in = 0;
  long long start = -1;
  for (long long i = 0; i < n; ++i) {
    const long long j = x[static_cast<std::size_t>(i)] - offset;
    if (j < 0 || j >= n) return false;
    if (j != i) {
      ++in;
      start = i;
    }
  }
  if (start < 0) return sub;  // every node on itself: the empty subcircuit (also of no node), never a circuit
  if (!sub && in != n) return false;
  long long len = 0;
  long long i = start;
  do {
    i = x[static_cast<std::size_t>(i)] - offset;
    ++len;
  } while (i != start && len <= n);
  return len == in;
}

bool regular_holds(const Call& c, const ValueOf& v) {
  const long long states = value(c, 1, v);
  const long long symbols = value(c, 2, v);
  const std::vector<long long> d = values(c, 3, v);
  long long q = value(c, 4, v);
  for (long long s : values(c, 0, v)) {
    if (s < 1 || s > symbols || q < 1 || q > states) return false;
    const std::size_t k = static_cast<std::size_t>((q - 1) * symbols + (s - 1));
    if (k >= d.size() || (q = d[k]) == 0) return false;
  }
  return c.args[5].sets.front().contains(q);
}

bool among_holds(const Call& c, const ValueOf& v) {
  long long n = 0;
  for (long long x : values(c, 0, v)) n += c.args[1].sets.front().contains(x) ? 1 : 0;
  const long long rhs = value(c, 2, v) + value(c, 4, v);
  switch (value(c, 3, v)) {
    case 0:
      return n == rhs;
    case 1:
      return n != rhs;
    case 2:
      return n <= rhs;
    case 3:
      return n >= rhs;
  }
  return false;
}

bool lex_holds(const Call& c, const ValueOf& v) {
  const std::vector<long long> x = values(c, 0, v);
  const std::vector<long long> y = values(c, 1, v);
  return value(c, 2, v) != 0 ? x < y : x <= y;
}

bool inverse_holds(const Call& c, const ValueOf& v) {
  const std::vector<long long> f = values(c, 0, v);
  const std::vector<long long> g = values(c, 1, v);
  const long long offset = value(c, 2, v);
  if (f.size() != g.size()) return false;
  const auto n = static_cast<long long>(f.size());
  for (long long i = 0; i < n; ++i) {
    const long long j = f[static_cast<std::size_t>(i)] - offset;
    if (j < 0 || j >= n || g[static_cast<std::size_t>(j)] != i + offset) return false;
  }
  return true;
}

// bins[i] in first..first + m - 1 (m = loads.size()) and loads[k] the weight of bin first + k; with `capacities`
// (loads empty), the weight of bin first + k at most capacities[k]; `any_bin`: every bin value allowed, one capacity.
bool bin_packing_holds(const std::vector<long long>& bins, const std::vector<long long>& w,
                       const std::vector<long long>& loads, const std::vector<long long>& capacities, long long first) {
  std::vector<long long> load(std::max(loads.size(), capacities.size()), 0);
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const long long k = bins[i] - first;
    if (k < 0 || k >= static_cast<long long>(load.size())) return false;
    load[static_cast<std::size_t>(k)] += w[i];
  }
  for (std::size_t k = 0; k < load.size(); ++k)
    if (loads.empty() ? load[k] > capacities[k] : load[k] != loads[k]) return false;
  return true;
}

bool bin_packing_one_capacity_holds(const Call& c, const ValueOf& v) {
  const std::vector<long long> bins = values(c, 1, v);
  const std::vector<long long> w = values(c, 2, v);
  for (long long b : bins) {
    long long load = 0;
    for (std::size_t i = 0; i < bins.size(); ++i) load += bins[i] == b ? w[i] : 0;
    if (load > value(c, 0, v)) return false;
  }
  return true;
}

bool arg_max_holds(const Call& c, const ValueOf& v) {
  const std::vector<long long> x = values(c, 0, v);
  if (x.empty()) return false;
  const auto best = value(c, 3, v) != 0 ? std::min_element(x.begin(), x.end()) : std::max_element(x.begin(), x.end());
  return value(c, 1, v) == value(c, 2, v) + (best - x.begin());
}

bool diffn_holds(const Call& c, const ValueOf& v) {
  const std::vector<long long> x = values(c, 0, v);
  const std::vector<long long> y = values(c, 1, v);
  const std::vector<long long> dx = values(c, 2, v);
  const std::vector<long long> dy = values(c, 3, v);
  const bool strict = value(c, 4, v) != 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      if (!strict && (dx[i] == 0 || dx[j] == 0 || dy[i] == 0 || dy[j] == 0)) continue;
      if (x[i] + dx[i] > x[j] && x[j] + dx[j] > x[i] && y[i] + dy[i] > y[j] && y[j] + dy[j] > y[i]) return false;
    }
  return true;
}

// ---- posters
// ------------------------------------------------------------------------------------------------

std::vector<Value> set_values(const Call& c, std::size_t i) {
  const IntSet& s = c.args[i].sets.front();
  if (s.size() > (1 << 20)) throw ModelError(c.name + ": set too large");
  std::vector<Value> out;
  for (const auto& [lo, hi] : s.ranges)
    for (long long x = std::max<long long>(lo, INT_MIN); x <= std::min<long long>(hi, INT_MAX); ++x)
      out.push_back(static_cast<Value>(x));
  return out;
}

bool post_regular(Poster& p, const Call& c) {
  Automaton a;
  a.states = constant(c, 1);
  a.symbols = constant(c, 2);
  a.next = constants(c, 3);
  a.start = constant(c, 4);
  for (Value q : set_values(c, 5)) a.accepting.push_back(q);
  if (array(c, 0).empty()) return std::find(a.accepting.begin(), a.accepting.end(), a.start) != a.accepting.end();
  csp::post_regular(p.problem(), variables(p, c, 0), a, p.globals(), c.name + ":" + std::to_string(c.line));
  return true;
}

bool post_among(Poster& p, const Call& c) {
  const std::vector<Value> set = set_values(c, 1);
  const int op = constant(c, 3);
  if (op < 0 || op > 3) throw ModelError(c.name + ": relation code " + std::to_string(op) + " (expected 0..3)");
  const LinearOp ops[] = {LinearOp::eq, LinearOp::ne, LinearOp::le, LinearOp::ge};
  if (set.empty() || array(c, 0).empty()) throw ModelError(c.name + ": nothing to count");  // the checker decides
  csp::post_among(p.problem(), variables(p, c, 0), set, p.variable(c.args[2].terms.front()),
                  ops[static_cast<std::size_t>(op)], constant(c, 4), p.globals(),
                  c.name + ":" + std::to_string(c.line));
  return true;
}

// The packing and counting builtins (nvalue, bin packing, arg_max, diffn).
void add_packing_builtins(std::vector<Builtin>& b) {
  const auto at = [](const Call& c) { return c.name + ":" + std::to_string(c.line); };
  b.push_back({"csp_nvalue", "va",
               [](const Call& c, const ValueOf& v) {
                 const std::vector<long long> x = values(c, 1, v);
                 return value(c, 0, v) == static_cast<long long>(std::set<long long>(x.begin(), x.end()).size());
               },
               [at](Poster& p, const Call& c) {
                 csp::post_nvalue(p.problem(), p.variable(c.args[0].terms.front()), variables(p, c, 1), p.globals(),
                                  at(c));
                 return true;
               }});
  b.push_back({"csp_bin_packing_load", "aaav",
               [](const Call& c, const ValueOf& v) {
                 return bin_packing_holds(values(c, 1, v), values(c, 2, v), values(c, 0, v), {}, value(c, 3, v));
               },
               [at](Poster& p, const Call& c) {
                 csp::post_bin_packing_load(p.problem(), variables(p, c, 0), variables(p, c, 1), constants(c, 2),
                                            constant(c, 3), p.globals(), at(c));
                 return true;
               }});
  b.push_back({"csp_bin_packing_capa", "aaav",
               [](const Call& c, const ValueOf& v) {
                 return bin_packing_holds(values(c, 1, v), values(c, 2, v), {}, values(c, 0, v), value(c, 3, v));
               },
               [at](Poster& p, const Call& c) {
                 const std::vector<int> capacities = constants(c, 0);
                 if (array(c, 1).empty())
                   return std::all_of(capacities.begin(), capacities.end(), [](int k) { return k >= 0; });
                 csp::post_bin_packing_capa(p.problem(), capacities, variables(p, c, 1), constants(c, 2),
                                            constant(c, 3), p.globals(), at(c));
                 return true;
               }});
  b.push_back({"csp_bin_packing", "vaa", bin_packing_one_capacity_holds, [at](Poster& p, const Call& c) {
                 csp::post_bin_packing(p.problem(), constant(c, 0), variables(p, c, 1), constants(c, 2), p.globals(),
                                       at(c));
                 return true;
               }});
  b.push_back({"csp_arg_max_int", "avvv", arg_max_holds, [at](Poster& p, const Call& c) {
                 csp::post_arg_max(p.problem(), variables(p, c, 0), p.variable(c.args[1].terms.front()), constant(c, 2),
                                   constant(c, 3) != 0, p.globals(), at(c));
                 return true;
               }});
  b.push_back({"csp_diffn", "aaaav", diffn_holds, [at](Poster& p, const Call& c) {
                 csp::post_diffn(p.problem(), variables(p, c, 0), variables(p, c, 1), variables(p, c, 2),
                                 variables(p, c, 3), constant(c, 4) != 0, p.globals(), at(c));
                 return true;
               }});
}

}  // namespace

std::vector<Builtin> global_builtins() {
  const auto at = [](const Call& c) { return c.name + ":" + std::to_string(c.line); };
  std::vector<Builtin> b;
  b.push_back({"csp_cumulative", "aaav",
               [](const Call& c, const ValueOf& v) {
                 return cumulative_holds(values(c, 0, v), values(c, 1, v), values(c, 2, v), value(c, 3, v));
               },
               [at](Poster& p, const Call& c) {
                 csp::post_cumulative(p.problem(), variables(p, c, 0), constants(c, 1), constants(c, 2), constant(c, 3),
                                      p.globals(), at(c));
                 return true;
               }});
  for (const bool sub : {false, true})
    b.push_back({sub ? "csp_subcircuit" : "csp_circuit", "av",
                 [sub](const Call& c, const ValueOf& v) { return circuit_holds(values(c, 0, v), value(c, 1, v), sub); },
                 [sub, at](Poster& p, const Call& c) {
                   if (array(c, 0).empty()) return sub;
                   if (sub)
                     csp::post_subcircuit(p.problem(), variables(p, c, 0), constant(c, 1), p.globals(), at(c));
                   else
                     csp::post_circuit(p.problem(), variables(p, c, 0), constant(c, 1), p.globals(), at(c));
                   return true;
                 }});
  b.push_back({"csp_inverse", "aav", inverse_holds, [at](Poster& p, const Call& c) {
                 csp::post_inverse(p.problem(), variables(p, c, 0), variables(p, c, 1), constant(c, 2), p.globals(),
                                   at(c));
                 return true;
               }});
  b.push_back({"csp_regular", "avvavs", regular_holds, post_regular});
  b.push_back({"csp_among", "asvvv", among_holds, post_among});
  for (const bool down : {false, true})
    b.push_back({down ? "csp_decreasing_int" : "csp_increasing_int", "a",
                 [down](const Call& c, const ValueOf& v) {
                   const std::vector<long long> x = values(c, 0, v);
                   return down ? std::is_sorted(x.rbegin(), x.rend()) : std::is_sorted(x.begin(), x.end());
                 },
                 [down, at](Poster& p, const Call& c) {
                   csp::post_increasing(p.problem(), variables(p, c, 0), down, p.globals(), at(c));
                   return true;
                 }});
  b.push_back({"csp_lex_int", "aav", lex_holds, [at](Poster& p, const Call& c) {
                 const bool strict = constant(c, 2) != 0;
                 if (array(c, 0).empty() && array(c, 1).empty()) return !strict;
                 csp::post_lex(p.problem(), variables(p, c, 0), variables(p, c, 1), strict, p.globals(), at(c));
                 return true;
               }});
  for (const bool minimum : {false, true})
    b.push_back({minimum ? "array_int_minimum" : "array_int_maximum", "va",
                 [minimum](const Call& c, const ValueOf& v) {
                   const std::vector<long long> x = values(c, 1, v);
                   if (x.empty()) return false;
                   return value(c, 0, v) ==
                          (minimum ? *std::min_element(x.begin(), x.end()) : *std::max_element(x.begin(), x.end()));
                 },
                 [minimum, at](Poster& p, const Call& c) {
                   csp::post_maximum(p.problem(), p.variable(c.args[0].terms.front()), variables(p, c, 1), minimum,
                                     p.globals(), at(c));
                   return true;
                 }});
  add_packing_builtins(b);
  return b;
}

}  // namespace csp::models::flatzinc
