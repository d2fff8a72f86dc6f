"""n-dimensional arrays of variables: numpy object arrays (VarArray) that slice, sum, dot with int arrays, and
read `arr[i]` with a variable (or expression) index as an element constraint."""

from __future__ import annotations

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


def _strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= n
    return list(reversed(out))


def array(items) -> VarArray:
    """A VarArray of these items (nested lists or a numpy array of Vars, expressions or ints): `array([3, 1,
    4])[x]` is element; a Python list indexed by a Var raises TypeError."""
    a = np.empty(np.shape(np.asarray(items, dtype=object)), dtype=object)
    a[...] = np.asarray(items, dtype=object)
    return a.view(VarArray)
