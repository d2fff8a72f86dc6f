"""Expressions: x * y, abs, //, %, **, csp.min / csp.max, element, objectives; counts against itertools."""

import itertools

import numpy as np
import pytest

import csp


def enumerate_count(domains, accept) -> int:
    """Solutions by enumeration of the user's variables only (the oracle; auxiliary variables are determined)."""
    return sum(1 for values in itertools.product(*domains) if accept(*values))


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def test_composed_expression_counts_as_enumeration():
    p = csp.Problem()
    x, y, z = p.var("x", -3, 3), p.var("y", -3, 3), p.var("z", 0, 3)
    p += abs(x - y) + z * 2 <= 7
    p += x * y >= -2
    d = [range(-3, 4), range(-3, 4), range(0, 4)]
    assert p.count().count == enumerate_count(d, lambda a, b, c: abs(a - b) + 2 * c <= 7 and a * b >= -2) == 130


@pytest.mark.parametrize("inference", ["none", "fc", "mac"])
def test_var_times_var_and_power(inference):
    p = csp.Problem()
    x, y, z = p.var("x", -2, 3), p.var("y", [-1, 2, 4]), p.var("z", 0, 5)
    p += x * y - z ** 2 == 3 * x - 4
    d = [range(-2, 4), [-1, 2, 4], range(0, 6)]
    expected = enumerate_count(d, lambda a, b, c: a * b - c ** 2 == 3 * a - 4)
    assert expected > 0
    assert p.count(inference=inference).count == expected


def test_division_and_modulo_truncate_toward_zero():
    """// and % are MiniZinc's div and mod: the quotient truncated toward zero, the remainder with the dividend's
    sign: -7 // 2 is -3 and -7 % 2 is -1 (Python's own: -4 and 1)."""
    p = csp.Problem()
    a, b = p.var("a", -7, 7), p.var("b", [-3, -2, 2, 3])
    q, r = p.var("q", -10, 10), p.var("r", -10, 10)
    p += q == a // b
    p += r == a % b
    got = sorted((s["a"], s["b"], s["q"], s["r"]) for s in p.solutions())
    want = sorted((u, v, trunc_div(u, v), u - v * trunc_div(u, v)) for u in range(-7, 8) for v in (-3, -2, 2, 3))
    assert got == want
    assert (-7, 2, -3, -1) in got and (7, -2, -3, 1) in got and (-7, -2, 3, -1) in got
    assert csp.div(-7, 2) == -3 and csp.mod(-7, 2) == -1 and csp.mod(7, -2) == 1


def test_division_by_a_variable_that_may_be_zero_excludes_zero():
    p = csp.Problem()
    a, b = p.var("a", -3, 3), p.var("b", -1, 1)
    p += a // b + a % b >= 0
    d = [range(-3, 4), range(-1, 2)]
    expected = enumerate_count(d, lambda u, v: v != 0 and trunc_div(u, v) + (u - v * trunc_div(u, v)) >= 0)
    assert p.count().count == expected
    with pytest.raises(ZeroDivisionError):
        a // 0


def test_constant_divisor_and_constant_folding():
    p = csp.Problem()
    x = p.var("x", -9, 9)
    p += x % 3 == 0
    p += x // 2 >= -2
    expected = enumerate_count([range(-9, 10)], lambda u: (u - 3 * trunc_div(u, 3)) == 0 and trunc_div(u, 2) >= -2)
    assert p.count().count == expected
    assert (csp.Expr.of(-7) // 2).constant == -3 and (x ** 1) is x and (x ** 0).constant == 1


def test_min_max_of_lists_and_of_two():
    p = csp.Problem()
    x, y, z = p.vars(["x", "y", "z"], range(0, 4))
    p += csp.max([x, y, z]) - csp.min(x, y) == 2
    p += csp.max(x, 1) <= z
    d = [range(4)] * 3
    assert p.count().count == enumerate_count(d, lambda a, b, c: max(a, b, c) - min(a, b) == 2 and max(a, 1) <= c)
    with pytest.raises(ValueError, match="empty"):
        csp.max([])


def test_builtin_min_refuses_instead_of_guessing():
    p = csp.Problem()
    x, y = p.vars(["x", "y"], range(3))
    with pytest.raises(TypeError, match="no truth value"):
        min(x, y)


def test_element_with_ints_and_with_variables():
    p = csp.Problem()
    i, v = p.var("i", -1, 4), p.var("v", 0, 50)
    p += csp.array([10, 20, 30])[i] + v == 40
    got = sorted((s["i"], s["v"]) for s in p.solutions())
    assert got == [(0, 30), (1, 20), (2, 10)]
    q = csp.Problem()
    xs = q.int_var_array(3, 0, 2, name="x")
    j = q.var("j", 0, 2)
    q += xs[j] == 2
    q += xs[0] + j >= 1
    d = [range(3)] * 4
    assert q.count().count == enumerate_count(d, lambda a, b, c, k: (a, b, c)[k] == 2 and a + k >= 1)


def test_element_of_a_2d_array_and_of_a_list():
    p = csp.Problem()
    grid = csp.array([[1, 2, 3], [4, 5, 6]])
    r, c = p.var("r", 0, 1), p.var("c", 0, 2)
    p += grid[r, c] >= 4
    p += csp.element([7, 8, 9], c) != 8
    assert sorted((s["r"], s["c"]) for s in p.solutions()) == [(1, 0), (1, 2)]
    with pytest.raises(TypeError, match="list indices"):
        [1, 2, 3][r]  # a Var is not an int index: no silent use of its id


@pytest.mark.parametrize("sense", ["minimize", "maximize"])
def test_objective_is_any_expression(sense):
    p = csp.Problem()
    x, y = p.var("x", -3, 3), p.var("y", -3, 3)
    p += x + y >= 1
    objective = abs(x - 2 * y) + x * y
    r = getattr(p, sense)(objective)
    values = [abs(a - 2 * b) + a * b for a in range(-3, 4) for b in range(-3, 4) if a + b >= 1]
    best = min(values) if sense == "minimize" else max(values)
    assert r.stop == "complete" and r.objective == best
    assert abs(r[x] - 2 * r[y]) + r[x] * r[y] == best


def test_reify_takes_non_linear_comparisons():
    p = csp.Problem()
    x, y, b = p.var("x", 0, 3), p.var("y", 0, 3), p.var("b", 0, 1)
    p.reify(x * y >= 3, b)
    p += b == 1
    assert p.count().count == enumerate_count([range(4)] * 2, lambda u, v: u * v >= 3)


def test_same_term_gets_one_auxiliary_variable():
    p = csp.Problem()
    x, y = p.var("x", 0, 3), p.var("y", 0, 3)
    p += x * y <= 4
    p += x * y >= 1
    assert [v.name for v in p.variables].count("_times0") == 1 and len(p.variables) == 3
    assert p.count().count == enumerate_count([range(4)] * 2, lambda u, v: 1 <= u * v <= 4)


def test_expressions_of_another_problem_are_refused():
    p, q = csp.Problem(), csp.Problem()
    x, y = p.var("x", 0, 3), q.var("y", 0, 3)
    with pytest.raises(csp.ModelError, match="two Problems"):
        x * y
    with pytest.raises(csp.ModelError, match="another Problem"):
        q += abs(x) <= 2
    with pytest.raises(csp.ModelError, match="another Problem"):
        q.minimize(x * x)
    with pytest.raises(csp.ModelError, match="another Problem"):
        q.cumulative([x], [1], [1], 1)
    with pytest.raises(csp.ModelError, match="two Problems"):
        csp.max([x, y])


def test_numpy_integers_everywhere():
    p = csp.Problem()
    x = p.var("x", np.int64(0), np.int32(5))
    y = p.var("y", np.arange(0, 4))
    p += np.int64(2) * x + y * np.int16(1) == np.int64(5)
    p.linear([x, y], np.array([1, 1]), "<=", np.int64(4))
    p += x % np.int64(2) == np.int8(1)
    d = [range(6), range(4)]
    assert p.count().count == enumerate_count(d, lambda a, b: 2 * a + b == 5 and a + b <= 4 and a % 2 == 1)
    with pytest.raises(TypeError, match="domain's lower bound"):
        p.var("z", 0.5, 3)
    with pytest.raises(TypeError):
        x * 1.5


def test_result_gives_the_value_of_an_expression():
    p = csp.Problem()
    x, y = p.var("x", -3, 3), p.var("y", -3, 3)
    e = abs(x - y) * 2 + csp.max([x, y, 0]) + csp.element([5, 6, 7, 8, 9, 10, 11], x + 3) + x % 2 + y // 2
    r = p.maximize(e)
    best = max(abs(a - b) * 2 + max(a, b, 0) + (5 + a + 3) + (a - 2 * trunc_div(a, 2)) + trunc_div(b, 2)
               for a in range(-3, 4) for b in range(-3, 4))
    assert r.objective == best and r[e] == best and r[x - y] == r[x] - r[y]


def test_scopes_take_expressions():
    p = csp.Problem()
    x, y, z = p.vars(["x", "y", "z"], range(0, 3))
    p.all_different([x + 1, y, z * 2])
    ok = lambda a, b, c: len({a + 1, b, 2 * c}) == 3  # noqa: E731
    assert p.count().count == enumerate_count([range(3)] * 3, ok)


def test_a_partial_term_keeps_its_rule_when_its_coefficient_is_zero():
    # x // y rules out y = 0 and an element rules out an index outside its array, even under 0 *, ** 0 and e - e.
    def count(build):
        p = csp.Problem()
        x, y = p.var("x", -1, 3), p.var("y", 0, 1)
        p += build(x, y) + y >= 0
        return p.count(project=[x, y]).count
    assert count(lambda x, y: 0 * (x // y)) == 5  # y = 1, x in -1..3
    assert count(lambda x, y: (x % y) ** 0) == 5
    assert count(lambda x, y: (lambda e: e - e)(x // y)) == 5
    assert count(lambda x, y: csp.array([3, 1, 2])[x] ** 0) == 6  # x in 0..2, y in 0..1


def test_a_comparison_left_without_variables_is_true_or_false():
    p = csp.Problem()
    x = p.var("x", 0, 3)
    p += x >= x
    assert p.count().count == 4
    p += x - x == 1
    assert p.count().count == 0


def test_wide_domains_are_never_listed_for_auxiliary_variables():
    # 2 * 10^9 + 1 values: abs, min / max and element take bounds, instantly.
    p = csp.Problem()
    x = p.var("x", -10**9, 10**9)
    y = p.var("y", 0, 5)
    p += abs(x) == 7
    assert p.count().count == 2 * 6
    q = csp.Problem()
    x, y = q.var("x", -10**9, 10**9), q.var("y", 0, 5)
    q += csp.max([x, y]) == 3
    q += x >= -2
    assert q.count().count == sum(1 for a in range(-2, 4) for b in range(6) if max(a, b) == 3)
    r = csp.Problem()
    i = r.var("i", -10**9, 10**9)
    r += csp.array([5, 6, 7])[i] >= 6
    assert r.count().count == 2


@pytest.mark.parametrize("build, holds", [
    (lambda x: x * x == 4, lambda v: v * v == 4),
    (lambda x: x // x == 1, lambda v: v != 0),
    (lambda x: x % x == 0, lambda v: v != 0),
    (lambda x: csp.min([x, x]) == 2, lambda v: v == 2),
    (lambda x: csp.array([x, x])[x] >= 0, lambda v: 0 <= v <= 1),
])
def test_a_variable_twice_in_one_term_is_posted_on_a_copy(build, holds):
    p = csp.Problem()
    x = p.var("x", -3, 3)
    p += build(x)
    assert p.count(project=[x]).count == sum(1 for v in range(-3, 4) if holds(v))


def test_csp_array_takes_nested_lists_of_variables():
    p = csp.Problem()
    x, y = p.var("x", 0, 2), p.var("y", 0, 2)
    assert csp.array([[x, y], [y, x]]).shape == (2, 2)
    p += csp.array([x, y])[x] >= 1
    assert p.count().count == sum(1 for a in range(3) for b in range(3) if a <= 1 and [a, b][a] >= 1)
    with pytest.raises(ValueError, match="ragged"):
        csp.array([[x, y], [x]])
