"""minimize / maximize: the Result's solution is the best one found, the one whose value is result.objective."""

import itertools

import csp


def test_maximize_solution_is_the_optimum():
    p = csp.Problem()
    xs = [p.var(f"x{i}", range(10)) for i in range(4)]
    obj = p.var("obj", range(0, 200))
    p.linear(xs, [1, 2, 3, 4], "<=", 20)
    p.linear(xs + [obj], [3, 5, 7, 11, -1], "==", 0)
    best = max(3 * a + 5 * b + 7 * c + 11 * d for a, b, c, d in itertools.product(range(10), repeat=4)
               if a + 2 * b + 3 * c + 4 * d <= 20)
    r = p.maximize(obj)
    assert (r.status, r.stop, r.objective) == ("solved", "complete", best)
    assert r.solution["obj"] == r[obj] == best
    assert p.is_solution(r.solution)
    assert len(r.solutions) > 1 and r.solutions[-1] == r.solution  # improving solutions, the best last


def test_minimize_solution_is_the_optimum():
    q = csp.Problem()
    a = q.var("a", range(1, 20))
    b = q.var("b", range(1, 20))
    c = q.var("c", range(0, 60))
    q += a + b >= 12
    q.linear([a, b, c], [2, 1, -1], "==", 0)
    best = min(2 * x + y for x in range(1, 20) for y in range(1, 20) if x + y >= 12 and 2 * x + y < 60)
    r = q.minimize(c, var="first", val="max")
    assert r.objective == best == r[c] == r.solution["c"]
    assert 2 * r[a] + r[b] == best and r[a] + r[b] >= 12


def test_plain_solve_solution_is_still_the_first():
    p = csp.n_queens(6)
    r = p.solve(max_solutions=0)
    assert r.objective is None and r.solution == r.solutions[0]
