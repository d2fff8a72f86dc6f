"""Expressions that are functions of variables: `csp.max([x, y, z])`, `csp.element(array, i)`, `csp.count(xs, 3)`,
... Each is an expression (usable in comparisons, sums, objectives); posted, it becomes an auxiliary variable with
the engine's constraint (csp/_flatten.py). The operators give the others: x * y, abs(x), x // y, x % y, x ** k."""

from __future__ import annotations

from ._expr import Expr, as_int, flat, is_int, trunc_div, trunc_mod

__all__ = ["min", "max", "abs", "div", "mod", "element", "count", "among", "nvalue", "arg_max", "arg_min"]

_builtin_min, _builtin_max, _builtin_abs = min, max, abs


def _operands(items, fn: str) -> list:
    items = flat(items)
    if not items:
        raise ValueError(f"csp.{fn}: the list is empty")
    for i, e in enumerate(items):
        if not (isinstance(e, Expr) or is_int(e)):
            raise TypeError(f"csp.{fn}: item {i} is a {type(e).__name__}, expected a variable, expression or int")
    return [Expr.of(e) for e in items]


def _extremum(items, minimum: bool):
    fn = "min" if minimum else "max"
    es = _operands(items, fn)
    constants = [e.constant for e in es if e.is_constant]
    others = [e for e in es if not e.is_constant]
    pick = _builtin_min if minimum else _builtin_max
    if not others:
        return Expr({}, pick(constants))
    if constants:
        others.append(Expr({}, pick(constants)))
    return others[0] if len(others) == 1 else Expr.node(fn, others)


def min(items, *more):
    """The smallest of the expressions (csp.min([x, y, 3]) or csp.min(x, y)): add_min for two, post_maximum
    (minimum) for more. Python's builtin min compares with <, which builds a constraint: use this one."""
    return _extremum([items, *more] if more else items, True)


def max(items, *more):
    """The largest of the expressions (csp.max([x, y, 3]) or csp.max(x, y))."""
    return _extremum([items, *more] if more else items, False)


def abs(e):
    """|e| (the same as Python's abs(e))."""
    return _builtin_abs(Expr.of(e)) if is_int(e) or isinstance(e, Expr) else _builtin_abs(e)


def div(a, b):
    """a // b truncated toward zero (MiniZinc's div): div(-7, 2) is -3."""
    return Expr.of(a) // b if not (is_int(a) and is_int(b)) else trunc_div(int(a), int(b))


def mod(a, b):
    """The remainder of div, with the sign of a (MiniZinc's mod): mod(-7, 2) is -1."""
    return Expr.of(a) % b if not (is_int(a) and is_int(b)) else trunc_mod(int(a), int(b))


def element(array, index):
    """array[index] with index an expression (0-based, as Python; the index is restricted to 0..len - 1): the array
    holds ints, or variables / expressions (ints among them are constants)."""
    items = flat(array)
    if not items:
        raise ValueError("csp.element: the array is empty")
    if is_int(index):
        return items[int(index)]
    if not isinstance(index, Expr):
        raise TypeError(f"csp.element: the index is a {type(index).__name__}, expected a variable or expression")
    if all(is_int(a) for a in items):
        return Expr.node("element", (index,), [int(a) for a in items])
    for i, a in enumerate(items):
        if not (isinstance(a, Expr) or is_int(a)):
            raise TypeError(f"csp.element: array item {i} is a {type(a).__name__}, expected a variable or int")
    return Expr.node("element", (index, *items))


def among(xs, values):
    """How many of xs take a value in `values` (post_among)."""
    es = _operands(xs, "among")
    if isinstance(values, (set, frozenset)):
        values = sorted(values)
    vs = [as_int(v, f"csp.among: values[{i}]") for i, v in enumerate(flat(values))]
    if not vs:
        raise ValueError("csp.among: values is empty")
    return Expr.node("among", es, sorted(set(vs)))


def count(xs, value):
    """How many of xs equal `value` (post_among with one value): csp.count(xs, 3) >= 2 is at_least."""
    return among(xs, [as_int(value, "csp.count: value")])


def nvalue(xs):
    """The number of distinct values among xs (post_nvalue)."""
    return Expr.node("nvalue", _operands(xs, "nvalue"))


def arg_max(xs):
    """The index (from 0) of the first largest of xs (post_arg_max)."""
    return Expr.node("argmax", _operands(xs, "arg_max"))


def arg_min(xs):
    """The index (from 0) of the first smallest of xs (post_arg_max, minimum)."""
    return Expr.node("argmin", _operands(xs, "arg_min"))
