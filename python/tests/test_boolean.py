"""Boolean combinations of constraints (CPMpy's syntax) posted with p += ...: &, |, ~, ^, implies, == and != between
constraints, 0/1 variables as literals; every case checked against brute-force enumeration."""

import itertools
import random

import pytest

import csp

LO, HI = 0, 4


def make(n=3):
    p = csp.Problem()
    xs = [p.var(f"x{i}", LO, HI) for i in range(n)]
    return p, xs


def solutions_of(p, names):
    """The distinct solutions projected on the user's variables (auxiliary _bool / _sum variables left out)."""
    return sorted({tuple(s[n] for n in names) for s in p.solutions(var="first", val="natural", inference="fc")})


def brute(n, holds):
    return sorted(t for t in itertools.product(range(LO, HI + 1), repeat=n) if holds(t))


CASES = [
    ("and", lambda x: (x[0] > 2) & (x[1] < 3), lambda t: t[0] > 2 and t[1] < 3),
    ("or", lambda x: (x[0] > 2) | (x[1] < 1), lambda t: t[0] > 2 or t[1] < 1),
    ("not <=", lambda x: ~(x[0] + x[1] <= 4), lambda t: not t[0] + t[1] <= 4),
    ("not ==", lambda x: ~(x[0] == x[1]), lambda t: t[0] != t[1]),
    ("not or", lambda x: ~((x[0] == 1) | (x[1] == 2)), lambda t: not (t[0] == 1 or t[1] == 2)),
    ("implies", lambda x: (x[0] >= 3).implies(x[1] == x[2]), lambda t: t[0] < 3 or t[1] == t[2]),
    ("implies formula", lambda x: ((x[0] == 0) | (x[1] == 0)).implies((x[2] > 1) & (x[2] < 4)),
     lambda t: not (t[0] == 0 or t[1] == 0) or 1 < t[2] < 4),
    ("iff", lambda x: (x[0] > 2) == (x[1] + x[2] <= 3), lambda t: (t[0] > 2) == (t[1] + t[2] <= 3)),
    ("xor", lambda x: (x[0] > 2) ^ (x[1] > 2), lambda t: (t[0] > 2) != (t[1] > 2)),
    ("differ", lambda x: (x[0] == 2) != (x[1] == 2), lambda t: (t[0] == 2) != (t[1] == 2)),
    ("nested", lambda x: ((x[0] < 2) & ~(x[1] == 3)) | ((x[2] == 4).implies(x[0] == x[1])),
     lambda t: (t[0] < 2 and t[1] != 3) or (t[2] != 4 or t[0] == t[1])),
    ("three-way or", lambda x: (x[0] == 1) | (x[1] == 1) | (x[2] == 1), lambda t: 1 in t),
    ("non-linear", lambda x: (x[0] * x[1] >= 6) | (abs(x[0] - x[2]) == 4),
     lambda t: t[0] * t[1] >= 6 or abs(t[0] - t[2]) == 4),
    ("double not", lambda x: ~~(x[0] == 3), lambda t: t[0] == 3),
    ("constant parts", lambda x: ((x[0] - x[0] == 0) & (x[1] == 1)) | (x[2] - x[2] == 1),
     lambda t: t[1] == 1),
]


@pytest.mark.parametrize("name,formula,holds", CASES, ids=[c[0] for c in CASES])
def test_a_formula_has_the_solutions_of_brute_force(name, formula, holds):
    p, xs = make()
    p += formula(xs)
    assert solutions_of(p, ["x0", "x1", "x2"]) == brute(3, holds)
    # auxiliary literals are determined by the variables: the count is that of the formula
    assert p.count(var="first", val="natural", inference="mac").count == len(brute(3, holds))


def test_random_formulas_against_brute_force():
    rng = random.Random(7)

    def comparison(x):
        i, j = rng.sample(range(3), 2)
        op = rng.choice(["==", "!=", "<=", ">=", "<", ">"])
        k = rng.randint(LO, HI)
        e, te = (x[i] + x[j], lambda t: t[i] + t[j]) if rng.random() < 0.5 else (x[i], lambda t: t[i])
        py = {"==": lambda a: a == k, "!=": lambda a: a != k, "<=": lambda a: a <= k, ">=": lambda a: a >= k,
              "<": lambda a: a < k, ">": lambda a: a > k}[op]
        made = {"==": e == k, "!=": e != k, "<=": e <= k, ">=": e >= k, "<": e < k, ">": e > k}[op]
        return made, lambda t: py(te(t))

    def formula(x, depth):
        if depth == 0 or rng.random() < 0.3:
            return comparison(x)
        op = rng.choice(["and", "or", "not", "xor", "implies", "iff"])
        a, fa = formula(x, depth - 1)
        if op == "not":
            return ~a, lambda t: not fa(t)
        b, fb = formula(x, depth - 1)
        return {"and": (a & b, lambda t: fa(t) and fb(t)), "or": (a | b, lambda t: fa(t) or fb(t)),
                "xor": (a ^ b, lambda t: fa(t) != fb(t)), "implies": (a.implies(b), lambda t: not fa(t) or fb(t)),
                "iff": (a == b, lambda t: fa(t) == fb(t))}[op]

    for _ in range(40):
        p, xs = make()
        f, holds = formula(xs, 3)
        p += f
        assert solutions_of(p, ["x0", "x1", "x2"]) == brute(3, holds), f


def test_zero_one_variables_are_literals():
    p = csp.Problem()
    a, b = p.var("a", 0, 1), p.var("b", 0, 1)
    x = p.var("x", LO, HI)
    p += (a & ~b) | (x == 3)
    p += b.implies(x >= 2)
    expected = sorted((i, j, k) for i in (0, 1) for j in (0, 1) for k in range(LO, HI + 1)
                      if ((i and not j) or k == 3) and (not j or k >= 2))
    assert solutions_of(p, ["a", "b", "x"]) == expected
    q = csp.Problem()
    c = q.var("c", 0, 1)
    q += c
    assert solutions_of(q, ["c"]) == [(1,)]
    with pytest.raises(csp.ModelError, match="boolean"):
        q += q.var("y", 0, 5) & (q["c"] == 1)


def test_reify_takes_a_formula():
    p, xs = make(2)
    b = p.var("b", 0, 1)
    p.reify((xs[0] > 2) & (xs[1] < 3), b)
    got = solutions_of(p, ["x0", "x1", "b"])
    assert got == sorted((i, j, int(i > 2 and j < 3)) for i in range(LO, HI + 1) for j in range(LO, HI + 1))


def test_formulas_keep_plain_python_semantics_where_they_had_them():
    p, xs = make(2)
    assert xs[0] in [xs[1], xs[0]] and {xs[0]: 1}[xs[0]] == 1  # Var == Var is still a comparison with a truth value
    with pytest.raises(TypeError, match="&, \\| and ~"):
        bool((xs[0] > 1) & (xs[1] > 1))
    with pytest.raises(TypeError):
        p += (xs[0] > 1) & 3


def test_formulas_over_arrays_are_posted_item_by_item():
    p = csp.Problem()
    a = p.int_var_array(3, LO, HI, name="a")
    b = p.int_var_array(3, LO, HI, name="b")
    p += (a > 2) | (b < 1)
    per_pair = sum(1 for x in range(LO, HI + 1) for y in range(LO, HI + 1) if x > 2 or y < 1)
    assert p.count(var="first", val="natural", inference="fc").count == per_pair ** 3
