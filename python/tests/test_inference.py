"""An inference written in Python (forward checking in ten lines) against the engine's, registered by name."""

import pytest

import csp
from conftest import SEED_EASY

HARD_17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SAME = ("assignments", "backtracks", "failures", "wipeouts")


def python_fc(ctx, x):
    """Forward checking (AIMA Fig. 6.7): remove the values of x's unassigned neighbours that the assignment rules
    out; x = -1 (the root) checks from every variable assigned there."""
    sources = [x] if x >= 0 else [g for g in range(ctx.variable_count) if ctx.is_assigned(g)]
    for s in sources:
        for y in ctx.neighbors(s):
            if not ctx.is_assigned(y):
                for v in ctx.domain(y):
                    if not ctx.consistent(y, v) and not ctx.remove(y, v):
                        return False  # y's domain wiped out
    return True


def same_search(problem, **spec):
    ours = problem.solve(inference=python_fc, **spec)
    engine = problem.solve(inference="fc", **spec)
    for key in SAME:
        assert ours.stats[key] == engine.stats[key], key
    assert ours.solution == engine.solution
    assert ours.stats["values_pruned"] > 0  # pruned through the store: counted
    return ours, engine


def test_python_forward_checking_makes_the_engines_search_on_8_queens():
    ours, engine = same_search(csp.n_queens(8), var="first", val="natural")
    assert engine.stats["assignments"] == 88 and engine.stats["backtracks"] == 80  # the engine's fc, first solution
    assert ours.stats["values_pruned"] == engine.stats["values_pruned"] == 301
    assert ours.solution == {"Q1": 1, "Q2": 5, "Q3": 8, "Q4": 6, "Q5": 3, "Q6": 7, "Q7": 2, "Q8": 4}


def test_python_forward_checking_makes_the_engines_search_on_sudoku():
    # Pairwise != constraints: forward checking then means the same on both sides (the n-ary all-different's
    # revise also applies the pigeonhole rule and hidden singles, which ten lines of Python do not).
    for text, var in ((HARD_17, "mrv"), (SEED_EASY, "first")):
        sudoku = csp.Sudoku(text, alldiff="binary")
        ours, engine = same_search(sudoku, var=var, val="natural")
        assert ours.status == "solved"
    hard_ours, _ = same_search(csp.Sudoku(HARD_17, alldiff="binary"), var="mrv", val="natural")
    assert hard_ours.stats["assignments"] == 481 and hard_ours.stats["backtracks"] == 417


def test_a_registered_python_inference_is_used_by_name_and_undone_on_backtrack():
    if "python-fc" not in csp.inferences():
        csp.register_inference("python-fc", python_fc, "forward checking written in Python")
    with pytest.raises(csp.Error, match="already registered"):
        csp.register_inference("python-fc", python_fc, replace=False)
    p = csp.n_queens(6)
    r = p.count(var="first", val="natural", inference="python-fc")
    assert r.count == 4 and r.complete  # every solution found: prunings were undone on backtrack
    assert r.stats["backtracks"] == p.count(var="first", val="natural", inference="fc").stats["backtracks"]


def test_a_python_inference_filters_domains_for_the_orderings():
    seen = []

    def mrv_that_looks(ctx):
        seen.append(ctx.domains_filtered)
        return min(ctx.unassigned(), key=lambda x: (ctx.remaining_values(x), x), default=None)

    csp.n_queens(5).solve(var=mrv_that_looks, inference=python_fc)
    assert seen and all(seen)  # only "none" leaves domains unfiltered


def test_a_python_exception_in_the_inference_propagates_unchanged():
    class Boom(Exception):
        pass

    def failing(ctx, x):
        if x >= 0:
            raise Boom(f"at {ctx.name(x)}")
        return True

    with pytest.raises(Boom, match="at Q1"):
        csp.n_queens(4).solve(var="first", inference=failing)


def test_bad_inference_input_raises_the_librarys_errors():
    with pytest.raises(csp.UnknownNameError, match="unknown inference 'no-such'.*none, fc, mac"):
        csp.n_queens(4).solve(inference="no-such")
    with pytest.raises(csp.Error, match="inference: expected a strategy name or a callable"):
        csp.n_queens(4).solve(inference=3)
    with pytest.raises(csp.Error, match="is assigned"):
        csp.n_queens(4).solve(var="first", inference=lambda ctx, x: x < 0 or ctx.remove(x, 1))
    with pytest.raises(csp.Error, match="not a value of Q2"):
        csp.n_queens(4).solve(var="first", inference=lambda ctx, x: x < 0 or ctx.remove(1, 99))
