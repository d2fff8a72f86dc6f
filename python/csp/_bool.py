"""Posting boolean formulas (csp._expr.Formula): `p += (x > 2) & (y < 3)`, `|`, `~`, `^`, `implies`, `==`.

The top of a formula is posted directly where the engine has the constraint (a conjunction: each part; a
disjunction: a clause over its parts' literals; a negated comparison: the opposite comparison; an implication
whose consequent is a comparison: a half-reified linear constraint). Each part below it becomes a literal, a 0/1
variable b with b <-> part: a 0/1 Var is its own literal; a comparison gets an auxiliary `_bool<n>` reified with
add_linear_reif; and / or with add_and_reif / add_or_reif; not with b + l == 1; xor, implies and equivalence with a
table over (l1, l2, b). Each auxiliary literal is determined by its operands, so counts are those of the formula."""

from __future__ import annotations

from ._csp import ModelError
from ._expr import Formula, Linear, Var, check_owner

# (l1, l2, b) with b the value of the binary operator on l1, l2
_TABLES = {
    "xor": [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)],
    "iff": [(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 1)],
    "implies": [(0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 1, 1)],
}
_SAME = {"xor": 0, "iff": 1, "implies": 1}  # the value when both operands are the same literal


def negated(c: Linear) -> Linear:
    """The comparison that holds exactly when `c` does not."""
    if c.op == "==":
        return Linear(c.expr, "!=")
    if c.op == "!=":
        return Linear(c.expr, "==")
    if c.op == "<=":
        return Linear(c.expr - 1, ">=")  # not (e <= 0)  is  e >= 1
    return Linear(c.expr + 1, "<=")      # not (e >= 0)  is  e <= -1


def post(problem, f, name: str = "") -> None:
    """Posts the formula (or comparison, or 0/1 variable: it must be 1) `f` on `problem` (a csp.Problem), its
    constraints named `name`."""
    raw = problem.raw
    if isinstance(f, Linear):
        problem.add(f, name)
    elif isinstance(f, Var):
        raw.add_linear([literal(problem, f)], [1], "==", 1, name)
    elif f.op == "and":
        for a in f.args:
            post(problem, a, name)
    elif f.op == "or":
        raw.add_clause(_distinct(literal(problem, a) for a in f.args), [])
    elif f.op == "not":
        (a,) = f.args
        if isinstance(a, Linear):
            problem.add(negated(a), name)
        elif isinstance(a, Formula) and a.op == "not":
            post(problem, a.args[0], name)
        else:
            raw.add_linear([literal(problem, a)], [1], "==", 0, name)
    elif f.op == "implies" and isinstance(f.args[1], Linear):
        b = literal(problem, f.args[0])
        scope, coefficients, rhs = problem._linear(f.args[1])
        raw.add_linear_reif(scope, coefficients, f.args[1].op, rhs, b, True)
    else:
        a, c = (literal(problem, x) for x in f.args)
        if a == c:
            if _SAME[f.op] == 0:
                raise ModelError(f"a formula {f.op} of a constraint with itself never holds")
            return
        if f.op == "implies":
            raw.add_clause([c], [a])
        else:
            raw.add_linear([a, c], [1, -1], "==" if f.op == "iff" else "!=", 0, name)


def literal(problem, f) -> int:
    """The id of a 0/1 variable b with b <-> f (f a comparison, formula or 0/1 variable); the constraints that
    define b are definitions (Aux.defining)."""
    return problem._aux.defining(lambda: _literal(problem, f))


def _literal(problem, f) -> int:
    raw = problem.raw
    aux = problem._aux
    if isinstance(f, Var):
        check_owner(f, raw)
        d = aux.values(f.id)
        if len(d) > 2 or not set(d) <= {0, 1}:
            raise ModelError(f"variable {f.name!r} is used as a boolean (&, |, ~, implies) but its domain is not "
                             "within {0, 1}")
        return f.id
    if isinstance(f, Linear):
        scope, coefficients, rhs = problem._linear(f)
        if not scope:
            return aux.constant(int(_holds(f.op, -rhs)))
        b = aux.new_var("bool", {0, 1})
        raw.add_linear_reif(scope, coefficients, f.op, rhs, b, False)
        return b
    if not isinstance(f, Formula):
        raise TypeError(f"a formula takes constraints, formulas and 0/1 variables, not {type(f).__name__}")
    if f.op == "not":
        inner = literal(problem, f.args[0])
        b = aux.new_var("bool", {0, 1})
        raw.add_linear([b, inner], [1, 1], "==", 1, "")
        return b
    if f.op in ("and", "or"):
        parts = _distinct(literal(problem, a) for a in f.args)
        if len(parts) == 1:
            return parts[0]
        b = aux.new_var("bool", {0, 1})
        (raw.add_and_reif if f.op == "and" else raw.add_or_reif)(parts, b)
        return b
    a, c = (literal(problem, x) for x in f.args)
    if a == c:
        return aux.constant(_SAME[f.op])
    b = aux.new_var("bool", {0, 1})
    raw.add_table([a, c, b], [list(t) for t in _TABLES[f.op]], "")
    return b


def _holds(op: str, value: int) -> bool:
    """Whether `value OP 0` holds (a comparison left without variables)."""
    return {"==": value == 0, "!=": value != 0, "<=": value <= 0, ">=": value >= 0}[op]


def _distinct(ids) -> list:
    return list(dict.fromkeys(ids))

