"""Problem.why_unsat: planted conflicts, givens, verdicts, limits and errors that stay Python exceptions."""

import pytest

import csp


def pigeons():
    p = csp.Problem()
    x, y, z, w = p.vars(["x", "y", "z", "w"], range(1, 4))
    p += x + y <= 2
    p += z != 2
    p += x != y
    p += w + z >= 2
    return p, (x, y, z, w)


def test_planted_conflict_named_by_its_text():
    p, _ = pigeons()
    core = p.why_unsat()
    assert core.verdict == "unsatisfiable"
    assert core.minimal
    assert list(core) == ["x + y <= 2", "x - y != 0"]
    assert len(core) == 2 and core.of == 4 and core.checks > 0
    assert repr(core).splitlines() == [f"UnsatCore(2 of 4 parts, minimal, {core.checks} checks)", "  x + y <= 2",
                                       "  x - y != 0"]
    for inference in ("none", "fc", "mac"):
        assert p.why_unsat(inference=inference).parts == core.parts


def test_names_given_to_constraints_are_kept():
    p = csp.Problem()
    a, b = p.vars(["a", "b"], range(0, 10))
    p.add(a + b == 9, name="sum is nine")
    p.add(a <= 3, name="a small")
    p.add(b <= 4, name="b small")
    p.add(a >= 0, name="a non-negative")
    assert list(p.why_unsat()) == ["sum is nine", "a small", "b small"]


def test_givens_are_parts_unless_asked_otherwise():
    p = csp.Problem()
    x, y = p.vars(["x", "y"], range(1, 4))
    p.restrict(x, [2])
    p.restrict(y, [2, 3])
    p += x + y <= 3
    assert list(p.why_unsat()) == ["x + y <= 3", "x = 2", "y in {2, 3}"]
    assert p.why_unsat(givens=False).verdict == "unsatisfiable"
    assert list(p.why_unsat(givens=False)) == ["x + y <= 3"]  # the givens are kept as they are


def test_satisfiable_and_unknown_verdicts():
    p = csp.Problem()
    x, y = p.vars(["x", "y"], range(1, 3))
    p += x != y
    core = p.why_unsat()
    assert core.verdict == "satisfiable" and list(core) == [] and core.checks == 1
    assert repr(core) == "UnsatCore(satisfiable, 1 checks)"
    q = csp.Problem()
    xs = q.vars([f"x{i}" for i in range(9)], range(1, 9))
    q.all_different(xs, mode="binary")
    assert q.why_unsat(node_limit=5).verdict == "unknown"
    stop = csp.Interrupt()
    stop.set()
    assert q.why_unsat(interrupt=stop).verdict == "unknown"


def test_errors_are_exceptions():
    p, _ = pigeons()
    with pytest.raises(csp.Error, match="min-conflicts"):
        p.why_unsat(algorithm="min-conflicts")
    with pytest.raises(csp.Error):
        p.why_unsat(inference="no-such-inference")
    with pytest.raises(csp.Error, match="unknown option 'nonsense'"):
        p.why_unsat(nonsense=1)


def test_a_failing_predicate_raises_its_exception():
    p = csp.Problem()
    x, y = p.vars(["x", "y"], range(1, 3))
    p += x + y >= 2

    def broken(a, b):
        raise ValueError("broken predicate")

    p.predicate(broken, [x, y])
    with pytest.raises(ValueError, match="broken predicate"):
        p.why_unsat()


def test_sudoku_names_units_and_givens():
    # Row 1 holds 1..8 and r2c9 is 9: the givens do not clash, yet r1c9 can only be 9 (as csp sudoku --why-unsat).
    puzzle = "12345678.........9" + "." * 63
    s = csp.Sudoku(puzzle)
    assert s.solve().status == "unsatisfiable"
    core = s.why_unsat()
    assert core.minimal
    assert list(core) == ["row 1", "box 3", "r1c1 = 1", "r1c2 = 2", "r1c3 = 3", "r1c4 = 4", "r1c5 = 5", "r1c6 = 6",
                          "r2c9 = 9"]
    assert csp.Sudoku("." * 81).why_unsat().verdict == "satisfiable"


def test_auxiliary_definitions_are_never_parts_and_names_read_like_the_model():
    # abs() and * get auxiliary variables whose defining constraints restrict nothing: they stay in every check and
    # are never named; a comparison is named by its own text.
    p = csp.Problem()
    x, y, z, w = p.vars(["x", "y", "z", "w"], range(0, 4))
    p.add(abs(x - y) + z * w >= 20)
    p.add(abs(x - y) >= 3, name="far")
    p.add(x + y <= 2, name="small")
    core = p.why_unsat()
    assert core.of == 3
    assert list(core) == ["abs(x - y) + z*w >= 20"]
    q = csp.Problem()
    a, b = q.vars(["a", "b"], range(0, 4))
    q.add(abs(a - b) >= 3, name="far")
    q.add(a + b <= 2, name="small")
    q += (a > 2) | (b > 2)
    assert list(q.why_unsat()) == ["far", "small"]
