// Problem: building and reading a CSP.
#include "csp/core/problem.hpp"

#include <algorithm>
#include <climits>
#include <sstream>
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

const std::shared_ptr<Problem::Structure>& Problem::empty_structure() {
  static const std::shared_ptr<Structure> empty = std::make_shared<Structure>();
  return empty;
}

Problem::Problem() : s_(empty_structure()) {}

Problem::Problem(Problem&& other) noexcept
    : s_(std::exchange(other.s_, empty_structure())), initial_domains_(std::move(other.initial_domains_)) {
  other.initial_domains_.clear();
}

Problem& Problem::operator=(Problem&& other) noexcept {
  if (this != &other) {
    s_ = std::exchange(other.s_, empty_structure());
    initial_domains_ = std::move(other.initial_domains_);
    other.initial_domains_.clear();
  }
  return *this;
}

Problem::Structure& Problem::own() {
  // use_count() == 1 means no other Problem shares the structure (a copy being made from *this concurrently would
  // be a data race on *this, which the class does not allow anyway); a stale count > 1 only costs a clone. The
  // shared empty structure always counts more than one, so it is never written.
  if (s_.use_count() != 1) s_ = std::make_shared<Structure>(*s_);
  return *s_;
}

VarId Problem::add_variable(std::string name, std::vector<Value> values) {
  if (values.empty()) throw ModelError("add_variable: variable '" + name + "' has an empty domain");
  if (values.size() > static_cast<std::size_t>(Domain::kMaxCapacity))
    throw ModelError("add_variable: variable '" + name + "' has more than " + std::to_string(Domain::kMaxCapacity) +
                     " values");
  return add_variable(Variable(std::move(name), std::move(values)));
}

VarId Problem::add_variable(Variable var) {
  if (var.name().empty()) throw ModelError("add_variable: empty variable name");
  Structure& s = own();
  if (!s.index.try_emplace(var.name(), variable_count()).second)
    throw ModelError("add_variable: duplicate variable name '" + var.name() + "'");
  s.variables.push_back(std::move(var));
  initial_domains_.emplace_back(s.variables.back().size());
  s.var_constraints.emplace_back();
  return static_cast<VarId>(s.variables.size() - 1);
}

void Problem::reserve(int variables, int constraints) {
  const auto nv = static_cast<std::size_t>(std::max(variables, 0));
  Structure& s = own();
  s.variables.reserve(nv);
  initial_domains_.reserve(nv);
  s.var_constraints.reserve(nv);
  s.index.reserve(nv);
  s.constraints.reserve(static_cast<std::size_t>(std::max(constraints, 0)));
}

VarId Problem::add_variable(std::string name, Value lo, Value hi) {
  if (lo > hi)
    throw ModelError("add_variable: variable '" + name + "' has an empty range " + std::to_string(lo) + ".." +
                     std::to_string(hi));
  const long long width = static_cast<long long>(hi) - lo + 1;
  if (width > Domain::kMaxCapacity)
    throw ModelError("add_variable: variable '" + name + "' has " + std::to_string(width) + " values (" +
                     std::to_string(lo) + ".." + std::to_string(hi) + "); a domain holds at most " +
                     std::to_string(Domain::kMaxCapacity) + " (2^31 - 1), e.g. " + std::to_string(INT_MIN / 2 + 1) +
                     ".." + std::to_string(INT_MAX / 2));
  return add_variable(Variable(std::move(name), lo, hi));  // O(1): a range is stored as its two ends
}

void Problem::restrict_domain(VarId x, const std::vector<Value>& allowed) {
  check_var(x, "restrict_domain");
  const Variable& var = variable(x);
  std::vector<int> keep;
  keep.reserve(allowed.size());
  for (Value v : allowed) {
    const int i = var.index_of(v);
    if (i < 0)
      throw ModelError("restrict_domain: value " + std::to_string(v) + " is not in the domain of '" + var.name() + "'");
    keep.push_back(i);
  }
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  Domain d = initial_domains_[static_cast<std::size_t>(x)];
  // Remove what lies outside the allowed indices: below the first, between consecutive ones, above the last.
  if (!keep.empty()) {
    d.remove_below(keep.front());
    d.remove_above(keep.back());
    for (std::size_t k = 0; k + 1 < keep.size(); ++k)
      for (int i = d.next(keep[k]); i >= 0 && i < keep[k + 1]; i = d.next(i)) d.remove(i);
  } else {
    d.assign(-1);
  }
  if (d.empty()) throw ModelError("restrict_domain: variable '" + var.name() + "' would have an empty domain");
  initial_domains_[static_cast<std::size_t>(x)] = std::move(d);
}

void Problem::restrict_domain(VarId x, Value only) {
  check_var(x, "restrict_domain");
  const Variable& var = variable(x);
  const int i = var.index_of(only);
  if (i < 0)
    throw ModelError("restrict_domain: value " + std::to_string(only) + " is not in the domain of '" + var.name() + "'");
  Domain& d = initial_domains_[static_cast<std::size_t>(x)];
  if (!d.contains(i)) throw ModelError("restrict_domain: variable '" + var.name() + "' would have an empty domain");
  d.assign(i);
}

void Problem::restrict_range(VarId x, Value lo, Value hi) {
  check_var(x, "restrict_range");
  const Variable& var = variable(x);
  Domain d = initial_domains_[static_cast<std::size_t>(x)];
  // Indices of the first value >= lo and the last value <= hi.
  const auto first = [&](Value v) {
    if (v <= var.min_value()) return 0;
    if (v > var.max_value()) return var.size();
    int i = var.index_of(v);
    if (i >= 0) return i;
    int a = 0, b = var.size() - 1;  // binary search on the sorted values
    while (a < b) {
      const int m = a + (b - a) / 2;
      if (var.value(m) < v) a = m + 1; else b = m;
    }
    return a;
  };
  const int from = first(lo);
  const int to = hi >= var.max_value() ? var.size() - 1 : first(hi == INT_MAX ? hi : hi + 1) - 1;
  if (from > to) {
    d.assign(-1);
  } else {
    d.remove_below(from);
    d.remove_above(to);
  }
  if (d.empty())
    throw ModelError("restrict_range: variable '" + var.name() + "' would have an empty domain (" + std::to_string(lo) +
                     ".." + std::to_string(hi) + ")");
  initial_domains_[static_cast<std::size_t>(x)] = std::move(d);
}

const Domain& Problem::initial_domain(VarId x) const {
  check_var(x, "initial_domain");
  return initial_domains_[static_cast<std::size_t>(x)];
}

namespace {
// "1 variable", "3 variables".
std::string variables_text(int n) { return std::to_string(n) + (n == 1 ? " variable" : " variables"); }
}  // namespace

void Problem::check_var(VarId x, const char* what) const {
  if (x < 0 || x >= variable_count()) throw_unknown_variable(x, what);
}

void Problem::throw_unknown_variable(VarId x, const char* what) const {
  throw ModelError(std::string(what) + ": unknown variable id " + std::to_string(x) + " (the problem has " +
                   variables_text(variable_count()) + ")");
}

void Problem::throw_unknown_constraint(ConstraintId c) const {
  throw ModelError("constraint: unknown constraint id " + std::to_string(c) + " (the problem has " +
                   std::to_string(constraint_count()) + (constraint_count() == 1 ? " constraint)" : " constraints)"));
}

VarId Problem::find(const std::string& name) const {
  const auto it = s_->index.find(name);
  if (it != s_->index.end()) return it->second;
  throw ModelError("find: no variable named '" + name + "'");
}

namespace {

// The name table of one structure, keeping it alive (a later addition to the problem clones its own).
class StructureNames final : public VariableNames {
 public:
  StructureNames(std::shared_ptr<const void> owner, const std::vector<Variable>& variables,
                 const std::unordered_map<std::string, VarId>& index)
      : owner_(std::move(owner)), variables_(&variables), index_(&index) {}
  int count() const override { return static_cast<int>(variables_->size()); }
  const std::string& name(VarId x) const override { return (*variables_)[static_cast<std::size_t>(x)].name(); }
  VarId find(const std::string& name) const override {
    const auto it = index_->find(name);
    return it == index_->end() ? -1 : it->second;
  }

 private:
  std::shared_ptr<const void> owner_;
  const std::vector<Variable>* variables_;
  const std::unordered_map<std::string, VarId>* index_;
};

}  // namespace

std::shared_ptr<const VariableNames> Problem::variable_names() const {
  return std::make_shared<const StructureNames>(s_, s_->variables, s_->index);
}

const Constraint& Problem::add_constraint(std::unique_ptr<Constraint> c) {
  if (!c) throw ModelError("add_constraint: null constraint");
  c->attach(*this);
  Structure& s = own();
  c->id_ = constraint_count();
  for (VarId x : c->scope()) {
    auto& on_x = s.var_constraints[static_cast<std::size_t>(x)];
    if (on_x.capacity() == 0) on_x.reserve(4);  // one allocation for the usual few constraints per variable
    on_x.push_back(c->id_);
  }
  s.constraints.push_back(std::move(c));
  return *s.constraints.back();
}

std::vector<VarId> Problem::neighbors(VarId x) const {
  check_var(x, "neighbors");
  std::vector<VarId> out;
  for (ConstraintId c : constraints_of(x))
    for (VarId y : constraint(c).scope())
      if (y != x) out.push_back(y);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string to_string(AllDifferentMode mode) {
  switch (mode) {
    case AllDifferentMode::global: return "global";
    case AllDifferentMode::pairwise: return "binary";
    case AllDifferentMode::matching: return "matching";
  }
  return "?";
}

AllDifferentMode parse_all_different_mode(const std::string& name) {
  if (name == "global") return AllDifferentMode::global;
  if (name == "binary" || name == "pairwise") return AllDifferentMode::pairwise;
  if (name == "matching") return AllDifferentMode::matching;
  throw UnknownNameError("unknown all-different mode '" + name + "' (valid: binary, global, matching)");
}

namespace {
std::string or_default(std::string name, const std::string& fallback) { return name.empty() ? fallback : name; }

}  // namespace

void Problem::check_scope(const std::vector<VarId>& scope, const std::string& name) const {
  std::vector<VarId> sorted;
  for (VarId x : scope)
    if (x >= 0 && x < variable_count()) sorted.push_back(x);  // unknown ids are reported by Constraint::attach
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end())
    throw ModelError("constraint '" + name + "': variable '" + variable(*twice).name() + "' appears twice in the scope");
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
  if (mode != AllDifferentMode::pairwise) {
    add_constraint(std::make_unique<AllDifferent>(
        scope, std::move(name), std::vector<int>{},
        mode == AllDifferentMode::matching ? AllDifferent::Level::matching : AllDifferent::Level::rules));
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

const Constraint& Problem::add_table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name) {
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

const Constraint& Problem::add_linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs,
                                      std::string name) {
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
  return add_constraint(std::make_unique<LinearReif>(std::move(vars), std::move(coefs), op, rhs, b, r, std::move(name)));
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
  return add_constraint(std::make_unique<Element>(index, std::move(array), result, offset,
                                                  "element(" + variable(result).name() + ")"));
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

// ---- api: constraints that read like the model (issue 11) -------------------------------------------------------

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
    case ArithmeticKind::times: return n(0) + "*" + n(1) + "=" + n(2);
    case ArithmeticKind::div: return n(0) + " div " + n(1) + "=" + n(2);
    case ArithmeticKind::mod: return n(0) + " mod " + n(1) + "=" + n(2);
    case ArithmeticKind::abs: return "|" + n(0) + "|=" + n(1);
    case ArithmeticKind::min: return "min(" + n(0) + "," + n(1) + ")=" + n(2);
    case ArithmeticKind::max: return "max(" + n(0) + "," + n(1) + ")=" + n(2);
    case ArithmeticKind::pow: return n(0) + "^" + n(1) + "=" + n(2);
    case ArithmeticKind::quotient: return "max/min(" + n(0) + "," + n(1) + ")=" + t;
    case ArithmeticKind::difference: return "|" + n(0) + "-" + n(1) + "|=" + t;
    case ArithmeticKind::product: {
      std::string s;
      for (std::size_t k = 0; k < scope.size(); ++k) s += (k == 0 ? "" : "*") + n(k);
      return s + "=" + t;
    }
  }
  return "arithmetic";
}

const Constraint& Problem::add_times(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::times, {x, y, z}, 0); }
const Constraint& Problem::add_div(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::div, {x, y, z}, 0); }
const Constraint& Problem::add_mod(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::mod, {x, y, z}, 0); }
const Constraint& Problem::add_abs(VarId x, VarId z) { return add_arithmetic(ArithmeticKind::abs, {x, z}, 0); }
const Constraint& Problem::add_min(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::min, {x, y, z}, 0); }
const Constraint& Problem::add_max(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::max, {x, y, z}, 0); }
const Constraint& Problem::add_pow(VarId x, VarId y, VarId z) { return add_arithmetic(ArithmeticKind::pow, {x, y, z}, 0); }
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

bool Problem::is_consistent(VarId x, Value v, const Assignment& a) const {
  check_var(x, "is_consistent");
  if (variable(x).index_of(v) < 0)
    throw ModelError("is_consistent: value " + std::to_string(v) + " is not in the domain of '" + variable(x).name() + "'");
  if (a.variable_count() != variable_count())
    throw ModelError("is_consistent: the assignment has " + std::to_string(a.variable_count()) +
                     " variables, the problem " + std::to_string(variable_count()));
  Assignment with = a;
  with.assign(x, v);
  for (ConstraintId c : constraints_of(x))
    if (!constraint(c).is_consistent(with)) return false;
  return true;
}

bool Problem::is_solution(const Assignment& a) const {
  if (a.variable_count() != variable_count() || !a.is_complete()) return false;
  for (VarId x = 0; x < variable_count(); ++x)
    if (!initial_domain(x).contains(variable(x).index_of(a.value(x)))) return false;
  return std::all_of(s_->constraints.begin(), s_->constraints.end(),
                     [&](const auto& c) { return c->is_consistent(a); });
}

std::string Problem::why_not_solution(const Assignment& a) const {
  if (a.variable_count() != variable_count())
    return "the assignment has " + std::to_string(a.variable_count()) + " variables, the problem " +
           std::to_string(variable_count());
  if (!a.is_complete())
    return std::to_string(a.assigned_count()) + " of " + std::to_string(variable_count()) + " variables assigned";
  for (VarId x = 0; x < variable_count(); ++x)
    if (!initial_domain(x).contains(variable(x).index_of(a.value(x))))
      return variable(x).name() + " = " + std::to_string(a.value(x)) + " is not in its domain";
  for (const auto& c : s_->constraints) {
    if (c->is_consistent(a)) continue;
    std::string on;
    for (std::size_t i = 0; i < c->scope().size() && i < 6; ++i)
      on += (i == 0 ? "" : ", ") + variable(c->scope()[i]).name() + "=" + std::to_string(a.value(c->scope()[i]));
    if (c->scope().size() > 6) on += ", ...";
    return "constraint '" + c->name() + "' (" + on + ") is violated";
  }
  return "";
}

std::string Problem::to_string(const Assignment& a) const {
  std::ostringstream os;
  bool first = true;
  for (VarId x = 0; x < variable_count() && x < a.variable_count(); ++x) {
    if (!a.is_assigned(x)) continue;
    if (!first) os << ' ';
    first = false;
    os << variable(x).name() << '=' << a.value(x);
  }
  return os.str();
}

}  // namespace csp
