// Assignment: which variables have a value, and which (AIMA 4th ed. §6.1).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "csp/core/variable.hpp"
#include "csp/core/variable_names.hpp"

namespace csp {

class Problem;

/// A partial or complete assignment {X_i = v_i}. Stores values (not indices), one slot per variable.
/// An assignment made for a problem (`Assignment(problem)`; every one a search hands out is) shares the problem's
/// name table, so it can be read by name: `a["NT"]` or `a.value("NT")`.
/// Reading a variable that has no value throws `Error` naming it; reading by id costs one predictable compare.
class Assignment {
 public:
  Assignment() = default;
  /// An empty assignment over n variables, without names (reading by name throws Error).
  explicit Assignment(int n) : values_(static_cast<std::size_t>(n), 0), assigned_(static_cast<std::size_t>(n), 0) {}
  /// An empty assignment over the variables of `problem`, which can be read by name (shares the problem's
  /// names: one pointer, no copy).
  explicit Assignment(const Problem& problem);

  /// Number of variables this assignment ranges over.
  int variable_count() const { return static_cast<int>(values_.size()); }
  /// Number of assigned variables.
  int assigned_count() const { return count_; }
  bool is_complete() const { return count_ == variable_count(); }
  /// True iff x has a value. Precondition: 0 <= x < variable_count().
  bool is_assigned(VarId x) const { return assigned_[static_cast<std::size_t>(x)] != 0; }
  /// The value of x. Throws Error naming x when x has no value or is not a variable id of this assignment.
  Value value(VarId x) const {
    if (static_cast<unsigned>(x) >= values_.size() || assigned_[static_cast<std::size_t>(x)] == 0)
      throw_not_assigned(x);
    return values_[static_cast<std::size_t>(x)];
  }
  /// The value of x without any check, for engine loops that have just asked is_assigned(x) (a constraint's
  /// is_consistent: the checked value(x) costs 15% more instructions on textbook Sudoku search).
  /// Precondition: is_assigned(x).
  Value unchecked_value(VarId x) const { return values_[static_cast<std::size_t>(x)]; }
  /// The value of the variable called `name`. Throws UnknownNameError naming it when the problem has no such
  /// variable, Error when it has no value or when this assignment was made without names (`Assignment(int)`).
  Value value(const std::string& name) const { return value(id_of(name)); }
  /// Same as value(x).
  Value operator[](VarId x) const { return value(x); }
  /// Same as value(name): `solution["NT"]`.
  Value operator[](const std::string& name) const { return value(name); }
  Value operator[](const char* name) const { return value(std::string(name)); }
  /// The id of the variable called `name` (errors as value(name)).
  VarId id_of(const std::string& name) const;
  /// The problem's names, or null for an assignment made with `Assignment(int)`.
  const std::shared_ptr<const VariableNames>& names() const { return names_; }

  /// Sets x = v (overwrites an earlier value of x).
  void assign(VarId x, Value v) {
    auto i = static_cast<std::size_t>(x);
    if (!assigned_[i]) ++count_;
    assigned_[i] = 1;
    values_[i] = v;
    if (log_.on) [[unlikely]]
      log_.vars.push_back(x);
  }
  /// Removes x from the assignment (no-op when unassigned).
  void unassign(VarId x) {
    auto i = static_cast<std::size_t>(x);
    if (assigned_[i]) --count_;
    assigned_[i] = 0;
    if (log_.on) [[unlikely]]
      log_.vars.push_back(x);
  }
  /// While on, every assign and unassign appends its variable to the change log (a variable may appear several
  /// times, and an entry may undo an earlier one: readers compare is_assigned with what they saw before). Off by
  /// default; turning it on or off empties the log; a copy of the assignment (a solution handed out) has none. For
  /// orderings kept incrementally (csp/heuristics).
  void set_change_log(bool on) {
    log_.on = on;
    log_.vars.clear();
  }
  /// The variables assigned or unassigned since the last call, into `out` (cleared first).
  void take_changes(std::vector<VarId>& out) {
    out.swap(log_.vars);
    log_.vars.clear();
  }
  /// All values in variable order; the slot of an unassigned variable holds an unspecified value (check
  /// is_assigned, or use value(x), which throws for it).
  const std::vector<Value>& values() const { return values_; }
  /// One byte per variable in variable order: 1 when assigned, 0 otherwise (for scans that compare many at once).
  const std::vector<char>& assigned_flags() const { return assigned_; }

  /// Same variables assigned to the same values (names are not compared).
  friend bool operator==(const Assignment& a, const Assignment& b) {
    if (a.variable_count() != b.variable_count()) return false;
    for (VarId x = 0; x < a.variable_count(); ++x) {
      if (a.is_assigned(x) != b.is_assigned(x)) return false;
      if (a.is_assigned(x) && a.values_[static_cast<std::size_t>(x)] != b.values_[static_cast<std::size_t>(x)])
        return false;
    }
    return true;
  }

 private:
  [[noreturn]] void throw_not_assigned(VarId x) const;

  std::vector<Value> values_;
  std::vector<char> assigned_;
  int count_ = 0;
  // set_change_log's log: the variables assigned or unassigned since take_changes. A copy starts without one, so
  // a solution copied out of a search does not log (nor carry the entries); assigning one assignment to another
  // keeps the target's log as it is.
  struct ChangeLog {
    bool on = false;
    std::vector<VarId> vars;
    ChangeLog() = default;
    ChangeLog(const ChangeLog&) {}
    ChangeLog& operator=(const ChangeLog&) { return *this; }
    ChangeLog(ChangeLog&&) noexcept = default;
    ChangeLog& operator=(ChangeLog&&) noexcept = default;
    ~ChangeLog() = default;
  };
  ChangeLog log_;
  std::shared_ptr<const VariableNames> names_;  // null without names
};

}  // namespace csp
