"""n-dimensional arrays of variables: numpy object arrays (VarArray) that slice, sum, dot with int arrays, and
read `arr[i]` with a variable (or expression) index as an element constraint."""

from __future__ import annotations

import operator

import numpy as np

from ._expr import Expr, is_int
from .expressions import element


class VarArray(np.ndarray):
    """A numpy object array of Vars, expressions or ints. `arr[x]` with x an expression (one per dimension) is
    csp.element over the array, 0-based; every other index is numpy's (slices, ints, masks)."""

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        if not any(isinstance(k, Expr) for k in keys):
            return super().__getitem__(key)
        if len(keys) != self.ndim or not all(isinstance(k, Expr) or is_int(k) for k in keys):
            raise TypeError(f"a variable index of a {self.ndim}-dimensional array needs {self.ndim} indices, each "
                            "an int or an expression (no slices)")
        flat_index = 0
        for k, n, stride in zip(keys, self.shape, _strides(self.shape)):
            if is_int(k) and not 0 <= int(k) < n:
                raise IndexError(f"index {int(k)} is out of range 0..{n - 1}")
            flat_index = flat_index + k * stride
        return element(list(np.asarray(self).flat), flat_index)

    def __repr__(self):
        return "VarArray(" + repr(np.asarray(self).tolist()) + ")"

    def __array_wrap__(self, result, context=None, *args):
        # a reduction to one item (arr.sum()) gives the item, not a 0-d array
        return result[()] if result.ndim == 0 else np.asarray(result).view(VarArray)

    # Comparisons give arrays of constraints (numpy's own would ask each constraint for a truth value).
    def _compare(self, other, fn):
        return wrap(np.frompyfunc(fn, 2, 1)(np.asarray(self), boxed(other)))

    def __eq__(self, other):  # type: ignore[override]
        return self._compare(other, operator.eq)

    def __ne__(self, other):  # type: ignore[override]
        return self._compare(other, operator.ne)

    def __le__(self, other):
        return self._compare(other, operator.le)

    def __ge__(self, other):
        return self._compare(other, operator.ge)

    def __lt__(self, other):
        return self._compare(other, operator.lt)

    def __gt__(self, other):
        return self._compare(other, operator.gt)

    __hash__ = None


def wrap(result):
    """An object array from numpy as a VarArray; a 0-d one as its item."""
    if not isinstance(result, np.ndarray):
        return result
    return result[()] if result.ndim == 0 else result.view(VarArray)


def boxed(value):
    """An expression as a 0-d object array (numpy's ufuncs refuse an Expr itself: __array_ufunc__ is None)."""
    if not isinstance(value, Expr):
        return value
    box = np.empty((), dtype=object)
    box[()] = value
    return box


def _strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= n
    return list(reversed(out))


def array(items) -> VarArray:
    """A VarArray of these items (nested lists or a numpy array of Vars, expressions or ints): `array([3, 1,
    4])[x]` is element; a Python list indexed by a Var raises TypeError."""
    if isinstance(items, np.ndarray):
        a = np.empty(items.shape, dtype=object)
        a[...] = items
        return a.view(VarArray)
    # Nested lists walked by hand: np.asarray would ask each Var for __array__ (a number), which it refuses.
    shape = _nested_shape(items)
    a = np.empty(shape, dtype=object)
    for index in np.ndindex(*shape):
        item = items
        for i in index:
            item = item[i]
        a[index] = item
    return a.view(VarArray)


def _nested_shape(items) -> tuple:
    """The shape of nested lists / tuples (a ValueError when ragged); a scalar has shape ()."""
    if not isinstance(items, (list, tuple)):
        return ()
    if not items:
        return (0,)
    inner = [_nested_shape(x) for x in items]
    if any(s != inner[0] for s in inner):
        raise ValueError("csp.array: the nested lists are ragged (rows of different lengths)")
    return (len(items),) + inner[0]
