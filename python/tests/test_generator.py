"""p.solutions(): closing the generator (break) stops the search at once, also between two solutions."""

import time

import csp


def one_solution_then_a_long_proof(holes):
    """first = 0: every pigeon stays home (one solution); first = 1: n + 1 pigeons into n holes (long under fc)."""
    p = csp.Problem()
    first = p.var("first", range(2))
    a = [[p.var(f"a{i}_{j}", range(2)) for j in range(holes)] for i in range(holes + 1)]
    for i in range(holes + 1):
        p.linear(a[i] + [first], [1] * holes + [-1], "==", 0)
    for j in range(holes):
        p.linear([a[i][j] for i in range(holes + 1)], [1] * (holes + 1), "<=", 1)
    return p


def test_break_stops_the_search_between_two_solutions():
    p = one_solution_then_a_long_proof(10)  # the rest of the search takes over 10 s
    start = time.monotonic()
    for s in p.solutions(var="first", val="natural", inference="fc"):
        assert s["first"] == 0
        break
    assert time.monotonic() - start < 1.0
    p.var("after", range(2))  # the search is over: the problem may change again


def test_close_stops_the_search_and_the_generator_still_enumerates_everything():
    p = one_solution_then_a_long_proof(10)
    g = p.solutions(var="first", val="natural", inference="fc")
    next(g)
    start = time.monotonic()
    g.close()
    assert time.monotonic() - start < 1.0
    q = csp.n_queens(6)
    assert sorted(tuple(s.values()) for s in q.solutions()) == sorted(
        tuple(s.values()) for s in q.solve(max_solutions=0).solutions)
    assert len(list(q.solutions())) == 4
