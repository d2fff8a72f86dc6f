"""Variables and linear expressions: `x + 2 * y <= 10` builds a constraint that `problem += ...` posts.

A Var belongs to the Problem that made it (its engine problem, `_owner`): expressions remember it, and a Problem
refuses a Var or an expression of another Problem (csp.ModelError) instead of reading its id as one of its own."""

from __future__ import annotations

from ._csp import ModelError

_OPS = {"==": "==", "!=": "!=", "<=": "<=", ">=": ">="}


class Expr:
    """sum(coefficient * variable) + constant, over the variables of one problem."""

    __slots__ = ("terms", "constant", "_owner")

    def __init__(self, terms=None, constant=0, owner=None):
        self.terms = dict(terms or {})  # variable id -> coefficient
        self.constant = constant
        self._owner = owner  # the engine problem of the variables (None: no variable)

    @staticmethod
    def of(value) -> "Expr":
        if isinstance(value, Expr):
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"a linear expression takes variables and ints, not {type(value).__name__}")
        return Expr({}, value)

    def _combine(self, other, sign):
        other = Expr.of(other)
        owner = _same_owner(self, other)
        terms = dict(self.terms)
        for x, c in other.terms.items():
            terms[x] = terms.get(x, 0) + sign * c
        return Expr({x: c for x, c in terms.items() if c != 0}, self.constant + sign * other.constant, owner)

    def __add__(self, other):
        return self._combine(other, 1)

    __radd__ = __add__

    def __sub__(self, other):
        return self._combine(other, -1)

    def __rsub__(self, other):
        return Expr.of(other)._combine(self, -1)

    def __neg__(self):
        return Expr({x: -c for x, c in self.terms.items()}, -self.constant, self._owner)

    def __mul__(self, k):
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError("a linear expression is multiplied by an int only (use Problem.times for x * y)")
        return Expr({x: c * k for x, c in self.terms.items() if c * k != 0}, self.constant * k, self._owner)

    __rmul__ = __mul__

    def _compare(self, other, op):
        return Linear(self - Expr.of(other), op)

    def __eq__(self, other):  # type: ignore[override]
        return self._compare(other, "==")

    def __ne__(self, other):  # type: ignore[override]
        return self._compare(other, "!=")

    def __le__(self, other):
        return self._compare(other, "<=")

    def __ge__(self, other):
        return self._compare(other, ">=")

    def __lt__(self, other):
        return self._compare(Expr.of(other) - 1, "<=")

    def __gt__(self, other):
        return self._compare(Expr.of(other) + 1, ">=")

    def __hash__(self):
        return hash((tuple(sorted(self.terms.items())), self.constant))

    def __bool__(self):
        raise TypeError("a linear expression has no truth value; post it with problem += (expr OP value)")


class Var(Expr):
    """A variable of a Problem: its id (`int(x)`), its name, usable in linear expressions."""

    __slots__ = ("id", "name")

    def __init__(self, id_: int, name: str, owner=None):
        super().__init__({id_: 1}, 0, owner)
        self.id = id_
        self.name = name

    def __index__(self):
        return self.id

    def __int__(self):
        return self.id

    def __hash__(self):
        return hash(("csp.Var", self.id))

    def __repr__(self):
        return f"Var({self.name!r})"


class Linear:
    """expr OP 0: what `x + y == 10` builds; `problem += it` posts it (add_linear)."""

    __slots__ = ("expr", "op")

    def __init__(self, expr: Expr, op: str):
        self.expr = expr
        self.op = _OPS[op]

    def scope_coefficients_rhs(self):
        scope = list(self.expr.terms)
        return scope, [self.expr.terms[x] for x in scope], -self.expr.constant

    def __bool__(self):
        # So that Vars work as dict keys and in `x in list`: x == x is True, x == y is False.
        if self.op not in ("==", "!="):
            raise TypeError("a constraint has no truth value; post it with problem += constraint")
        same = not self.expr.terms and self.expr.constant == 0
        return same if self.op == "==" else not same

    def __repr__(self):
        terms = " + ".join(f"{c}*x{x}" for x, c in self.expr.terms.items())
        return f"Linear({terms} {self.op} {-self.expr.constant})"


def _same_owner(a: Expr, b: Expr):
    if a._owner is not None and b._owner is not None and a._owner is not b._owner:
        raise ModelError("an expression mixes variables of two Problems (a Var belongs to the Problem that made it)")
    return a._owner if a._owner is not None else b._owner


def check_owner(item, owner):
    """Raises csp.ModelError when the Var or expression `item` belongs to a Problem other than `owner`."""
    if owner is not None and item._owner is not None and item._owner is not owner:
        what = f"variable {item.name!r}" if isinstance(item, Var) else "this constraint or expression: its variables"
        raise ModelError(f"{what} belongs to another Problem (a Var is used only in the Problem that made it)")


def ids(variables, owner=None) -> list:
    """Variable ids of a list (or tuple, or other ordered iterable) of Vars or ints; Vars of `owner` only."""
    if isinstance(variables, (set, frozenset)):
        raise TypeError("a scope is ordered: give a list or tuple, not a set (a set's order changes from run to run)")
    out = []
    for v in variables:
        if isinstance(v, Var):
            check_owner(v, owner)
            out.append(v.id)
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append(v)
        else:
            raise TypeError(f"expected a variable, got {type(v).__name__}")
    return out


def var_id(v, owner=None) -> int:
    return ids([v], owner)[0]
