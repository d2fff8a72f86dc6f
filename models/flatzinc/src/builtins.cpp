// The FlatZinc builtins: checkers (independent of the propagators) and posters. Every builtin is posted with an
// engine constraint (linear, all-different, table, reified, boolean, element, arithmetic); a call shape the engine
// refuses is posted as its checker (CheckedConstraint).
#include "csp/models/flatzinc/builtins.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <unordered_map>

#include "checked_constraint.hpp"
#include "global_builtins.hpp"

namespace csp::models::flatzinc {

// ---------------------------------------------------------------------------------------------------------------
// Poster

VarId Poster::variable(const Term& t) {
  if (t.is_var()) return t.var;
  for (const auto& [v, x] : constants_)
    if (v == t.value) return x;
  if (t.value < INT_MIN || t.value > INT_MAX)
    throw ModelError("constant " + std::to_string(t.value) + " does not fit in 32 bits (csp takes " +
                     std::to_string(INT_MIN) + ".." + std::to_string(INT_MAX) + " as a constant argument)");
  const auto v = static_cast<Value>(t.value);
  const VarId x = problem_.add_variable("const:" + std::to_string(t.value), std::vector<Value>{v});
  constants_.emplace_back(t.value, x);
  return x;
}

bool Poster::restrict(VarId x, const std::function<bool(long long)>& allowed) {
  const Domain& d = problem_.initial_domain(x);
  const Variable& var = problem_.variable(x);
  std::vector<Value> keep;
  bool removed = false;
  for (int i = d.min(); i >= 0; i = d.next(i)) {
    if (allowed(var.value(i)))
      keep.push_back(var.value(i));
    else
      removed = true;
  }
  if (keep.empty()) return false;
  if (removed) problem_.restrict_domain(x, keep);
  return true;
}

bool Poster::restrict_range(VarId x, long long lo, long long hi) {
  const Domain& d = problem_.initial_domain(x);
  if (d.empty()) return false;
  const Variable& var = problem_.variable(x);
  lo = std::max<long long>(lo, var.value(d.min()));
  hi = std::min<long long>(hi, var.value(d.max()));
  if (lo > hi ||
      d.count_in(var.lower_index(static_cast<Value>(lo)), var.lower_index(static_cast<Value>(hi + 1)) - 1) == 0)
    return false;
  problem_.restrict_range(x, static_cast<Value>(lo), static_cast<Value>(hi));
  return true;
}

namespace {

using Check = std::function<bool(const Call&, const ValueOf&)>;

// A domain this large is not listed value by value while posting (a `var int` without bounds has 2^31 - 1 values).
constexpr int kListedValues = 1 << 16;

long long floor_div(long long a, long long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
long long ceil_div(long long a, long long b) { return a / b + ((a % b != 0) && ((a < 0) == (b < 0))); }

const Term& term(const Call& c, std::size_t i) { return c.args[i].terms.front(); }
const std::vector<Term>& array(const Call& c, std::size_t i) { return c.args[i].terms; }
long long val(const Call& c, std::size_t i, const ValueOf& v) { return value_of(term(c, i), v); }

// ---- posting ------------------------------------------------------------------------------------------------

// The constants of an array of coefficients. Throws ModelError when one is a variable or does not fit an int.
std::vector<long long> constants(const Call& c, std::size_t i) {
  std::vector<long long> out;
  out.reserve(array(c, i).size());
  for (const Term& t : array(c, i)) {
    if (t.is_var()) throw ModelError(c.name + ": argument " + std::to_string(i + 1) + " must be constants");
    out.push_back(t.value);
  }
  return out;
}

// The coefficient of a merged variable as the engine takes it: an int. Throws ModelError naming the limit.
int engine_coefficient(const std::string& name, long long a) {
  if (a < INT_MIN || a > INT_MAX)
    throw ModelError(name + ": coefficient " + std::to_string(a) +
                     " is beyond the 32-bit range csp takes (|a| <= " + std::to_string(INT_MAX) + ")");
  return static_cast<int>(a);
}

// Folds the constant terms of sum(coefficients[i] * terms[i]) into rhs and merges repeated variables (their
// coefficients add up), in checked 64-bit arithmetic: a fold that overflows is a ModelError, never a wrapped sum.
// The variables of a folded sum with their coefficients, by variable (a sorted vector: no node per term).
using MergedTerms = std::vector<std::pair<VarId, long long>>;

MergedTerms fold_linear(const std::string& name, const std::vector<Term>& terms,
                        const std::vector<long long>& coefficients, long long& rhs) {
  if (terms.size() != coefficients.size())
    throw ModelError(name + ": " + std::to_string(coefficients.size()) + " coefficients for " +
                     std::to_string(terms.size()) + " variables");
  MergedTerms merged;
  merged.reserve(terms.size());
  const auto overflow = [&name] { return ModelError(name + ": the sum of its constant terms overflows 64 bits"); };
  for (std::size_t i = 0; i < terms.size(); ++i) {
    long long product = 0;
    if (terms[i].is_var()) {
      merged.emplace_back(terms[i].var, coefficients[i]);
    } else if (__builtin_mul_overflow(coefficients[i], terms[i].value, &product) ||
               __builtin_sub_overflow(rhs, product, &rhs)) {
      throw overflow();
    }
  }
  std::sort(merged.begin(), merged.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < merged.size(); ++i) {
    if (kept > 0 && merged[kept - 1].first == merged[i].first) {
      if (__builtin_add_overflow(merged[kept - 1].second, merged[i].second, &merged[kept - 1].second)) throw overflow();
    } else {
      merged[kept++] = merged[i];
    }
  }
  merged.resize(kept);
  return merged;
}

// sum(coefficients[i] * terms[i]) OP rhs with constants folded into rhs and repeated variables merged.
bool post_linear(Poster& p, const std::string& name, const std::vector<Term>& terms,
                 const std::vector<long long>& coefficients, LinearOp op, long long rhs) {
  const MergedTerms merged = fold_linear(name, terms, coefficients, rhs);
  std::vector<VarId> scope;
  std::vector<int> coeffs;
  scope.reserve(merged.size());
  coeffs.reserve(merged.size());
  for (const auto& [x, a] : merged) {
    if (a == 0) continue;
    engine_coefficient(name, a);
    scope.push_back(x);
    coeffs.push_back(static_cast<int>(a));
  }
  const auto holds = [op](long long lhs, long long r) {
    switch (op) {
      case LinearOp::eq:
        return lhs == r;
      case LinearOp::ne:
        return lhs != r;
      case LinearOp::le:
        return lhs <= r;
      case LinearOp::ge:
        return lhs >= r;
    }
    return false;
  };
  if (scope.empty()) return holds(0, rhs);
  if (scope.size() == 1) {  // unary: a domain restriction
    const long long a = coeffs[0];
    if (p.problem().initial_domain(scope[0]).size() <= kListedValues)
      return p.restrict(scope[0], [&](long long v) { return holds(a * v, rhs); });
    switch (op) {  // a wide domain: bounds, never a list of values
      case LinearOp::eq:
        return rhs % a == 0 && p.restrict_range(scope[0], rhs / a, rhs / a);
      case LinearOp::le:
        return a > 0 ? p.restrict_range(scope[0], LLONG_MIN, floor_div(rhs, a))
                     : p.restrict_range(scope[0], ceil_div(rhs, a), LLONG_MAX);
      case LinearOp::ge:
        return a > 0 ? p.restrict_range(scope[0], ceil_div(rhs, a), LLONG_MAX)
                     : p.restrict_range(scope[0], LLONG_MIN, floor_div(rhs, a));
      case LinearOp::ne:
        break;  // one hole: the engine's linear constraint makes it
    }
  }
  p.problem().add_linear(scope, coeffs, op, rhs, name);
  return true;
}

// x - y OP rhs.
bool post_difference(Poster& p, const Call& c, LinearOp op, long long rhs) {
  return post_linear(p, c.name, {term(c, 0), term(c, 1)}, {1, -1}, op, rhs);
}

// The call as a CheckedConstraint over its variables (a constant check when it has none).
bool post_checked(Poster& p, const Call& c, const Check& check) {
  std::vector<VarId> scope;
  for (const Arg& a : c.args)
    for (const Term& t : a.terms)
      if (t.is_var()) scope.push_back(t.var);
  std::sort(scope.begin(), scope.end());
  scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
  if (scope.empty()) return check(c, [](VarId) { return 0LL; });
  long long product = 1;
  for (VarId x : scope) {
    product *= p.problem().initial_domain(x).size();
    if (product > CheckedConstraint::kFullSupportLimit) break;
  }
  const bool full = scope.size() <= 3 && product <= CheckedConstraint::kFullSupportLimit;
  auto pred = [c, check, scope](std::span<const Value> values) {
    return check(c, [&](VarId x) {
      const auto it = std::lower_bound(scope.begin(), scope.end(), x);
      return static_cast<long long>(values[static_cast<std::size_t>(it - scope.begin())]);
    });
  };
  p.problem().add_constraint(
      std::make_unique<CheckedConstraint>(scope, pred, c.name + ":" + std::to_string(c.line), full));
  return true;
}

// ---- checkers -----------------------------------------------------------------------------------------------

__extension__ using Wide = __int128;  // any sum of FlatZinc products of two 64-bit values

// In 128 bits: 64-bit coefficients times values never wrap.
Wide lin_sum(const Call& c, const ValueOf& v) {
  const std::vector<Term>& a = array(c, 0);
  const std::vector<Term>& x = array(c, 1);
  Wide s = 0;
  for (std::size_t i = 0; i < a.size() && i < x.size(); ++i)
    s += static_cast<Wide>(value_of(a[i], v)) * value_of(x[i], v);
  return s;
}

// x ^ y as MiniZinc 2.6 defines int_pow (its stdlib, flatzinc_builtins.mzn): 1 div x^|y| for y < 0, undefined
// for x = 0 there. False where it is undefined or does not fit in 64 bits.
bool power(long long x, long long y, long long& out) {
  if (y < 0) {
    if (x == 0) return false;
    out = x == 1 ? 1 : (x == -1 ? (y % 2 == 0 ? 1 : -1) : 0);
    return true;
  }
  long long r = 1;
  for (long long i = 0; i < y; ++i) {
    if (__builtin_mul_overflow(r, x, &r)) return false;
    if (r == 0 || r == 1) break;
  }
  if (x == -1) r = (y % 2 == 0) ? 1 : -1;
  out = r;
  return true;
}

bool element(const std::vector<Term>& array, long long index, long long result, const ValueOf& v) {
  return index >= 1 && index <= static_cast<long long>(array.size()) &&
         value_of(array[static_cast<std::size_t>(index - 1)], v) == result;
}

bool in_set(const Call& c, std::size_t i, long long x) { return c.args[i].sets.front().contains(x); }

// Relations without their reification variable (the last argument of a _reif / _imp form).
const std::map<std::string, std::pair<std::string, Check>>& relations() {
  static const std::map<std::string, std::pair<std::string, Check>> r = {
      {"int_eq", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) == val(c, 1, v); }}},
      {"int_ne", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) != val(c, 1, v); }}},
      {"int_le", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) <= val(c, 1, v); }}},
      {"int_lt", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) < val(c, 1, v); }}},
      {"int_lin_eq", {"aav", [](const Call& c, const ValueOf& v) { return lin_sum(c, v) == val(c, 2, v); }}},
      {"int_lin_ne", {"aav", [](const Call& c, const ValueOf& v) { return lin_sum(c, v) != val(c, 2, v); }}},
      {"int_lin_le", {"aav", [](const Call& c, const ValueOf& v) { return lin_sum(c, v) <= val(c, 2, v); }}},
      {"bool_eq", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) == val(c, 1, v); }}},
      {"bool_le", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) <= val(c, 1, v); }}},
      {"bool_lt", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) < val(c, 1, v); }}},
      {"bool_and", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) != 0 && val(c, 1, v) != 0; }}},
      {"bool_or", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) != 0 || val(c, 1, v) != 0; }}},
      {"bool_xor", {"vv", [](const Call& c, const ValueOf& v) { return (val(c, 0, v) != 0) != (val(c, 1, v) != 0); }}},
      {"bool_clause",
       {"aa",
        [](const Call& c, const ValueOf& v) {
          for (const Term& t : array(c, 0))
            if (value_of(t, v) != 0) return true;
          for (const Term& t : array(c, 1))
            if (value_of(t, v) == 0) return true;
          return false;
        }}},
      {"array_bool_and",
       {"a",
        [](const Call& c, const ValueOf& v) {
          return std::all_of(array(c, 0).begin(), array(c, 0).end(),
                             [&](const Term& t) { return value_of(t, v) != 0; });
        }}},
      {"array_bool_or",
       {"a",
        [](const Call& c, const ValueOf& v) {
          return std::any_of(array(c, 0).begin(), array(c, 0).end(),
                             [&](const Term& t) { return value_of(t, v) != 0; });
        }}},
      {"array_bool_xor",
       {"a",
        [](const Call& c, const ValueOf& v) {
          long long ones = 0;
          for (const Term& t : array(c, 0)) ones += value_of(t, v) != 0 ? 1 : 0;
          return ones % 2 == 1;
        }}},
      {"int_in", {"vs", [](const Call& c, const ValueOf& v) { return in_set(c, 1, val(c, 0, v)); }}},
      {"set_in", {"vs", [](const Call& c, const ValueOf& v) { return in_set(c, 1, val(c, 0, v)); }}},
  };
  return r;
}

// Functional builtins (no reified form).
const std::map<std::string, std::pair<std::string, Check>>& functions() {
  static const std::map<std::string, std::pair<std::string, Check>> f = {
      {"int_plus",
       {"vvv", [](const Call& c,
                  const ValueOf& v) { return static_cast<Wide>(val(c, 0, v)) + val(c, 1, v) == val(c, 2, v); }}},
      {"int_times",
       {"vvv", [](const Call& c,
                  const ValueOf& v) { return static_cast<Wide>(val(c, 0, v)) * val(c, 1, v) == val(c, 2, v); }}},
      {"int_div",
       {"vvv",
        [](const Call& c, const ValueOf& v) {
          const long long y = val(c, 1, v);
          return y != 0 && val(c, 0, v) / y == val(c, 2, v);
        }}},
      {"int_mod",
       {"vvv",
        [](const Call& c, const ValueOf& v) {
          const long long y = val(c, 1, v);
          return y != 0 && val(c, 0, v) % y == val(c, 2, v);
        }}},
      {"int_abs", {"vv", [](const Call& c, const ValueOf& v) { return std::llabs(val(c, 0, v)) == val(c, 1, v); }}},
      {"int_min",
       {"vvv", [](const Call& c, const ValueOf& v) { return std::min(val(c, 0, v), val(c, 1, v)) == val(c, 2, v); }}},
      {"int_max",
       {"vvv", [](const Call& c, const ValueOf& v) { return std::max(val(c, 0, v), val(c, 1, v)) == val(c, 2, v); }}},
      {"int_pow",
       {"vvv",
        [](const Call& c, const ValueOf& v) {
          long long r = 0;
          return power(val(c, 0, v), val(c, 1, v), r) && r == val(c, 2, v);
        }}},
      {"bool_not", {"vv", [](const Call& c, const ValueOf& v) { return (val(c, 0, v) != 0) != (val(c, 1, v) != 0); }}},
      {"bool2int", {"vv", [](const Call& c, const ValueOf& v) { return val(c, 0, v) == val(c, 1, v); }}},
      {"bool_lin_eq", {"aav", [](const Call& c, const ValueOf& v) { return lin_sum(c, v) == val(c, 2, v); }}},
      {"bool_lin_le", {"aav", [](const Call& c, const ValueOf& v) { return lin_sum(c, v) <= val(c, 2, v); }}},
      {"array_int_element",
       {"vav", [](const Call& c, const ValueOf& v) { return element(array(c, 1), val(c, 0, v), val(c, 2, v), v); }}},
      {"array_var_int_element",
       {"vav", [](const Call& c, const ValueOf& v) { return element(array(c, 1), val(c, 0, v), val(c, 2, v), v); }}},
      {"array_bool_element",
       {"vav", [](const Call& c, const ValueOf& v) { return element(array(c, 1), val(c, 0, v), val(c, 2, v), v); }}},
      {"array_var_bool_element",
       {"vav", [](const Call& c, const ValueOf& v) { return element(array(c, 1), val(c, 0, v), val(c, 2, v), v); }}},
      {"fzn_all_different_int",
       {"a",
        [](const Call& c, const ValueOf& v) {
          std::vector<long long> values;
          for (const Term& t : array(c, 0)) values.push_back(value_of(t, v));
          std::sort(values.begin(), values.end());
          return std::adjacent_find(values.begin(), values.end()) == values.end();
        }}},
      {"csp_table_int",
       {"aa",
        [](const Call& c, const ValueOf& v) {
          const std::vector<Term>& x = array(c, 0);
          const std::vector<Term>& t = array(c, 1);
          if (x.empty() || t.size() % x.size() != 0) return false;
          for (std::size_t row = 0; row < t.size(); row += x.size()) {
            bool match = true;
            for (std::size_t j = 0; j < x.size() && match; ++j) match = value_of(x[j], v) == t[row + j].value;
            if (match) return true;
          }
          return false;
        }}},
  };
  return f;
}

// ---- native posters (everything else is posted as its checker) ---------------------------------------------

using Post = std::function<bool(Poster&, const Call&)>;

bool post_all_different(Poster& p, const Call& c) {
  std::vector<VarId> scope;
  for (const Term& t : array(c, 0)) scope.push_back(p.variable(t));
  std::vector<VarId> sorted = scope;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;  // x and x, or 5 and 5
  if (scope.size() >= 2)
    p.problem().add_all_different(scope, p.all_different_mode(), c.name + ":" + std::to_string(c.line));
  return true;
}

bool post_table(Poster& p, const Call& c) {
  const std::vector<Term>& xs = array(c, 0);
  const std::vector<long long> flat = constants(c, 1);
  if (xs.empty() || flat.size() % xs.size() != 0)
    throw ModelError(c.name + ": the table has " + std::to_string(flat.size()) + " values, not a multiple of " +
                     std::to_string(xs.size()));
  std::vector<VarId> scope;
  for (const Term& t : xs) scope.push_back(p.variable(t));
  std::vector<VarId> sorted = scope;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return post_checked(p, c, functions().at("csp_table_int").second);  // a variable twice in the scope
  std::vector<std::vector<Value>> rows;
  for (std::size_t r = 0; r < flat.size(); r += xs.size()) {
    std::vector<Value> row;
    bool fits = true;
    for (std::size_t j = 0; j < xs.size() && fits; ++j) {
      const long long v = flat[r + j];
      fits = v >= INT_MIN && v <= INT_MAX && p.problem().variable(scope[j]).index_of(static_cast<Value>(v)) >= 0;
      row.push_back(static_cast<Value>(v));
    }
    if (fits) rows.push_back(std::move(row));
  }
  if (rows.empty()) return false;
  p.problem().add_table(scope, rows, c.name + ":" + std::to_string(c.line));
  return true;
}

bool post_in(Poster& p, const Call& c) {
  const IntSet& s = c.args[1].sets.front();
  const Term& x = term(c, 0);
  if (!x.is_var()) return s.contains(x.value);
  if (s.ranges.empty()) return false;
  if (p.problem().initial_domain(x.var).size() > kListedValues) {  // a wide domain: the set's span, then its values
    if (!p.restrict_range(x.var, s.ranges.front().first, s.ranges.back().second)) return false;
    if (s.ranges.size() == 1) return true;
    if (s.size() <= kListedValues) {
      const Domain& d = p.problem().initial_domain(x.var);
      const Variable& var = p.problem().variable(x.var);
      std::vector<Value> keep;
      for (const auto& [lo, hi] : s.ranges)
        for (long long v = lo; v <= hi; ++v) {
          const int i = var.index_of(static_cast<Value>(v));
          if (i >= 0 && d.contains(i)) keep.push_back(static_cast<Value>(v));
        }
      if (keep.empty()) return false;
      p.problem().restrict_domain(x.var, keep);
      return true;
    }
  }
  return p.restrict(x.var, [&](long long v) { return s.contains(v); });
}

const std::map<std::string, Post>& native_posters() {
  static const std::map<std::string, Post> m = {
      {"int_eq", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::eq, 0); }},
      {"int_ne", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::ne, 0); }},
      {"int_le", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::le, 0); }},
      {"int_lt", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::le, -1); }},
      {"bool_eq", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::eq, 0); }},
      {"bool_le", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::le, 0); }},
      {"bool_lt", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::le, -1); }},
      {"bool2int", [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::eq, 0); }},
      {"bool_not",
       [](Poster& p, const Call& c) {
         return post_linear(p, c.name, {term(c, 0), term(c, 1)}, {1, 1}, LinearOp::eq, 1);
       }},
      {"int_plus",
       [](Poster& p, const Call& c) {
         return post_linear(p, c.name, {term(c, 0), term(c, 1), term(c, 2)}, {1, 1, -1}, LinearOp::eq, 0);
       }},
      {"fzn_all_different_int", post_all_different},
      {"csp_table_int", post_table},
      {"int_in", post_in},
      {"set_in", post_in},
  };
  return m;
}

// int_lin_*(as, xs, c) and bool_lin_*(as, xs, c): c may be a variable (bool_lin_*), so it joins the sum.
Post linear_poster(LinearOp op, long long shift) {
  return [op, shift](Poster& p, const Call& c) {
    std::vector<Term> terms;
    terms.reserve(array(c, 1).size() + 1);
    terms.assign(array(c, 1).begin(), array(c, 1).end());
    std::vector<long long> coefficients = constants(c, 0);
    coefficients.reserve(coefficients.size() + 1);
    if (terms.size() != coefficients.size())
      throw ModelError(c.name + ": " + std::to_string(coefficients.size()) + " coefficients for " +
                       std::to_string(terms.size()) + " variables");
    terms.push_back(term(c, 2));
    coefficients.push_back(-1);
    return post_linear(p, c.name, terms, coefficients, op, shift);
  };
}

// ---- the engine's reified, boolean, element and arithmetic constraints ---------------------------------------

std::vector<VarId> variables(Poster& p, const std::vector<Term>& terms) {
  std::vector<VarId> out;
  for (const Term& t : terms) out.push_back(p.variable(t));
  return out;
}

// Values of a variable's domain for which a reification against a constant is turned into a membership (its
// values are listed once, at posting).
constexpr long long kMemberReifValues = 1 << 16;

// b <-> sum(coefficients[i] * terms[i]) OP rhs (or ->), constants folded into rhs and repeated variables merged. A
// relation left with no variable fixes b (its truth; implication: b = 0 when false); one left with one variable x
// is b <-> x in {values of x's domain that satisfy it} (MemberReif: domain consistent and cheaper than the
// general bounds reasoning), up to kMemberReifValues values; the rest is the engine's LinearReif.
bool post_linear_reif(Poster& p, const std::string& name, const std::vector<Term>& terms,
                      const std::vector<long long>& coefficients, LinearOp op, long long rhs, const Term& b,
                      Reification how) {
  MergedTerms merged = fold_linear(name, terms, coefficients, rhs);
  std::erase_if(merged, [](const auto& entry) { return entry.second == 0; });
  const auto holds = [op](long long lhs, long long r) {
    switch (op) {
      case LinearOp::eq:
        return lhs == r;
      case LinearOp::ne:
        return lhs != r;
      case LinearOp::le:
        return lhs <= r;
      case LinearOp::ge:
        return lhs >= r;
    }
    return false;
  };
  const VarId r = p.variable(b);
  if (merged.empty()) {
    const bool truth = holds(0, rhs);
    if (how == Reification::implication && truth) return true;
    return p.restrict(r, [truth](long long v) { return v == (truth ? 1 : 0); });
  }
  if (merged.size() == 1 && merged.begin()->first != r) {
    const auto [x, a] = *merged.begin();
    const Domain& d = p.problem().initial_domain(x);
    if (d.size() <= kMemberReifValues) {
      const Variable& var = p.problem().variable(x);
      std::vector<Value> values;
      for (int i = d.min(); i >= 0; i = d.next(i))
        if (holds(a * static_cast<long long>(var.value(i)), rhs)) values.push_back(var.value(i));
      p.problem().add_member_reif(x, std::move(values), r, how);
      return true;
    }
  }
  std::vector<VarId> scope;
  std::vector<int> coeffs;
  for (const auto& [x, a] : merged) {
    scope.push_back(x);
    coeffs.push_back(engine_coefficient(name, a));
  }
  p.problem().add_linear_reif(scope, coeffs, op, rhs, r, how);
  return true;
}

// x OP y + rhs  <->  r  (or ->): int_eq_reif, int_le_imp, bool_xor_reif, ...
Post compare_reif(LinearOp op, long long rhs, Reification how) {
  return [op, rhs, how](Poster& p, const Call& c) {
    return post_linear_reif(p, c.name, {term(c, 0), term(c, 1)}, {1, -1}, op, rhs, term(c, 2), how);
  };
}

// sum(as * xs) OP c  <->  r  (or ->): int_lin_*_reif / _imp.
Post linear_reif(LinearOp op, Reification how) {
  return [op, how](Poster& p, const Call& c) {
    const Term& rhs = term(c, 2);
    if (rhs.is_var()) throw ModelError(c.name + ": the right-hand side must be a constant");
    return post_linear_reif(p, c.name, array(c, 1), constants(c, 0), op, rhs.value, term(c, 3), how);
  };
}

// r <-> and(xs) / or(xs), from an array (array_bool_and(as, r)) or two terms (bool_and(a, b, r)).
// The boolean terms with their constants folded: those equal to `neutral` dropped (true in a conjunction, false in a
// disjunction or a parity); for a conjunction or disjunction one `absorbing` constant (the other value) stands for
// them all, since it decides the result. Keeps the scope of a propagator that reads every literal at each call to its
// variables (parity-learning's array_bool_xor listed 11 constants among 23).
std::vector<Term> folded_booleans(const std::vector<Term>& terms, long long neutral, bool absorbing) {
  std::vector<Term> out;
  for (const Term& t : terms) {
    if (t.is_var()) {
      out.push_back(t);
    } else if ((t.value != 0) != (neutral != 0) && absorbing) {
      return {t};
    }
  }
  return out;
}

Post junction(bool conjunction, bool from_array) {
  return [conjunction, from_array](Poster& p, const Call& c) {
    std::vector<VarId> xs;
    if (from_array) {
      const std::vector<Term> kept = folded_booleans(array(c, 0), conjunction ? 1 : 0, true);
      xs = variables(p, kept.empty() ? array(c, 0) : kept);  // all neutral: the constants decide (and of none)
    } else {
      xs = {p.variable(term(c, 0)), p.variable(term(c, 1))};
    }
    const VarId r = p.variable(term(c, from_array ? 1 : 2));
    if (conjunction)
      p.problem().add_and_reif(xs, r);
    else
      p.problem().add_or_reif(xs, r);
    return true;
  };
}

bool post_constant_element(Poster& p, const Call& c) {
  std::vector<Value> values;
  for (long long v : constants(c, 1)) {
    if (v < INT_MIN || v > INT_MAX) throw ModelError(c.name + ": array value " + std::to_string(v) + " too large");
    values.push_back(static_cast<Value>(v));
  }
  p.problem().add_element(p.variable(term(c, 0)), values, p.variable(term(c, 2)), 1);
  return true;
}

Post member_reif(Reification how) {
  return [how](Poster& p, const Call& c) {
    const IntSet& s = c.args[1].sets.front();
    if (s.size() > (1 << 20)) throw ModelError(c.name + ": set too large for a native membership");
    std::vector<Value> values;
    for (const auto& [lo, hi] : s.ranges)
      for (long long v = std::max<long long>(lo, INT_MIN); v <= std::min<long long>(hi, INT_MAX); ++v)
        values.push_back(static_cast<Value>(v));
    p.problem().add_member_reif(p.variable(term(c, 0)), values, p.variable(term(c, 2)), how);
    return true;
  };
}

// The call with each repeated variable after its first occurrence replaced by a fresh copy, x' = x posted: the
// engine's constraints take distinct variables, and int_times(x, x, z), int_pow(x, x, z), array_var_int_element(i,
// [a, i], z) or a reification variable inside its own sum then propagate (bounds reasoning over x and its copy)
// instead of falling back to a checker that enumerates the product of the domains.
Call distinct_variables(Poster& p, const Call& c) {
  Call out = c;
  std::vector<VarId> seen;
  for (Arg& a : out.args)
    for (Term& t : a.terms) {
      if (!t.is_var()) continue;
      if (std::find(seen.begin(), seen.end(), t.var) == seen.end()) {
        seen.push_back(t.var);
        continue;
      }
      Problem& problem = p.problem();
      const Domain& d = problem.initial_domain(t.var);
      const Variable& var = problem.variable(t.var);
      const std::string name = "copy:" + var.name() + ":" + std::to_string(problem.variable_count());
      const Value lo = var.value(d.min());
      const Value hi = var.value(d.max());
      VarId copy = -1;
      if (static_cast<long long>(hi) - lo + 1 == d.size()) {  // no holes: an interval, never listed
        copy = problem.add_variable(name, lo, hi);
      } else {
        std::vector<Value> values;
        for (int i = d.min(); i >= 0; i = d.next(i)) values.push_back(var.value(i));
        copy = problem.add_variable(name, std::move(values));
      }
      problem.add_linear({t.var, copy}, {1, -1}, LinearOp::eq, 0, name);
      t.var = copy;
    }
  return out;
}

// f(x, y) = z for the arithmetic builtins (int_times, int_div, ...). x * x = z also keeps, when z's domain holds
// at most 2^20 values, only the squares of x's values in it.
Post arithmetic(const Constraint& (Problem::*add)(VarId, VarId, VarId)) {
  return [add](Poster& p, const Call& call) {
    const bool square = add == &Problem::add_times && term(call, 0).is_var() && term(call, 1).is_var() &&
                        term(call, 0).var == term(call, 1).var;
    if (square && term(call, 2).is_var() && p.problem().initial_domain(term(call, 2).var).size() <= (1 << 20)) {
      const VarId x = term(call, 0).var;
      const Domain& d = p.problem().initial_domain(x);
      const Variable& var = p.problem().variable(x);
      std::vector<long long> squares;
      if (d.size() <= (1 << 16))
        for (int i = d.min(); i >= 0; i = d.next(i))
          squares.push_back(static_cast<long long>(var.value(i)) * var.value(i));
      std::sort(squares.begin(), squares.end());
      const bool listed = !squares.empty();
      if (!p.restrict(term(call, 2).var, [&](long long v) {
            return v >= 0 && (!listed || std::binary_search(squares.begin(), squares.end(), v));
          }))
        return false;
      // And |x| <= sqrt(max z): the product's bounds reasoning cannot divide by x's copy when it spans 0.
      const VarId z = term(call, 2).var;
      const long long top = p.problem().variable(z).value(p.problem().initial_domain(z).max());
      auto root = static_cast<long long>(std::sqrt(static_cast<double>(top)));
      while (root * root > top) --root;
      while ((root + 1) * (root + 1) <= top) ++root;
      if (!p.restrict_range(x, -root, root)) return false;
    }
    const Call c = distinct_variables(p, call);
    (p.problem().*add)(p.variable(term(c, 0)), p.variable(term(c, 1)), p.variable(term(c, 2)));
    return true;
  };
}

// The engine refuses some shapes a FlatZinc call may have (a variable twice in one scope, as in int_times(x, x, z),
// or the reification variable inside its own sum): such a call keeps its exact checker as its constraint. Every
// posting starts from fresh variables, so a refused native call leaves nothing half-posted that matters (at most a
// fixed "const:" variable).
Post native_or_checked(Post native, Check check) {
  return [native, check](Poster& p, const Call& c) {
    try {
      return native(p, c);
    } catch (const ModelError&) {
      return post_checked(p, c, check);
    }
  };
}

std::unordered_map<std::string, Builtin> make_table() {
  std::unordered_map<std::string, Builtin> table;
  std::map<std::string, Post> natives = native_posters();
  natives["int_lin_eq"] = linear_poster(LinearOp::eq, 0);
  natives["int_lin_ne"] = linear_poster(LinearOp::ne, 0);
  natives["int_lin_le"] = linear_poster(LinearOp::le, 0);
  natives["bool_lin_eq"] = linear_poster(LinearOp::eq, 0);
  natives["bool_lin_le"] = linear_poster(LinearOp::le, 0);
  // bool_xor(a, b) with two arguments is a != b (the three-argument form is reified, below).
  natives["bool_xor"] = [](Poster& p, const Call& c) { return post_difference(p, c, LinearOp::ne, 0); };

  // The engine's own constraints for the rest; a call shape the engine refuses falls back to the checker.
  std::map<std::string, Post> engine;
  const Reification eqv = Reification::equivalence;
  for (const auto& [how, suffix] :
       {std::pair{eqv, std::string("_reif")}, std::pair{Reification::implication, std::string("_imp")}}) {
    for (const std::string type : {"int", "bool"}) {
      engine[type + "_eq" + suffix] = compare_reif(LinearOp::eq, 0, how);
      engine[type + "_le" + suffix] = compare_reif(LinearOp::le, 0, how);
      engine[type + "_lt" + suffix] = compare_reif(LinearOp::le, -1, how);
    }
    engine["int_ne" + suffix] = compare_reif(LinearOp::ne, 0, how);
    engine["int_lin_eq" + suffix] = linear_reif(LinearOp::eq, how);
    engine["int_lin_ne" + suffix] = linear_reif(LinearOp::ne, how);
    engine["int_lin_le" + suffix] = linear_reif(LinearOp::le, how);
    engine["set_in" + suffix] = member_reif(how);
    engine["int_in" + suffix] = member_reif(how);
  }
  engine["bool_xor_reif"] = compare_reif(LinearOp::ne, 0, eqv);
  engine["bool_clause"] = [](Poster& p, const Call& c) {
    // Constants folded: a true positive or a false negative literal satisfies the clause (nothing to post); false
    // positives and true negatives are dropped. With no literal left the constants are posted (the clause fails).
    for (const Term& t : array(c, 0))
      if (!t.is_var() && t.value != 0) return true;
    for (const Term& t : array(c, 1))
      if (!t.is_var() && t.value == 0) return true;
    const std::vector<Term> positive = folded_booleans(array(c, 0), 0, false);
    const std::vector<Term> negative = folded_booleans(array(c, 1), 1, false);
    if (positive.empty() && negative.empty())
      p.problem().add_clause(variables(p, array(c, 0)), variables(p, array(c, 1)));
    else
      p.problem().add_clause(variables(p, positive), variables(p, negative));
    return true;
  };
  engine["array_bool_and"] = junction(true, true);
  engine["array_bool_or"] = junction(false, true);
  engine["bool_and"] = junction(true, false);
  engine["bool_or"] = junction(false, false);
  engine["array_bool_xor"] = [](Poster& p, const Call& c) {
    // Constants folded: false ones dropped; true ones flip the parity asked of the variables, so one true constant
    // is kept when their number is odd. With no variable left the constants are posted (decided at the root).
    std::vector<Term> kept = folded_booleans(array(c, 0), 0, false);
    long long trues = 0;
    for (const Term& t : array(c, 0)) trues += !t.is_var() && t.value != 0 ? 1 : 0;
    if (kept.empty()) {
      p.problem().add_xor(variables(p, array(c, 0)));
      return true;
    }
    if (trues % 2 == 1) kept.push_back(Term{-1, 1});
    p.problem().add_xor(variables(p, kept));
    return true;
  };
  engine["array_int_element"] = post_constant_element;
  engine["array_bool_element"] = post_constant_element;
  const Post var_element = [](Poster& p, const Call& call) {
    const Call c = distinct_variables(p, call);
    p.problem().add_var_element(p.variable(term(c, 0)), variables(p, array(c, 1)), p.variable(term(c, 2)), 1);
    return true;
  };
  engine["array_var_int_element"] = var_element;
  engine["array_var_bool_element"] = var_element;
  engine["int_times"] = arithmetic(&Problem::add_times);
  engine["int_div"] = arithmetic(&Problem::add_div);
  engine["int_mod"] = arithmetic(&Problem::add_mod);
  engine["int_min"] = arithmetic(&Problem::add_min);
  engine["int_max"] = arithmetic(&Problem::add_max);
  engine["int_pow"] = arithmetic(&Problem::add_pow);
  engine["int_abs"] = [](Poster& p, const Call& call) {
    const Call c = distinct_variables(p, call);
    p.problem().add_abs(p.variable(term(c, 0)), p.variable(term(c, 1)));
    return true;
  };

  // The one place that picks a poster per builtin: native where the engine has a constraint, else the checker.
  const auto add = [&](const std::string& name, const std::string& signature, const Check& check) {
    Builtin b{name, signature, check, {}};
    if (const auto it = natives.find(name); it != natives.end())
      b.post = it->second;
    else if (const auto e = engine.find(name); e != engine.end())
      b.post = native_or_checked(e->second, check);
    else
      b.post = [check](Poster& p, const Call& c) { return post_checked(p, c, check); };
    table.emplace(name, std::move(b));
  };
  for (const auto& [name, entry] : functions()) add(name, entry.first, entry.second);
  for (const Builtin& g : global_builtins()) {  // csp's globals: the engine's propagators, else the checker
    engine[g.name] = g.post;
    add(g.name, g.signature, g.check);
  }
  for (const auto& [name, entry] : relations()) {
    const Check& base = entry.second;
    const std::size_t last = entry.first.size();
    // bool_and / bool_or / bool_xor with three arguments and array_bool_and / _or(as, r) are reified already:
    // r <-> C. Their _imp forms are r -> C.
    const bool reified_by_default =
        name == "bool_and" || name == "bool_or" || name == "array_bool_and" || name == "array_bool_or";
    const Check reif = [base, last](const Call& c, const ValueOf& v) { return (val(c, last, v) != 0) == base(c, v); };
    const Check imp = [base, last](const Call& c, const ValueOf& v) { return val(c, last, v) == 0 || base(c, v); };
    if (reified_by_default) {
      add(name, entry.first + "v", reif);
    } else if (name == "bool_xor") {
      add(name, entry.first, base);  // two arguments; three are handled as bool_xor_reif by the builder
      add("bool_xor_reif", entry.first + "v", reif);
    } else {
      add(name, entry.first, base);
      add(name + "_reif", entry.first + "v", reif);
    }
    add(name + "_imp", entry.first + "v", imp);
  }
  return table;
}

const std::unordered_map<std::string, Builtin>& table() {
  static const std::unordered_map<std::string, Builtin> t = make_table();
  return t;
}

}  // namespace

const Builtin* find_builtin(const std::string& name) {
  const auto it = table().find(name);
  return it == table().end() ? nullptr : &it->second;
}

std::vector<std::string> builtin_names() {
  std::vector<std::string> names;
  for (const auto& [name, b] : table()) names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace csp::models::flatzinc
