// Problem: a CSP (X, D, C) built through an API, immutable once solved (AIMA 4th ed. §6.1).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "csp/constraints/constraint.hpp"
#include "csp/core/assignment.hpp"
#include "csp/core/domain.hpp"
#include "csp/core/variable.hpp"

namespace csp {

/// How `add_all_different` posts its constraint (chosen when the problem is built, so ablations compare them).
enum class AllDifferentMode {
  global,    ///< one `AllDifferent` constraint (Level::rules: single values, pigeonhole, hidden singles)
  pairwise,  ///< n(n-1)/2 binary `NotEqual` constraints (the textbook's binary formulation)
  matching   ///< one `AllDifferent` constraint with Régin's matching (Level::matching: generalised arc consistency)
};

/// The command-line names of AllDifferentMode: "global", "binary" (pairwise), "matching".
std::string to_string(AllDifferentMode mode);
/// Parses "global", "binary" (or "pairwise") and "matching". Throws UnknownNameError listing the valid names.
AllDifferentMode parse_all_different_mode(const std::string& name);

/// Comparison of a `LinearConstraint`: sum(coefficient_i * x_i) OP rhs.
enum class LinearOp { eq, ne, le, ge };

/// A constraint satisfaction problem: variables X with initial domains D, and constraints C.
/// Build it with the `add_*` calls, then hand it (const) to the algorithms. Every run owns its domains, trail and
/// statistics, so several runs (also in parallel threads) may share one Problem.
/// Copying is cheap and meant for "one structure, many instances" (one grid, different givens): a copy
/// shares the variables and constraints (copy-on-write: the first `add_variable` / `add_constraint` on a copy
/// clones them) and owns its initial domains, so `restrict_domain` on a copy never touches the original.
/// Errors: every `add_*` throws ModelError naming the variable or constraint at fault.
class Problem {
 public:
  Problem();
  Problem(const Problem&) = default;
  Problem& operator=(const Problem&) = default;
  /// A moved-from problem is empty (no variables, no constraints) and can be built again.
  Problem(Problem&& other) noexcept;
  Problem& operator=(Problem&& other) noexcept;

  // ---- building -------------------------------------------------------------------------------------------
  /// Adds a variable with the given values (any ints; duplicates ignored). Throws ModelError on an empty name,
  /// a duplicate name or an empty value set. Returns its id (0, 1, 2, ... in order of addition).
  VarId add_variable(std::string name, std::vector<Value> values);
  /// Reserves room for this many variables and constraints (optional; saves reallocations while building).
  void reserve(int variables, int constraints);
  /// Adds a variable with values lo..hi inclusive: O(1) time and memory whatever the width (a wide domain is an
  /// interval with holes, see `Domain`). Throws ModelError when lo > hi or the range holds more than
  /// Domain::kMaxCapacity = 2^31 - 1 values (INT_MIN..INT_MAX has 2^32: use e.g. -1073741823..1073741823).
  VarId add_variable(std::string name, Value lo, Value hi);

  /// Unary constraint (node consistency, AIMA §6.2.1): x's initial domain keeps only the values in `allowed`
  /// (its value list, the universe, is unchanged). A variable left with one value is a given: search assigns it at
  /// the root. Throws ModelError when a value is not one of x's values or nothing would be left.
  void restrict_domain(VarId x, const std::vector<Value>& allowed);
  /// The same with one allowed value: x becomes a given. Throws ModelError when v is not one of x's values.
  void restrict_domain(VarId x, Value only);
  /// Unary bounds: x's initial domain keeps only the values in lo..hi (O(log) on wide ranges). Throws ModelError
  /// naming x when nothing would be left.
  void restrict_range(VarId x, Value lo, Value hi);
  /// x's domain when a run starts: all its values, less what `restrict_domain` removed.
  const Domain& initial_domain(VarId x) const;

  /// Adds any constraint; returns it. Calls its `attach` (which validates the scope).
  const Constraint& add_constraint(std::unique_ptr<Constraint> c);
  /// x != y.
  const Constraint& add_not_equal(VarId x, VarId y);
  /// pred(value of x, value of y) must hold. `pred` is copied and must stay valid (beware lambdas capturing
  /// loop variables by reference).
  const Constraint& add_binary(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name = "");
  /// All variables of `scope` take different values, posted as one global constraint or pairwise !=.
  void add_all_different(const std::vector<VarId>& scope, AllDifferentMode mode = AllDifferentMode::global,
                         std::string name = "");
  /// All x_i + offsets[i] different (one global constraint; n-queens diagonals use offsets i and -i).
  /// Throws ModelError when the sizes differ.
  const Constraint& add_all_different_shifted(std::vector<VarId> scope, std::vector<int> offsets, std::string name = "");
  /// The scope must take one of the `allowed` tuples (each of the scope's arity). Throws ModelError on a tuple of
  /// the wrong length or with a value outside a variable's values.
  const Constraint& add_table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name = "");
  /// pred(values in scope order) must hold; n-ary. Propagation enumerates supports (exponential in arity).
  const Constraint& add_predicate(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred,
                                  std::string name = "");
  /// sum(coefficients[i] * scope[i]) OP rhs. Throws ModelError when the sizes differ.
  const Constraint& add_linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs,
                               std::string name = "");

  // ---- reading --------------------------------------------------------------------------------------------
  int variable_count() const { return static_cast<int>(initial_domains_.size()); }
  int constraint_count() const { return static_cast<int>(s_->constraints.size()); }
  /// Throws ModelError for an unknown id.
  const Variable& variable(VarId x) const {
    if (x < 0 || x >= variable_count()) throw_unknown_variable(x, "variable");
    return s_->variables[static_cast<std::size_t>(x)];
  }
  /// The variable called `name`. Throws ModelError when there is none.
  VarId find(const std::string& name) const;
  /// The variables' names, shared with this problem (no copy; adding to the problem later leaves them as they
  /// are): what lets an Assignment made for the problem be read by name.
  std::shared_ptr<const VariableNames> variable_names() const;
  /// Throws ModelError for an unknown id (one predictable compare: search calls it in its loops).
  const Constraint& constraint(ConstraintId c) const {
    if (c < 0 || c >= constraint_count()) throw_unknown_constraint(c);
    return *s_->constraints[static_cast<std::size_t>(c)];
  }
  /// Ids of the constraints whose scope contains x, in order of addition. Throws ModelError for an unknown id.
  const std::vector<ConstraintId>& constraints_of(VarId x) const {
    if (x < 0 || x >= variable_count()) throw_unknown_variable(x, "constraints_of");
    return s_->var_constraints[static_cast<std::size_t>(x)];
  }
  /// Variables sharing at least one constraint with x, ascending (x's neighbours in the constraint graph).
  /// Computed on each call from constraints_of(x) (O(sum of their arities)); search never needs it.
  std::vector<VarId> neighbors(VarId x) const;

  /// Is x = v consistent with `a` (AIMA §6.3): does no constraint on x report a violation once x = v is added to
  /// `a`? x's own entry in `a` is replaced. Copies `a` (convenience for users; search uses its own copy).
  /// Throws ModelError when x is unknown or v is not one of x's values.
  bool is_consistent(VarId x, Value v, const Assignment& a) const;
  /// True iff `a` is complete, every value is in its variable's initial domain, and every constraint holds.
  bool is_solution(const Assignment& a) const;
  /// The variable's name and value for every assigned variable, "X=v" separated by spaces.
  std::string to_string(const Assignment& a) const;

 private:
  // Variables and constraints: shared between copies, immutable while shared (copy-on-write through `own`).
  struct Structure {
    std::vector<Variable> variables;
    std::unordered_map<std::string, VarId> index;           // name -> id
    std::vector<std::shared_ptr<const Constraint>> constraints;
    std::vector<std::vector<ConstraintId>> var_constraints;
  };

  VarId add_variable(Variable var);
  /// The structure, cloned first when another Problem shares it.
  Structure& own();
  /// The empty structure every new or moved-from problem shares until its first addition.
  static const std::shared_ptr<Structure>& empty_structure();
  void check_var(VarId x, const char* what) const;
  /// Throws ModelError "constraint 'name': variable 'x' appears twice in the scope" (by variable name).
  void check_scope(const std::vector<VarId>& scope, const std::string& name) const;
  [[noreturn]] void throw_unknown_variable(VarId x, const char* what) const;
  [[noreturn]] void throw_unknown_constraint(ConstraintId c) const;

  std::shared_ptr<Structure> s_;  // never null
  std::vector<Domain> initial_domains_;
};

}  // namespace csp
