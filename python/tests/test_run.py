"""Runs: the spec's keyword names, statistics, the GIL released, interrupts, strategies written in Python."""

import os
import signal
import threading
import time

import pytest

import csp


def long_problem():
    """A search of several seconds: every solution of 14-queens (365,596) by plain backtracking."""
    return csp.n_queens(14)


def test_statistics_are_a_plain_dict_and_stop_reasons():
    r = csp.n_queens(8).count(var="first", val="natural", inference="none")
    assert r.count == 92 and r.complete and r.stop == "complete" and r.status == "solved"
    assert isinstance(r.stats, dict) and r.stats["solutions"] == 92
    assert r.stats["assignments"] == r.stats["backtracks"] == 2056  # every assignment is undone in a count
    capped = csp.n_queens(8).count(max_solutions=10)
    assert capped.count == 10 and capped.stop == "solution-cap"
    limited = csp.n_queens(8).count(node_limit=100)
    assert limited.stop == "node-limit" and not limited.complete and limited.stats["assignments"] == 100
    assert csp.n_queens(3).solve().status == "unsatisfiable"
    timed = long_problem().count(timeout=0.05)
    assert timed.stop == "time-limit"


def test_every_cli_option_name_is_accepted():
    p = csp.n_queens(10)
    r = p.solve(var="dom-wdeg", val="lcv", inference="mac", ac3=True, restarts="luby", restart_base=10, seed=3)
    assert r.solved and p.is_solution(r.solution)
    r = p.solve(backjump="cbj", learning=4, inference="fc")
    assert r.solved and p.is_solution(r.solution)
    # binary branching finds the same 92 solutions of 8 queens, in fewer assignments under fc (1,313 against 1,360)
    q8 = csp.n_queens(8)
    b = q8.count(var="mrv", val="natural", inference="fc", branching="binary")
    d = q8.count(var="mrv", val="natural", inference="fc", branching="d-way")
    assert (b.count, d.count) == (92, 92) and (b.stats["assignments"], d.stats["assignments"]) == (1313, 1360)
    with pytest.raises(csp.Error, match="branching"):
        q8.solve(branching="sideways")
    # split branching and fixed variables assigned without a node: the same 92, fewer nodes with assign_fixed
    s = q8.count(var="mrv", inference="fc", branching="split")
    f = q8.count(var="mrv", val="natural", inference="fc", assign_fixed=True)
    assert (s.count, f.count) == (92, 92) and f.stats["assignments"] < d.stats["assignments"]
    r = p.solve(algorithm="min-conflicts", max_steps=10000, seed=1, walk=0.1, tabu=2)
    assert r.algorithm == "min-conflicts" and r.solved and "steps" in r.algorithm_counters
    assert {"first", "mrv", "dom-wdeg"} <= set(csp.variable_orderings())
    assert {"none", "fc", "mac"} <= set(csp.inferences())
    assert {"backtracking", "min-conflicts"} <= set(csp.algorithms())


def test_clause_learning_answers_and_counts():
    p = csp.n_queens(12)
    r = p.solve(algorithm="lcg")
    assert r.algorithm == "lcg" and r.solved and p.is_solution(r.solution)
    assert r.algorithm_counters["learned_clauses"] == r.stats["nogoods"]
    proof = csp.n_queens(3).solve(algorithm="lcg")
    assert proof.status == "unsatisfiable" and proof.complete
    assert csp.n_queens(8).count(algorithm="lcg").count == 92  # blocking clauses: each solution once
    assert "lcg" in csp.algorithms()


def test_clause_learning_optimises_by_branch_and_bound():
    # x + y = z with x != y over 1..6: z is at least 1 + 2 = 3 and at most 5 + 6 = 11, each proved.
    p = csp.Problem()
    x, y, z = p.var("x", 1, 6), p.var("y", 1, 6), p.var("z", 1, 12)
    p.add(x + y == z)
    p.add(x != y)
    least = p.solve(algorithm="lcg", minimize=z)
    assert least.status == "solved" and least.complete and least.objective == 3
    most = p.solve(algorithm="lcg", maximize=z)
    assert most.status == "solved" and most.complete and most.objective == 11


def test_learned_clauses_and_their_implication_graphs():
    # 3 pigeons in 2 holes: deciding p0 = 1 leaves p1 and p2 with hole 2 each, and p1 != p2 fails; the first clause
    # learned is p0 != 1, drawn with the decision as the first UIP.
    p = csp.Problem()
    pigeons = [p.var(f"p{i}", range(1, 3)) for i in range(3)]
    p.all_different(pigeons, mode="binary")
    first, *rest = p.learned_clauses(limit=5)
    assert isinstance(first, csp.LearnedClause) and str(first) == "p0 != 1"
    assert first.literals == [("p0", 1, False)] and (first.conflict_level, first.backjump_level) == (1, 0)
    assert "digraph conflict" in first.graph and "peripheries=2" in first.graph and "octagon" in first.graph
    assert len(rest) <= 4
    many = csp.n_queens(8).learned_clauses(limit=3)
    assert len(many) <= 3 and all(c.literals for c in many)
    with pytest.raises(csp.Error, match="limit"):
        p.learned_clauses(limit=0)


def test_projection_counts_distinct_values():
    p = csp.Problem()
    x, y = p.var("x", range(0, 3)), p.var("y", range(0, 3))
    p += x <= y
    assert p.count().count == 6
    assert p.count(project=[x]).count == 3


def test_the_search_releases_the_gil():
    p = long_problem()
    results = {}
    worker = threading.Thread(target=lambda: results.setdefault("r", p.count(timeout=1.0)))
    ticks = 0
    worker.start()
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        ticks += 1
    worker.join()
    assert results["r"].stop == "time-limit"
    # The main thread kept running Python while the search ran: far more than the few hundred iterations it
    # would get if the search held the GIL (Python's switch interval is 5 ms), even on a loaded machine.
    assert ticks > 10000


def test_an_interrupt_object_stops_a_search_on_another_thread():
    flag = csp.Interrupt()
    results = {}
    worker = threading.Thread(target=lambda: results.setdefault("r", long_problem().count(interrupt=flag)))
    worker.start()
    time.sleep(0.2)
    flag.set()
    worker.join(5)
    r = results["r"]
    assert r.stop == "interrupted" and not r.complete and r.stats["assignments"] > 0 and r.count > 0


def test_ctrl_c_stops_the_search_with_partial_statistics():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    r = long_problem().count()
    elapsed = time.monotonic() - start
    timer.join()
    assert r.stop == "interrupted" and r.status == "limit-reached"
    assert r.stats["assignments"] > 0 and r.count > 0 and elapsed < 10
    # Python's own handler is back: a Ctrl-C outside a search is a KeyboardInterrupt.
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


# ---- strategies written in Python ------------------------------------------------------------------------------

def my_mrv(ctx):
    """MRV in a few lines: the unassigned variable with the fewest legal values, ties to the smallest id."""
    return min(ctx.unassigned(), key=lambda x: (ctx.remaining_values(x), x), default=None)


def test_a_python_mrv_makes_the_same_search_as_the_engines():
    sudoku = csp.Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                        alldiff="binary")
    for inference in ("none", "fc"):
        ours = sudoku.solve(var=my_mrv, val="natural", inference=inference)
        engine = sudoku.solve(var="mrv", val="natural", inference=inference)
        for key in ("assignments", "backtracks", "failures"):
            assert ours.stats[key] == engine.stats[key], (inference, key)
        if inference == "fc":  # (with none the engine's MRV stops counting at the first variable with one value)
            assert ours.stats["constraint_checks"] == engine.stats["constraint_checks"]
        assert ours.solution == engine.solution


def test_registered_orderings_are_used_by_name():
    if "my-mrv" not in csp.variable_orderings():
        csp.register_variable_ordering("my-mrv", my_mrv, "MRV written in Python")
        csp.register_value_ordering("descending", lambda ctx, x: sorted(ctx.domain(x), reverse=True))
    with pytest.raises(csp.Error, match="already registered"):
        csp.register_variable_ordering("my-mrv", my_mrv, replace=False)
    p = csp.n_queens(8)
    a = p.solve(var="my-mrv", inference="fc")
    b = p.solve(var="mrv", inference="fc")
    assert a.stats["assignments"] == b.stats["assignments"]
    down = p.solve(val="descending")
    assert down.solution["Q1"] == 8
    with pytest.raises(csp.Error, match="not a value of Q1"):
        p.solve(val=lambda ctx, x: [0])
