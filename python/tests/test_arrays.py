"""n-dimensional arrays of variables (numpy object arrays) and numpy integers, against itertools."""

import itertools

import numpy as np
import pytest

import csp


def test_int_var_array_shape_names_and_slices():
    p = csp.Problem()
    a = p.int_var_array((2, 3), 0, 2, name="a")
    assert isinstance(a, csp.VarArray) and a.shape == (2, 3)
    assert a[1, 2].name == "a[1,2]" and [v.name for v in a[:, 0]] == ["a[0,0]", "a[1,0]"]
    b = p.int_var_array(np.int64(4), range(5), name="b")
    assert b.shape == (4,) and p.domain(b[0]) == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="negative"):
        p.int_var_array((2, -1), 0, 1)


def test_row_and_column_sums_and_dot_count_as_enumeration():
    p = csp.Problem()
    a = p.int_var_array((2, 2), 0, 2, name="a")
    p += a.sum(axis=0) == 2           # an array of constraints: each column sums to 2
    p += sum(a[0, :]) >= 1
    p += np.array([1, 2]).dot(a[1]) <= 3
    p += a.sum() != 3

    def ok(v):
        m = np.array(v).reshape(2, 2)
        return all(m.sum(axis=0) == 2) and m[0].sum() >= 1 and m[1, 0] + 2 * m[1, 1] <= 3 and m.sum() != 3
    expected = sum(1 for v in itertools.product(range(3), repeat=4) if ok(v))
    assert expected > 0 and p.count().count == expected


def test_element_wise_operations_with_numpy_arrays_and_variables():
    p = csp.Problem()
    a = p.int_var_array(3, 0, 3, name="a")
    x = p.var("x", 0, 3)
    p += a - np.arange(3) >= x       # a[i] - i >= x
    p += x == a[0] * 1
    ok = lambda v: all(v[i] - i >= v[3] for i in range(3)) and v[3] == v[0]  # noqa: E731
    assert p.count().count == sum(1 for v in itertools.product(range(4), repeat=4) if ok(v))


def test_variable_index_of_an_array_is_element():
    p = csp.Problem()
    a = p.int_var_array((2, 2), 0, 1, name="a")
    r, c = p.var("r", 0, 1), p.var("c", 0, 1)
    p += a[r, c] == 1
    p += a.sum() == 1
    assert p.count().count == 4  # the one 1 is at (r, c): 4 places
    with pytest.raises(TypeError, match="needs 2 indices"):
        a[r]


def test_numpy_integers_as_domains_coefficients_values_and_data():
    p = csp.Problem()
    x = p.var("x", np.arange(1, 5))
    y = p.var("y", np.int32(0), np.int64(3))
    p.restrict(y, np.array([0, 2, 3]))
    p.linear([x, y], np.array([2, 1]), "<=", np.int64(7))
    p += csp.count([x, y], np.int64(2)) >= 1
    p.element(y, np.array([5, 6, 7, 8]), p.var("e", 0, 9))
    p.cumulative([x, y], np.array([1, 2]), np.array([1, 1]), np.int64(1))

    def ok(u, v):
        return 2 * u + v <= 7 and (u == 2 or v == 2) and (u + 1 <= v or v + 2 <= u)
    assert p.count().count == sum(1 for u in range(1, 5) for v in (0, 2, 3) if ok(u, v))
