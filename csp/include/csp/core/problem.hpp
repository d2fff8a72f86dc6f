// Problem: a CSP (X, D, C) built through an API, immutable once solved (AIMA 4th ed. §6.1).
#pragma once

#include <concepts>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/constraint.hpp"
#include "csp/core/domain.hpp"
#include "csp/core/variable.hpp"

namespace csp {

/// How `add_all_different` posts its constraint (chosen when the problem is built, so ablations compare them), named
/// by the consistency each reaches (docs/engine.md, "All-different: what each `--alldiff` mode reaches").
enum class AllDifferentMode {
  binary,      ///< n(n-1)/2 binary `NotEqual` constraints (the textbook's binary formulation): arc consistency of them
  value,       ///< one `AllDifferent` constraint (Level::rules): single-value removal (Gecode's IPL_VAL), plus the
               ///< pigeonhole failure and, on a permutation, hidden singles
  gac,         ///< one `AllDifferent` constraint with Régin's matching (Level::matching): generalised arc consistency
  grid,        ///< a Sudoku model's mode, not a single constraint's: every unit of the grid in one propagator over
               ///< bitmasks (csp::models::SudokuGridConstraint); `add_all_different` refuses it
  grid_cells,  ///< `grid` on one candidate word per cell even where `grid` keeps digit-major bitboards (9x9 with
               ///< 3x3 boxes): the same rules and search, another representation (an ablation of what it costs)
  pairwise = binary,  ///< deprecated old name of `binary`
  global = value,     ///< deprecated old name of `value`
  matching = gac      ///< deprecated old name of `gac`
};

/// The command-line name of `mode`: "binary", "value", "gac", "grid" or "grid-cells" (an old enumerator prints its
/// new name).
std::string to_string(AllDifferentMode mode);
/// Parses "binary", "value", "gac", "grid" and "grid-cells", and the old names "pairwise", "global" and "matching" (read as
/// binary, value and gac). Throws UnknownNameError listing the valid names.
AllDifferentMode parse_all_different_mode(const std::string& name);

/// Comparison of a `LinearConstraint`: sum(coefficient_i * x_i) OP rhs.
enum class LinearOp { eq, ne, le, ge };

/// How a boolean variable b is tied to a constraint C: b <-> C (FlatZinc's _reif builtins) or b -> C (_imp).
enum class Reification { equivalence, implication };
// ---- api: domains that read like the model ------------------------------------------------------------------
/// The arithmetic relations of `Arithmetic` (csp/constraints/arithmetic.hpp), one per `Problem::add_*` call.
enum class ArithmeticKind { times, div, mod, abs, min, max, pow, product, quotient, difference };

/// The values lo..hi inclusive, for `Problem::add_variable(name, csp::range(lo, hi))`: a range that cannot be
/// mistaken for the set {lo, hi}.
struct Range {
  Value lo;
  Value hi;
};
/// The range lo..hi (both included).
constexpr Range range(Value lo, Value hi) { return Range{lo, hi}; }
/// An explicit set of values, for `add_variable(name, csp::values(1, 9))` (the set {1, 9}, not 1..9).
template <class... V>
requires(std::convertible_to<V, Value>&&...) std::vector<Value> values(V... v) {
  return std::vector<Value>{static_cast<Value>(v)...};
}

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
  /// The same as add_variable(name, r.lo, r.hi): `add_variable("x", csp::range(1, 9))` is x in 1..9.
  VarId add_variable(std::string name, Range r) { return add_variable(std::move(name), r.lo, r.hi); }
  /// Deleted on purpose: `add_variable("x", {1, 9})` would read as 1..9 but mean the set {1, 9}. Write the range
  /// as `csp::range(1, 9)` (or `1, 9`), the set as `csp::values(1, 9)` or `std::vector<csp::Value>{1, 9}`.
  VarId add_variable(std::string name, std::initializer_list<Value> braced) = delete;

  /// Unary constraint (node consistency, AIMA §6.2.1): x's initial domain keeps only the values in `allowed`
  /// (its value list, the universe, is unchanged). A variable left with one value is a given: search assigns it at
  /// the root. Throws ModelError when a value is not one of x's values or nothing would be left.
  void restrict_domain(VarId x, const std::vector<Value>& allowed);
  /// The same with one allowed value: x becomes a given. Throws ModelError when v is not one of x's values.
  void restrict_domain(VarId x, Value only);
  /// Unary bounds: x's initial domain keeps only the values in lo..hi (O(log) on wide ranges). Throws ModelError
  /// naming x when nothing would be left.
  void restrict_range(VarId x, Value lo, Value hi);
  /// The same as restrict_range(x, lo, hi): x keeps the values in lo..hi.
  void restrict_domain(VarId x, Value lo, Value hi) { restrict_range(x, lo, hi); }
  /// Deleted on purpose, as for add_variable: `restrict_domain(x, {1, 9})` would read as 1..9. Write
  /// `restrict_domain(x, 1, 9)` for the range, `restrict_domain(x, csp::values(1, 9))` for the set, and
  /// `restrict_domain(x, v)` for one value.
  void restrict_domain(VarId x, std::initializer_list<Value> braced) = delete;
  /// x's domain when a run starts: all its values, less what `restrict_domain` removed.
  const Domain& initial_domain(VarId x) const;
  /// Every variable's initial_domain, by id (what a Store starts from).
  const std::vector<Domain>& initial_domains() const { return initial_domains_; }

  // ---- relaxing (what `why_unsat` asks of its copies, csp/search/why_unsat.hpp) ----------------------------
  /// Replaces constraint c by one that always holds, with the same id, scope and name: the problem then reads as
  /// if c had never been posted, and every other id stays valid. Meant for a copy (copy-on-write: the original and
  /// its other copies keep c). Throws ModelError for an unknown id.
  void relax_constraint(ConstraintId c);
  /// x's initial domain becomes all its values again, undoing every `restrict_domain` / `restrict_range` on it.
  /// Throws ModelError for an unknown id.
  void reset_domain(VarId x);
  /// Whether x's initial domain lacks some of its values (a given, a unary restriction).
  bool is_restricted(VarId x) const;

  /// Adds any constraint; returns it. Calls its `attach` (which validates the scope).
  const Constraint& add_constraint(std::unique_ptr<Constraint> c);
  /// x != y.
  const Constraint& add_not_equal(VarId x, VarId y);
  /// pred(value of x, value of y) must hold. `pred` is copied and must stay valid (beware lambdas capturing
  /// loop variables by reference).
  const Constraint& add_binary(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name = "");
  /// All variables of `scope` take different values, posted as one global constraint or pairwise !=.
  void add_all_different(const std::vector<VarId>& scope, AllDifferentMode mode = AllDifferentMode::value,
                         std::string name = "");
  /// All x_i + offsets[i] different (one global constraint; n-queens diagonals use offsets i and -i).
  /// Throws ModelError when the sizes differ.
  const Constraint& add_all_different_shifted(std::vector<VarId> scope, std::vector<int> offsets,
                                              std::string name = "");
  /// The scope must take one of the `allowed` tuples (each of the scope's arity). Throws ModelError on a tuple of
  /// the wrong length or with a value outside a variable's values.
  const Constraint& add_table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name = "");
  /// Value-symmetry breaking (AIMA §6.5): declares `values` interchangeable along `scope` and keeps one solution
  /// per renaming of them: values[0] is the first listed value to appear in scope order, and each variable takes
  /// values[i+1] only if an earlier one took values[i] (`ValuePrecedence`, csp/constraints/value_precedence.hpp).
  /// Post it only when every constraint treats the values alike (a colouring's colours). Throws ModelError on an
  /// empty or repeated value list or a bad scope.
  const Constraint& add_value_precedence(std::vector<VarId> scope, std::vector<Value> values, std::string name = "");
  /// pred(values in scope order) must hold; n-ary. Propagation enumerates supports (exponential in arity).
  const Constraint& add_predicate(std::vector<VarId> scope, std::function<bool(std::span<const Value>)> pred,
                                  std::string name = "");
  /// sum(coefficients[i] * scope[i]) OP rhs. Throws ModelError when the sizes differ.
  const Constraint& add_linear(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs,
                               std::string name = "");

  // ---- FlatZinc builtins: reified, boolean and element constraints (reified.hpp, boolean.hpp, element.hpp) ------
  // Boolean variables are integer variables with values within 0..1; each call throws ModelError naming a
  // variable that is not. Each returns the constraint posted.
  /// b <-> sum(coefficients[i] * scope[i]) OP rhs (or b -> ..., `Reification::implication`): FlatZinc int_eq_reif,
  /// int_le_reif, int_lin_*_reif, bool_eq_reif, ... A variable listed twice has its coefficients added. Throws
  /// ModelError when the sizes differ, b is in the scope, or a merged coefficient leaves the int range.
  const Constraint& add_linear_reif(std::vector<VarId> scope, std::vector<int> coefficients, LinearOp op, long long rhs,
                                    VarId b, Reification r = Reification::equivalence);
  /// Some positive variable is 1 or some negative one is 0 (bool_clause). Throws ModelError when both are empty.
  const Constraint& add_clause(std::vector<VarId> positive, std::vector<VarId> negative);
  /// r <-> (xs[0] and xs[1] and ...) (array_bool_and, bool_and); and of no variable is true. Throws ModelError when
  /// r is among the xs.
  const Constraint& add_and_reif(std::vector<VarId> xs, VarId r);
  /// r <-> (xs[0] or xs[1] or ...) (array_bool_or, bool_or); or of no variable is false. Throws ModelError when r
  /// is among the xs.
  const Constraint& add_or_reif(std::vector<VarId> xs, VarId r);
  /// An odd number of xs are 1 (array_bool_xor). A variable listed twice cancels out. Throws ModelError when no
  /// variable is left (always false).
  const Constraint& add_xor(std::vector<VarId> xs);
  /// result = array[index - offset] (array_int_element, array_bool_element: offset 1). Throws ModelError when the
  /// array is empty.
  const Constraint& add_element(VarId index, std::vector<Value> array, VarId result, int offset = 1);
  /// result = array[index - offset] over variables (array_var_int_element, array_var_bool_element). Variables may
  /// repeat. Throws ModelError when the array is empty. (Not an `add_element` overload: VarId and Value are both
  /// int, so the two array types are one type.)
  const Constraint& add_var_element(VarId index, std::vector<VarId> array, VarId result, int offset = 1);
  /// b <-> x in set (or b -> x in set): set_in_reif, set_in_imp. Throws ModelError when x is b.
  const Constraint& add_member_reif(VarId x, std::vector<Value> set, VarId b, Reification r = Reification::equivalence);
  // ---- api: constraints that read like the model (csp/constraints/arithmetic.hpp) -----------------
  /// sum(scope) OP rhs: add_linear with every coefficient 1. Throws ModelError as add_linear does.
  const Constraint& add_sum(std::vector<VarId> scope, LinearOp op, long long rhs);
  /// a + duration <= b (a starts, lasts `duration`, then b may start): add_linear({a, b}, {1, -1}, le, -duration).
  const Constraint& add_precedence(VarId a, int duration, VarId b);
  /// x * y = z (FlatZinc int_times).
  const Constraint& add_times(VarId x, VarId y, VarId z);
  /// x div y = z, the quotient truncated toward zero, y != 0 (FlatZinc int_div: 7 div -2 = -3).
  const Constraint& add_div(VarId x, VarId y, VarId z);
  /// x mod y = z, the remainder of that division (sign of x), y != 0 (FlatZinc int_mod: -7 mod 2 = -1).
  const Constraint& add_mod(VarId x, VarId y, VarId z);
  /// |x| = z (FlatZinc int_abs).
  const Constraint& add_abs(VarId x, VarId z);
  /// min(x, y) = z (FlatZinc int_min).
  const Constraint& add_min(VarId x, VarId y, VarId z);
  /// max(x, y) = z (FlatZinc int_max).
  const Constraint& add_max(VarId x, VarId y, VarId z);
  /// x ^ y = z with 0 ^ 0 = 1, and z = 1 div x^|y| for y < 0 (FlatZinc int_pow as MiniZinc 2.6 defines it).
  const Constraint& add_pow(VarId x, VarId y, VarId z);
  /// The product of the scope's values is `target` (a KenKen "x" cage). Throws ModelError on an empty scope.
  const Constraint& add_product(std::vector<VarId> scope, long long target);
  /// max(a, b) = target * min(a, b) with min(a, b) != 0: the larger divided by the smaller is exactly `target`
  /// (a KenKen "÷" cage: 2 and 6 make 3).
  const Constraint& add_quotient(VarId a, VarId b, Value target);
  /// |a - b| = target (a KenKen "-" cage).
  const Constraint& add_difference(VarId a, VarId b, Value target);

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
  /// Why `a` is not a solution ("" when it is): "N of M variables assigned", "X = v is not in X's domain", or
  /// "constraint 'NAME' (on X, Y, ...) is violated", naming the first fault found.
  std::string why_not_solution(const Assignment& a) const;
  /// The variable's name and value for every assigned variable, "X=v" separated by spaces.
  std::string to_string(const Assignment& a) const;

 private:
  // Variables and constraints: shared between copies, immutable while shared (copy-on-write through `own`).
  struct Structure {
    std::vector<Variable> variables;
    std::unordered_map<std::string, VarId> index;  // name -> id
    std::vector<std::shared_ptr<const Constraint>> constraints;
    std::vector<std::vector<ConstraintId>> var_constraints;
  };

  VarId add_variable(Variable var);
  // api: posts one Arithmetic constraint (arithmetic.hpp) with a readable name such as "x*y=z".
  const Constraint& add_arithmetic(ArithmeticKind kind, std::vector<VarId> scope, long long target);
  std::string arithmetic_label(ArithmeticKind kind, const std::vector<VarId>& scope, long long target) const;
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
