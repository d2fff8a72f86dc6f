"""Objects handed to callbacks live as long as the call: a SearchContext kept afterwards raises on use."""

import gc

import pytest

import csp

STALE = "this SearchContext is only valid inside its callback"


def problem(n=5):
    p = csp.Problem()
    xs = [p.var(f"x{i}", range(n)) for i in range(n)]
    p.all_different(xs)
    return p, xs


def test_context_kept_after_the_callback_raises_on_every_use():
    kept = []

    def order(ctx):
        kept.append(ctx)
        assert ctx.variable_count == 5  # valid during the call
        return ctx.first_unassigned()

    p, xs = problem()
    assert p.solve(var=order).status == "solved"
    del p, xs
    gc.collect()
    uses = [lambda c: c.domain(0), lambda c: c.unassigned(), lambda c: c.problem, lambda c: c.variable_count,
            lambda c: c.remove(0, 1), lambda c: c.neighbors(0), lambda c: c.first_unassigned(),
            lambda c: c.consistent(0, 1), lambda c: c.is_assigned(0), lambda c: c.remaining_values(0)]
    for ctx in (kept[0], kept[-1]):
        for use in uses:
            with pytest.raises(RuntimeError, match=STALE):
                use(ctx)


def test_context_kept_by_inference_and_value_ordering_raises():
    kept = []

    def val(ctx, x):
        kept.append(ctx)
        return ctx.domain(x)

    def inference(ctx, x):
        kept.append(ctx)
        return True

    p, xs = problem(4)
    assert p.count(val=val, inference=inference).count == 24
    assert len(kept) > 2
    for ctx in kept:
        with pytest.raises(RuntimeError, match=STALE):
            ctx.domain(0)


def test_context_is_invalid_after_its_callback_raised():
    kept = []

    def order(ctx):
        kept.append(ctx)
        raise KeyError("mine")

    p, xs = problem()
    with pytest.raises(KeyError, match="mine"):
        p.solve(var=order)
    with pytest.raises(RuntimeError, match=STALE):
        kept[0].unassigned()


def test_problem_read_through_the_context_stays_valid():
    kept = []
    p, xs = problem()
    p.solve(var=lambda ctx: (kept.append(ctx.problem), ctx.first_unassigned())[1])
    del p, xs
    gc.collect()
    junk = [bytearray(1 << 16) for _ in range(100)]  # noqa: F841 (reuses freed memory)
    assert kept[0].variable_count == 5 and kept[0].name(4) == "x4"
