"""Threads: a Problem being solved refuses changes, the registries refuse new entries while searches run, and the
interpreter exits cleanly with a search still running in a daemon thread."""

import os
import subprocess
import sys
import textwrap
import threading

import pytest

import csp

BUSY = "this Problem is being solved"


def all_different(n):
    p = csp.Problem()
    xs = [p.var(f"x{i}", range(n)) for i in range(n)]
    p.all_different(xs)
    return p, xs


def running_search(p):
    """Starts counting p's solutions on a thread; returns once the search has found one (so it is running)."""
    started = threading.Event()
    flag = csp.Interrupt()
    out = {}

    def on_solution(s):
        started.set()
        return True

    def work():
        out["r"] = p.solve(on_solution=on_solution, max_solutions=0, keep_solutions=0, interrupt=flag,
                           var="first", inference="fc")

    t = threading.Thread(target=work)
    t.start()
    assert started.wait(30)
    return t, flag, out


def test_changing_a_problem_while_another_thread_solves_it_is_refused():
    p, xs = all_different(11)
    t, flag, out = running_search(p)
    try:
        changes = [lambda: p.var("extra", range(3)), lambda: p.linear([xs[0], xs[1]], [1, 1], "<=", 20),
                   lambda: p.all_different(xs[:3]), lambda: p.restrict(xs[0], [1, 2]),
                   lambda: p.predicate(lambda a: True, [xs[0]]), lambda: p.raw.add_variable("raw", 0, 3),
                   lambda: p.raw.restrict_range(0, 1, 2)]
        for change in changes:
            with pytest.raises(csp.Error, match=BUSY):
                change()
        q = p.copy()  # a copy may change meanwhile
        q += q["x0"] == 3
        assert len(q) == 11 and q.constraint_count == 2
    finally:
        flag.set()
        t.join(60)
    assert out["r"].stop == "interrupted"
    assert len(p) == 11 and p.constraint_count == 1
    p.var("extra", range(3))  # allowed again once the search ended
    assert len(p) == 12


def test_a_callback_cannot_change_the_problem_it_is_solving():
    p, xs = all_different(4)

    def pred(a):
        p.var("inside", range(2))
        return True

    p.predicate(pred, [xs[0]])
    with pytest.raises(csp.Error, match=BUSY):
        p.count()
    assert len(p) == 4


def test_registrations_are_refused_while_a_search_runs():
    p, xs = all_different(11)
    t, flag, out = running_search(p)
    try:
        with pytest.raises(csp.Error, match="not while a search runs"):
            csp.register_variable_ordering("test-threads-order", lambda ctx: ctx.first_unassigned())
        with pytest.raises(csp.Error, match="not while a search runs"):
            all_different(3)[0].count(inference=lambda ctx, x: True)
    finally:
        flag.set()
        t.join(60)
    assert "test-threads-order" not in csp.variable_orderings()


def test_threads_solving_one_problem_agree():
    p, xs = all_different(7)
    p.predicate(lambda a, b: (a + b) % 3 != 0, [xs[0], xs[1]])
    expected = p.count(var="first", inference="fc").count
    results = []
    threads = [threading.Thread(target=lambda k=k: results.append(
        p.count(var="mrv" if k % 2 else "first", inference="fc").count)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert results == [expected] * 4


DAEMON_EXIT = textwrap.dedent("""
    import threading, time
    import csp
    p = csp.Problem()
    a = [[p.var(f"a{i}_{j}", range(2)) for j in range(9)] for i in range(10)]
    for i in range(10):
        p.linear(a[i], [1] * 9, "==", 1)
    for j in range(9):
        p.linear([a[i][j] for i in range(10)], [1] * 10, "<=", 1)
    p.predicate(lambda x, y: True, [p["a0_0"], p["a1_0"]])
    threading.Thread(target=lambda: p.count(var="first", val="natural", inference="fc"), daemon=True).start()
    time.sleep(0.3)
    print("exiting", flush=True)
""")


def test_interpreter_exits_cleanly_with_a_search_in_a_daemon_thread():
    env = dict(os.environ)
    for _ in range(3):
        r = subprocess.run([sys.executable, "-c", DAEMON_EXIT], env=env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr[-2000:]
        assert r.stdout.strip() == "exiting"
