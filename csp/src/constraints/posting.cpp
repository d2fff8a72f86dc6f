// Problem's add_* calls: each builds one constraint class of this layer and posts it with add_constraint.
// (Defined here, not in core/problem.cpp, so that core knows no constraint class.)
#include "csp/core/problem.hpp"

#include <climits>
#include <utility>

#include "csp/constraints/all_different.hpp"
#include "csp/constraints/arithmetic.hpp"
#include "csp/constraints/binary_predicate.hpp"
#include "csp/constraints/boolean.hpp"
#include "csp/constraints/element.hpp"
#include "csp/constraints/linear.hpp"
#include "csp/constraints/nary_predicate.hpp"
#include "csp/constraints/not_equal.hpp"
#include "csp/constraints/reified.hpp"
#include "csp/constraints/table.hpp"
#include "csp/constraints/value_precedence.hpp"
#include "csp/core/errors.hpp"

namespace csp {

namespace {
std::string or_default(std::string name, const std::string& fallback) { return name.empty() ? fallback : name; }

}  // namespace

void Problem::check_scope(const std::vector<VarId>& scope, const std::string& name) const {
  if (scope.size() <= 32) {  // pair by pair, without allocating (10^6 != constraints: 79 M instructions otherwise)
    for (std::size_t i = 0; i < scope.size(); ++i)
      for (std::size_t j = i + 1; j < scope.size(); ++j)
        if (scope[i] == scope[j] && scope[i] >= 0 && scope[i] < variable_count())
          throw ModelError("constraint '" + name + "': variable '" + variable(scope[i]).name() +
                           "' appears twice in the scope");
    return;
  }
  std::vector<VarId> sorted;
  for (VarId x : scope)
    if (x >= 0 && x < variable_count()) sorted.push_back(x);  // unknown ids are reported by Constraint::attach
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end())
    throw ModelError("constraint '" + name + "': variable '" + variable(*twice).name() +
                     "' appears twice in the scope");
}

const Constraint& Problem::add_not_equal(VarId x, VarId y) {
  check_var(x, "add_not_equal");
  check_var(y, "add_not_equal");
  std::string name = variable(x).name() + "!=" + variable(y).name();
  check_scope({x, y}, name);
  return add_constraint(std::make_unique<NotEqual>(x, y, std::move(name)));
}

const Constraint& Problem::add_binary(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name) {
  check_var(x, "add_binary");
  check_var(y, "add_binary");
  if (!pred) throw ModelError("add_binary: empty predicate on " + variable(x).name() + ", " + variable(y).name());
  name = or_default(std::move(name), "pred(" + variable(x).name() + "," + variable(y).name() + ")");
  check_scope({x, y}, name);
  return add_constraint(std::make_unique<BinaryPredicate>(x, y, std::move(pred), std::move(name)));
}

void Problem::add_all_different(const std::vector<VarId>& scope, AllDifferentMode mode, std::string name) {
  if (scope.empty()) throw ModelError("add_all_different '" + name + "': empty scope");
  for (VarId x : scope) check_var(x, "add_all_different");
  name = or_default(std::move(name), "alldiff");
  check_scope(scope, name);
  if (mode == AllDifferentMode::grid || mode == AllDifferentMode::grid_cells)
    throw ModelError("add_all_different '" + name + "': mode " + csp::to_string(mode) +
                     " is a Sudoku model's (all its units in one propagator); one all-different takes "
                     "binary, value or gac");
  if (mode != AllDifferentMode::binary) {
    add_constraint(std::make_unique<AllDifferent>(
        scope, std::move(name), std::vector<int>{},
        mode == AllDifferentMode::gac ? AllDifferent::Level::matching : AllDifferent::Level::rules));
    return;
  }
  for (std::size_t i = 0; i < scope.size(); ++i)
    for (std::size_t j = i + 1; j < scope.size(); ++j) add_not_equal(scope[i], scope[j]);
}

const Constraint& Problem::add_all_different_shifted(std::vector<VarId> scope, std::vector<int> offsets,
                                                     std::string name) {
  name = or_default(std::move(name), "alldiff");
  check_scope(scope, name);
  return add_constraint(std::make_unique<AllDifferent>(std::move(scope), std::move(name), std::move(offsets)));
}

const Constraint& Problem::add_table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed,
                                     std::string name) {
  name = or_default(std::move(name), "table");
  check_scope(scope, name);
  return add_constraint(std::make_unique<Table>(std::move(scope), std::move(allowed), std::move(name)));
}

const Constraint& Problem::add_value_precedence(std::vector<VarId> scope, std::vector<Value> values, std::string name) {
  name = or_default(std::move(name), "value-precedence");
  check_scope(scope, name);
  return add_constraint(std::make_unique<ValuePrecedence>(std::move(scope), std::move(values), std::move(name)));
}

const Constraint& Problem::add_predicate(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred,
                                         std::string name) {
  if (!pred) throw ModelError("add_predicate '" + name + "': empty predicate");
  name = or_default(std::move(name), "predicate");
  check_scope(scope, name);
  return add_constraint(std::make_unique<NaryPredicate>(std::move(scope), std::move(pred), std::move(name)));
}

const Constraint& Problem::add_linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op,
                                      long long rhs, std::string name) {
  name = or_default(std::move(name), "linear");
  check_scope(scope, name);
  return add_constraint(std::make_unique<Linear>(std::move(scope), std::move(coefficients), op, rhs, std::move(name)));
}

// ---- FlatZinc builtins ------------------------------------------------------------------------------------------

const Constraint& Problem::add_linear_reif(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op,
                                           long long rhs, VarId b, Reification r) {
  check_var(b, "add_linear_reif");
  for (VarId x : scope) check_var(x, "add_linear_reif");
  std::string name = (r == Reification::equivalence ? "reif(" : "imp(") + variable(b).name() + ")";
  if (coefficients.size() != scope.size())
    throw ModelError("add_linear_reif '" + name + "': " + std::to_string(coefficients.size()) +
                     " coefficients for a scope of " + std::to_string(scope.size()) + " variables");
  // Merge repeated variables (FlatZinc may post int_eq_reif(x, x, b)): their coefficients add up.
  std::vector<VarId> vars;
  std::vector<long long> merged;
  for (std::size_t k = 0; k < scope.size(); ++k) {
    if (scope[k] == b)
      throw ModelError("add_linear_reif '" + name + "': the reification variable '" + variable(b).name() +
                       "' also appears in the sum");
    const auto it = std::find(vars.begin(), vars.end(), scope[k]);
    if (it == vars.end()) {
      vars.push_back(scope[k]);
      merged.push_back(coefficients[k]);
    } else {
      merged[static_cast<std::size_t>(it - vars.begin())] += coefficients[k];
    }
  }
  std::vector<int> coefs;
  for (std::size_t k = 0; k < merged.size(); ++k) {
    if (merged[k] < INT_MIN || merged[k] > INT_MAX)
      throw ModelError("add_linear_reif '" + name + "': the coefficients of '" + variable(vars[k]).name() +
                       "' add up to " + std::to_string(merged[k]) + ", outside the int range");
    coefs.push_back(static_cast<int>(merged[k]));
  }
  return add_constraint(
      std::make_unique<LinearReif>(std::move(vars), std::move(coefs), op, rhs, b, r, std::move(name)));
}

const Constraint& Problem::add_clause(std::vector<VarId> positive, std::vector<VarId> negative) {
  for (VarId x : positive) check_var(x, "add_clause");
  for (VarId x : negative) check_var(x, "add_clause");
  if (positive.empty() && negative.empty())
    throw ModelError("add_clause: the empty clause (no literal) is always false");
  return add_constraint(std::make_unique<Clause>(std::move(positive), std::move(negative), "clause"));
}

namespace {
// The distinct variables of xs, in their first order.
std::vector<VarId> distinct_variables(const std::vector<VarId>& xs) {
  std::vector<VarId> out;
  for (VarId x : xs)
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  return out;
}
}  // namespace

const Constraint& Problem::add_and_reif(std::vector<VarId> xs, VarId r) {
  check_var(r, "add_and_reif");
  for (VarId x : xs) check_var(x, "add_and_reif");
  std::string name = "and_reif(" + variable(r).name() + ")";
  if (std::find(xs.begin(), xs.end(), r) != xs.end())
    throw ModelError("add_and_reif '" + name + "': '" + variable(r).name() + "' is both the result and an operand");
  return add_constraint(
      std::make_unique<BoolReif>(BoolReif::Kind::conjunction, distinct_variables(xs), r, std::move(name)));
}

const Constraint& Problem::add_or_reif(std::vector<VarId> xs, VarId r) {
  check_var(r, "add_or_reif");
  for (VarId x : xs) check_var(x, "add_or_reif");
  std::string name = "or_reif(" + variable(r).name() + ")";
  if (std::find(xs.begin(), xs.end(), r) != xs.end())
    throw ModelError("add_or_reif '" + name + "': '" + variable(r).name() + "' is both the result and an operand");
  return add_constraint(
      std::make_unique<BoolReif>(BoolReif::Kind::disjunction, distinct_variables(xs), r, std::move(name)));
}

const Constraint& Problem::add_xor(std::vector<VarId> xs) {
  for (VarId x : xs) check_var(x, "add_xor");
  // x xor x is false: a variable listed an even number of times drops out.
  std::vector<VarId> odd;
  for (VarId x : distinct_variables(xs))
    if (std::count(xs.begin(), xs.end(), x) % 2 == 1) odd.push_back(x);
  if (odd.empty())
    throw ModelError("add_xor: no variable left (" + std::to_string(xs.size()) +
                     " listed, each an even number of times): the exclusive or is always false");
  return add_constraint(std::make_unique<Xor>(std::move(odd), "xor"));
}

const Constraint& Problem::add_element(VarId index, std::vector<Value> array, VarId result, int offset) {
  check_var(index, "add_element");
  check_var(result, "add_element");
  return add_constraint(
      std::make_unique<Element>(index, std::move(array), result, offset, "element(" + variable(result).name() + ")"));
}

const Constraint& Problem::add_var_element(VarId index, std::vector<VarId> array, VarId result, int offset) {
  check_var(index, "add_var_element");
  check_var(result, "add_var_element");
  for (VarId x : array) check_var(x, "add_var_element");
  return add_constraint(std::make_unique<VarElement>(index, std::move(array), result, offset,
                                                     "element(" + variable(result).name() + ")"));
}

const Constraint& Problem::add_member_reif(VarId x, std::vector<Value> set, VarId b, Reification r) {
  check_var(x, "add_member_reif");
  check_var(b, "add_member_reif");
  std::string name = (r == Reification::equivalence ? "in_reif(" : "in_imp(") + variable(x).name() + ")";
  if (x == b) throw ModelError("add_member_reif '" + name + "': '" + variable(x).name() + "' is both x and b");
  return add_constraint(std::make_unique<MemberReif>(x, std::move(set), b, r, std::move(name)));
}

// ---- api: constraints that read like the model ----------------------------------------------------------------

const Constraint& Problem::add_sum(std::vector<VarId> scope, LinearOp op, long long rhs) {
  for (VarId x : scope) check_var(x, "add_sum");
  // "a+b+c<=10" (up to 6 terms), else "sum of 7 variables<=10".
  std::string name;
  if (scope.size() <= 6) {
    for (std::size_t k = 0; k < scope.size(); ++k) name.append(k == 0 ? "" : "+").append(variable(scope[k]).name());
  } else {
    name = "sum of " + std::to_string(scope.size()) + " variables";
  }
  static constexpr const char* kOp[] = {"=", "!=", "<=", ">="};
  name.append(kOp[static_cast<int>(op)]).append(std::to_string(rhs));
  std::vector<int> ones(scope.size(), 1);
  return add_linear(std::move(scope), std::move(ones), op, rhs, std::move(name));
}

const Constraint& Problem::add_precedence(VarId a, int duration, VarId b) {
  check_var(a, "add_precedence");
  check_var(b, "add_precedence");
  std::string name = variable(a).name() + "+" + std::to_string(duration) + "<=" + variable(b).name();
  return add_linear({a, b}, {1, -1}, LinearOp::le, -static_cast<long long>(duration), std::move(name));
}

const Constraint& Problem::add_arithmetic(ArithmeticKind kind, std::vector<VarId> scope, long long target) {
  const char* what = arithmetic_name(kind);
  for (VarId x : scope) check_var(x, what);
  std::string name = arithmetic_label(kind, scope, target);
  return add_constraint(std::make_unique<Arithmetic>(kind, std::move(scope), target, std::move(name)));
}

std::string Problem::arithmetic_label(ArithmeticKind kind, const std::vector<VarId>& scope, long long target) const {
  const auto n = [&](std::size_t k) { return variable(scope[k]).name(); };
  const std::string t = std::to_string(target);
  switch (kind) {
    case ArithmeticKind::times:
      return n(0) + "*" + n(1) + "=" + n(2);
    case ArithmeticKind::div:
      return n(0) + " div " + n(1) + "=" + n(2);
    case ArithmeticKind::mod:
      return n(0) + " mod " + n(1) + "=" + n(2);
    case ArithmeticKind::abs:
      return "|" + n(0) + "|=" + n(1);
    case ArithmeticKind::min:
      return "min(" + n(0) + "," + n(1) + ")=" + n(2);
    case ArithmeticKind::max:
      return "max(" + n(0) + "," + n(1) + ")=" + n(2);
    case ArithmeticKind::pow:
      return n(0) + "^" + n(1) + "=" + n(2);
    case ArithmeticKind::quotient:
      return "max/min(" + n(0) + "," + n(1) + ")=" + t;
    case ArithmeticKind::difference:
      return "|" + n(0) + "-" + n(1) + "|=" + t;
    case ArithmeticKind::product: {
      std::string s;
      for (std::size_t k = 0; k < scope.size(); ++k) {
        if (k != 0) s += '*';  // (not "*" + n(k): g++ 12 -O3 warns -Wrestrict on it here)
        s += n(k);
      }
      return s + "=" + t;
    }
  }
  return "arithmetic";
}

const Constraint& Problem::add_times(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::times, {x, y, z}, 0);
}
const Constraint& Problem::add_div(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::div, {x, y, z}, 0);
}
const Constraint& Problem::add_mod(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::mod, {x, y, z}, 0);
}
const Constraint& Problem::add_abs(VarId x, VarId z) { return add_arithmetic(ArithmeticKind::abs, {x, z}, 0); }
const Constraint& Problem::add_min(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::min, {x, y, z}, 0);
}
const Constraint& Problem::add_max(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::max, {x, y, z}, 0);
}
const Constraint& Problem::add_pow(VarId x, VarId y, VarId z) {
  return add_arithmetic(ArithmeticKind::pow, {x, y, z}, 0);
}
const Constraint& Problem::add_product(std::vector<VarId> scope, long long target) {
  if (scope.empty()) throw ModelError("add_product: empty scope (target " + std::to_string(target) + ")");
  return add_arithmetic(ArithmeticKind::product, std::move(scope), target);
}
const Constraint& Problem::add_quotient(VarId a, VarId b, Value target) {
  return add_arithmetic(ArithmeticKind::quotient, {a, b}, target);
}
const Constraint& Problem::add_difference(VarId a, VarId b, Value target) {
  return add_arithmetic(ArithmeticKind::difference, {a, b}, target);
}

}  // namespace csp
