// VariableNames: a problem's variable names, shared (not copied) with the assignments and results made for it.
#pragma once

#include <string>

#include "csp/core/variable.hpp"

namespace csp {

/// Read-only name table of one problem's variables (ids 0..count()-1). `Problem::variable_names()` hands out a
/// shared pointer to the problem's own table, so an `Assignment` can be read by name (`a["NT"]`) for the cost of
/// one pointer per assignment, not a copy of the names.
class VariableNames {
 public:
  virtual ~VariableNames() = default;
  /// Number of variables.
  virtual int count() const = 0;
  /// The name of variable x. Precondition: 0 <= x < count().
  virtual const std::string& name(VarId x) const = 0;
  /// The id of the variable called `name`, or -1 when there is none. O(1) expected.
  virtual VarId find(const std::string& name) const = 0;
};

}  // namespace csp
