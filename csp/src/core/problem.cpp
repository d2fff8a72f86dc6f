// Problem: building and reading a CSP.
#include "csp/core/problem.hpp"

#include <algorithm>
#include <climits>
#include <sstream>
#include <utility>

#include "csp/core/errors.hpp"
#include "relaxed_constraint.hpp"

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
    throw ModelError("restrict_domain: value " + std::to_string(only) + " is not in the domain of '" + var.name() +
                     "'");
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
      if (var.value(m) < v)
        a = m + 1;
      else
        b = m;
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

void Problem::relax_constraint(ConstraintId c) {
  const Constraint& old = constraint(c);  // throws for an unknown id
  auto relaxed = std::make_shared<RelaxedConstraint>(old.scope(), old.name());
  relaxed->id_ = c;
  own().constraints[static_cast<std::size_t>(c)] = std::move(relaxed);
}

void Problem::reset_domain(VarId x) {
  check_var(x, "reset_domain");
  initial_domains_[static_cast<std::size_t>(x)] = Domain(variable(x).size());
}

bool Problem::is_restricted(VarId x) const {
  check_var(x, "is_restricted");
  return initial_domains_[static_cast<std::size_t>(x)].size() < variable(x).size();
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
    case AllDifferentMode::binary:
      return "binary";
    case AllDifferentMode::value:
      return "value";
    case AllDifferentMode::gac:
      return "gac";
    case AllDifferentMode::grid:
      return "grid";
    case AllDifferentMode::grid_cells:
      return "grid-cells";
  }
  return "?";
}

AllDifferentMode parse_all_different_mode(const std::string& name) {
  if (name == "binary" || name == "pairwise") return AllDifferentMode::binary;
  if (name == "value" || name == "global") return AllDifferentMode::value;
  if (name == "gac" || name == "matching") return AllDifferentMode::gac;
  if (name == "grid") return AllDifferentMode::grid;
  if (name == "grid-cells") return AllDifferentMode::grid_cells;
  throw UnknownNameError("unknown all-different mode '" + name +
                         "' (valid: binary, value, gac, grid, grid-cells (Sudoku models); the old names pairwise, "
                         "global, matching are accepted)");
}

bool Problem::is_consistent(VarId x, Value v, const Assignment& a) const {
  check_var(x, "is_consistent");
  if (variable(x).index_of(v) < 0)
    throw ModelError("is_consistent: value " + std::to_string(v) + " is not in the domain of '" + variable(x).name() +
                     "'");
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
  const std::vector<Variable>& variables = s_->variables;
  for (VarId x = 0; x < variable_count(); ++x)
    if (!initial_domains_[static_cast<std::size_t>(x)].contains(
            variables[static_cast<std::size_t>(x)].index_of(a.unchecked_value(x))))
      return false;
  return std::all_of(s_->constraints.begin(), s_->constraints.end(),
                     [&](const auto& c) { return c->is_consistent(a); });
}

std::string Problem::why_not_solution(const Assignment& a) const {
  if (a.variable_count() != variable_count())
    return "the assignment has " + std::to_string(a.variable_count()) + " variables, the problem " +
           std::to_string(variable_count());
  if (!a.is_complete())
    return std::to_string(a.assigned_count()) + " of " + std::to_string(variable_count()) + " variables assigned";
  const std::vector<Variable>& variables = s_->variables;
  for (VarId x = 0; x < variable_count(); ++x)
    if (!initial_domains_[static_cast<std::size_t>(x)].contains(
            variables[static_cast<std::size_t>(x)].index_of(a.unchecked_value(x))))
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
