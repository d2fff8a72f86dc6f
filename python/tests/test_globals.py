"""The native global constraints from Python: each on a small instance, its solution count against itertools
(native and decomposed), and its argument checks."""

import itertools

import numpy as np
import pytest

import csp

FORMS = pytest.mark.parametrize("decompose", [False, True], ids=["native", "decompose"])


def count_tuples(domains, accept) -> int:
    return sum(1 for values in itertools.product(*domains) if accept(values))


def model(n, lo, hi, name="x"):
    p = csp.Problem()
    return p, [p.var(f"{name}{i}", lo, hi) for i in range(n)]


@FORMS
def test_cumulative(decompose):
    p, s = model(3, 0, 3)
    d, r = [2, 1, 2], [1, 2, 1]
    p.cumulative(s, d, r, 2, decompose=decompose)

    def ok(st):
        return all(sum(r[i] for i in range(3) if st[i] <= t < st[i] + d[i]) <= 2 for t in range(6))
    expected = count_tuples([range(4)] * 3, ok)
    assert 0 < expected < 64 and p.count().count == expected


@FORMS
def test_no_overlap_and_disjunctive(decompose):
    p, s = model(3, 0, 4)
    p.no_overlap(s, [2, 1, 2], decompose=decompose)
    q, t = model(3, 0, 4)
    q.disjunctive(t, np.array([2, 1, 2]), decompose=decompose)
    d = [2, 1, 2]

    def ok(st):
        return all(st[i] + d[i] <= st[j] or st[j] + d[j] <= st[i] for i, j in itertools.combinations(range(3), 2))
    assert p.count().count == q.count().count == count_tuples([range(5)] * 3, ok)


def single_cycle(succ, offset=0):
    seen, node = set(), 0
    for _ in succ:
        seen.add(node)
        node = succ[node] - offset
    return node == 0 and len(seen) == len(succ)


@FORMS
def test_circuit(decompose):
    p, xs = model(5, 0, 4)
    p.circuit(xs, decompose=decompose)
    assert p.count().count == count_tuples([range(5)] * 5, single_cycle) == 24
    q, ys = model(4, 1, 4)
    q.circuit(ys, offset=1, decompose=decompose)
    assert q.count().count == count_tuples([range(1, 5)] * 4, lambda s: single_cycle(s, 1)) == 6


@FORMS
def test_subcircuit(decompose):
    p, xs = model(4, 0, 3)
    p.subcircuit(xs, decompose=decompose)

    def ok(s):
        moved = [i for i in range(4) if s[i] != i]
        if not moved:
            return True
        seen, node = set(), moved[0]
        while node not in seen:
            seen.add(node)
            node = s[node]
        return node == moved[0] and seen == set(moved)
    assert p.count().count == count_tuples([range(4)] * 4, ok) == 21


@FORMS
def test_inverse(decompose):
    p = csp.Problem()
    f = p.int_var_array(3, 0, 2, name="f")
    g = p.int_var_array(3, 0, 2, name="g")
    p.inverse(f, g, decompose=decompose)
    ok = lambda v: all((v[i] == j) == (v[3 + j] == i) for i in range(3) for j in range(3))  # noqa: E731
    assert p.count().count == count_tuples([range(3)] * 6, ok) == 6


@FORMS
def test_regular_nonogram_row_with_values_0_and_1(decompose):
    """The clue "3 1" over 7 cells (0 blank, 1 filled): states named as strings, symbols from 0 (shifted)."""
    p, row = model(7, 0, 1)
    t = {("a", 0): "a", ("a", 1): "b1", ("b1", 1): "b2", ("b2", 1): "b3", ("b3", 0): "gap",
         ("gap", 0): "gap", ("gap", 1): "c", ("c", 0): "end", ("end", 0): "end"}
    p.regular(row, t, "a", ["c", "end"], decompose=decompose)
    ok = lambda v: [len(b) for b in "".join(map(str, v)).split("0") if b] == [3, 1]  # noqa: E731
    assert p.count().count == count_tuples([range(2)] * 7, ok) == 6


@FORMS
def test_global_cardinality_both_forms(decompose):
    p, xs = model(4, 1, 3)
    c = [p.var(f"c{k}", 0, 4) for k in range(2)]
    p.global_cardinality(xs, [1, 2], c, decompose=decompose)
    assert p.count().count == 3 ** 4  # the counts are determined
    q, ys = model(4, 1, 3)
    q.global_cardinality(ys, [1, 2], low=[1, 0], high=[2, 1], decompose=decompose)
    ok = lambda v: 1 <= v.count(1) <= 2 and v.count(2) <= 1  # noqa: E731
    assert q.count().count == count_tuples([range(1, 4)] * 4, ok)
    r, zs = model(4, 1, 3)
    r.global_cardinality(zs, [1, 2], [2, 2], closed=True, decompose=decompose)
    assert r.count().count == count_tuples([range(1, 4)] * 4, lambda v: v.count(1) == 2 and v.count(2) == 2) == 6


@FORMS
def test_increasing_decreasing(decompose):
    p, xs = model(4, 0, 3)
    p.increasing(xs, decompose=decompose)
    q, ys = model(4, 0, 3)
    q.decreasing(ys, decompose=decompose)
    ok = lambda v: all(a <= b for a, b in zip(v, v[1:]))  # noqa: E731
    assert p.count().count == q.count().count == count_tuples([range(4)] * 4, ok) == 35


@FORMS
@pytest.mark.parametrize("fn,rel", [("lex_lesseq", lambda a, b: a <= b), ("lex_less", lambda a, b: a < b),
                                    ("lex_greatereq", lambda a, b: a >= b), ("lex_greater", lambda a, b: a > b)])
def test_lex(fn, rel, decompose):
    p, xs = model(4, 0, 2)
    getattr(p, fn)(xs[:2], xs[2:], decompose=decompose)
    assert p.count().count == count_tuples([range(3)] * 4, lambda v: rel(tuple(v[:2]), tuple(v[2:])))


@FORMS
def test_bin_packing_three_forms(decompose):
    w = [2, 1, 2]
    p, bins = model(3, 0, 1, "b")
    loads = [p.var("l0", 0, 5), p.var("l1", 0, 5)]
    p.bin_packing(bins, w, loads=loads, decompose=decompose)
    p += loads[0] <= 3
    ok = lambda b: sum(wi for wi, bi in zip(w, b) if bi == 0) <= 3  # noqa: E731
    assert p.count().count == count_tuples([range(2)] * 3, ok)
    q, qb = model(3, 0, 1, "b")
    q.bin_packing(qb, w, capacities=[3, 4], decompose=decompose)
    ok2 = lambda b: all(sum(wi for wi, bi in zip(w, b) if bi == k) <= c for k, c in enumerate([3, 4]))  # noqa: E731
    assert q.count().count == count_tuples([range(2)] * 3, ok2)
    r, rb = model(3, 1, 2, "b")
    r.bin_packing(rb, [2, 2, 2], capacity=4, decompose=decompose)
    assert r.count().count == 6  # docs/globals.md: three items of weight 2 into two bins of capacity 4


@FORMS
def test_diffn_unit_squares(decompose):
    p = csp.Problem()
    x = p.int_var_array(4, 0, 1, name="x")
    y = p.int_var_array(4, 0, 1, name="y")
    p.diffn(x, y, [1] * 4, [1] * 4, decompose=decompose)
    ok = lambda v: len({(v[i], v[4 + i]) for i in range(4)}) == 4  # noqa: E731
    assert p.count().count == count_tuples([range(2)] * 8, ok) == 24


def test_diffn_with_variable_sizes():
    p = csp.Problem()
    x, y = [p.var("x0", 0, 2), p.var("x1", 0, 2)], [p.var("y0", 0, 0), p.var("y1", 0, 0)]
    w = p.var("w", 1, 2)
    p.diffn(x, y, [w, 1], [1, 1])

    def ok(v):
        x0, x1, wv = v
        return x0 + wv <= x1 or x1 + 1 <= x0
    assert p.count().count == count_tuples([range(3), range(3), range(1, 3)], ok)


def test_counting_expressions():
    p, xs = model(4, 1, 3)
    p += csp.count(xs, 2) == 2
    p += csp.among(xs, {1, 3}) >= 1
    p += csp.nvalue(xs) <= 2
    ok = lambda v: v.count(2) == 2 and len(set(v)) <= 2  # noqa: E731
    assert p.count().count == count_tuples([range(1, 4)] * 4, ok)


def test_arg_max_arg_min():
    p, xs = model(3, 0, 2)
    p += csp.arg_max(xs) == 1
    p += csp.arg_min(xs) == 0
    ok = lambda v: v.index(max(v)) == 1 and v.index(min(v)) == 0  # noqa: E731
    assert p.count().count == count_tuples([range(3)] * 3, ok)


def test_all_different_and_table_take_arrays():
    p = csp.Problem()
    a = p.int_var_array((2, 2), 1, 4, name="a")
    p.all_different(a)
    p.table(a[0, :], [(1, 2), (2, 1), (3, 4)])
    ok = lambda v: len(set(v)) == 4 and tuple(v[:2]) in {(1, 2), (2, 1), (3, 4)}  # noqa: E731
    assert p.count().count == count_tuples([range(1, 5)] * 4, ok)


def test_expressions_and_constants_as_global_arguments():
    p, xs = model(3, 0, 2)
    p.increasing([xs[0] + 1, 2, xs[1] * xs[2]])
    ok = lambda v: v[0] + 1 <= 2 <= v[1] * v[2]  # noqa: E731
    assert p.count().count == count_tuples([range(3)] * 3, ok)


def test_arguments_are_checked_and_named():
    p, s = model(3, 0, 3)
    with pytest.raises(ValueError, match=r"cumulative: durations has 2 items, starts 3"):
        p.cumulative(s, [1, 2], [1, 1, 1], 2)
    with pytest.raises(TypeError, match=r"cumulative: demands\[1\] must be an int"):
        p.cumulative(s, [1, 2, 3], [1, 1.5, 1], 2)
    with pytest.raises(ValueError, match=r"no_overlap: durations\[0\] is -1"):
        p.no_overlap(s, [-1, 2, 3])
    with pytest.raises(TypeError, match=r"circuit: successors\[1\] is a str"):
        p.circuit([s[0], "x"])
    with pytest.raises(TypeError, match="circuit: successors: a scope is ordered"):
        p.circuit({s[0]})
    with pytest.raises(TypeError, match="bin_packing: give exactly one of"):
        p.bin_packing(s, [1, 1, 1])
    with pytest.raises(ValueError, match=r"inverse: g has 2 items, f 3"):
        p.inverse(s, s[:2])
    with pytest.raises(TypeError, match="global_cardinality: give counts, or low and high"):
        p.global_cardinality(s, [1])
    with pytest.raises(ValueError, match="regular: two transitions"):
        p.regular(s, [(0, 1, 1), (0, 1, 2)], 0, [1])
    with pytest.raises(TypeError, match=r"csp.count: value must be an int"):
        csp.count(s, "a")
