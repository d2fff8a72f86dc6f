"""Variables and expressions: `x + 2 * y <= 10`, `abs(x - y) + z * w <= 7` build a constraint that `problem += ...`
posts.

An expression is linear over keys: a variable id, or a Node (a non-linear term: x * y, abs, //, %, **, min, max,
element, count, ...). A Node is given an auxiliary variable when the expression is posted (csp/_flatten.py), so
building an expression changes no Problem.

A Var belongs to the Problem that made it (its engine problem, `_owner`): expressions remember it, and a Problem
refuses a Var or an expression of another Problem (csp.ModelError) instead of reading its id as one of its own."""

from __future__ import annotations

import numbers

from ._csp import ModelError

_OPS = {"==": "==", "!=": "!=", "<=": "<=", ">=": ">="}


def is_int(value) -> bool:
    """An int or a numpy integer (numbers.Integral), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and type(value).__name__ != "bool_"


def as_int(value, what: str = "a value") -> int:
    """`value` as a Python int (numpy integers accepted); TypeError naming `what` otherwise."""
    if not is_int(value):
        raise TypeError(f"{what} must be an int, not {type(value).__name__} ({value!r})")
    return int(value)


def trunc_div(a: int, b: int) -> int:
    """a / b truncated toward zero (MiniZinc's div, C's /): -7 // 2 is -3 here, -4 in Python."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def trunc_mod(a: int, b: int) -> int:
    """The remainder of trunc_div, with the sign of a (MiniZinc's mod, C's %): -7 % 2 is -1 here, 1 in Python."""
    return a - b * trunc_div(a, b)


class Node:
    """A non-linear term: `op` over `args` (Exprs, and for some ops ints or lists); identity hash, so that it is a
    key of an Expr's terms."""

    __slots__ = ("op", "args", "data", "_owner")

    def __init__(self, op: str, args, data=None, owner=None):
        self.op = op
        self.args = tuple(args)  # Exprs
        self.data = data  # an op's constants: the exponent, the counted value(s), an int array
        self._owner = owner

    def __repr__(self):
        return f"Node({self.op}, {len(self.args)} args)"


# The partial operations: their constraint also rules out where they are undefined (a divisor of 0, an index out of
# the array). A term over one of them is kept with coefficient 0 (0 * (x // y), e ** 0, e - e), so that its rule
# still holds: folding it away would drop the rule and admit more solutions.
_PARTIAL = frozenset(("div", "mod", "element"))


def _partial(key) -> bool:
    return isinstance(key, Node) and (key.op in _PARTIAL or any(_partial(k) for a in key.args
                                                               if isinstance(a, Expr) for k in a.terms))


class Expr:
    """sum(coefficient * key) + constant, a key a variable id or a Node, over the variables of one problem."""

    __slots__ = ("terms", "constant", "_owner")
    __array_ufunc__ = None  # numpy defers to these operators: np.int64(3) * x is 3 * x

    def __init__(self, terms=None, constant=0, owner=None):
        self.terms = dict(terms or {})  # variable id or Node -> coefficient
        self.constant = constant
        self._owner = owner  # the engine problem of the variables (None: no variable)

    @staticmethod
    def of(value) -> "Expr":
        if isinstance(value, Expr):
            return value
        if not is_int(value):
            raise TypeError(f"an expression takes variables, expressions and ints, not {type(value).__name__}")
        return Expr({}, int(value))

    @staticmethod
    def node(op: str, args, data=None) -> "Expr":
        """1 * Node(op, args): the expression of one non-linear term."""
        args = [Expr.of(a) for a in args]
        owner = None
        for a in args:
            owner = _same_owner_of(owner, a._owner)
        return Expr({Node(op, args, data, owner): 1}, 0, owner)

    @property
    def is_constant(self) -> bool:
        return not self.terms

    def _combine(self, other, sign):
        other = Expr.of(other)
        owner = _same_owner(self, other)
        terms = dict(self.terms)
        for x, c in other.terms.items():
            terms[x] = terms.get(x, 0) + sign * c
        return Expr({x: c for x, c in terms.items() if c != 0 or _partial(x)}, self.constant + sign * other.constant,
                    owner)

    def _scaled(self, k: int) -> "Expr":
        return Expr({x: c * k for x, c in self.terms.items() if c * k != 0 or _partial(x)}, self.constant * k,
                    self._owner)

    def __add__(self, other):
        if not _operand(other):
            return NotImplemented
        return self._combine(other, 1)

    __radd__ = __add__

    def __sub__(self, other):
        if not _operand(other):
            return NotImplemented
        return self._combine(other, -1)

    def __rsub__(self, other):
        if not _operand(other):
            return NotImplemented
        return Expr.of(other)._combine(self, -1)

    def __neg__(self):
        return self._scaled(-1)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if not _operand(other):
            return NotImplemented
        other = Expr.of(other)
        if other.is_constant:
            return self._scaled(other.constant)
        if self.is_constant:
            return other._scaled(self.constant)
        return Expr.node("times", (self, other))

    __rmul__ = __mul__

    def __floordiv__(self, other):
        """Integer division truncated toward zero (MiniZinc's div), not Python's floor: (-7) // 2 is -3."""
        if not _operand(other):
            return NotImplemented
        return _div_mod("div", self, Expr.of(other))

    def __rfloordiv__(self, other):
        if not _operand(other):
            return NotImplemented
        return _div_mod("div", Expr.of(other), self)

    def __mod__(self, other):
        """The remainder of the truncated division, with the sign of the dividend (MiniZinc's mod): (-7) % 2 is -1."""
        if not _operand(other):
            return NotImplemented
        return _div_mod("mod", self, Expr.of(other))

    def __rmod__(self, other):
        if not _operand(other):
            return NotImplemented
        return _div_mod("mod", Expr.of(other), self)

    def __truediv__(self, other):
        raise TypeError("expressions are integer: use // (division truncated toward zero, as MiniZinc's div)")

    __rtruediv__ = __truediv__

    def __pow__(self, k, modulo=None):
        if isinstance(k, Expr) or modulo is not None:
            raise TypeError("x ** k takes a constant exponent k (an int >= 0)")
        k = as_int(k, "the exponent of **")
        if k < 0:
            raise ValueError(f"x ** k takes an exponent k >= 0, not {k}")
        if k == 0:
            return self._scaled(0) + 1  # 1, keeping a partial term's rule
        if k == 1:
            return self
        if self.is_constant:
            return Expr({}, self.constant ** k)
        return Expr.node("pow", (self,), k)

    def __rpow__(self, base):
        raise TypeError("k ** x with a variable exponent is not supported: the exponent is a constant int")

    def __abs__(self):
        if self.is_constant:
            return Expr({}, abs(self.constant))
        return Expr.node("abs", (self,))

    def _compare(self, other, op):
        if not _operand(other):
            return NotImplemented
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
        if not _operand(other):
            return NotImplemented
        return self._compare(Expr.of(other) - 1, "<=")

    def __gt__(self, other):
        if not _operand(other):
            return NotImplemented
        return self._compare(Expr.of(other) + 1, ">=")

    def __hash__(self):
        return hash((frozenset(self.terms.items()), self.constant))

    def __array__(self, *args, **kwargs):
        raise TypeError("an expression is not a number: numpy cannot convert it (use csp.array for arrays of them)")

    def __bool__(self):
        raise TypeError("an expression has no truth value; post a comparison with problem += (expr OP value)")

    def __repr__(self):
        parts = [f"{c}*{_key_repr(k)}" for k, c in self.terms.items()]
        return f"Expr({' + '.join(parts + [str(self.constant)])})"


def _key_repr(key):
    return f"x{key}" if isinstance(key, int) else f"{key.op}(...)"


def _operand(value) -> bool:
    return isinstance(value, Expr) or is_int(value)


def _is_array(value) -> bool:
    return hasattr(value, "ndim") and hasattr(value, "shape") and not is_int(value)


def _elementwise(fn, a, b):
    """fn over a numpy array and an expression, item by item: an object array (a VarArray)."""
    import numpy as np

    from .arrays import boxed, wrap
    return wrap(np.frompyfunc(fn, 2, 1)(boxed(a), boxed(b)))


def _arrays_too(method):
    """An Expr operator that, given a numpy array, applies itself to each item (x + arr, x == arr)."""
    def wrapper(self, other):
        if _is_array(other):
            return _elementwise(lambda a, b: method(a, b), self, other)
        return method(self, other)
    wrapper.__name__, wrapper.__doc__ = method.__name__, method.__doc__
    return wrapper


def _div_mod(op: str, a: "Expr", b: "Expr") -> "Expr":
    if b.is_constant and b.constant == 0:
        raise ZeroDivisionError(f"expression {'//' if op == 'div' else '%'} 0")
    if a.is_constant and b.is_constant:
        f = trunc_div if op == "div" else trunc_mod
        return Expr({}, f(a.constant, b.constant))
    if op == "div" and b.is_constant and b.constant == 1:
        return a
    return Expr.node(op, (a, b))


def evaluate(e, value_of) -> int:
    """The value of an expression (or int) when each variable id x has value_of(x) (the engine's semantics)."""
    if is_int(e):
        return int(e)
    total = e.constant
    for key, c in e.terms.items():
        total += c * (value_of(key) if isinstance(key, int) else _evaluate_node(key, value_of))
    return total


def _evaluate_node(n: Node, value_of) -> int:
    a = [evaluate(x, value_of) for x in n.args]
    op = n.op
    if op == "times":
        return a[0] * a[1]
    if op in ("div", "mod"):
        if a[1] == 0:
            raise ZeroDivisionError(f"{op} by 0 (the constraint posting it rules this out)")
        return trunc_div(a[0], a[1]) if op == "div" else trunc_mod(a[0], a[1])
    if op == "abs":
        return abs(a[0])
    if op == "pow":
        return a[0] ** n.data
    if op in ("min", "max"):
        return min(a) if op == "min" else max(a)
    if op == "element":
        return n.data[a[0]] if n.data is not None else a[1:][a[0]]
    if op == "among":
        return sum(v in n.data for v in a)
    if op == "nvalue":
        return len(set(a))
    if op in ("argmax", "argmin"):
        return a.index(max(a) if op == "argmax" else min(a))
    raise TypeError(f"unknown expression {op!r}")


class Var(Expr):
    """A variable of a Problem: its id (`int(x)`), its name, usable in expressions."""

    __slots__ = ("id", "name")

    def __init__(self, id_: int, name: str, owner=None):
        super().__init__({id_: 1}, 0, owner)
        self.id = id_
        self.name = name

    def __int__(self):
        return self.id

    def __hash__(self):
        return hash(("csp.Var", self.id))

    def __repr__(self):
        return f"Var({self.name!r})"


class Formula:
    """A boolean combination of constraints (CPMpy's syntax): `(x > 2) & (y < 3)`, `c1 | c2`, `~c`, `c1 ^ c2`,
    `c1.implies(c2)`, `c1 == c2` (equivalence), `c1 != c2`; its operands are comparisons, formulas and 0/1 variables.
    `problem += f` posts it (csp/_bool.py: each sub-formula that needs one gets a 0/1 auxiliary variable, reified
    by the engine's constraints). Python's `and`, `or` and `not` cannot be overloaded: use `&`, `|` and `~`."""

    __slots__ = ("op", "args")

    def __init__(self, op: str, args):
        self.op = op  # "and", "or", "not", "xor", "implies", "iff"
        self.args = tuple(args)

    def __bool__(self):
        raise TypeError("a constraint has no truth value: combine constraints with &, | and ~ (not and, or, not) "
                        "and post them with problem += ...")

    def __repr__(self):
        return f"Formula({self.op}, {', '.join(map(repr, self.args))})"


def _boolean(value) -> bool:
    return isinstance(value, (Linear, Formula, Var))


def _logic(op):
    def method(self, other):
        if not _boolean(other):
            return NotImplemented
        return Formula(op, (self, other))

    def reflected(self, other):
        if not _boolean(other):
            return NotImplemented
        return Formula(op, (other, self))
    return method, reflected


def _implies(self, other):
    """self -> other (a constraint, formula or 0/1 variable)."""
    if not _boolean(other):
        raise TypeError(f"implies takes a constraint, a formula or a 0/1 variable, not {type(other).__name__}")
    return Formula("implies", (self, other))


def _invert(self):
    return Formula("not", (self,))


def _equivalent(self, other):
    if isinstance(other, (Linear, Formula)) or (isinstance(other, Var) and not isinstance(self, Var)):
        return Formula("iff", (self, other))
    return NotImplemented


def _different(self, other):
    if isinstance(other, (Linear, Formula)) or (isinstance(other, Var) and not isinstance(self, Var)):
        return Formula("xor", (self, other))
    return NotImplemented


class Linear:
    """expr OP 0: what `x + y == 10` builds; `problem += it` posts it (add_linear; its Nodes get auxiliary
    variables). Combined with &, |, ~, ^, implies, == and != it makes a Formula."""

    __slots__ = ("expr", "op")
    __hash__ = object.__hash__

    def __init__(self, expr: Expr, op: str):
        self.expr = expr
        self.op = _OPS[op]

    def scope_coefficients_rhs(self):
        """Only for an expression over variables (no Node): Problem flattens the others first."""
        scope = list(self.expr.terms)
        return scope, [self.expr.terms[x] for x in scope], -self.expr.constant

    def __bool__(self):
        # So that Vars work as dict keys and in `x in list`: x == x is True, x == y is False.
        if self.op not in ("==", "!="):
            raise TypeError("a constraint has no truth value; post it with problem += constraint")
        same = not self.expr.terms and self.expr.constant == 0
        return same if self.op == "==" else not same

    def __repr__(self):
        terms = " + ".join(f"{c}*{_key_repr(x)}" for x, c in self.expr.terms.items())
        return f"Linear({terms} {self.op} {-self.expr.constant})"


for _cls in (Formula, Linear, Var):
    _cls.__and__, _cls.__rand__ = _logic("and")
    _cls.__or__, _cls.__ror__ = _logic("or")
    _cls.__xor__, _cls.__rxor__ = _logic("xor")
    _cls.__invert__ = _invert
    _cls.implies = _implies
for _cls in (Formula, Linear):
    _cls.__eq__ = _equivalent  # between constraints: equivalence (a Var == a Var stays a comparison)
    _cls.__ne__ = _different
    _cls.__hash__ = object.__hash__


def _same_owner_of(a, b):
    if a is not None and b is not None and a is not b:
        raise ModelError("an expression mixes variables of two Problems (a Var belongs to the Problem that made it)")
    return a if a is not None else b


def _same_owner(a: Expr, b: Expr):
    return _same_owner_of(a._owner, b._owner)


def check_owner(item, owner):
    """Raises csp.ModelError when the Var or expression `item` belongs to a Problem other than `owner`."""
    if owner is not None and item._owner is not None and item._owner is not owner:
        what = f"variable {item.name!r}" if isinstance(item, Var) else "this constraint or expression: its variables"
        raise ModelError(f"{what} belongs to another Problem (a Var is used only in the Problem that made it)")


def flat(items):
    """A list of the items of a list, tuple or numpy array (an n-dimensional array flattened, row by row); a set is
    refused (its order changes from run to run)."""
    if isinstance(items, (set, frozenset)):
        raise TypeError("a scope is ordered: give a list or tuple, not a set (a set's order changes from run to run)")
    if hasattr(items, "ndim") and hasattr(items, "flat"):
        return list(items.flat)
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise TypeError(f"expected a list of variables, got {type(items).__name__}")
    return list(items)


def ids(variables, owner=None) -> list:
    """Variable ids of a list (or tuple, numpy array, other ordered iterable) of Vars or ints; Vars of `owner`
    only."""
    out = []
    for v in flat(variables):
        if isinstance(v, Var):
            check_owner(v, owner)
            out.append(v.id)
        elif is_int(v):
            out.append(int(v))
        else:
            raise TypeError(f"expected a variable, got {type(v).__name__}")
    return out


def var_id(v, owner=None) -> int:
    return ids([v], owner)[0]


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__floordiv__", "__rfloordiv__",
              "__mod__", "__rmod__", "__eq__", "__ne__", "__le__", "__ge__", "__lt__", "__gt__"):
    setattr(Expr, _name, _arrays_too(getattr(Expr, _name)))
