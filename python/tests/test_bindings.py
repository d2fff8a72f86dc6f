"""The bindings made from tables (python/src/constraints.cpp, csp/__init__.py's _ENGINE_POSTS): signatures for
help(), Python's own errors for a wrong call, keyword arguments."""

import inspect

import pytest

import csp
from csp import _csp


def test_table_methods_show_their_signature_and_doc():
    assert str(inspect.signature(csp.Problem.times)) == "(self, x, y, z)"
    assert str(inspect.signature(csp.Problem.clause)) == "(self, positive, negative=())"
    assert str(inspect.signature(csp.Problem.all_different)) == "(self, scope, mode='value', name='')"
    assert csp.Problem.times.__doc__ == "x * y = z."  # the engine method's doc
    assert csp.Problem.table.__doc__ == "The scope takes one of the allowed tuples."
    assert csp.Problem.times.__qualname__ == "Problem.times"


def test_engine_functions_name_their_arguments():
    assert "x: int, y: int, z: int" in _csp.Problem.add_times.__doc__
    assert "implication: bool = False" in _csp.Problem.add_linear_reif.__doc__
    assert "successors: List[int], offset: int, how: str, name: str = 'circuit'" in _csp.post_circuit.__doc__


def test_table_methods_take_keywords_and_defaults():
    p = csp.Problem()
    x, y, z = p.vars("xyz", range(4))
    b = p.var("b", 0, 1)
    p.times(x, y=y, z=z)
    p.all_different(scope=[x, y], mode="gac")
    p.linear([x, y], [1, 1], "<=", rhs=3)
    p.clause([b])
    p.restrict(values=[1, 2], x=z)
    assert p.constraint_count == 4 and p.domain(z) == [1, 2]


class Problem:
    """times written out as a def, as it was: what Python says of a wrong call (Problem.times() missing ...)."""

    def times(self, x, y, z):
        pass

    def linear(self, scope, coefficients, op, rhs, name=""):
        pass


@pytest.mark.parametrize("method, args, kwargs", [
    ("times", (), {}), ("times", (0,), {}), ("times", (0, 1), {}), ("times", (0, 1, 2, 3), {}),
    ("times", (0,), {"x": 1}), ("times", (0, 1), {"w": 2}), ("times", (), {"y": 0, "z": 1}),
    ("linear", ([0],), {}), ("linear", ([0], [1], "==", 0, "", 7), {}), ("linear", ([0], [1], "=="), {"name": ""}),
])
def test_a_wrong_call_raises_what_a_def_raises(method, args, kwargs):
    with pytest.raises(TypeError) as expected:
        getattr(Problem(), method)(*args, **kwargs)
    with pytest.raises(TypeError) as got:
        getattr(csp.Problem(), method)(*args, **kwargs)
    assert str(got.value) == str(expected.value)


def test_every_engine_change_is_refused_while_solving():
    p = csp.Problem()
    xs = p.vars("abc", range(3))
    blocked = []

    def on_solution(_):
        for call in (lambda: p.times(*xs), lambda: p.raw.add_times(0, 1, 2),
                     lambda: _csp.post_increasing(p.raw, [0, 1], False, "native")):
            with pytest.raises(csp.Error, match="being solved"):
                call()
            blocked.append(call)
        return False

    p.solve(on_solution=on_solution)
    assert len(blocked) == 3
