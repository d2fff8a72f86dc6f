"""csp: AIMA chapter 6 constraint satisfaction from Python (a binding of the C++ engine, docs/python.md).

    import csp
    p = csp.Problem()
    x, y = p.var("x", range(1, 10)), p.var("y", range(1, 10))
    p += x + 2 * y == 12
    p.solve(var="mrv", inference="mac").solution        # {'x': 2, 'y': 5}

Every run goes through the engine's one road, csp::solve(problem, RunSpec); the keyword arguments are the `csp`
program's option names (var, val, inference, ac3, backjump, learning, restarts, seed, max_solutions, node_limit,
timeout, algorithm, max_steps, walk, tabu, weighting, ...). The search releases the GIL; Ctrl-C stops it and the
call returns the partial result with stop "interrupted".
"""

from __future__ import annotations

from . import _csp
from ._csp import Error, Interrupt, ModelError, SearchContext, UnknownNameError
from . import _bool, _text
from ._expr import Expr, Formula, Linear, Var, as_int, check_owner, flat, ids, is_int, var_id
from ._flatten import Aux
from ._run import LearnedClause, Result, UnsatCore
from ._run import learned_clauses as _learned_clauses, run as _run, solutions as _solutions, why_unsat as _why_unsat
from .globals import GlobalConstraints


def __getattr__(name):
    """csp.VarArray and csp.array, imported on first use: numpy is optional, and `import csp` never loads it (it
    would double the cost of a short script's start)."""
    if name in ("VarArray", "array"):
        try:
            from . import arrays
        except ImportError as e:
            raise ImportError(f"csp.{name} needs numpy (Debian: python3-numpy)") from e
        return getattr(arrays, name)
    raise AttributeError(f"module 'csp' has no attribute {name!r}")


__all__ = [
    "Problem", "Var", "Expr", "Linear", "Formula", "Result", "UnsatCore", "LearnedClause", "Interrupt", "Error",
    "ModelError", "UnknownNameError",
    "SearchContext", "register_variable_ordering", "register_value_ordering", "register_inference",
    "variable_orderings", "value_orderings", "inferences", "algorithms", "restart_strategies",
    "run_options",
    "VarArray", "array", "abs", "among", "arg_max", "arg_min", "count", "div", "element", "max", "min", "mod", "nvalue",
]


def _domain(values, hi=None):
    if hi is not None:
        return ("range", as_int(values, "a domain's lower bound"), as_int(hi, "a domain's upper bound"))
    if isinstance(values, range) and values.step == 1:
        if len(values) == 0:
            raise ModelError("empty domain: range(%d, %d) holds no value" % (values.start, values.stop))
        return ("range", values.start, values.stop - 1)
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"a domain is a range or a list of ints, not {type(values).__name__}")
    values = list(values.flat) if hasattr(values, "flat") else list(values)
    for v in values:
        if not is_int(v):
            raise TypeError(f"a domain holds ints, not {type(v).__name__} ({v!r})")
    return ("values", [int(v) for v in values])


class Problem(GlobalConstraints):
    """A CSP (X, D, C): variables with domains, constraints (AIMA 4th ed. §6.1).

    Variables: `x = p.var("x", range(1, 10))` (or a list of values, or `p.var("x", 1, 9)`); `p.vars(names,
    domain)`; `p.int_var_array(shape, lo, hi)` (numpy). Constraints: `p += x + y == 10` (also !=, <=, >=, <, >;
    any expression: x * y, abs, //, %, **, csp.min / max / element / count, ...), the globals (p.cumulative,
    p.circuit, p.regular, ...: csp/globals.py), `p.all_different(xs)`, `p.table(...)`,
    `p.element(...)`, arithmetic (`p.times(x, y, z)`, ...), boolean (`p.clause`, `p.and_reif`, `p.xor`, ...),
    reified (`p.reify(x + y <= 3, b)`), `p.predicate(fn, [x, y])` (a Python callable). Runs: solve, count,
    solutions (a generator), minimize, maximize (of any expression).
    """

    def __init__(self, raw=None):
        self._p = raw if raw is not None else _csp.Problem()
        self._var_list = None  # the Vars, made when first asked for (a model's 81 cells cost nothing until then)
        self._aux_state = None  # the auxiliary variables of expressions (csp/_flatten.py), made when first needed

    @property
    def _vars(self) -> list:
        if self._var_list is None:
            self._var_list = []
        n = self._p.variable_count
        if len(self._var_list) < n:  # auxiliary variables added since
            self._var_list += [Var(i, self._p.name(i), self._p) for i in range(len(self._var_list), n)]
        return self._var_list

    @property
    def _aux(self) -> Aux:
        if self._aux_state is None:
            self._aux_state = Aux(self._p)
        return self._aux_state

    # ---- variables -----------------------------------------------------------------------------------------
    def var(self, name: str, values, hi=None) -> Var:
        """Adds a variable over `values` (a range, a list of ints, or lo with hi); returns it."""
        if not isinstance(name, str):
            raise TypeError(f"a variable name is a str, not {type(name).__name__}")
        d = _domain(values, hi)
        i = self._p.add_variable(name, d[1], d[2]) if d[0] == "range" else self._p.add_variable(name, d[1])
        v = Var(i, name, self._p)
        if self._var_list is not None and len(self._var_list) == i:
            self._var_list.append(v)
        return v

    def vars(self, names, values) -> list:
        """Adds one variable per name, all over `values`."""
        return [self.var(n, values) for n in names]

    def int_var_array(self, shape, values, hi=None, name: str = "x") -> VarArray:
        """A numpy array (csp.VarArray) of new variables of this shape (an int or a tuple), each over `values` (a
        range, a list, or lo with hi), named name[i] / name[i,j]: it slices, sums (arr.sum(), sum(arr[0, :])),
        dots with int arrays, and arr[x] with a variable x is an element constraint."""
        import numpy as np  # ImportError naming numpy when it is not installed

        from .arrays import VarArray

        shape = (shape,) if is_int(shape) else tuple(shape)
        shape = tuple(as_int(n, "int_var_array: shape") for n in shape)
        if any(n < 0 for n in shape):
            raise ValueError(f"int_var_array: shape {shape} has a negative size")
        if not isinstance(name, str):
            raise TypeError(f"int_var_array: name is a str, not {type(name).__name__}")
        out = np.empty(shape, dtype=object)
        for index in np.ndindex(*shape):
            out[index] = self.var(f"{name}[{','.join(map(str, index))}]", values, hi)
        return out.view(VarArray)

    @property
    def variables(self) -> list:
        return list(self._vars)

    def __getitem__(self, name_or_id) -> Var:
        """The variable of this name (or id)."""
        if isinstance(name_or_id, Var):
            check_owner(name_or_id, self._p)
        i = self._p.find(name_or_id) if isinstance(name_or_id, str) else int(name_or_id)
        return self._vars[i]

    def __len__(self):
        return self._p.variable_count

    @property
    def constraint_count(self) -> int:
        return self._p.constraint_count

    def domain(self, x) -> list:
        """x's initial domain."""
        return self._p.values(self._id(x))

    def _ids(self, variables) -> list:
        """Ids of a scope: Vars, ints (ids, as before expressions existed) and expressions (auxiliary variables)."""
        items = flat(variables)
        if any(isinstance(v, Expr) and not isinstance(v, Var) for v in items):
            return [self._aux.var(v) if isinstance(v, Expr) else ids([v], self._p)[0] for v in items]
        return ids(items, self._p)

    def _id(self, v) -> int:
        return var_id(v, self._p)

    def copy(self) -> "Problem":
        """An independent copy (its own Vars: p_copy["x"]); it may change while a search runs on this one."""
        other = Problem(self._p.copy())
        if self._aux_state is not None:
            other._aux_state = self._aux_state.copy_for(other._p)
        return other

    @property
    def raw(self):
        """The engine's Problem (_csp.Problem)."""
        return self._p

    # ---- constraints (and the methods of the table _ENGINE_POSTS below: linear, all_different, times, ...) ---------
    def __iadd__(self, constraint):
        self.add(constraint)
        return self

    def add(self, constraint, name: str = ""):
        """Posts a comparison of expressions (`x + 2 * y <= 10`, `abs(x - y) + z * w != 3`), or each of a list
        (or numpy array) of them. Non-linear terms get auxiliary variables (docs/python.md, "Expressions")."""
        if not isinstance(constraint, Linear) and hasattr(constraint, "__iter__") and not isinstance(constraint, str):
            items = flat(constraint)
            for c in items:  # every item checked before any is posted
                self._check_comparison(c)
            for c in items:
                self.add(c, name)
            return
        self._check_comparison(constraint)
        name = name or _text.text(constraint, self._p)  # "x + y <= 2": what the trace and why_unsat print
        if not isinstance(constraint, Linear):
            _bool.post(self, constraint, name)  # a formula: (x > 2) & (y < 3), c1.implies(c2), ~c, a 0/1 variable
            return
        scope, coefficients, rhs = self._linear(constraint)
        if not scope:  # x - x == 0, 0 * (x // y) + 1 >= 0: true or false as it stands (its terms' rules posted)
            if not _bool._holds(constraint.op, -rhs):
                self._p.add_linear([self._aux.constant(0)], [1], "==", 1, name)  # false: no solution
            return
        self._p.add_linear(scope, coefficients, constraint.op, rhs, name)

    @staticmethod
    def _check_comparison(constraint):
        if not isinstance(constraint, (Linear, Formula, Var)):
            raise TypeError("problem += takes a comparison of expressions, e.g. x + y == 10, or a formula of them "
                            f"(&, |, ~, implies; got {type(constraint).__name__}); use p.predicate(fn, scope) for a "
                            "callable")

    def _linear(self, constraint: Linear):
        """(scope, coefficients, rhs) of a comparison, its non-linear terms replaced by auxiliary variables."""
        check_owner(constraint.expr, self._p)
        scope, coefficients, constant = self._aux.linear(constraint.expr)
        return scope, coefficients, -constant

    def var_of(self, expr) -> Var:
        """The variable holding the value of `expr` (a Var: itself; an expression: an auxiliary variable, posted
        once per expression over the same variables; an int: a fixed variable)."""
        x = self._aux.var(expr)  # first: it may add variables
        return self._vars[x]

    def element(self, index, array, result, offset: int = 0):
        """result = array[index - offset]; array of ints or of variables."""
        array = list(array)
        if any(isinstance(a, Var) for a in array) and not all(isinstance(a, Var) for a in array):
            raise TypeError("element: the array holds either ints or variables, not both")
        if array and all(isinstance(a, Var) for a in array):
            self._p.add_var_element(self._id(index), self._ids(array), self._id(result), offset)
        else:
            self._p.add_element(self._id(index), array, self._id(result), offset)

    def predicate(self, fn, scope, name: str = ""):
        """fn(*values) must hold on the scope's values: a constraint written in Python (run under the GIL once
        per support test; see docs/python.md for its cost)."""
        if not callable(fn):
            raise TypeError(f"predicate: expected a callable, got {type(fn).__name__}")
        self._p.add_predicate(self._ids(scope), fn, name)

    def reify(self, constraint, b, implication: bool = False):
        """b <-> constraint (b -> constraint with implication), b a 0/1 variable; the constraint a comparison or a
        formula of them ((x > 2) & (y < 3), ...)."""
        if isinstance(constraint, Formula):
            literal = _bool.literal(self, constraint)
            if implication:
                self._p.add_clause([literal], [self._id(b)])
            else:
                self._p.add_linear([self._id(b), literal], [1, -1], "==", 0, "")
            return
        if not isinstance(constraint, Linear):
            raise TypeError(f"reify takes a comparison of linear expressions, e.g. x + y <= 3 (got "
                            f"{type(constraint).__name__})")
        scope, coefficients, rhs = self._linear(constraint)
        self._p.add_linear_reif(scope, coefficients, constraint.op, rhs, self._id(b), implication)

    # ---- runs ----------------------------------------------------------------------------------------------
    def solve(self, on_solution=None, interrupt=None, tree=False, **spec) -> Result:
        """One run of csp::solve with the spec as keyword arguments (the CLI's names); one solution unless
        max_solutions says otherwise. tree=True: the run's csp.SearchTree instead (its .result the Result)."""
        if tree:
            if on_solution is not None or interrupt is not None:
                raise TypeError("solve(tree=True) takes neither on_solution nor interrupt")
            return search_tree(self, **spec)
        return _run(self._p, spec, on_solution, interrupt, self)

    def count(self, max_solutions: int = 0, interrupt=None, **spec) -> Result:
        """Counts the solutions (all of them, or up to max_solutions, a cap); keeps none unless keep_solutions
        says so. The count is result.count, exact when result.complete."""
        spec.setdefault("keep_solutions", 0)
        return _run(self._p, dict(spec, max_solutions=max_solutions), None, interrupt, self)

    def solutions(self, **spec):
        """A generator of the solutions ({name: value}), found one at a time as they are asked for."""
        return _solutions(self._p, spec)

    def minimize(self, objective, on_solution=None, interrupt=None, **spec) -> Result:
        """Branch and bound: the least value of `objective` (a variable or any expression: an auxiliary variable
        holds it); result.objective, proved optimal when result.stop == "complete". on_solution: called with each
        improving solution (a dict), as in solve; return False to stop."""
        return _run(self._p, dict(spec, minimize=self._objective(objective)), on_solution, interrupt, self)

    def maximize(self, objective, on_solution=None, interrupt=None, **spec) -> Result:
        """Branch and bound: the largest value of `objective` (a variable or any expression); on_solution as in
        minimize."""
        return _run(self._p, dict(spec, maximize=self._objective(objective)), on_solution, interrupt, self)

    def _objective(self, objective):
        if isinstance(objective, Expr) and not isinstance(objective, Var):
            return self.var_of(objective)
        return objective

    def is_solution(self, assignment) -> bool:
        return self._p.is_solution(assignment)

    def why_not_solution(self, assignment) -> str:
        return self._p.why_not_solution(assignment)

    def why_unsat(self, givens: bool = True, interrupt=None, **spec) -> UnsatCore:
        """Why the problem has no solution: a minimal set of its constraints (and, with givens, of the variables whose
        domains were restricted, named "x = 3" or "x in {1, 2}") that has none, while without any one of them the
        rest has one. QuickXplain (Junker 2004) with the search as the oracle; spec as in solve (its timeout bounds
        the whole question). See csp.UnsatCore."""
        return _why_unsat(self._p, spec, givens, interrupt, sorted(self._aux.definitions))

    def learned_clauses(self, limit: int = 1, interrupt=None, **spec) -> list:
        """The first `limit` clauses that clause learning (algorithm "lcg", docs/learning.md) learns on this problem,
        each a csp.LearnedClause with its implication graph; fewer when the search ends first. spec: its limits
        (timeout, node_limit)."""
        return _learned_clauses(self._p, spec, limit, interrupt)


# ---- the methods that pass their arguments on to the engine's ------------------------------------------------------
# One row per Problem method that only passes its arguments on to an engine method (_csp.Problem.add_*, the table of
# python/src/constraints.cpp): the method's name, the engine method's, the parameters in order, each with how it is
# passed on (_var: a variable's id; _vars: the ids of a list of Vars, ints or expressions; _list: a list; _rows: a list
# of lists; _same: as it is) or a pair (how, default), and the doc (None: the engine method's, as help() shows it).
# Why closures over rows: these were hand-written defs repeating the same conversions. A def written out from a row
# and compiled (as dataclasses does) would cost `import csp` the compiler's first start (+14 % of the speed gate's
# Python workload), an inspect.Signature the import of inspect; so a row's method binds its arguments itself
# (_bind: Python's rules and messages) and tells help() its signature in __text_signature__, which inspect reads
# only when asked. The methods with checks of their own (element, predicate, reify, globals.py's) stay written out.
_var, _vars = Problem._id, Problem._ids


def _list(problem, v):
    return list(v)


def _rows(problem, v):
    return [list(t) for t in v]


def _same(problem, v):
    return v


_XYZ = {"x": _var, "y": _var, "z": _var}
_ENGINE_POSTS = (
    ("linear", "add_linear", {"scope": _vars, "coefficients": _list, "op": _same, "rhs": _same, "name": (_same, "")},
     "sum(coefficients[i] * scope[i]) OP rhs, OP one of ==, !=, <=, >= (keyword syntax of `+=`)."),
    ("all_different", "add_all_different", {"scope": _vars, "mode": (_same, "value"), "name": (_same, "")},
     """All different: mode "value" (one constraint: single values, pigeonhole, hidden singles), "binary"
        (pairwise !=) or "gac" (Régin's matching: generalised arc consistency); the old names "global", "pairwise" and
        "matching" are accepted."""),
    ("not_equal", "add_not_equal", {"x": _var, "y": _var}, None),
    ("table", "add_table", {"scope": _vars, "allowed": _rows, "name": (_same, "")},
     "The scope takes one of the allowed tuples."),
    ("member_reif", "add_member_reif", {"x": _var, "values": _list, "b": _var, "implication": (_same, False)},
     "b <-> x in values."),
    ("clause", "add_clause", {"positive": _vars, "negative": (_vars, ())},
     "Some positive variable is 1 or some negative one is 0."),
    ("and_reif", "add_and_reif", {"xs": _vars, "r": _var}, None),
    ("or_reif", "add_or_reif", {"xs": _vars, "r": _var}, None),
    ("xor", "add_xor", {"xs": _vars}, None),
    ("times", "add_times", _XYZ, None),
    ("div", "add_div", _XYZ, None),
    ("mod", "add_mod", _XYZ, None),
    ("pow", "add_pow", _XYZ, None),
    ("abs", "add_abs", {"x": _var, "z": _var}, None),
    ("min", "add_min", _XYZ, None),
    ("max", "add_max", _XYZ, None),
    ("product", "add_product", {"scope": _vars, "target": _same}, None),
    ("restrict", "restrict_domain", {"x": _var, "values": _list}, "x keeps only these values (a unary constraint)."),
)


_MISSING = object()


def _bind(fn: str, names: tuple, defaults: dict, args: tuple, kwargs: dict) -> list:
    """The values of the parameters `names` of fn(self, ...) (fn a qualified name: Problem.times) called with args
    and kwargs, by Python's rules; a TypeError with Python's message otherwise."""
    if len(args) > len(names):
        takes = len(names) + 1 if not defaults else f"from {len(names) - len(defaults) + 1} to {len(names) + 1}"
        raise TypeError(f"{fn}() takes {takes} positional arguments but {len(args) + 1} were given")
    for n in kwargs:
        if n not in names:
            raise TypeError(f"{fn}() got an unexpected keyword argument '{n}'")
        if names.index(n) < len(args):
            raise TypeError(f"{fn}() got multiple values for argument '{n}'")
    values = list(args) + [kwargs.get(n, defaults.get(n, _MISSING)) for n in names[len(args):]]
    missing = [f"'{n}'" for n, v in zip(names, values) if v is _MISSING]
    if missing:
        listed = missing[0] if len(missing) == 1 else f"{missing[0]} and {missing[1]}" if len(missing) == 2 else \
            f"{', '.join(missing[:-1])}, and {missing[-1]}"
        plural = "s" if len(missing) > 1 else ""
        raise TypeError(f"{fn}() missing {len(missing)} required positional argument{plural}: {listed}")
    return values


def _engine_method(name: str, engine: str, params: dict, doc):
    """The method of a row of _ENGINE_POSTS."""
    names = tuple(params)
    kinds = [p[0] if isinstance(p, tuple) else p for p in params.values()]
    defaults = {n: p[1] for n, p in params.items() if isinstance(p, tuple)}
    post = getattr(_csp.Problem, engine)

    def method(self, *args, **kwargs):
        values = args if not kwargs and len(args) == len(names) else _bind(method.__qualname__, names, defaults, args,
                                                                           kwargs)
        post(self._p, *[kind(self, v) for kind, v in zip(kinds, values)])

    method.__name__, method.__qualname__ = name, f"Problem.{name}"
    method.__text_signature__ = "(" + ", ".join(["self"] + [n + (f"={defaults[n]!r}" if n in defaults else "")
                                                            for n in names]) + ")"
    method.__doc__ = doc if doc is not None else post.__doc__.split("\n\n", 1)[-1].strip()
    return method


for _row in _ENGINE_POSTS:
    setattr(Problem, _row[0], _engine_method(*_row))


def register_variable_ordering(name: str, fn, help: str = "written in Python", replace: bool = True):
    """Registers fn(ctx) -> variable id (None when all are assigned) as var=name for every later run. Registering
    a name again replaces its function (a re-run notebook cell); replace=False raises csp.Error instead. The
    built-in names cannot be replaced."""
    _csp.register_variable_ordering(name, fn, help, replace)


def register_value_ordering(name: str, fn, help: str = "written in Python", replace: bool = True):
    """Registers fn(ctx, x) -> x's values in the order to try them as val=name (again: replaced, as above)."""
    _csp.register_value_ordering(name, fn, help, replace)


def register_inference(name: str, fn, help: str = "written in Python", replace: bool = True):
    """Registers fn(ctx, x) -> bool as inference=name: called after each assignment of x (x = -1 once at the root,
    after the givens), it prunes with ctx.remove(y, value) and returns False on a dead end (a wipe-out). Registering
    a name again replaces its function; replace=False raises csp.Error instead."""
    _csp.register_inference(name, fn, help, replace)


def variable_orderings() -> list:
    return [n for n, _ in _csp.variable_orderings()]


def value_orderings() -> list:
    return [n for n, _ in _csp.value_orderings()]


def inferences() -> list:
    return [n for n, _ in _csp.inferences()]


def algorithms() -> list:
    return [n for n, _ in _csp.algorithms()]


def restart_strategies() -> list:
    return [n for n, _ in _csp.restart_strategies()]


def run_options() -> list:
    """The engine's run options (csp/search/run_options.hpp), one dict per keyword of solve() but project, minimize
    and maximize: name (the csp program's flag), keyword, kind (name, count, number, flag), help, values (a name's
    valid names, from the registries), default, example."""
    return _csp.run_options()


from .study import Chart, SearchTree, Study, search_tree, study  # noqa: E402

__all__ += ["Chart", "SearchTree", "Study", "search_tree", "study"]

from . import models  # noqa: E402  (models use Problem)
from .models import (  # noqa: E402,F401
    Sudoku, SudokuGrid, cryptarithm, flatzinc, graph_coloring, killer_sudoku, map_coloring, model_defaults, n_queens,
    parse_puzzle, read_puzzles, zebra,
)

__all__ += ["models", "Sudoku", "SudokuGrid", "n_queens", "map_coloring", "graph_coloring", "cryptarithm", "zebra",
            "killer_sudoku", "flatzinc", "parse_puzzle", "read_puzzles", "model_defaults"]

# Last: csp.min, csp.max, csp.abs would shadow the builtins in the code above.
from .expressions import abs, among, arg_max, arg_min, count, div, element, max, min, mod, nvalue  # noqa: E402,A004
