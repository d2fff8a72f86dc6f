"""A Var belongs to the Problem that made it: every posting call, objective, projection, ordering and result
lookup refuses a Var (or an expression) of another Problem; scopes are ordered (no sets)."""

import pytest

import csp

FOREIGN = "belongs to another Problem|variables of two Problems"


@pytest.fixture
def two():
    p1 = csp.Problem()
    u = p1.var("u", range(10))
    p2 = csp.Problem()
    w, v = p2.var("w", range(10)), p2.var("v", range(10))
    return p1, u, p2, w, v


def test_every_posting_call_refuses_a_foreign_var(two):
    p1, u, p2, w, v = two
    b1 = p1.var("b1", range(2))
    calls = [
        lambda: p2.add(u == 7),
        lambda: p2.__iadd__(w + u <= 3),
        lambda: p2.linear([w, u], [1, 1], "<=", 3),
        lambda: p2.all_different([w, u]),
        lambda: p2.not_equal(w, u),
        lambda: p2.table([u, w], [(0, 1)]),
        lambda: p2.element(u, [1, 2], w),
        lambda: p2.element(w, [v, u], w),
        lambda: p2.predicate(lambda a, b: True, [w, u]),
        lambda: p2.reify(w <= 3, b1),
        lambda: p2.reify(u <= 3, v),
        lambda: p2.member_reif(u, [1], v),
        lambda: p2.clause([u], []),
        lambda: p2.and_reif([w, v], u),
        lambda: p2.xor([w, u]),
        lambda: p2.times(w, v, u),
        lambda: p2.abs(u, w),
        lambda: p2.product([w, u], 6),
        lambda: p2.restrict(u, [1, 2]),
        lambda: p2.domain(u),
        lambda: p2[u],
    ]
    for call in calls:
        with pytest.raises(csp.ModelError, match=FOREIGN):
            call()
    assert p2.constraint_count == 0
    assert p2.count().count == 100  # nothing was posted


def test_objectives_projection_and_results_refuse_a_foreign_var(two):
    p1, u, p2, w, v = two
    with pytest.raises(csp.ModelError, match=FOREIGN):
        p2.minimize(u)
    with pytest.raises(csp.ModelError, match=FOREIGN):
        p2.maximize(u)
    with pytest.raises(csp.ModelError, match=FOREIGN):
        p2.count(project=[u])
    with pytest.raises(csp.ModelError, match=FOREIGN):
        p2.solve(tree=True, minimize=u)
    r = p2.solve()
    with pytest.raises(csp.ModelError, match=FOREIGN):
        r[u]
    assert r[w] == 0


def test_expression_mixing_two_problems_is_refused(two):
    p1, u, p2, w, v = two
    with pytest.raises(csp.ModelError, match="two Problems"):
        u + w
    assert (w + 2 * v - 1)._owner is p2.raw


def test_variable_ordering_returning_a_foreign_var_is_refused(two):
    p1, u, p2, w, v = two
    with pytest.raises(csp.ModelError, match="another Problem"):
        p2.solve(var=lambda ctx: u)
    assert p2.count(var=lambda ctx: None if ctx.first_unassigned() is None else [w, v][ctx.first_unassigned()]
                    ).count == 100


def test_element_array_of_ints_and_variables_is_refused(two):
    p1, u, p2, w, v = two
    with pytest.raises(TypeError, match="either ints or variables"):
        p2.element(w, [1, v], w)


def test_a_set_is_not_a_scope():
    p = csp.Problem()
    x, y = p.var("x", range(3)), p.var("y", range(3))
    for call in (lambda: p.table({x, y}, [(0, 1)]), lambda: p.all_different({x, y}),
                 lambda: p.linear(frozenset([x, y]), [1, 2], "<=", 2), lambda: p.clause({x}, [])):
        with pytest.raises(TypeError, match="not a set"):
            call()
    p.table((x, y), [(0, 1), (2, 2)])
    assert p.count().count == 2


def test_model_vars_work_in_their_own_model():
    q = csp.n_queens(6)
    r = q.solve()
    assert r[q["Q1"]] == r.solution["Q1"]
    q += q["Q1"] == 2
    assert q.count().count == 1
