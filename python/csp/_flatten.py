"""Auxiliary variables: each non-linear term of an expression (a Node) becomes a variable z posted with the
engine's constraint (x * y = z: add_times, ...), and an expression needed as one variable (an operand, an
objective, an argument of a global) becomes z with sum(terms) - z = -constant.

z's domain: the exact set of values the term takes on its operands' domains when enumerating them is cheap (at
most EXACT_LIMIT combinations), else the interval from the operands' bounds. Each z is determined by its operands,
so auxiliary variables add no solutions: counts are those of the problem without them. The same term over the same
variables is given one variable (a cache per Problem)."""

from __future__ import annotations

import itertools

from . import _csp
from ._csp import ModelError
from ._expr import Expr, Node, Var, check_owner, is_int, trunc_div, trunc_mod

EXACT_LIMIT = 20000
# A domain of more values is never listed (a _Wide: its size and bounds).
LISTED = 1 << 16
INT_MIN, INT_MAX = -(2 ** 31) + 1, 2 ** 31 - 1

_BINARY = {
    "times": lambda a, b: a * b,
    "div": lambda a, b: None if b == 0 else trunc_div(a, b),
    "mod": lambda a, b: None if b == 0 else trunc_mod(a, b),
}


class Aux:
    """The auxiliary variables of one engine problem."""

    def __init__(self, raw):
        self.raw = raw
        self.cache = {}  # a term over variable ids -> its variable id
        self.domains = {}  # variable id -> sorted list of values (the initial domain)
        self.counter = 0
        self.definitions = set()  # ids of the constraints that define auxiliary variables (never a why_unsat part)

    def copy_for(self, raw) -> "Aux":
        """The same cache for a copy of the problem (its variables have the same ids)."""
        other = Aux(raw)
        other.cache = dict(self.cache)
        other.counter = self.counter
        other.definitions = set(self.definitions)
        return other

    def defining(self, make):
        """make(), which posts the constraints defining auxiliary variables; their ids join `definitions`: each only
        ties a variable to its operands, so it restricts nothing of the model (why_unsat keeps them)."""
        before = self.raw.constraint_count
        out = make()
        self.definitions.update(range(before, self.raw.constraint_count))
        return out

    # ---- domains -------------------------------------------------------------------------------------------
    def values(self, x: int):
        """x's initial domain: a sorted list, or a _Wide (its size and bounds) when it has more than LISTED values."""
        d = self.domains.get(x)
        if d is None:
            size, lo, hi = self.raw.domain_summary(x)
            d = self.domains[x] = _Wide(size, lo, hi) if size > LISTED else sorted(self.raw.values(x))
        return d

    def new_var(self, op: str, values) -> int:
        """A new variable over `values` (a set of ints, or ("range", lo, hi))."""
        if isinstance(values, tuple):
            lo, hi = values[1], values[2]
            if lo > hi:
                raise ModelError(f"auxiliary variable of {op}: no value is possible (empty domain)")
            if lo < INT_MIN or hi > INT_MAX:
                raise ModelError(f"auxiliary variable of {op}: its values {lo}..{hi} overflow the engine's int")
        else:
            if not values:
                raise ModelError(f"auxiliary variable of {op}: no value is possible (empty domain)")
            if min(values) < INT_MIN or max(values) > INT_MAX:
                raise ModelError(f"auxiliary variable of {op}: its values overflow the engine's int")
        while True:
            name = f"_{op}{self.counter}"
            self.counter += 1
            try:
                self.raw.find(name)
            except ModelError:
                break
        if isinstance(values, tuple):
            x = self.raw.add_variable(name, values[1], values[2])
        else:
            x = self.raw.add_variable(name, sorted(values))
        return x

    def constant(self, c: int) -> int:
        key = ("const", c)
        if key not in self.cache:
            self.cache[key] = self.new_var("const", {c})
        return self.cache[key]

    # ---- expressions ---------------------------------------------------------------------------------------
    def linear(self, e: Expr):
        """(ids, coefficients, constant) of e, each Node replaced by its variable (coefficients merged)."""
        check_owner(e, self.raw)
        out = {}
        for key, c in e.terms.items():
            x = key if isinstance(key, int) else self.node(key)
            out[x] = out.get(x, 0) + c
        scope = [x for x, c in out.items() if c != 0]
        return scope, [out[x] for x in scope], e.constant

    def var(self, e) -> int:
        """The id of a variable equal to e (a Var, an expression or an int constant)."""
        if isinstance(e, Var):
            check_owner(e, self.raw)
            return e.id
        if is_int(e):
            return self.constant(int(e))
        if not isinstance(e, Expr):
            raise TypeError(f"expected a variable, an expression or an int, got {type(e).__name__}")
        check_owner(e, self.raw)
        if e.constant == 0 and len(e.terms) == 1:
            (key, c), = e.terms.items()
            if c == 1:
                return key if isinstance(key, int) else self.node(key)
        scope, coefficients, constant = self.linear(e)
        if not scope:
            return self.constant(constant)
        if constant == 0 and len(scope) == 1 and coefficients[0] == 1:
            return scope[0]
        key = ("linear", tuple(zip(scope, coefficients)), constant)
        if key not in self.cache:
            z = self.new_var("sum", self._linear_values(scope, coefficients, constant))
            self.defining(lambda: self.raw.add_linear(scope + [z], coefficients + [-1], "==", -constant))
            self.cache[key] = z
        return self.cache[key]

    def _linear_values(self, scope, coefficients, constant):
        sums = {constant}
        for x, c in zip(scope, coefficients):
            d = self.values(x)
            if sums is not None and len(sums) * len(d) <= EXACT_LIMIT:
                sums = {s + c * v for s in sums for v in d}
            else:
                sums = None
                break
        if sums is not None:
            return sums
        lo = hi = constant
        for x, c in zip(scope, coefficients):
            d = self.values(x)
            lo += min(c * d[0], c * d[-1])
            hi += max(c * d[0], c * d[-1])
        return ("range", lo, hi)

    # ---- nodes ---------------------------------------------------------------------------------------------
    def node(self, n: Node) -> int:
        """The variable of a non-linear term, posted once per term over the same variables."""
        post = _POSTERS.get(n.op)
        if post is None:
            raise TypeError(f"unknown expression {n.op!r}")
        args = tuple(self.var(a) for a in n.args)
        data = n.data
        key = (n.op, args, tuple(data) if isinstance(data, list) else data)
        if key not in self.cache:
            self.cache[key] = self.defining(lambda: post(self, self._distinct(args), data))
        return self.cache[key]

    def _distinct(self, args) -> tuple:
        """args with each repeat of a variable replaced by a fresh copy equal to it: the engine's constraints take
        distinct variables (x * x, x // x, csp.min([x, x]) as MiniZinc flattens them)."""
        seen, out = set(), []
        for x in args:
            if x in seen:
                d = self.values(x)
                copy = self.new_var("copy", ("range", d[0], d[-1]) if isinstance(d, _Wide) else set(d))
                self.defining(lambda: self.raw.add_linear([x, copy], [1, -1], "==", 0))
                x = copy
            seen.add(x)
            out.append(x)
        return tuple(out)

    def combine(self, op, xs, fn, bounds):
        """The values of fn over the domains of xs: exact when cheap, else bounds(domains) as (lo, hi)."""
        domains = [self.values(x) for x in xs]
        size = 1
        for d in domains:
            size *= len(d)
        if size <= EXACT_LIMIT:
            return {v for v in itertools.starmap(fn, itertools.product(*domains)) if v is not None}
        lo, hi = bounds(domains)
        return ("range", lo, hi)


class _Wide:
    """A domain too large to list (a variable over range(-10**9, 10**9)): its size and bounds. d[0], d[-1] and
    len(d) work as on a list; listing it is refused, so an auxiliary variable over it gets bounds instead."""

    __slots__ = ("size", "lo", "hi")

    def __init__(self, size, lo, hi):
        self.size, self.lo, self.hi = size, lo, hi

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        if i == 0:
            return self.lo
        if i == -1:
            return self.hi
        raise IndexError("a wide domain gives its bounds only")

    def __iter__(self):
        raise ModelError(f"a domain of {self.size} values is too large to list for an auxiliary variable")


def _wide(domains) -> bool:
    return any(isinstance(d, _Wide) for d in domains)


def _corner_bounds(fn):
    """Bounds from the corners of the operands' intervals (a function monotone in each argument on each sign)."""
    def bounds(domains):
        candidates = []
        for d in domains:
            c = {d[0], d[-1]}
            c.update(v for v in (-1, 0, 1) if d[0] <= v <= d[-1])
            candidates.append(c)
        values = [v for v in itertools.starmap(fn, itertools.product(*candidates)) if v is not None]
        if not values:
            raise ModelError("auxiliary variable: no value is possible (a division by zero only)")
        return min(values), max(values)
    return bounds


def _mod_bounds(domains):
    (a, b), d = (domains[0][0], domains[0][-1]), domains[1]
    m = max(abs(d[0]), abs(d[-1])) - 1
    return (max(a, -m) if a < 0 else 0), (min(b, m) if b > 0 else 0)


def _post_binary(op, raw_post):
    def post(aux, args, data):
        x, y = args
        z = aux.new_var(op, aux.combine(op, args, _BINARY[op],
                                        _mod_bounds if op == "mod" else _corner_bounds(_BINARY[op])))
        getattr(aux.raw, raw_post)(x, y, z)
        return z
    return post


def _post_abs(aux, args, data):
    z = aux.new_var("abs", aux.combine("abs", args, abs, _corner_bounds(abs)))
    aux.raw.add_abs(args[0], z)
    return z


def _post_pow(aux, args, data):
    k = data
    fn = lambda a: a ** k  # noqa: E731
    z = aux.new_var("pow", aux.combine("pow", args, fn, _corner_bounds(fn)))
    aux.raw.add_pow(args[0], aux.constant(k), z)
    return z


def _post_extremum(minimum):
    op = "min" if minimum else "max"

    def post(aux, args, data):
        domains = [aux.values(x) for x in args]
        pick = min if minimum else max
        lo, hi = pick(d[0] for d in domains), pick(d[-1] for d in domains)
        if _wide(domains):
            union = ("range", lo, hi)
        else:
            union = set()
            for d in domains:
                union.update(v for v in d if lo <= v <= hi)
        z = aux.new_var(op, union)
        if len(args) == 2:
            (aux.raw.add_min if minimum else aux.raw.add_max)(args[0], args[1], z)
        else:
            _csp.post_maximum(aux.raw, z, list(args), minimum, "native")
        return z
    return post


def _post_element(aux, args, data):
    """args[0] the index; data the int array (then args has only the index) or None (args[1:] the variables)."""
    index = args[0]
    n = len(data) if data is not None else len(args) - 1
    d = aux.values(index)
    # A wide index: the positions of its span (a superset: the element constraint prunes the rest).
    positions = range(max(d[0], 0), min(d[-1], n - 1) + 1) if isinstance(d, _Wide) else [i for i in d if 0 <= i < n]
    if data is not None:
        z = aux.new_var("element", {data[i] for i in positions})
        aux.raw.add_element(index, list(data), z, 0)
    else:
        array = list(args[1:])
        domains = [aux.values(array[i]) for i in positions]
        if _wide(domains):
            values = ("range", min(x[0] for x in domains), max(x[-1] for x in domains))
        else:
            values = set().union(*domains) if domains else set()
        z = aux.new_var("element", values)
        aux.raw.add_var_element(index, array, z, 0)
    return z


def _post_among(aux, args, data):
    z = aux.new_var("count", ("range", 0, len(args)))
    _csp.post_among(aux.raw, list(args), list(data), z, "==", 0, "native")
    return z


def _post_nvalue(aux, args, data):
    domains = [aux.values(x) for x in args]
    distinct = len(args) if _wide(domains) else len(set().union(*domains)) if args else 0
    z = aux.new_var("nvalue", ("range", 1 if args else 0, min(len(args), distinct)))
    _csp.post_nvalue(aux.raw, z, list(args), "native")
    return z


def _post_arg(minimum):
    def post(aux, args, data):
        z = aux.new_var("argmin" if minimum else "argmax", ("range", 0, len(args) - 1))
        _csp.post_arg_max(aux.raw, list(args), z, 0, minimum, "native")
        return z
    return post


_POSTERS = {
    "times": _post_binary("times", "add_times"),
    "div": _post_binary("div", "add_div"),
    "mod": _post_binary("mod", "add_mod"),
    "abs": _post_abs,
    "pow": _post_pow,
    "min": _post_extremum(True),
    "max": _post_extremum(False),
    "element": _post_element,
    "among": _post_among,
    "nvalue": _post_nvalue,
    "argmin": _post_arg(True),
    "argmax": _post_arg(False),
}
