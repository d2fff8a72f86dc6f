"""Python callbacks (predicate, orderings, inference, on_solution): what they return is checked, what they raise
propagates unchanged, and no callback can make a run answer wrongly."""

import itertools

import pytest

import csp


class Boom(Exception):
    pass


class BadBool:
    def __bool__(self):
        raise Boom("bool")


def problem(n=6):
    p = csp.Problem()
    xs = [p.var(f"x{i}", range(n)) for i in range(n)]
    p.all_different(xs)
    return p, xs


def brute_force_count(n, extra=lambda values: True):
    return sum(1 for t in itertools.permutations(range(n)) if extra(t))


def test_predicate_whose_result_raises_in_bool_propagates_its_exception():
    for spec in ({"var": "first", "val": "natural", "inference": "fc"}, {}):
        for bad_call in (1, 50):
            p, xs = problem()
            calls = [0]

            def f(a, b):
                calls[0] += 1
                return BadBool() if calls[0] == bad_call else a + b != 7

            p.predicate(f, [xs[0], xs[1]])
            with pytest.raises(Boom, match="bool"):
                p.count(**spec)


def test_predicate_returning_none_is_a_type_error():
    p, xs = problem(4)

    def forgot_return(a, b):
        a != b  # noqa: B015

    p.predicate(forgot_return, [xs[0], xs[1]])
    with pytest.raises(TypeError, match=r"predicate '.*forgot_return' returned None"):
        p.count()


def test_on_solution_whose_result_raises_in_bool_propagates_its_exception():
    p, xs = problem()
    with pytest.raises(Boom, match="bool"):
        p.solve(on_solution=lambda s: BadBool(), max_solutions=0)
    with pytest.raises(TypeError, match="on_solution: expected a callable"):
        p.solve(on_solution=5)
    assert problem(4)[0].count().count == 24  # the module still works afterwards


def test_variable_ordering_must_return_a_variable_id():
    p, xs = problem()
    with pytest.raises(TypeError, match=r"variable ordering '.*' returned 'x0' \(str\)"):
        p.solve(var=lambda ctx: "x0")
    with pytest.raises(TypeError, match=r"returned 0.0 \(float\)"):
        p.solve(var=lambda ctx: 0.0)
    with pytest.raises(TypeError, match=r"returned True \(bool\)"):
        p.solve(var=lambda ctx: True)
    # a Var of this problem is an id
    r = p.count(var=lambda ctx: None if ctx.first_unassigned() is None else xs[ctx.first_unassigned()])
    assert r.count == brute_force_count(6)


def test_value_ordering_must_order_every_value_of_the_domain_once():
    p, xs = problem(4)
    with pytest.raises(csp.Error, match=r"left out 3 of its values \(1, 2, 3\)"):
        p.count(val=lambda ctx, x: ctx.domain(x)[:1], var="first", inference="none")
    with pytest.raises(csp.Error, match="returned 0 twice"):
        p.count(val=lambda ctx, x: ctx.domain(x) + [ctx.domain(x)[0]], var="first", inference="none")
    with pytest.raises(csp.Error, match="not a value of x0"):
        p.count(val=lambda ctx, x: ctx.domain(x) + [99], var="first", inference="none")
    with pytest.raises(csp.Error, match="no longer in its current domain"):
        p.count(val=lambda ctx, x: list(range(4)), var="first", inference="fc")
    with pytest.raises(TypeError, match=r"value ordering '.*' returned None"):
        p.solve(val=lambda ctx, x: None)
    with pytest.raises(TypeError, match="its values must be ints"):
        p.solve(val=lambda ctx, x: [float(v) for v in ctx.domain(x)])
    # a full reordering keeps the count
    assert p.count(val=lambda ctx, x: ctx.domain(x)[::-1], inference="fc").count == 24


def test_inference_must_return_a_bool():
    p, xs = problem(4)

    def forgot_return(ctx, x):
        pass

    with pytest.raises(TypeError, match=r"inference '.*forgot_return' returned None .*True \(go on\) or False"):
        p.count(inference=forgot_return)
    with pytest.raises(TypeError, match=r"returned .*\(BadBool\)"):
        p.count(inference=lambda ctx, x: BadBool(), var="first")
    with pytest.raises(TypeError, match=r"returned 1 \(int\)"):
        p.count(inference=lambda ctx, x: 1, var="first")


def test_inference_that_prunes_nothing_still_gives_only_solutions():
    p, xs = problem(6)
    p.predicate(lambda a, b: a + b != 7, [xs[0], xs[1]])
    expected = brute_force_count(6, lambda t: t[0] + t[1] != 7)
    for var in ("first", "mrv"):
        r = p.count(inference=lambda ctx, x: True, var=var)
        assert (r.status, r.stop, r.count) == ("solved", "complete", expected)
    kept = p.count(inference=lambda ctx, x: True, keep_solutions=None)
    assert all(p.is_solution(s) for s in kept.solutions)
    q, ys = problem(3)
    q += ys[0] + ys[1] == 7  # unsatisfiable: no complete assignment may pass
    r = q.count(inference=lambda ctx, x: True)
    assert (r.status, r.stop, r.count) == ("unsatisfiable", "complete", 0)


def test_registered_inference_is_checked_too():
    name = "test-callbacks-noprune"
    if name not in csp.inferences():
        csp.register_inference(name, lambda ctx, x: True)
    p, xs = problem(5)
    assert p.count(inference=name).count == brute_force_count(5)
