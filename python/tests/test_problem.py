"""The Problem API: variables, every built-in constraint, callables, against brute-force enumeration."""

import itertools

import pytest

import csp


def brute_force(p: csp.Problem) -> int:
    """Solutions of p by enumeration of every assignment (the oracle)."""
    names = [v.name for v in p.variables]
    domains = [p.domain(v) for v in p.variables]
    return sum(p.is_solution(dict(zip(names, values))) for values in itertools.product(*domains))


def small(n=3, values=range(0, 4)):
    p = csp.Problem()
    return p, p.vars([f"x{i}" for i in range(n)], values)


def test_linear_operator_and_keyword_syntax_agree():
    p, (x, y, z) = small()
    p += x + 2 * y - z == 3
    q, (a, b, c) = small()
    q.linear([a, b, c], [1, 2, -1], "==", 3)
    assert p.count().count == q.count().count == brute_force(p) == 8


@pytest.mark.parametrize("op,expected", [("<", 6), ("<=", 10), (">", 6), (">=", 10), ("!=", 12)])
def test_linear_comparisons(op, expected):
    p, (x, y) = small(2)
    p += {"<": x < y + 0, "<=": x <= y, ">": x > y, ">=": x >= y, "!=": x != y}[op]
    assert p.count().count == brute_force(p) == expected


def test_all_different_modes_count_permutations():
    for mode in ("binary", "value", "gac", "pairwise", "global", "matching"):  # the new names and the old
        p, xs = small(4, range(1, 5))
        p.all_different(xs, mode=mode)
        assert p.count().count == 24


def test_table_element_arithmetic_boolean_reified():
    p = csp.Problem()
    x, y, z = p.var("x", range(0, 4)), p.var("y", [1, 2, 3]), p.var("z", range(0, 10))
    p.table([x, y], [(0, 1), (1, 2), (2, 3), (3, 3)])
    p.times(x, y, z)
    assert p.count().count == brute_force(p) == 4
    q = csp.Problem()
    i, r = q.var("i", range(0, 4)), q.var("r", range(0, 50))
    q.element(i, [10, 20, 30, 40], r)
    sols = sorted((s["i"], s["r"]) for s in q.solutions())
    assert sols == [(0, 10), (1, 20), (2, 30), (3, 40)]
    b = csp.Problem()
    u, v, w, t = b.vars(["u", "v", "w", "t"], range(0, 2))
    b.clause([u, v], [w])
    b.and_reif([u, v], t)
    assert b.count().count == brute_force(b)
    c = csp.Problem()
    x1, x2, flag = c.var("x1", range(0, 5)), c.var("x2", range(0, 5)), c.var("b", range(0, 2))
    c.reify(x1 + x2 <= 3, flag)
    assert c.count().count == 25 and brute_force(c) == 25
    for name, fn in [("mod", c.mod), ("div", c.div), ("min", c.min), ("max", c.max)]:
        d = csp.Problem()
        a1, a2, a3 = d.var("a", range(-3, 4)), d.var("b", [1, 2, 3]), d.var("c", range(-5, 6))
        getattr(d, name)(a1, a2, a3)
        assert d.count().count == brute_force(d) == 21, name


def test_predicate_from_a_python_callable():
    p, (x, y, z) = small(3, range(1, 6))
    p.predicate(lambda a, b, c: a * b == c, [x, y, z], name="product")
    assert p.count().count == brute_force(p) == 10
    r = p.solve(var="mrv", inference="fc")
    s = r.solution
    assert s["x0"] * s["x1"] == s["x2"]


def test_minimize_and_maximize():
    p, (x, y, z) = small(3, range(0, 10))
    p += x + y + z == 15
    p += x - y >= 2
    assert p.minimize(z).objective == 0
    assert p.maximize(x, inference="fc").objective == 9
    assert p.maximize(x).stop == "complete"


def test_solutions_generator_is_lazy_and_stops():
    p = csp.n_queens(8)
    first = []
    for s in p.solutions(var="mrv", inference="fc"):
        first.append(s)
        if len(first) == 3:
            break
    assert len(first) == 3 and all(p.is_solution(s) for s in first)
    assert sum(1 for _ in p.solutions()) == 92


def test_vars_work_as_dict_keys():
    p, (x, y, _) = small()
    d = {x: 1, y: 2}
    assert d[x] == 1 and d[y] == 2 and x in [y, x]


# ---- bad input: a Python exception with the library's message, never a crash ----------------------------------

def test_wrong_types():
    p = csp.Problem()
    with pytest.raises(TypeError):
        p.var("x", "123")
    with pytest.raises(TypeError):
        p.var("x", [1, 2.5])
    with pytest.raises(TypeError):
        p.var(3, range(3))
    x = p.var("x", range(3))
    with pytest.raises(TypeError):
        p += x * 1.5 == 2
    with pytest.raises(TypeError):
        p.predicate(42, [x])
    with pytest.raises(csp.Error, match="expected an integer"):
        p.solve(node_limit="ten")
    with pytest.raises(csp.Error, match="var: expected a strategy name or a callable"):
        p.solve(var=42)


def test_empty_domain_and_duplicate_names():
    p = csp.Problem()
    with pytest.raises(csp.ModelError, match="empty"):
        p.var("x", range(5, 5))
    with pytest.raises(csp.ModelError):
        p.var("y", [])
    p.var("z", range(3))
    with pytest.raises(csp.ModelError, match="z"):
        p.var("z", range(3))


def test_unknown_strategy_and_option_names():
    p = csp.n_queens(4)
    with pytest.raises(csp.UnknownNameError, match="unknown variable ordering 'fewest-first'.*mrv"):
        p.solve(var="fewest-first")
    with pytest.raises(csp.UnknownNameError, match="mac"):
        p.solve(inference="arc")
    with pytest.raises(csp.Error, match="unknown option 'variable'"):
        p.solve(variable="mrv")
    with pytest.raises(csp.Error, match="learning"):
        p.solve(learning=3)  # learning without backjump="cbj"


def test_exception_inside_a_callback_is_the_python_exception():
    p, (x, y, _) = small(3)

    def broken(a, b):
        raise ZeroDivisionError("the student's bug")

    p.predicate(broken, [x, y])
    with pytest.raises(ZeroDivisionError, match="the student's bug"):
        p.solve()
    q = csp.n_queens(6)
    with pytest.raises(KeyError):
        q.solve(var=lambda ctx: {}["missing"])
    with pytest.raises(csp.Error, match="python"):
        q.solve(var=lambda ctx: 10**6)  # not a variable: the engine's check, named
    with pytest.raises(RuntimeError, match="stop here"):
        q.solve(on_solution=lambda s: (_ for _ in ()).throw(RuntimeError("stop here")))
    assert q.solve().count == 1  # the problem is still usable
