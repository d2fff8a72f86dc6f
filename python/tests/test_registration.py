"""Registering strategies from Python: a name registered again is replaced (a re-run notebook cell works), and
inference callables passed directly do not stay in the registry after their run."""

import gc
import weakref

import pytest

import csp


def first(ctx):
    return ctx.first_unassigned()


def last(ctx):
    free = ctx.unassigned()
    return free[-1] if free else None


def test_registering_a_variable_ordering_again_replaces_it():
    csp.register_variable_ordering("test-reg-order", first, "first")
    p = csp.n_queens(6)
    a = p.solve(var="test-reg-order", val="natural", inference="none")
    csp.register_variable_ordering("test-reg-order", last, "last")  # the cell run again, edited
    b = p.solve(var="test-reg-order", val="natural", inference="none")
    assert a.stats["assignments"] == p.solve(var="first", val="natural", inference="none").stats["assignments"]
    assert b.solution != a.solution or b.stats["assignments"] != a.stats["assignments"]
    assert csp.variable_orderings().count("test-reg-order") == 1
    assert dict(csp._csp.variable_orderings())["test-reg-order"] == "last"
    with pytest.raises(csp.Error, match="already registered"):
        csp.register_variable_ordering("test-reg-order", first, replace=False)


def test_registering_a_value_ordering_and_an_inference_again_replaces_them():
    csp.register_value_ordering("test-reg-val", lambda ctx, x: sorted(ctx.domain(x)))
    csp.register_value_ordering("test-reg-val", lambda ctx, x: sorted(ctx.domain(x), reverse=True))
    p = csp.Problem()
    x = p.var("x", range(1, 6))
    assert p.solve(var="first", val="test-reg-val", inference="none")["x"] == 5  # the descending one

    calls = []
    csp.register_inference("test-reg-inf", lambda ctx, x: calls.append("old") or True)
    csp.register_inference("test-reg-inf", lambda ctx, x: calls.append("new") or True)
    csp.n_queens(4).solve(var="first", val="natural", inference="test-reg-inf")
    assert calls and set(calls) == {"new"}
    with pytest.raises(csp.Error, match="already registered"):
        csp.register_inference("test-reg-inf", lambda ctx, x: True, replace=False)


def test_built_in_names_cannot_be_replaced():
    with pytest.raises(csp.Error, match="built in"):
        csp.register_variable_ordering("mrv", first)
    with pytest.raises(csp.Error, match="built in"):
        csp.register_inference("fc", lambda ctx, x: True)


def test_inference_lambdas_do_not_fill_the_registry():
    before = len(csp.inferences())
    p = csp.n_queens(5)
    for k in range(50):
        r = p.count(var="first", val="natural", inference=lambda ctx, x, k=k: True)
        assert r.count == 10
    # One pooled entry serves every lambda in turn; no run holds it now, so none is listed.
    assert len(csp.inferences()) == before


def test_an_inference_callable_is_released_after_its_run():
    class Prune:
        def __call__(self, ctx, x):
            return True

    fn = Prune()
    ref = weakref.ref(fn)
    assert csp.n_queens(5).count(var="first", val="natural", inference=fn).count == 10
    del fn
    gc.collect()
    assert ref() is None  # the registry no longer holds it


def test_an_inference_callable_is_listed_while_its_run_uses_it():
    seen = []

    def spy(ctx, x):
        if not seen:
            seen.extend(csp.inferences())
        return True

    csp.n_queens(4).solve(var="first", val="natural", inference=spy)
    assert any(n.startswith("python:") and "spy" in n for n in seen)
    assert not any("spy" in n for n in csp.inferences())


def test_the_pooled_name_of_an_ended_run_is_refused_by_name():
    seen = []

    def remember_my_name(ctx, x):
        if not seen:
            seen.extend(n for n in csp.inferences() if "remember_my_name" in n)
        return True

    csp.n_queens(4).solve(var="first", val="natural", inference=remember_my_name)
    (name,) = seen
    with pytest.raises(csp.Error, match="run that has ended"):
        csp.n_queens(4).solve(var="first", val="natural", inference=name)


def test_ordering_callables_are_released_after_their_run():
    class First:
        def __call__(self, ctx):
            return ctx.first_unassigned()

    class Ascending:
        def __call__(self, ctx, x):
            return sorted(ctx.domain(x))

    var, val = First(), Ascending()
    refs = weakref.ref(var), weakref.ref(val)
    before = (csp.variable_orderings(), csp.value_orderings())
    assert csp.n_queens(5).count(var=var, val=val, inference="fc").count == 10
    assert (csp.variable_orderings(), csp.value_orderings()) == before
    del var, val
    gc.collect()
    assert all(r() is None for r in refs)
